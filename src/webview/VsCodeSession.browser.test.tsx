// The webview side outside VS Code, in Chromium: real `message` events (window.postMessage, structured
// clone), a recorded stand-in for acquireVsCodeApi(). Hostile messages are each reported and none breaks
// the page; a burst of 10,000 messages loses no well-formed event; the cards' actions go out as messages;
// the UI state comes back after the page is rebuilt.
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import '../styles.css'
import { loadWebCard } from '../cards/web'
import type { WebviewMessage } from '../vscode/messages'
import { createWebviewBridge, type VsCodeWebviewApi } from './bridge'
import { VsCodeSession } from './VsCodeSession'

// The web card loads on first use (cards/web/LazyWebCard.tsx; its own test covers that); these tests click
// its link, so it is loaded first: on a loaded machine the dev server's first transform of it can take
// longer than a query waits.
beforeAll(() => loadWebCard())

afterEach(() => cleanup())

function fakeApi(initial?: unknown) {
  const posted: WebviewMessage[] = []
  let state = initial
  const api: VsCodeWebviewApi = {
    postMessage: (m) => posted.push(m as WebviewMessage),
    getState: () => state,
    setState: (s) => {
      state = JSON.parse(JSON.stringify(s))
      return s
    },
  }
  return { api, posted, state: () => state }
}

/** Posts like the extension does (a real MessageEvent on window, data structured-cloned). */
const send = (data: unknown) => window.postMessage(data, '*')

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
async function settle(frames = 4) {
  for (let i = 0; i < frames; i++) await act(frame)
}
async function until(check: () => boolean, timeout = 20_000) {
  const end = performance.now() + timeout
  while (!check()) {
    if (performance.now() > end) throw new Error('timed out')
    await act(() => new Promise((r) => setTimeout(r, 20)))
  }
}

function box(height: number) {
  const div = document.createElement('div')
  div.style.cssText = `width: 760px; height: ${height}px;`
  document.body.append(div)
  return div
}

const call = (id: string, intent?: unknown) => ({
  type: 'call',
  id,
  toolName: 'run',
  ...(intent ? { intent } : {}),
})
const done = (id: string) => ({ type: 'result', id, status: 'completed' })
const terminal = (id: string, lines = 3) =>
  call(id, {
    card: 'terminal',
    command: `echo ${id}`,
    output: Array.from({ length: lines }, (_, i) => `${id} line ${i + 1}`).join('\n'),
    exitCode: 0,
  })

