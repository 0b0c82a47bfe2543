import { describe, expect, it } from 'vitest'
import { parseIntent } from '../protocol'
import { applyEvent, applyEvents, emptySession, foldSession, MAX_KEPT_PROBLEMS } from './fold'
import { createSessionStore } from './store'

const bash = { card: 'terminal', command: 'npm test' }

describe('foldSession', () => {
  it('makes one card per call, in start order, with the end applied', () => {
    const state = foldSession([
      { type: 'call', id: 'a', toolName: 'Bash', args: { command: 'npm test' }, intent: bash },
      { type: 'call', id: 'b', toolName: 'Read', args: { file: 'x.ts' } },
      { type: 'result', id: 'b', status: 'completed', intent: { card: 'read', path: 'x.ts', content: 'hi' } },
      { type: 'result', id: 'a', status: 'failed', error: 'exit 1', durationMs: 1200 },
    ])
    expect(state.problems).toEqual([])
    expect(state.eventCount).toBe(4)
    expect(state.cards).toEqual([
      {
        id: 'a',
        toolName: 'Bash',
        args: { command: 'npm test' },
        status: 'failed',
        intent: bash,
        error: 'exit 1',
        durationMs: 1200,
      },
      {
        id: 'b',
        toolName: 'Read',
        args: { file: 'x.ts' },
        status: 'completed',
        intent: { card: 'read', path: 'x.ts', content: 'hi' },
      },
    ])
  })

  it('defaults args to null and status to pending, and keeps the sidechain label', () => {
    const state = foldSession([{ type: 'call', id: 'a', toolName: 'Task', sidechain: 'explorer' }])
    expect(state.cards).toEqual([
      { id: 'a', toolName: 'Task', args: null, status: 'pending', sidechain: 'explorer' },
    ])
  })

  it('applies update fields: args, intent, appended output, status', () => {
    const state = foldSession([
      { type: 'call', id: 'a', toolName: 'Bash', args: { command: 'np' } },
      { type: 'update', id: 'a', args: { command: 'npm test' } },
      {
        type: 'update',
        id: 'a',
        intent: { card: 'terminal', command: 'npm test', output: 'one\n' },
        status: 'running',
      },
      { type: 'update', id: 'a', appendOutput: 'two\n' },
      { type: 'update', id: 'a', appendOutput: '\u001b[31mthree\u001b[0m\n' },
    ])
    const card = state.cards[0]!
    expect(card.args).toEqual({ command: 'npm test' })
    expect(card.status).toBe('running')
    expect(card.intent).toEqual({
      card: 'terminal',
      command: 'npm test',
      output: 'one\ntwo\n\u001b[31mthree\u001b[0m\n',
    })
    // The model is a valid intent for CardRenderer.
    const parsed = parseIntent(card.intent)
    expect(parsed.ok && parsed.intent.card === 'terminal' && parsed.intent.output).toBe(
      'one\ntwo\n\u001b[31mthree\u001b[0m\n',
    )
    expect(JSON.parse(JSON.stringify(card.intent))).toEqual(card.intent)
  })

  it('appends to a terminal intent without output, and to one replaced in the same update', () => {
    const state = foldSession([
      { type: 'call', id: 'a', toolName: 'Bash', intent: { card: 'terminal', command: 'ls' } },
      { type: 'update', id: 'a', appendOutput: 'x' },
      { type: 'call', id: 'b', toolName: 'Bash', intent: { card: 'terminal', command: 'ls', output: 'old' } },
      {
        type: 'update',
        id: 'b',
        intent: { card: 'terminal', command: 'ls -l', output: 'new:' },
        appendOutput: 'y',
      },
    ])
    expect(state.cards.map((c) => c.intent)).toEqual([
      { card: 'terminal', command: 'ls', output: 'x' },
      { card: 'terminal', command: 'ls -l', output: 'new:y' },
    ])
  })

  it('lets the result intent replace the streamed one, and keeps the streamed one when the result has none', () => {
    const state = foldSession([
      { type: 'call', id: 'a', toolName: 'Bash', intent: bash },
      { type: 'update', id: 'a', appendOutput: 'streamed' },
      { type: 'result', id: 'a', status: 'completed' },
      { type: 'call', id: 'b', toolName: 'Bash', intent: bash },
      { type: 'update', id: 'b', appendOutput: 'streamed' },
      { type: 'result', id: 'b', status: 'completed', intent: { ...bash, output: 'final', exitCode: 0 } },
    ])
    expect(state.cards[0]!.intent).toEqual({ ...bash, output: 'streamed' })
    expect(state.cards[1]!.intent).toEqual({ ...bash, output: 'final', exitCode: 0 })
  })

  describe('defined behaviour for out-of-place events (each reported, none fatal)', () => {
    it('ignores an update or a result for an unknown id', () => {
      const state = foldSession([
        { type: 'update', id: 'ghost', appendOutput: 'x' },
        { type: 'result', id: 'ghost', status: 'completed' },
      ])
      expect(state.cards).toEqual([])
      expect(state.problems.map((p) => [p.index, p.kind, p.id, p.path])).toEqual([
        [0, 'unknown-id', 'ghost', '$.id'],
        [1, 'unknown-id', 'ghost', '$.id'],
      ])
      expect(state.problems[0]!.message).toBe('no call "ghost" started; this update is ignored')
    })

    it('keeps the first start of a duplicated call, in its place', () => {
      const state = foldSession([
        { type: 'call', id: 'a', toolName: 'First' },
        { type: 'call', id: 'b', toolName: 'Other' },
        { type: 'call', id: 'a', toolName: 'Second' },
      ])
      expect(state.cards.map((c) => [c.id, c.toolName])).toEqual([
        ['a', 'First'],
        ['b', 'Other'],
      ])
      expect(state.problems.map((p) => [p.index, p.kind])).toEqual([[2, 'duplicate-call']])
    })

    it('keeps the first end of a call; a second result changes nothing', () => {
      const state = foldSession([
        { type: 'call', id: 'a', toolName: 'Bash' },
        { type: 'result', id: 'a', status: 'completed', durationMs: 5 },
        { type: 'result', id: 'a', status: 'failed', error: 'late', durationMs: 9 },
      ])
      expect(state.cards).toEqual([
        { id: 'a', toolName: 'Bash', args: null, status: 'completed', durationMs: 5 },
      ])
      expect(state.problems.map((p) => [p.index, p.kind])).toEqual([[2, 'duplicate-result']])
    })

    it('ignores an update after the end, even one that appends output', () => {
      const state = foldSession([
        { type: 'call', id: 'a', toolName: 'Bash', intent: bash },
        { type: 'result', id: 'a', status: 'cancelled' },
        { type: 'update', id: 'a', appendOutput: 'late', status: 'running' },
      ])
      expect(state.cards[0]).toEqual({
        id: 'a',
        toolName: 'Bash',
        args: null,
        status: 'cancelled',
        intent: bash,
      })
      expect(state.problems.map((p) => [p.index, p.kind])).toEqual([[2, 'update-after-result']])
    })

    it('drops output appended to a call without a terminal intent, and applies the rest of the update', () => {
      const state = foldSession([
        { type: 'call', id: 'a', toolName: 'Read', intent: { card: 'read', path: 'x', content: '' } },
        { type: 'update', id: 'a', appendOutput: 'abc', status: 'running' },
        { type: 'call', id: 'b', toolName: 'Bash', intent: { card: 'terminal', command: 'ls', output: 42 } },
        { type: 'update', id: 'b', appendOutput: 'abc' },
      ])
      expect(state.cards[0]!.status).toBe('running')
      expect(state.cards[0]!.intent).toEqual({ card: 'read', path: 'x', content: '' })
      expect(state.cards[1]!.intent).toEqual({ card: 'terminal', command: 'ls', output: 42 })
      expect(state.problems.map((p) => [p.index, p.kind, p.path])).toEqual([
        [1, 'output-without-terminal', '$.appendOutput'],
        [3, 'output-without-terminal', '$.appendOutput'],
      ])
    })

    it('reports invalid events with their paths and goes on', () => {
      const state = foldSession([
        'not json',
        null,
        { type: 'cal', id: 'a' },
        { type: 'call', id: 'a', toolName: 7 },
        { type: 'result', id: 'a', status: 'done' },
        { type: 'call', id: '', toolName: 'x' },
        { type: 'call', id: 'ok', toolName: 'Bash', args: { n: Number.NaN } },
        '{"type":"call","id":"j","toolName":"FromText"}',
      ])
      expect(state.cards.map((c) => c.id)).toEqual(['j'])
      const invalid = state.problems.map((p) => [p.index, p.kind, p.id ?? null, p.path])
      expect(invalid).toEqual([
        [0, 'invalid-event', null, '$'],
        [1, 'invalid-event', null, '$'],
        [2, 'invalid-event', 'a', '$.type'],
        [3, 'invalid-event', 'a', '$.toolName'],
        [4, 'invalid-event', 'a', '$.status'],
        [5, 'invalid-event', null, '$.id'],
        [6, 'invalid-event', 'ok', '$.args.n'],
      ])
      expect(state.problems[2]!.message).toBe(
        'unknown event type "cal"; expected one of call, update, result, approval, decision',
      )
      expect(state.problems[3]!.message).toBe('expected string, got number')
      expect(state.problems[6]!.message).toBe('expected a finite number, got NaN')
    })

    it('survives hostile input: a deep event, a getter that throws, a __proto__ key', () => {
      let deep: unknown = 'x'
      for (let i = 0; i < 100_000; i++) deep = [deep]
      const throwing = Object.defineProperty({ type: 'call', toolName: 'x' }, 'id', {
        enumerable: true,
        get() {
          throw new Error('boom')
        },
      })
      const proto = JSON.parse(
        '{"type":"call","id":"p","toolName":"x","args":{"__proto__":{"polluted":true}}}',
      )
      const state = foldSession([{ type: 'call', id: 'd', toolName: 'x', args: deep }, throwing, proto])
      expect(state.cards.map((c) => c.id)).toEqual(['p'])
      expect(state.problems.map((p) => p.message)).toEqual([
        'nested deeper than 64 levels',
        'could not be read: boom',
      ])
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      expect(Object.keys(state.cards[0]!.args as object)).toEqual(['__proto__'])
    })

    it('keeps the first 1,000 problems and counts the rest', () => {
      const state = foldSession(Array.from({ length: MAX_KEPT_PROBLEMS + 5 }, () => 42))
      expect(state.problems.length).toBe(MAX_KEPT_PROBLEMS)
      expect(state.problemCount).toBe(MAX_KEPT_PROBLEMS + 5)
      expect(state.eventCount).toBe(MAX_KEPT_PROBLEMS + 5)
    })
  })

  it('ignores `time` (it only paces replays)', () => {
    const a = foldSession([{ type: 'call', id: 'a', toolName: 'x', time: 1 }])
    const b = foldSession([{ type: 'call', id: 'a', toolName: 'x', time: 2 }])
    expect(a.cards).toEqual(b.cards)
  })

  it('does not share objects with the events it was given', () => {
    const event = { type: 'call', id: 'a', toolName: 'x', args: { list: [1] }, intent: { card: 'generic' } }
    const state = foldSession([event])
    event.args.list.push(2)
    expect(state.cards[0]!.args).toEqual({ list: [1] })
    expect(state.cards[0]!.intent).not.toBe(event.intent)
  })
})

