import { describe, expect, it } from 'vitest'
import { parseSessionEvent, type SessionEvent } from '../protocol'
import { foldSession } from '../session'
import { createToolRegistry, defineTool, type PostToolPlugin, type ToolCall } from './index'

// The registry's events must be ones the protocol accepts and the session fold turns into the right cards.
type Args = { n: number }
const tool = defineTool<Args, { n: number; lines: string }>({
  name: 'count_to',
  inputSchema: { type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 0 } } },
  output: {
    schema: {
      type: 'object',
      required: ['n', 'lines'],
      properties: { n: { type: 'integer' }, lines: { type: 'string' } },
    },
    render: (_a, v) => [{ type: 'text', text: v.lines }],
  },
  execute: (args, ctx) => {
    if (args.n === 13) throw new Error('unlucky')
    const lines = Array.from({ length: args.n }, (_, i) => `${i + 1}\n`).join('')
    ctx.update({ appendOutput: lines })
    return { n: args.n, lines }
  },
  presentCall: (args) => ({ card: 'terminal', command: `seq 1 ${args.n}` }),
  presentResult: (args, v) => ({
    card: 'terminal',
    command: `seq 1 ${args.n}`,
    output: v.lines,
    exitCode: 0,
  }),
})

const blockSeven: PostToolPlugin = {
  name: 'no-sevens',
  afterExecute: ({ value }) =>
    (value as { n: number }).n === 7 ? { type: 'block', feedback: 'no sevens' } : undefined,
}

describe('session events from the registry', () => {
  it('pass parseSessionEvent and fold into the cards the results describe', async () => {
    const registry = createToolRegistry({
      tools: [tool],
      plugins: [blockSeven],
      dev: true,
      logger: { warn: () => {} },
      now: () => 0,
      spill: { maxBytes: 50, previewBytes: 10, store: { write: (e) => `mem://${e.callId}` } },
    })
    const calls: ToolCall[] = [
      { id: 'ok', name: 'count_to', args: { n: 3 } },
      { id: 'big', name: 'count_to', args: { n: 40 } },
      { id: 'threw', name: 'count_to', args: { n: 13 } },
      { id: 'blocked', name: 'count_to', args: { n: 7 } },
      { id: 'bad-args', name: 'count_to', args: { n: -1 } },
      { id: 'unknown', name: 'nope', args: {} },
      { id: 'sub', name: 'count_to', args: { n: 1 }, parentId: 'ok', sidechain: 'helper' },
    ]
    const events: SessionEvent[] = []
    for (const c of calls) events.push(...(await registry.run(c)).events)
    for (const e of events) {
      const parsed = parseSessionEvent(e)
      expect(parsed.ok ? [] : parsed.problems).toEqual([])
    }
    const state = foldSession(events)
    expect(state.problems).toEqual([])
    const byId = Object.fromEntries(state.cards.map((c) => [c.id, c]))
    expect(Object.keys(byId)).toEqual(calls.map((c) => c.id))
    expect(byId.ok).toMatchObject({ status: 'completed', intent: { card: 'terminal', output: '1\n2\n3\n' } })
    expect(byId.big).toMatchObject({
      status: 'completed',
      intent: { card: 'terminal', spill: { path: 'mem://big', totalBytes: 111 } },
    })
    expect(byId.threw).toMatchObject({ status: 'failed', error: 'the tool failed: unlucky' })
    expect(byId.blocked).toMatchObject({ status: 'failed', error: 'no sevens' })
    // The blocked value never reaches the card: it keeps the call's own intent (the fold appended the
    // streamed output before the block; the result's intent replaces it).
    expect(byId.blocked!.intent).toEqual({ card: 'terminal', command: 'seq 1 7' })
    expect(byId['bad-args']).toMatchObject({ status: 'failed' })
    expect(byId.unknown).toMatchObject({ status: 'failed', toolName: 'nope', intent: { card: 'generic' } })
    expect(byId.sub).toMatchObject({ status: 'completed', sidechain: 'helper' })
  })
})
