// One outcome per card, for every card kind: a non-zero exit, a signal, a timeout, HTTP >= 400, an error
// flag, a failed or rejected call never show success; a successful call never shows a failure.
import { fc, test as propTest } from '@fast-check/vitest'
import { cleanup, render } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CARD_STATUSES, type CardModel, type CardStatus, type RenderIntent } from '../../protocol'
import { CardRenderer } from '../CardRenderer'
import { LABELS_EN } from '../labels'
import { loadWebCard } from '../web'
import { deriveOutcome, STATUS_INFO } from './outcome'

// the web card loads on first use (web/LazyWebCard.tsx); these tests read its header, so load it first
beforeAll(() => loadWebCard())

afterEach(() => cleanup())

/** A valid intent of each kind that, by itself, says nothing of failure. */
const PLAIN: Record<RenderIntent['card'], RenderIntent> = {
  generic: { card: 'generic', input: { q: 1 }, output: 'fine' },
  terminal: { card: 'terminal', command: 'make', output: 'ok\n', exitCode: 0 },
  diff: { card: 'diff', files: [{ path: 'a.ts', oldText: 'a\n', newText: 'b\n' }] },
  read: { card: 'read', path: 'a.ts', content: 'const a = 1\n' },
  search: { card: 'search', mode: 'content', query: 'x', matches: [{ path: 'a.ts', line: 1, text: 'x' }] },
  web: { card: 'web', url: 'https://example.com/', status: 200, excerpt: 'hello' },
}
const KINDS = Object.keys(PLAIN) as Array<RenderIntent['card']>

function model(intent: RenderIntent, status: string, extra: Partial<CardModel> = {}): CardModel {
  return { id: 'c', toolName: 'tool', args: {}, status: status as CardStatus, intent, ...extra }
}

/** What the card shows: its tone, the status words, and whether any failure mark is on it. */
function shown(m: CardModel) {
  const { container } = render(<CardRenderer model={m} />)
  const article = container.querySelector('article')!
  const status = container.querySelector('[data-slot="card-status"]')!
  const result = {
    tone: article.getAttribute('data-tone'),
    words: status.textContent,
    glyph: status.querySelector('[data-glyph]')?.getAttribute('data-glyph') ?? null,
    failureMarks: container.querySelectorAll('[data-tone="failure"]').length,
  }
  cleanup()
  return result
}

function expectNotSuccess(s: ReturnType<typeof shown>) {
  expect(s.tone).not.toBe('success')
  expect(s.words).not.toBe(LABELS_EN.status.completed)
  expect(s.glyph).not.toBe('success')
}

function expectFailure(s: ReturnType<typeof shown>) {
  expectNotSuccess(s)
  expect(s.tone).toBe('failure')
  expect(s.words).toBe(LABELS_EN.status.failed)
  expect(s.glyph).toBe('failure')
}

describe('one outcome per card, for every card kind', () => {
  it.each(KINDS)('%s: a completed call with nothing wrong shows success and no failure mark', (kind) => {
    const s = shown(model(PLAIN[kind], 'completed'))
    expect(s.tone).toBe('success')
    expect(s.words).toBe(LABELS_EN.status.completed)
    expect(s.glyph).toBe('success')
    expect(s.failureMarks).toBe(0)
  })

  it.each(KINDS)('%s: a failed call shows failure', (kind) => {
    expectFailure(shown(model(PLAIN[kind], 'failed', { error: 'boom' })))
    expectFailure(shown(model(PLAIN[kind], 'failed')))
  })

  it.each(KINDS)('%s: a completed call that carries an error text shows failure', (kind) => {
    expectFailure(shown(model(PLAIN[kind], 'completed', { error: 'permission denied' })))
  })

  it.each(KINDS)('%s: a cancelled call shows cancelled, never success', (kind) => {
    const s = shown(model(PLAIN[kind], 'cancelled'))
    expectNotSuccess(s)
    expect(s.tone).toBe('cancelled')
  })

  it.each(KINDS)('%s: a rejected call never shows success', (kind) => {
    const s = shown(model(PLAIN[kind], 'rejected'))
    expectNotSuccess(s)
    expect(s.words).toBe('Rejected')
  })

  it.each(KINDS)('%s: a status the kit does not know is never success', (kind) => {
    const s = shown(model(PLAIN[kind], 'frobnicated'))
    expectNotSuccess(s)
    expect(s.tone).toBe('unknown')
  })

  it('every status other than completed reads as something other than success', () => {
    for (const status of CARD_STATUSES) {
      if (status === 'completed') continue
      expect(STATUS_INFO[status].tone, status).not.toBe('success')
      for (const kind of KINDS) expectNotSuccess(shown(model(PLAIN[kind], status)))
    }
  })
})

