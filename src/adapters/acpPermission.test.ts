// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { foldSession } from '../session'
import { fromAcp } from './acp'

/*
 * ACP schema v1 (agentclientprotocol/agent-client-protocol `schema/v1/schema.json`): the agent's JSON-RPC
 * request `session/request_permission` with params `{sessionId, toolCall: ToolCallUpdate, options:
 * PermissionOption[] {optionId, name, kind}}`, and the client's response `{outcome: {outcome: "selected",
 * optionId} | {outcome: "cancelled"}}` under the same id.
 */
const note = (update: object) => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId: 's', update },
})
const OPTIONS = [
  { optionId: 'allow-once', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'allow-always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'reject-once', name: 'Reject', kind: 'reject_once' },
]
const ask = (rpcId: number, toolCall: object, options: unknown = OPTIONS) => ({
  jsonrpc: '2.0',
  id: rpcId,
  method: 'session/request_permission',
  params: { sessionId: 's', toolCall, options },
})
const answer = (rpcId: number, outcome: object) => ({ jsonrpc: '2.0', id: rpcId, result: { outcome } })
const edit = note({
  sessionUpdate: 'tool_call',
  toolCallId: 'call_1',
  title: 'Edit src/a.ts',
  kind: 'edit',
  status: 'pending',
  content: [{ type: 'diff', path: 'src/a.ts', oldText: 'a\n', newText: 'b\n' }],
})

describe('fromAcp: session/request_permission and its response', () => {
  it('a request makes the call await approval, with the options labelled by their names; the preview is its diff', () => {
    const state = foldSession(fromAcp([edit, ask(0, { toolCallId: 'call_1' })]))
    expect(state.problems).toEqual([])
    expect(state.cards[0]).toMatchObject({
      id: 'call_1',
      status: 'awaiting-approval',
      intent: { card: 'diff', files: [{ path: 'src/a.ts', oldText: 'a\n', newText: 'b\n' }] },
      approval: {
        options: [
          { optionId: 'allow-once', kind: 'allow_once', label: 'Allow once' },
          { optionId: 'allow-always', kind: 'allow_always', label: 'Always allow' },
          { optionId: 'reject-once', kind: 'reject_once', label: 'Reject' },
        ],
      },
    })
  })

  it('selected allow: the call runs, then completes, keeping the decision', () => {
    const state = foldSession(
      fromAcp([
        edit,
        ask(0, { toolCallId: 'call_1' }),
        answer(0, { outcome: 'selected', optionId: 'allow-once' }),
        note({ sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status: 'in_progress' }),
        note({ sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status: 'completed' }),
      ]),
    )
    expect(state.problems).toEqual([])
    expect(state.cards[0]).toMatchObject({
      status: 'completed',
      approval: { decision: { optionId: 'allow-once' } },
    })
  })

  it("selected reject: the call is rejected, and the agent's later failed update does not turn it into a failure", () => {
    const events = fromAcp([
      edit,
      ask(7, { toolCallId: 'call_1' }),
      answer(7, { outcome: 'selected', optionId: 'reject-once' }),
      note({
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call_1',
        status: 'failed',
        content: [{ type: 'content', content: { type: 'text', text: 'The user refused' } }],
      }),
    ])
    const state = foldSession(events)
    expect(state.problems).toEqual([])
    expect(state.cards[0]!.status).toBe('rejected')
    expect(state.cards[0]!.error).toBeUndefined()
    expect(events.map((e) => e.type)).toEqual(['call', 'update', 'approval', 'decision'])
  })

  it('cancelled outcome: the call ends as cancelled without a decision', () => {
    const state = foldSession(
      fromAcp([edit, ask(1, { toolCallId: 'call_1' }), answer(1, { outcome: 'cancelled' })]),
    )
    expect(state.problems).toEqual([])
    expect(state.cards[0]!.status).toBe('cancelled')
    expect(state.cards[0]!.approval?.decision).toBeUndefined()
  })

  it("a request is the first the log says of a call: the card comes from the request's toolCall", () => {
    const state = foldSession(
      fromAcp([
        ask('perm-1' as never, {
          toolCallId: 'call_9',
          title: 'Run npm publish',
          kind: 'execute',
          rawInput: { command: 'npm publish' },
        }),
      ]),
    )
    expect(state.problems).toEqual([])
    expect(state.cards[0]).toMatchObject({
      id: 'call_9',
      status: 'awaiting-approval',
      intent: { card: 'terminal', command: 'npm publish' },
    })
  })

  it('malformed options are reported by the fold and the call does not await anything', () => {
    for (const options of [
      null,
      'all',
      [],
      [{ optionId: 'x', kind: 'allow', name: 'X' }],
      [{ optionId: 'x', kind: 'allow_once' }],
    ]) {
      const state = foldSession(fromAcp([edit, ask(0, { toolCallId: 'call_1' }, options)]))
      expect(state.cards[0]!.status).toBe('pending')
      expect(state.problems.map((p) => p.kind)).toContain('invalid-event')
    }
  })

  it('a second answer to the same request, and an option never offered, are reported; the first decision stands', () => {
    const state = foldSession(
      fromAcp([
        edit,
        ask(0, { toolCallId: 'call_1' }),
        answer(0, { outcome: 'selected', optionId: 'no-such-option' }),
        answer(0, { outcome: 'selected', optionId: 'allow-once' }),
        answer(0, { outcome: 'selected', optionId: 'reject-once' }),
      ]),
    )
    expect(state.problems.map((p) => p.kind)).toEqual(['unknown-option', 'duplicate-decision'])
    expect(state.cards[0]).toMatchObject({
      status: 'running',
      approval: { decision: { optionId: 'allow-once' } },
    })
  })

  it('ignores answers to other requests (ids of both sides overlap) and error responses', () => {
    const state = foldSession(
      fromAcp([
        edit,
        ask(3, { toolCallId: 'call_1' }),
        { jsonrpc: '2.0', id: 3, result: { stopReason: 'end_turn' } },
        { jsonrpc: '2.0', id: 3, error: { code: -32603, message: 'internal' } },
        answer(4, { outcome: 'selected', optionId: 'allow-once' }),
      ]),
    )
    expect(state.problems).toEqual([])
    expect(state.cards[0]!.status).toBe('awaiting-approval')
  })
})
