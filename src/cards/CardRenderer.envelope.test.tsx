// Issue 18: nothing a host or a log hands the kit takes the page down. The envelope around the intent is
// checked as the intent is: a field of the wrong type becomes a problem on that card, never an exception.
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { passingTests } from '../../stories/fixtures/terminal'
import type { CardModel } from '../protocol'
import type { SessionState } from '../session'
import { CardRenderer } from './CardRenderer'
import { SessionView } from './session'

const base: CardModel = { id: 'c1', toolName: 'run_shell', args: { cmd: 'ls' }, status: 'completed' }

/** A model as an untyped host builds it. */
function loose(model: Record<string, unknown>): CardModel {
  return model as unknown as CardModel
}

function problemsOf(card: HTMLElement): string[] {
  return [...card.querySelectorAll('[data-slot="envelope-problems"] li')].map((li) => li.textContent ?? '')
}

describe('the natural host mistake: an Error object as `error`', () => {
  it('the card shows the message and a failed status; the cards around it render', () => {
    let caught: unknown
    try {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432')
    } catch (e) {
      caught = e
    }
    render(
      <div>
        <CardRenderer model={{ ...base, id: 'a', toolName: 'first' }} />
        <CardRenderer
          model={loose({ ...base, id: 'b', toolName: 'db_query', status: 'failed', error: caught })}
        />
        <CardRenderer model={{ ...base, id: 'c', toolName: 'last' }} />
      </div>,
    )
    expect(screen.getByRole('article', { name: 'first' })).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'last' })).toBeInTheDocument()
    const card = screen.getByRole('article', { name: 'db_query' })
    expect(card).toHaveAttribute('data-status', 'failed')
    expect(within(card).getByText('Failed')).toBeInTheDocument()
    expect(within(card).getByText('connect ECONNREFUSED 127.0.0.1:5432')).toBeInTheDocument()
    const note = card.querySelector('[data-slot="envelope-problems"][data-kind="info"]')
    expect(note?.textContent).toBe(
      'Card envelope adjusted:$.error: an Error, not a string; its message is shown',
    )
  })

  it('on a terminal card too (the card that shows `error` in its own place)', () => {
    render(
      <CardRenderer
        model={loose({
          ...base,
          status: 'failed',
          intent: passingTests,
          error: new RangeError('spawn E2BIG'),
        })}
      />,
    )
    const card = screen.getByRole('article')
    expect(card).toHaveAttribute('data-card', 'terminal')
    expect(card.textContent).toContain('spawn E2BIG')
  })
})

describe('each field of the wrong type is a problem shown on that card', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['error: an object', { error: { code: 'E_TIMEOUT' } }, '$.error: expected a string, got an object'],
    ['durationMs: NaN', { durationMs: Number.NaN }, '$.durationMs: expected a number >= 0, got NaN'],
    ['durationMs: negative', { durationMs: -40 }, '$.durationMs: expected a number >= 0, got -40'],
    ['sidechain: a number', { sidechain: 3 }, '$.sidechain: expected a string, got a number'],
    ['id: an array', { id: ['x'] }, '$.id: expected a string, got an array'],
    ['toolName: a number', { toolName: 12 }, '$.toolName: expected a string, got a number'],
    ['args: a Map', { args: new Map() }, '$.args: expected a plain JSON object, got a Map'],
  ])('%s', (_name, change, problem) => {
    render(<CardRenderer model={loose({ ...base, ...change })} />)
    const card = screen.getByRole('article')
    expect(problemsOf(card)).toEqual([problem])
    expect(card.querySelector('[data-slot="envelope-problems"] p')?.textContent).toBe(
      'Invalid card envelope, shown with safe values:',
    )
  })

  it('an error object without a message is shown as its JSON text', () => {
    render(<CardRenderer model={loose({ ...base, status: 'failed', error: { code: 'E_TIMEOUT' } })} />)
    expect(screen.getByText('{"code":"E_TIMEOUT"}')).toBeInTheDocument()
  })

  it('a bad duration is left out of the header', () => {
    render(<CardRenderer model={loose({ ...base, durationMs: -40 })} />)
    expect(screen.queryByTitle('Duration')).toBeNull()
  })

  it('a sound envelope shows no envelope notice at all', () => {
    const { container } = render(
      <CardRenderer model={{ ...base, error: 'x', durationMs: 3, sidechain: 'sub' }} />,
    )
    expect(container.querySelector('[data-slot="envelope-problems"]')).toBeNull()
  })
})

