import { describe, expect, it } from 'vitest'
import { checkSchema } from './check-schema'
import { SessionEventSchema } from './events-schema'
import { parseSessionEvent } from './parse-event'

describe('parseSessionEvent', () => {
  it('accepts the three event kinds, from objects and from JSON text, and copies them', () => {
    const call = {
      type: 'call',
      id: 'a',
      toolName: 'Bash',
      args: { command: 'ls' },
      intent: { card: 'terminal', command: 'ls' },
    }
    const r = parseSessionEvent(call)
    expect(r.ok && r.event).toEqual(call)
    expect(r.ok && r.event).not.toBe(call)
    expect(parseSessionEvent(JSON.stringify({ type: 'update', id: 'a', appendOutput: 'x' })).ok).toBe(true)
    expect(
      parseSessionEvent({ type: 'result', id: 'a', status: 'failed', error: 'boom', durationMs: 3 }).ok,
    ).toBe(true)
  })

  it('allows unknown fields (a newer host) and keeps them', () => {
    const r = parseSessionEvent({ type: 'call', id: 'a', toolName: 'x', future: { x: 1 } })
    expect(r.ok && (r.event as unknown as { future: unknown }).future).toEqual({ x: 1 })
  })

  it.each([
    [null, '$', 'expected an event object, got null'],
    [[], '$', 'expected an event object, got array'],
    [{ id: 'a' }, '$.type', 'expected one of call, update, result, approval, decision, got nothing'],
    [
      { type: 'end', id: 'a' },
      '$.type',
      'unknown event type "end"; expected one of call, update, result, approval, decision',
    ],
    [{ type: 'call', toolName: 'x' }, '$.id', 'is required (string)'],
    // The message for a failed minLength/minimum comes from checkSchema (parse.ts): it names only the type.
    [{ type: 'call', id: '', toolName: 'x' }, '$.id', 'expected string'],
    [
      { type: 'call', id: 'a', toolName: 'x', status: 'completed' },
      '$.status',
      'expected "pending" or "running", got "completed"',
    ],
    [{ type: 'update', id: 'a', appendOutput: 1 }, '$.appendOutput', 'expected string, got number'],
    [{ type: 'result', id: 'a' }, '$.status', 'is required ("completed" or "failed" or "cancelled")'],
    [{ type: 'result', id: 'a', status: 'completed', durationMs: '1s' }, '$.durationMs', 'expected number'],
    ['{"type":', '$', 'is not valid JSON'],
  ])('rejects %j at %s', (input, path, message) => {
    const r = parseSessionEvent(input)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.problems[0]!.path).toBe(path)
    expect(r.problems[0]!.message.toLowerCase()).toContain(message.toLowerCase())
  })

  it('checks size and depth before the schema, and never throws', () => {
    expect(
      parseSessionEvent(
        { type: 'call', id: 'a', toolName: 'x', args: 'y'.repeat(200) },
        { limits: { maxIntentSize: 100 } },
      ).ok,
    ).toBe(false)
    let deep: unknown = 1
    for (let i = 0; i < 10_000; i++) deep = { a: deep }
    const r = parseSessionEvent({ type: 'call', id: 'a', toolName: 'x', args: deep })
    expect(!r.ok && r.problems[0]!.message).toBe('nested deeper than 64 levels')
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap')
        },
      },
    )
    expect(parseSessionEvent(hostile).ok).toBe(false)
  })

  it('agrees with the union schema on what is valid', () => {
    const samples: unknown[] = [
      { type: 'call', id: 'a', toolName: 'x' },
      { type: 'call', id: 'a' },
      { type: 'update', id: 'a', status: 'running' },
      { type: 'update', id: 'a', status: 'failed' },
      { type: 'result', id: 'a', status: 'cancelled', time: 5 },
      { type: 'result', id: 'a', status: 'cancelled', time: '5' },
    ]
    for (const s of samples)
      expect(parseSessionEvent(s).ok).toBe(checkSchema(SessionEventSchema, s).length === 0)
  })
})