describe('VsCodeSession: hostile messages', () => {
  it('reports each malformed message, ignores it, and keeps every well-formed event', async () => {
    const { api, posted } = fakeApi()
    const bridge = createWebviewBridge({ api })
    render(<VsCodeSession bridge={bridge} />, { container: box(700) })
    expect(posted).toEqual([{ type: 'ready' }])
    send({ type: 'replace', title: 'agent.jsonl', events: [terminal('a'), done('a')] })
    await until(() => bridge.store.getState().cards.length === 1)

    let deep: unknown = 'x'
    for (let i = 0; i < 1_000; i++) deep = [deep]
    const bad: Array<[unknown, string]> = [
      [null, 'expected a message object, got null'],
      [42, 'expected a message object, got number'],
      ['replace', 'expected a message object, got string'],
      [[], 'expected a message object, got an array'],
      [{ type: 5, events: [] }, 'expected a message type, got number'],
      [{ type: 'delete', events: [] }, 'unknown message type "delete"'],
      [{ type: 'append', events: 'x' }, 'append: expected events to be an array, got string'],
      [{ type: 'append' }, 'append: expected events to be an array, got nothing'],
      [{ type: 'replace', events: [], title: 7 }, 'replace: expected title to be a string, got number'],
      [
        {
          type: 'append',
          events: [call('huge', { card: 'terminal', command: 'x', output: 'A'.repeat(50 * 1024 * 1024) })],
        },
        'larger than 32 MB',
      ],
      [{ type: 'append', events: [deep] }, 'nested deeper than 66 levels'],
      [{ type: 'append', events: new Array(50_001).fill(0) }, '50,001 events'],
    ]
    for (const [data] of bad) send(data)
    // Well-formed messages whose events are not: the fold reports them; the good event among them stays.
    send({
      type: 'append',
      events: [
        { type: 'result', id: 'ghost', status: 'completed' },
        { type: 'update', id: 'ghost2', appendOutput: 'x' },
        { type: 'call' },
        terminal('b'),
      ],
    })
    await until(
      () => bridge.getInfo().problemCount === bad.length && bridge.store.getState().cards.length === 2,
    )

    const info = bridge.getInfo()
    expect(info.problems).toHaveLength(bad.length)
    for (const [i, [, reason]] of bad.entries()) expect(info.problems[i]).toContain(reason)
    expect(screen.getByText(`${bad.length} messages ignored`)).toBeTruthy()
    const state = bridge.store.getState()
    expect(state.cards.map((c) => c.id)).toEqual(['a', 'b'])
    // Two events for calls that never started; one event without id and tool name (a problem for each).
    expect(state.problems.map((p) => [p.kind, p.index])).toEqual([
      ['unknown-id', 2],
      ['unknown-id', 3],
      ['invalid-event', 4],
      ['invalid-event', 4],
    ])
    expect(screen.getByText('4 event problems')).toBeTruthy()
    // The extension was told, in batches.
    await until(
      () =>
        posted
          .filter((m) => m.type === 'problem')
          .reduce((n, m) => n + (m.type === 'problem' ? m.count : 0), 0) === bad.length,
    )

    // Still working: a later message is applied.
    send({ type: 'append', events: [terminal('c'), done('c'), done('b')] })
    await until(() => bridge.store.getState().cards.length === 3)
    expect(screen.getByText('agent.jsonl')).toBeTruthy()
    expect(screen.getByRole('list', { name: 'Tool calls in agent.jsonl' })).toBeTruthy()
  })

  it('a burst of 10,000 messages, one in ten malformed, loses no well-formed event', async () => {
    const { api } = fakeApi()
    const bridge = createWebviewBridge({ api })
    render(<VsCodeSession bridge={bridge} />, { container: box(600) })
    send({ type: 'replace', events: [] })
    const expected: string[] = []
    const started = performance.now()
    for (let i = 0; i < 10_000; i++) {
      if (i % 10 === 9) send(i % 20 === 9 ? { type: 'apend', events: [] } : { type: 'append', events: {} })
      else {
        const id = `burst-${i}`
        expected.push(id)
        send({ type: 'append', events: [terminal(id, 1), done(id)] })
      }
    }
    await until(
      () =>
        bridge.store.getState().cards.length === expected.length && bridge.getInfo().problemCount === 1000,
      60_000,
    )
    const ms = performance.now() - started
    const state = bridge.store.getState()
    expect(state.cards.map((c) => c.id)).toEqual(expected)
    expect(state.cards.every((c) => c.status === 'completed')).toBe(true)
    expect(state.problemCount).toBe(0)
    await settle()
    expect(screen.getByText('9,000 tool calls')).toBeTruthy()
    expect(screen.getByText('1,000 messages ignored')).toBeTruthy()
    console.info(`toolcards: 10,000 messages applied in ${Math.round(ms)} ms`)
  })
})

describe('VsCodeSession: actions go to the extension', () => {
  it('open a file at a line, open a link, copy', async () => {
    const { api, posted } = fakeApi()
    render(<VsCodeSession api={api} />, { container: box(800) })
    send({
      type: 'replace',
      events: [
        call('r', { card: 'read', path: 'src/app.ts', content: 'const a = 1\nconst b = 2\n', startLine: 40 }),
        done('r'),
        call('w', { card: 'web', url: 'https://example.com/docs', status: 200, title: 'Docs' }),
        done('w'),
      ],
    })
    const line = await screen.findByRole('button', { name: 'Open src/app.ts at line 41' })
    await act(async () => line.click())
    expect(posted.at(-1)).toEqual({ type: 'openPath', path: 'src/app.ts', line: 41 })
    const link = (await screen.findAllByRole('link')).find(
      (a) => a.getAttribute('href') === 'https://example.com/docs',
    )!
    await act(async () => link.click())
    expect(posted.at(-1)).toEqual({ type: 'openUrl', url: 'https://example.com/docs' })
    const copy = screen.getAllByRole('button', { name: /^Copy/ })[0]!
    await act(async () => copy.click())
    expect(posted.at(-1)?.type).toBe('copy')
  })
})