describe('applyEvent (live)', () => {
  it('keeps the identity of cards an event did not change, and leaves the old state valid', () => {
    const s1 = foldSession([
      { type: 'call', id: 'a', toolName: 'x', intent: bash },
      { type: 'call', id: 'b', toolName: 'y' },
    ])
    const s2 = applyEvent(s1, { type: 'update', id: 'a', appendOutput: 'more' })
    expect(s2.cards[1]).toBe(s1.cards[1])
    expect(s2.cards[0]).not.toBe(s1.cards[0])
    expect(s1.cards[0]!.intent).toEqual(bash)
    expect(s2.cards[0]!.intent).toEqual({ ...bash, output: 'more' })
  })

  it('keeps the card when an update changes nothing', () => {
    const s1 = foldSession([{ type: 'call', id: 'a', toolName: 'x', status: 'running' }])
    const s2 = applyEvent(s1, { type: 'update', id: 'a', status: 'running', appendOutput: '' })
    expect(s2.cards[0]).toBe(s1.cards[0])
    expect(s2.eventCount).toBe(2)
  })

  it('returns the same state for an empty batch', () => {
    const s = emptySession()
    expect(applyEvents(s, [])).toBe(s)
  })

  it('appends output lazily: the intent carries a getter over a rope, read once into the full text', () => {
    const s0 = foldSession([{ type: 'call', id: 'a', toolName: 'x', intent: bash }])
    let s = s0
    for (let i = 0; i < 5_000; i++) s = applyEvent(s, { type: 'update', id: 'a', appendOutput: `${i},` })
    const intent = s.cards[0]!.intent as Record<string, unknown>
    expect(typeof Object.getOwnPropertyDescriptor(intent, 'output')!.get).toBe('function')
    const text = intent.output as string
    expect(text.split(',').length).toBe(5_001)
    expect(text.startsWith('0,1,2,')).toBe(true)
    expect(text.endsWith('4998,4999,')).toBe(true)
    expect(intent.output).toBe(text)
    // An older state still sees its own, shorter output.
    const older = foldSession([
      { type: 'call', id: 'a', toolName: 'x', intent: bash },
      ...Array.from({ length: 10 }, (_, i) => ({ type: 'update', id: 'a', appendOutput: `${i},` })),
    ])
    expect((older.cards[0]!.intent as { output: string }).output).toBe('0,1,2,3,4,5,6,7,8,9,')
  })
})

describe('createSessionStore', () => {
  it('applies events and tells subscribers once per push or batch', () => {
    const store = createSessionStore()
    const seen: number[] = []
    const stop = store.subscribe(() => seen.push(store.getState().eventCount))
    store.push({ type: 'call', id: 'a', toolName: 'x' })
    store.pushAll([
      { type: 'update', id: 'a', status: 'running' },
      { type: 'result', id: 'a', status: 'completed' },
    ])
    store.pushAll([])
    expect(seen).toEqual([1, 3])
    stop()
    store.reset()
    expect(seen).toEqual([1, 3])
    expect(store.getState()).toBe(emptySession())
  })
})