describe('approval', () => {
  const options = [
    { optionId: 'allow', kind: 'allow_once', label: 'Allow once' },
    { optionId: 'reject', kind: 'reject_once', label: 'Reject' },
  ]

  it('a sound approval reaches the card: its options are listed', () => {
    render(<CardRenderer model={loose({ ...base, status: 'awaiting-approval', approval: { options } })} />)
    const card = screen.getByRole('article')
    expect(card.querySelector('[data-slot="card-approval"]')?.textContent).toContain('Allow once')
  })

  it('a repeated option id: a problem on the card, and no approval bar', () => {
    const bad = { options: [options[0], options[0]] }
    render(<CardRenderer model={loose({ ...base, status: 'awaiting-approval', approval: bad })} />)
    const card = screen.getByRole('article')
    expect(problemsOf(card)).toEqual(['$.approval.options[1].optionId: repeats "allow"'])
    expect(card.querySelector('[data-slot="card-approval"]')).toBeNull()
  })
})

describe('an unknown status reads as unknown, never as a success', () => {
  it.each(['done', 'success', 'COMPLETED', 7, null])('status %s', (status) => {
    render(<CardRenderer model={loose({ ...base, status })} />)
    const card = screen.getByRole('article')
    expect(card).toHaveAttribute('data-status', 'unknown')
    expect(within(card).getByText('Unknown')).toBeInTheDocument()
    expect(within(card).queryByText('Completed')).toBeNull()
    expect(card.querySelector('.tc-spinner')).toBeNull()
  })
})

describe('not a model at all', () => {
  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['a string', '{"id":"c1"}'],
    ['an array', [base]],
  ])('%s: a generic card saying so', (_name, model) => {
    render(<CardRenderer model={model as CardModel} />)
    const card = screen.getByRole('article', { name: '(unnamed tool)' })
    expect(card).toHaveAttribute('data-card', 'generic')
    expect(problemsOf(card)[0]).toMatch(/^\$: expected an object, got /)
  })

  it('a model whose getters throw: the fields that read are used', () => {
    const model = {
      ...base,
      intent: { card: 'terminal', command: 'make', output: 'built', exitCode: 0 },
      get status(): string {
        throw new Error('status exploded')
      },
    }
    render(<CardRenderer model={model as unknown as CardModel} />)
    const card = screen.getByRole('article')
    expect(card).toHaveAttribute('data-card', 'terminal')
    expect(problemsOf(card)).toEqual(['$.status: could not be read: status exploded'])
  })

  it('arguments with a getter that throws (once a crash, now a problem on the card)', () => {
    const args = {}
    Object.defineProperty(args, 'boom', {
      enumerable: true,
      get: () => {
        throw new Error('args exploded')
      },
    })
    render(<CardRenderer model={{ ...base, toolName: 'broken', args: args as never }} />)
    const card = screen.getByRole('article', { name: 'broken' })
    expect(card.hasAttribute('data-crashed')).toBe(false)
    expect(problemsOf(card)).toEqual(['$.args: could not be checked: args exploded'])
  })
})

describe('SessionView keeps the promise for a state a host made itself', () => {
  it('cards of any shape, duplicate ids and unreadable problems: every card renders, no console error', () => {
    const state = {
      cards: [
        { ...base, id: 'dup', toolName: 'one' },
        { ...base, id: 'dup', toolName: 'two' },
        null,
        { ...base, id: 5, toolName: 'numeric id', error: new Error('boom') },
        'text',
      ],
      problems: [{ index: 0, kind: 'notice', path: '$', message: 'ok' }, null, { index: 'x', message: {} }],
      problemCount: 3,
      eventCount: 9,
    } as unknown as SessionState
    const { container } = render(<SessionView state={state} virtualize={false} />)
    const cards = [...container.querySelectorAll('article[data-card]')]
    expect(cards).toHaveLength(5)
    expect(cards.map((c) => c.querySelector('[data-slot="card-title"]')?.textContent)).toEqual([
      'one',
      'two',
      '(unnamed tool)',
      'numeric id',
      '(unnamed tool)',
    ])
    expect(screen.getByText('boom')).toBeInTheDocument()
    // The checked model carries the problems of the model it came from.
    expect(problemsOf(cards[3] as HTMLElement)).toEqual([
      '$.id: expected a string, got a number',
      '$.error: an Error, not a string; its message is shown',
    ])
    expect(container.querySelector('[data-slot="session-problems"] summary')?.textContent).toBe(
      '3 event problems',
    )
    expect(container.querySelectorAll('[data-slot="session-problems"] li')).toHaveLength(1)
  })

  it('a state that is not a state, and events that are not a list: an empty view', () => {
    const { container } = render(
      <div>
        <SessionView state={{} as SessionState} />
        <SessionView events={null as unknown as unknown[]} />
      </div>,
    )
    expect(container.querySelectorAll('[data-slot="session"]')).toHaveLength(2)
    expect(container.querySelectorAll('article')).toHaveLength(0)
  })
})