describe('VsCodeSession: UI state survives a rebuilt page', () => {
  it('restores collapsed cards, the diff view and the scroll position from setState', async () => {
    const events: unknown[] = []
    for (let i = 0; i < 40; i++) events.push(terminal(`t${i}`, 6), done(`t${i}`))
    events.push(
      call('d', {
        card: 'diff',
        files: [
          {
            path: 'a.ts',
            patch: '--- a/a.ts\n+++ b/a.ts\n@@ -1,2 +1,2 @@\n-const a = 1\n+const a = 2\n const b = 3\n',
          },
        ],
      }),
      done('d'),
    )
    const { api, state } = fakeApi()
    const first = render(<VsCodeSession api={api} sessionProps={{ followEnd: false }} />, {
      container: box(600),
    })
    send({ type: 'replace', events })
    await until(() => first.container.querySelectorAll('article[data-card]').length > 0)
    await settle()
    const scroll = first.container.querySelector<HTMLElement>('[data-slot="session-scroll"]')!
    // The diff card at the end: switch it to split.
    scroll.scrollTop = scroll.scrollHeight
    await settle(6)
    const split = await screen.findByRole('button', { name: 'Split' })
    await act(async () => split.click())
    // Scroll to the middle, collapse the first card in view.
    scroll.scrollTop = scroll.scrollHeight * 0.4
    await settle(6)
    // The first expanded card whose header is on screen (not one mounted in the overscan above it, which
    // the restored page need not mount).
    const viewTop = scroll.getBoundingClientRect().top
    const toggle = [
      ...first.container.querySelectorAll<HTMLElement>(
        '[data-session-item] [data-slot="card-header"] button[aria-expanded="true"]',
      ),
    ].find((b) => b.getBoundingClientRect().top >= viewTop)!
    const collapsedId = toggle.closest<HTMLElement>('[data-session-item]')!.dataset.cardId!
    await act(async () => toggle.click())
    await settle(6)
    const anchorOf = (root: HTMLElement) => {
      const el = root.querySelector<HTMLElement>('[data-slot="session-scroll"]')!
      const top = el.getBoundingClientRect().top
      const item = [...el.querySelectorAll<HTMLElement>('[data-session-item]')].find(
        (i) => i.getBoundingClientRect().bottom - top > 0,
      )!
      return { id: item.dataset.cardId, offset: Math.round(top - item.getBoundingClientRect().top) }
    }
    // The page keeps its scroll anchor as the list settles; on a busy machine that can take more frames than
    // the collapse above: compare with what the page stored once it matches what is on screen.
    type Saved = {
      toolcards: { cards: Record<string, unknown>; scroll?: { cardId?: string; offset?: number } }
    }
    const stored = () => (state() as Saved).toolcards.scroll
    await until(() => {
      const a = anchorOf(first.container)
      const s = stored()
      return s?.cardId === a.id && Math.abs((s?.offset ?? Number.NaN) - a.offset) <= 2
    }, 5_000).catch(() => {})
    const before = anchorOf(first.container)
    const saved = state() as Saved
    expect(saved.toolcards.cards[collapsedId]).toEqual({ expanded: false })
    expect(saved.toolcards.cards.d).toEqual({ diffView: 'split' })
    first.unmount()

    // A new page: new bridge, same stored state, the session sent again.
    const again = render(<VsCodeSession api={api} sessionProps={{ followEnd: false }} />, {
      container: box(600),
    })
    send({ type: 'replace', events })
    await until(() => again.container.querySelectorAll('article[data-card]').length > 0)
    await settle(12)
    // Cards measured late (a grammar, the word differ or markdown loading on a busy machine) move the
    // rows after the first restore; the view corrects from where the card really is once it is mounted.
    const restored = () => {
      const a = anchorOf(again.container)
      return a.id === before.id && Math.abs(a.offset - before.offset) <= 2
    }
    await until(restored, 5_000).catch(() => {})
    const after = anchorOf(again.container)
    expect(after.id).toBe(before.id)
    expect(Math.abs(after.offset - before.offset)).toBeLessThanOrEqual(2)
    expect(
      again.container.querySelector(`[data-card-id="${collapsedId}"] > article`)?.getAttribute('data-state'),
    ).toBe('collapsed')
    const el = again.container.querySelector<HTMLElement>('[data-slot="session-scroll"]')!
    el.scrollTop = el.scrollHeight
    await settle(8)
    expect(again.container.querySelector('[data-card-id="d"] [data-view]')?.getAttribute('data-view')).toBe(
      'split',
    )
  })

  it('a stored state of the wrong shape is ignored', async () => {
    const { api } = fakeApi({ toolcards: { cards: 'x', scroll: { cardId: 5 } }, other: 1 })
    const bridge = createWebviewBridge({ api })
    expect(bridge.uiState.snapshot()).toEqual({ cards: {} })
    render(<VsCodeSession bridge={bridge} />, { container: box(400) })
    send({ type: 'replace', events: [terminal('x'), done('x')] })
    await until(() => bridge.store.getState().cards.length === 1)
    bridge.uiState.setCard('x', { expanded: false })
    await act(async () => {})
    expect((api.getState() as { other: number }).other).toBe(1)
  })
})