describe('what a card knows turns a completed call into a failure, once', () => {
  const terminal = (extra: Partial<Extract<RenderIntent, { card: 'terminal' }>>): RenderIntent => ({
    card: 'terminal',
    command: 'make',
    output: 'x\n',
    ...extra,
  })

  it.each([
    ['exit 1', terminal({ exitCode: 1 }), 'exit 1'],
    ['exit 2 (the build)', terminal({ exitCode: 2 }), 'exit 2'],
    ['exit -1', terminal({ exitCode: -1 }), 'exit -1'],
    ['a signal without an exit code', terminal({ signal: 'SIGKILL' }), 'SIGKILL'],
    ['exit 143 with SIGTERM', terminal({ exitCode: 143, signal: 'SIGTERM' }), 'exit 143 · SIGTERM'],
    ['a timeout', terminal({ timedOut: true, exitCode: null }), 'timed out'],
    ['a timeout that also exited 124', terminal({ timedOut: true, exitCode: 124 }), 'exit 124 · timed out'],
  ])('terminal: %s', (_name, intent, detail) => {
    const m = model(intent, 'completed')
    expectFailure(shown(m))
    const { container } = render(<CardRenderer model={m} />)
    const details = container.querySelectorAll('[data-slot="card-detail"]')
    expect(details).toHaveLength(1)
    expect(details[0]).toHaveTextContent(detail)
  })

  it('terminal: an interrupted command that exited 0 reads as cancelled, not success', () => {
    const s = shown(model(terminal({ interrupted: true, exitCode: 0 }), 'completed'))
    expectNotSuccess(s)
    expect(s.tone).toBe('cancelled')
  })

  it.each([400, 401, 403, 404, 410, 429, 451, 499, 500, 502, 503, 504, 599])('web: HTTP %i', (status) => {
    expectFailure(shown(model({ card: 'web', url: 'https://example.com/x', status }, 'completed')))
  })

  it.each([200, 201, 204, 301, 302, 304])('web: HTTP %i is not a failure', (status) => {
    const s = shown(model({ card: 'web', url: 'https://example.com/x', status }, 'completed'))
    expect(s.tone).toBe('success')
    expect(s.failureMarks).toBe(0)
  })

  it.each(['getaddrinfo ENOTFOUND x.invalid', 'ETIMEDOUT', 'socket hang up', 'something odd'])(
    'web: a fetch error (%s)',
    (error) => {
      expectFailure(shown(model({ card: 'web', url: 'https://x.invalid/', error }, 'completed')))
    },
  )

  it('generic: a result that flags itself as an error (MCP isError)', () => {
    const intent: RenderIntent = {
      card: 'generic',
      output: { isError: true, content: [{ type: 'text', text: 'no such table' }] },
    }
    expectFailure(shown(model(intent, 'completed')))
  })

  it('a still-running call stays busy, whatever the card already knows', () => {
    const s = shown(model(terminal({ exitCode: 1 }), 'running'))
    expect(s.tone).toBe('busy')
  })
})

describe('deriveOutcome (the rule the frame applies)', () => {
  const status = fc.oneof(
    fc.constantFrom(...CARD_STATUSES),
    fc.string({ maxLength: 12 }),
    fc.constant(undefined),
    fc.integer(),
  )
  const facts = fc.record(
    { failed: fc.boolean(), cancelled: fc.boolean(), detail: fc.string({ maxLength: 20 }) },
    { requiredKeys: [] },
  )
  const error = fc.oneof(fc.constant(undefined), fc.string({ maxLength: 20 }), fc.integer())

  propTest.prop([status, facts, error])(
    'never success unless completed, with no failure fact or error',
    (s, f, e) => {
      const o = deriveOutcome(s, f, e, LABELS_EN)
      if (o.tone === 'success') {
        expect(s).toBe('completed')
        expect(f.failed).not.toBe(true)
        expect(f.cancelled).not.toBe(true)
        expect(typeof e === 'string' && e.trim() !== '').toBe(false)
      }
      if (s === 'failed' || s === 'rejected' || s === 'cancelled') expect(o.tone).not.toBe('success')
      if (f.failed && (s === 'completed' || s === 'failed')) expect(o.tone).toBe('failure')
      expect(typeof o.label).toBe('string')
      expect(o.label.length).toBeGreaterThan(0)
    },
  )
})
