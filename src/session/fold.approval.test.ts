import { describe, expect, it } from 'vitest'
import { foldSession } from './fold'

// Approval requests and decisions, folded: what each rule of events.ts/fold.ts does, one case each.

const edit = {
  card: 'diff',
  files: [{ path: 'src/a.ts', oldText: 'a\n', newText: 'b\n' }],
}
const options = [
  { optionId: 'once', kind: 'allow_once', label: 'Allow once' },
  { optionId: 'always', kind: 'allow_always', label: 'Always allow edits' },
  { optionId: 'no', kind: 'reject_once', label: 'Reject' },
  { optionId: 'never', kind: 'reject_always', label: 'Never allow edits' },
]
const call = { type: 'call', id: 'e1', toolName: 'edit_file', args: { path: 'src/a.ts' }, intent: edit }
const ask = { type: 'approval', id: 'e1', options, reason: 'Edits a file outside the sandbox' }

describe('approvals in the fold', () => {
  it('a request puts the call in awaiting-approval with the options, in order, and the reason', () => {
    const state = foldSession([call, ask])
    expect(state.problems).toEqual([])
    expect(state.cards[0]).toEqual({
      id: 'e1',
      toolName: 'edit_file',
      args: { path: 'src/a.ts' },
      status: 'awaiting-approval',
      intent: edit,
      approval: { options, reason: 'Edits a file outside the sandbox' },
    })
  })

  it.each([
    ['once', 'running'],
    ['always', 'running'],
    ['no', 'rejected'],
    ['never', 'rejected'],
  ])('choosing %s makes the call %s and records who chose it', (optionId, status) => {
    const state = foldSession([call, ask, { type: 'decision', id: 'e1', optionId, by: 'ada' }])
    expect(state.problems).toEqual([])
    expect(state.cards[0]!.status).toBe(status)
    expect(state.cards[0]!.approval?.decision).toEqual({ optionId, by: 'ada' })
    // The intent (the preview of what would run) stays.
    expect(state.cards[0]!.intent).toEqual(edit)
  })

  it('an allowed call then runs and ends as usual, keeping its decision', () => {
    const state = foldSession([
      call,
      ask,
      { type: 'decision', id: 'e1', optionId: 'once' },
      { type: 'result', id: 'e1', status: 'completed', durationMs: 4 },
    ])
    expect(state.problems).toEqual([])
    expect(state.cards[0]).toMatchObject({
      status: 'completed',
      durationMs: 4,
      approval: { decision: { optionId: 'once' } },
    })
  })

  it('a rejected call has ended: a later result, update or request is reported and changes nothing', () => {
    const events = [call, ask, { type: 'decision', id: 'e1', optionId: 'no', reason: 'wrong file' }]
    const rejected = foldSession(events).cards[0]
    const state = foldSession([
      ...events,
      { type: 'result', id: 'e1', status: 'failed', error: 'User refused' },
      { type: 'update', id: 'e1', status: 'running' },
      ask,
    ])
    expect(state.cards[0]).toEqual(rejected)
    expect(rejected!.status).toBe('rejected')
    expect(state.problems.map((p) => [p.index, p.kind])).toEqual([
      [3, 'duplicate-result'],
      [4, 'update-after-result'],
      [5, 'approval-after-result'],
    ])
  })

  it('a second decision for the same request is reported; the first stands', () => {
    const state = foldSession([
      call,
      ask,
      { type: 'decision', id: 'e1', optionId: 'once' },
      { type: 'decision', id: 'e1', optionId: 'no' },
    ])
    expect(state.cards[0]!.status).toBe('running')
    expect(state.cards[0]!.approval?.decision).toEqual({ optionId: 'once' })
    expect(state.problems).toEqual([
      {
        index: 3,
        kind: 'duplicate-decision',
        id: 'e1',
        path: '$',
        message: 'call "e1" was already decided; this decision is ignored',
      },
    ])
  })

  it('a decision nobody awaits is reported: never asked, unknown call, or ended before a decision', () => {
    const state = foldSession([
      call,
      { type: 'decision', id: 'e1', optionId: 'once' },
      { type: 'decision', id: 'ghost', optionId: 'once' },
      { type: 'call', id: 'e2', toolName: 'edit_file', args: {} },
      { ...ask, id: 'e2' },
      { type: 'result', id: 'e2', status: 'cancelled' },
      { type: 'decision', id: 'e2', optionId: 'once' },
    ])
    expect(state.problems.map((p) => [p.index, p.kind, p.id])).toEqual([
      [1, 'unexpected-decision', 'e1'],
      [2, 'unknown-id', 'ghost'],
      [6, 'unexpected-decision', 'e2'],
    ])
    expect(state.cards.map((c) => c.status)).toEqual(['pending', 'cancelled'])
    // The cancelled call keeps the question it was asked, without a decision.
    expect(state.cards[1]!.approval).toEqual({ options, reason: 'Edits a file outside the sandbox' })
  })

  it('a decision for an option not offered is reported; the call still awaits one', () => {
    const state = foldSession([call, ask, { type: 'decision', id: 'e1', optionId: 'yes' }])
    expect(state.cards[0]!.status).toBe('awaiting-approval')
    expect(state.cards[0]!.approval?.decision).toBeUndefined()
    expect(state.problems).toEqual([
      {
        index: 2,
        kind: 'unknown-option',
        id: 'e1',
        path: '$.optionId',
        message: 'call "e1" offered no option "yes"; this decision is ignored',
      },
    ])
  })

  it('a second request while one is pending is reported; the first options stay', () => {
    const state = foldSession([call, ask, { ...ask, options: [options[0]], reason: 'again' }])
    expect(state.cards[0]!.approval).toEqual({ options, reason: 'Edits a file outside the sandbox' })
    expect(state.problems.map((p) => p.kind)).toEqual(['duplicate-approval'])
  })

  it('a call may be asked again after an allow (a host that asks per step)', () => {
    const state = foldSession([
      call,
      ask,
      { type: 'decision', id: 'e1', optionId: 'once' },
      { ...ask, options: options.slice(2), reason: 'second step' },
    ])
    expect(state.problems).toEqual([])
    expect(state.cards[0]!.status).toBe('awaiting-approval')
    expect(state.cards[0]!.approval).toEqual({ options: options.slice(2), reason: 'second step' })
  })

  it('refuses options that are missing, empty, malformed or repeat an optionId', () => {
    const state = foldSession([
      call,
      { type: 'approval', id: 'e1' },
      { type: 'approval', id: 'e1', options: [] },
      { type: 'approval', id: 'e1', options: [{ optionId: 'x', kind: 'allow', label: 'X' }] },
      { type: 'approval', id: 'e1', options: [{ optionId: '', kind: 'allow_once', label: 'X' }] },
      { type: 'approval', id: 'e1', options: [{ optionId: 'x', kind: 'allow_once' }] },
      { type: 'approval', id: 'e1', options: 'allow' },
      {
        type: 'approval',
        id: 'e1',
        options: Array.from({ length: 17 }, (_, i) => ({ ...options[0], optionId: `o${i}` })),
      },
      { type: 'approval', id: 'e1', options: [options[0], { ...options[2], optionId: 'once' }] },
    ])
    expect(state.cards[0]!.status).toBe('pending')
    expect(state.cards[0]!.approval).toBeUndefined()
    const byEvent = state.problems.map((p) => [p.index, p.kind, p.path])
    expect(byEvent).toContainEqual([1, 'invalid-event', '$.options'])
    expect(byEvent).toContainEqual([2, 'invalid-event', '$.options'])
    expect(byEvent).toContainEqual([3, 'invalid-event', '$.options[0].kind'])
    expect(byEvent).toContainEqual([4, 'invalid-event', '$.options[0].optionId'])
    expect(byEvent).toContainEqual([5, 'invalid-event', '$.options[0].label'])
    expect(byEvent).toContainEqual([6, 'invalid-event', '$.options'])
    expect(byEvent).toContainEqual([7, 'invalid-event', '$.options'])
    expect(byEvent).toContainEqual([8, 'invalid-approval', '$.options[1].optionId'])
    // Every one of the eight bad requests was reported.
    expect(new Set(state.problems.map((p) => p.index))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]))
    expect(state.problems.find((p) => p.index === 2)!.message).toBe('expected array of 1 to 16 items, got []')
  })

  it('an update cannot move an awaiting call on by its status; its other fields apply', () => {
    const state = foldSession([
      call,
      ask,
      { type: 'update', id: 'e1', status: 'running', args: { path: 'b' } },
    ])
    expect(state.cards[0]!.status).toBe('awaiting-approval')
    expect(state.cards[0]!.args).toEqual({ path: 'b' })
    expect(state.problems.map((p) => [p.kind, p.path])).toEqual([['status-while-awaiting', '$.status']])
  })

  it('a request for an unknown call is reported and makes no card', () => {
    const state = foldSession([ask])
    expect(state.cards).toEqual([])
    expect(state.problems.map((p) => p.kind)).toEqual(['unknown-id'])
  })

  it('does not share the options objects with the events', () => {
    const event = { type: 'approval', id: 'e1', options: [{ ...options[0] }] }
    const state = foldSession([call, event])
    event.options[0]!.label = 'changed'
    expect(state.cards[0]!.approval!.options[0]!.label).toBe('Allow once')
  })
})
