import { Type } from '@sinclair/typebox'
import { describe, expect, it, vi } from 'vitest'
import { type JsonValue, parseIntent, type SessionEvent } from '../protocol'
import {
  type AnyToolDefinition,
  createToolRegistry,
  defineTool,
  isDevelopment,
  type PostToolPlugin,
  type RegistryProblem,
  type SpillEntry,
  type ToolRegistryOptions,
} from './index'

// A small tool with every projection: it counts words in a text.
type CountArgs = { text: string }
type CountValue = { words: string[]; count: number }

// Overrides are loosely typed on purpose: the tests hand the registry what a JavaScript host could.
function countTool(overrides: { [K in keyof AnyToolDefinition]?: unknown } = {}): AnyToolDefinition {
  return {
    ...defineTool<CountArgs, CountValue, { longest: string }>({
      name: 'count_words',
      inputSchema: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
      output: {
        schema: {
          type: 'object',
          required: ['words', 'count'],
          additionalProperties: false,
          properties: {
            words: { type: 'array', items: { type: 'string' } },
            count: { type: 'integer', minimum: 0 },
          },
        },
        render: (_args, v) => [{ type: 'text', text: `${v.count} words: ${v.words.join(' ')}` }],
        presentationMeta: (_args, v) => ({
          longest: [...v.words].sort((a, b) => b.length - a.length)[0] ?? '',
        }),
      },
      execute: ({ text }) => {
        const words = text.split(/\s+/).filter(Boolean)
        return { words, count: words.length }
      },
      presentCall: (args) => ({ card: 'generic', title: 'counting', input: args }),
      presentResult: (args, v, meta) => ({
        card: 'search',
        query: args.text,
        mode: 'count',
        matches: v.words.map((w) => ({ path: w, count: 1 })),
        ...(meta ? { title: `longest: ${meta.longest}` } : {}),
      }),
    }),
    ...overrides,
  } as AnyToolDefinition
}

function setup(options: Partial<ToolRegistryOptions> = {}) {
  const problems: RegistryProblem[] = []
  const events: SessionEvent[] = []
  let clock = 1000
  const registry = createToolRegistry({
    tools: [countTool()],
    dev: true,
    logger: { warn: (p) => problems.push(p) },
    onEvent: (e) => events.push(e),
    now: () => {
      clock += 5
      return clock
    },
    ...options,
  })
  return { registry, problems, events }
}

const call = (args: unknown, extra: Record<string, unknown> = {}) => ({
  id: 'c1',
  name: 'count_words',
  args,
  ...extra,
})

describe('run: the happy path', () => {
  it('executes, renders, presents and emits call then result', async () => {
    const { registry, problems, events } = setup()
    const r = await registry.run(call({ text: 'alpha beta  gamma' }))
    expect(r.isError).toBe(false)
    expect(r.value).toEqual({ words: ['alpha', 'beta', 'gamma'], count: 3 })
    expect(r.content).toEqual([{ type: 'text', text: '3 words: alpha beta gamma' }])
    expect(r.meta).toEqual({ longest: 'alpha' })
    expect(r.intent).toEqual({
      card: 'search',
      query: 'alpha beta  gamma',
      mode: 'count',
      matches: [
        { path: 'alpha', count: 1 },
        { path: 'beta', count: 1 },
        { path: 'gamma', count: 1 },
      ],
      title: 'longest: alpha',
    })
    expect(problems).toEqual([])
    expect(events.map((e) => e.type)).toEqual(['call', 'result'])
    expect(events[0]).toEqual({
      type: 'call',
      id: 'c1',
      toolName: 'count_words',
      args: { text: 'alpha beta  gamma' },
      status: 'running',
      intent: { card: 'generic', title: 'counting', input: { text: 'alpha beta  gamma' } },
    })
    expect(events[1]).toEqual({
      type: 'result',
      id: 'c1',
      status: 'completed',
      intent: r.intent,
      durationMs: 5,
    })
    expect(r.events).toEqual(events)
  })

  it('copies the sidechain onto the call event', async () => {
    const { registry, events } = setup()
    await registry.run(call({ text: 'a' }, { sidechain: 'explorer' }))
    expect(events[0]).toMatchObject({ type: 'call', sidechain: 'explorer' })
  })

  it('computes presentationMeta only for top-level calls', async () => {
    const seen: unknown[] = []
    const tool = countTool({
      presentResult: (_args: unknown, _v: unknown, meta: unknown) => {
        seen.push(meta)
        return { card: 'generic' }
      },
    })
    const { registry } = setup({ tools: [tool], dev: false })
    const top = await registry.run(call({ text: 'aa b' }))
    const nested = await registry.run(call({ text: 'aa b' }, { id: 'c2', parentId: 'c1' }))
    expect(seen).toEqual([{ longest: 'aa' }, undefined])
    expect(top.meta).toEqual({ longest: 'aa' })
    expect('meta' in nested).toBe(false)
  })

  it('falls back to the generic card (args as input, value as output) without presentResult', async () => {
    const { presentResult: _drop, ...bare } = countTool()
    const { registry } = setup({ tools: [bare as AnyToolDefinition] })
    const r = await registry.run(call({ text: 'x y' }))
    expect(r.intent).toEqual({
      card: 'generic',
      input: { text: 'x y' },
      output: { words: ['x', 'y'], count: 2 },
    })
  })

  it('streams updates from execute as update events between call and result', async () => {
    const tool = countTool({
      execute: (args: CountArgs, ctx: { update: (u: object) => void }) => {
        ctx.update({ appendOutput: 'too early\n' }) // the card is generic yet: dropped and reported
        ctx.update({ intent: { card: 'terminal', command: 'wc -w' } })
        ctx.update({ appendOutput: 'working…\n' })
        ctx.update({ intent: { card: 'terminal' } }) // invalid: dropped and reported
        return { words: [args.text], count: 1 }
      },
    })
    const { registry, events, problems } = setup({ tools: [tool] })
    await registry.run(call({ text: 'a' }))
    expect(events.map((e) => e.type)).toEqual(['call', 'update', 'update', 'result'])
    expect(events[1]).toEqual({ type: 'update', id: 'c1', intent: { card: 'terminal', command: 'wc -w' } })
    expect(events[2]).toEqual({ type: 'update', id: 'c1', appendOutput: 'working…\n' })
    expect(problems.map((p) => p.kind)).toEqual(['event', 'intent'])
    expect(problems[0]!.message).toContain('its card is not a terminal card')
    expect(problems[1]!.problems?.[0]?.path).toBe('$.command')
  })

  it('ignores updates after the call ended', async () => {
    let late: ((u: object) => void) | undefined
    const tool = countTool({
      presentCall: () => ({ card: 'terminal', command: 'wc' }),
      execute: (args: CountArgs, ctx: { update: (u: object) => void }) => {
        late = ctx.update
        return { words: [args.text], count: 1 }
      },
    })
    const { registry, events } = setup({ tools: [tool] })
    await registry.run(call({ text: 'a' }))
    late!({ appendOutput: 'after the end' })
    expect(events.map((e) => e.type)).toEqual(['call', 'result'])
  })

  it('accepts TypeBox schemas as the output schema', async () => {
    const tool = countTool({
      output: {
        schema: Type.Object({ words: Type.Array(Type.String()), count: Type.Integer() }),
        render: (_a: unknown, v: CountValue) => [{ type: 'text', text: String(v.count) }],
      },
    })
    const { registry } = setup({ tools: [tool] })
    expect((await registry.run(call({ text: 'a b' }))).content).toEqual([{ type: 'text', text: '2' }])
    const bad = countTool({ ...tool, execute: () => ({ words: 'nope', count: 1 }) })
    const r2 = await setup({ tools: [bad] }).registry.run(call({ text: 'a' }))
    expect(r2.isError).toBe(true)
    expect(r2.content[0]).toEqual({
      type: 'text',
      text: 'the tool returned a value that fails its output schema: $.words: expected array, got string',
    })
  })
})

describe('run: failures become error results', () => {
  it('a value failing the schema: error result naming the path; render never runs', async () => {
    const render = vi.fn(() => [])
    const tool = countTool({
      execute: () => ({ words: ['a', 7], count: -1, extra: true }),
      output: { ...countTool().output, render },
    })
    const { registry, events } = setup({ tools: [tool] })
    const r = await registry.run(call({ text: 'a' }))
    expect(r.isError).toBe(true)
    expect(render).not.toHaveBeenCalled()
    expect('value' in r).toBe(false)
    const text = (r.content[0] as { text: string }).text
    expect(text).toMatch(/^the tool returned a value that fails its output schema: /)
    expect(text).toContain('$.words[1]: expected string, got number')
    expect(text).toContain('$.count: ')
    expect(text).toContain('extra')
    expect(events[1]).toMatchObject({ type: 'result', status: 'failed', error: text })
    // The card of a failed call is the call's own intent.
    expect(r.intent).toEqual({ card: 'generic', title: 'counting', input: { text: 'a' } })
  })

  it.each([
    ['undefined', undefined, '$: expected a JSON value, got undefined'],
    ['NaN', { words: [], count: Number.NaN }, '$.count: expected a finite number, got NaN'],
    ['a Date', { words: [], count: new Date(0) }, '$.count: expected a plain JSON object, got a Date'],
    [
      'a cycle',
      (() => {
        const o: Record<string, unknown> = { words: [], count: 0 }
        o.self = o
        return o
      })(),
      'cycle',
    ],
  ])('a value that is not JSON (%s) is an error, not a crash', async (_name, value, expected) => {
    const { registry } = setup({ tools: [countTool({ execute: () => value })] })
    const r = await registry.run(call({ text: 'a' }))
    expect(r.isError).toBe(true)
    expect((r.content[0] as { text: string }).text).toContain(expected)
  })

  it('a value nested 100,000 deep is rejected by the depth limit without overflowing the stack', async () => {
    let deep: unknown = 'leaf'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    const { registry } = setup({ tools: [countTool({ execute: () => deep })] })
    const r = await registry.run(call({ text: 'a' }))
    expect(r.isError).toBe(true)
    expect((r.content[0] as { text: string }).text).toContain('nested deeper than 256 levels')
  })

  it('host limits apply to values: `limits.maxDepth`', async () => {
    const nested = { words: [], count: 0, deep: [[[['x']]]] }
    const tool = countTool({
      execute: () => nested,
      output: { ...countTool().output, schema: true },
    })
    expect((await setup({ tools: [tool] }).registry.run(call({ text: 'a' }))).isError).toBe(false)
    const r = await setup({ tools: [tool], limits: { maxDepth: 3 } }).registry.run(call({ text: 'a' }))
    expect(r.isError).toBe(true)
    expect((r.content[0] as { text: string }).text).toContain('$.deep[0][0]: nested deeper than 3 levels')
  })

  it('a 20 MB string is kept whole in the value and the model text; the card says its copy was cut', async () => {
    const big = 'x'.repeat(20 * 1024 * 1024)
    const echo = defineTool<Record<string, never>, string>({
      name: 'big',
      output: { schema: { type: 'string' }, render: (_a, v) => [{ type: 'text', text: v }] },
      execute: () => big,
      presentResult: (_a, v) => ({ card: 'terminal', command: 'big', output: v }),
    })
    const { registry } = setup({ tools: [echo], dev: false })
    const r = await registry.run({ id: 'b', name: 'big', args: {} })
    expect(r.value).toBe(big)
    expect((r.content[0] as { text: string }).text).toHaveLength(big.length)
    expect((r.intent as { output: string }).output).toHaveLength(16 * 1024 * 1024)
    expect(r.intent.truncated).toEqual({ reason: '$.output: string of 20 MB cut to the first 16 MB' })
  })

  it('render throwing: JSON-safe isError result carrying the message', async () => {
    const tool = countTool({
      output: {
        ...countTool().output,
        render: () => {
          throw new RangeError('no words to render')
        },
      },
    })
    const { registry, events } = setup({ tools: [tool] })
    const r = await registry.run(call({ text: 'a' }))
    expect(r.isError).toBe(true)
    expect(r.content).toEqual([{ type: 'text', text: 'render failed: no words to render' }])
    expect(JSON.parse(JSON.stringify(r))).toEqual({ ...r })
    expect(events[1]).toMatchObject({ status: 'failed', error: 'render failed: no words to render' })
  })

  it('render throwing something that is not an Error (a BigInt, an object with a cycle) is still JSON-safe', async () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.me = cyclic
    for (const thrown of [10n, cyclic, undefined]) {
      const tool = countTool({
        output: {
          ...countTool().output,
          render: () => {
            throw thrown
          },
        },
      })
      const r = await setup({ tools: [tool] }).registry.run(call({ text: 'a' }))
      expect(r.isError).toBe(true)
      const text = (r.content[0] as { text: string }).text
      expect(text.startsWith('render failed: ')).toBe(true)
      expect(() => JSON.stringify(r)).not.toThrow()
    }
  })

  it('render returning something that is not content blocks is an error', async () => {
    const tool = countTool({
      output: { ...countTool().output, render: () => [{ type: 'text', text: 1 }, 'loose'] },
    })
    const r = await setup({ tools: [tool] }).registry.run(call({ text: 'a' }))
    expect(r.content).toEqual([
      {
        type: 'text',
        text: 'render returned invalid content: $[0].text: expected a string, got a number; $[1]: expected a content block, got a string',
      },
    ])
  })

  it('execute throwing: error result with the message', async () => {
    const tool = countTool({
      execute: async () => {
        throw new Error('ENOENT: no such file')
      },
    })
    const r = await setup({ tools: [tool] }).registry.run(call({ text: 'a' }))
    expect(r.isError).toBe(true)
    expect(r.content).toEqual([{ type: 'text', text: 'the tool failed: ENOENT: no such file' }])
  })

  it('arguments failing the input schema: execute never runs', async () => {
    const execute = vi.fn()
    const { registry } = setup({ tools: [countTool({ execute })] })
    const r = await registry.run(call({ text: 42 }))
    expect(execute).not.toHaveBeenCalled()
    expect(r.content).toEqual([
      { type: 'text', text: 'invalid arguments: $.text: expected string, got number' },
    ])
    // presentCall never saw the bad arguments: the card is the plain generic one.
    expect(r.intent).toEqual({ card: 'generic', input: { text: 42 } })
    expect('intent' in r.events[0]!).toBe(false)
  })

  it('an unknown tool: error result and a generic card', async () => {
    const { registry, events } = setup()
    const r = await registry.run({ id: 'x', name: 'nope', args: { a: 1 } })
    expect(r.isError).toBe(true)
    expect(r.content).toEqual([{ type: 'text', text: 'unknown tool "nope"; the tools are: count_words' }])
    expect(r.intent).toEqual({ card: 'generic', input: { a: 1 } })
    expect(events.map((e) => e.type)).toEqual(['call', 'result'])
  })

  it('a cancelled call ends as cancelled', async () => {
    const controller = new AbortController()
    const tool = countTool({
      execute: () => {
        controller.abort()
        throw new Error('aborted by signal')
      },
    })
    const r = await setup({ tools: [tool] }).registry.run(call({ text: 'a' }), { signal: controller.signal })
    expect(r.isError).toBe(true)
    expect(r.events[1]).toMatchObject({ type: 'result', status: 'cancelled', error: 'cancelled' })
  })

  it('a call id the session events cannot carry (empty, over 1,024 characters) is an error result', async () => {
    const { registry } = setup()
    for (const id of ['', 'x'.repeat(1025)]) {
      const r = await registry.run({ id, name: 'count_words', args: { text: 'a' } })
      expect(r.isError).toBe(true)
      expect(r.content).toEqual([
        { type: 'text', text: `the call id must be 1 to 1,024 characters, got ${id.length}` },
      ])
    }
  })

  it('two tools with the same name are refused when the registry is made', () => {
    expect(() => createToolRegistry({ tools: [countTool(), countTool()] })).toThrow(
      'two tools are named "count_words"',
    )
  })
})

describe('run: presentResult falls back to generic when its intent is invalid', () => {
  it('logs the problem with its path and shows the generic card', async () => {
    const tool = countTool({ presentResult: () => ({ card: 'terminal', command: 7 }) })
    const { registry, problems } = setup({ tools: [tool] })
    const r = await registry.run(call({ text: 'a' }))
    expect(r.isError).toBe(false)
    expect(r.intent).toEqual({ card: 'generic', input: { text: 'a' }, output: { words: ['a'], count: 1 } })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({ kind: 'intent', callId: 'c1', toolName: 'count_words' })
    expect(problems[0]!.problems).toEqual([{ path: '$.command', message: 'expected string, got number' }])
    expect(r.problems).toEqual(problems)
  })

  it('an unknown card and a throwing presentResult land on generic too', async () => {
    for (const presentResult of [
      () => ({ card: 'chart' }),
      () => {
        throw new Error('boom')
      },
    ]) {
      const { registry, problems } = setup({ tools: [countTool({ presentResult })] })
      const r = await registry.run(call({ text: 'a' }))
      expect(r.intent.card).toBe('generic')
      expect(problems).toHaveLength(1)
    }
  })

  it('uses console.warn when no logger is given', async () => {
    const warn = vi.mocked(console.warn)
    warn.mockImplementation(() => {})
    const registry = createToolRegistry({
      tools: [countTool({ presentResult: () => ({ card: 'chart' }) })],
      dev: false,
    })
    await registry.run(call({ text: 'a' }))
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]![0])).toContain(
      'presentResult of tool "count_words" returned an invalid intent',
    )
  })
})

describe('post-execute plugins', () => {
  const redactValue: PostToolPlugin = {
    name: 'drop-short-words',
    afterExecute: ({ value }) => {
      const v = value as CountValue
      const words = v.words.filter((w) => w.length > 2)
      return { type: 'accept', value: { words, count: words.length } }
    },
  }

  it('a plugin replacing the value: validated again, content, meta and intent recomputed from it', async () => {
    const { registry } = setup({ plugins: [redactValue] })
    const r = await registry.run(call({ text: 'an ox ate hay quietly' }))
    expect(r.value).toEqual({ words: ['ate', 'hay', 'quietly'], count: 3 })
    expect(r.content).toEqual([{ type: 'text', text: '3 words: ate hay quietly' }])
    expect(r.meta).toEqual({ longest: 'quietly' })
    expect(r.intent).toMatchObject({ card: 'search', title: 'longest: quietly' })
    expect((r.intent as { matches: unknown[] }).matches).toEqual([
      { path: 'ate', count: 1 },
      { path: 'hay', count: 1 },
      { path: 'quietly', count: 1 },
    ])
    // Replay from the new value gives the same three projections.
    const replayed = registry.project('count_words', { text: 'an ox ate hay quietly' }, r.value)
    expect(replayed).toEqual({ content: r.content, meta: r.meta, intent: r.intent })
  })

  it('a plugin replacing the value with one that fails the schema: error result', async () => {
    const plugin: PostToolPlugin = {
      name: 'broken',
      afterExecute: () => ({ type: 'accept', value: { words: 'x' } }),
    }
    const r = await setup({ plugins: [plugin] }).registry.run(call({ text: 'a' }))
    expect(r.isError).toBe(true)
    const text = (r.content[0] as { text: string }).text
    expect(text).toContain(
      'post-execute plugin "broken" replaced the value with one that fails the output schema',
    )
    expect(text).toContain('$.words: expected array, got string')
  })

  it('a plugin replacing the content: the value, meta and intent stay as they were', async () => {
    const plugin: PostToolPlugin = {
      name: 'summarise',
      afterExecute: () => ({ type: 'accept', content: [{ type: 'text', text: 'some words' }] }),
    }
    const plain = await setup().registry.run(call({ text: 'one two' }))
    const r = await setup({ plugins: [plugin] }).registry.run(call({ text: 'one two' }))
    expect(r.content).toEqual([{ type: 'text', text: 'some words' }])
    expect(r.value).toEqual(plain.value)
    expect(r.meta).toEqual(plain.meta)
    expect(r.intent).toEqual(plain.intent)
  })

  it('plugins run in order, each seeing the result of the ones before', async () => {
    const seen: unknown[] = []
    const spy: PostToolPlugin = {
      name: 'spy',
      afterExecute: (ctx) => {
        seen.push({ value: ctx.value, content: ctx.content, intentCard: ctx.intent.card })
        return undefined
      },
    }
    const r = await setup({ plugins: [redactValue, spy] }).registry.run(call({ text: 'an owl' }))
    expect(seen).toEqual([
      {
        value: { words: ['owl'], count: 1 },
        content: [{ type: 'text', text: '1 words: owl' }],
        intentCard: 'search',
      },
    ])
    expect(r.value).toEqual({ words: ['owl'], count: 1 })
  })

  it('block: an error result carrying the feedback; nothing of the value leaks into the result', async () => {
    const block: PostToolPlugin = {
      name: 'no-secrets',
      afterExecute: () => ({ type: 'block', feedback: 'The text holds a secret; ask the user first.' }),
    }
    const after = vi.fn()
    const { registry, events } = setup({ plugins: [block, { name: 'after', afterExecute: after }] })
    const r = await registry.run(call({ text: 'password hunter2' }))
    expect(after).not.toHaveBeenCalled()
    expect(r.isError).toBe(true)
    expect(r.content).toEqual([{ type: 'text', text: 'The text holds a secret; ask the user first.' }])
    expect('value' in r).toBe(false)
    expect('meta' in r).toBe(false)
    expect(events[1]).toMatchObject({
      status: 'failed',
      error: 'The text holds a secret; ask the user first.',
    })
    // The args were shown at the call already; the value's own projections must not appear.
    expect(JSON.stringify(r.intent)).not.toContain('"count"')
    expect(JSON.stringify(r.events[1])).not.toContain('"count"')
  })

  it('fails closed: a plugin that throws, returns both fields (from JavaScript) or an unknown decision', async () => {
    const cases: Array<[PostToolPlugin['afterExecute'], string]> = [
      [
        () => {
          throw new Error('policy service down')
        },
        'post-execute plugin "p" failed: policy service down',
      ],
      [
        () => ({ type: 'accept', content: [], value: 1 }) as never,
        'post-execute plugin "p" replaced both the value and the content; a decision may replace only one',
      ],
      [
        () => ({ type: 'maybe' }) as never,
        'post-execute plugin "p" returned an unknown decision (object {"type":"maybe"}); expected undefined, {type: \'accept\', …} or {type: \'block\', …}',
      ],
    ]
    for (const [afterExecute, message] of cases) {
      const r = await setup({ plugins: [{ name: 'p', afterExecute }] }).registry.run(call({ text: 'a' }))
      expect(r.isError).toBe(true)
      expect(r.content).toEqual([{ type: 'text', text: message }])
    }
  })
})

describe('spill', () => {
  // The tool's model text is exactly its argument, so the size is under the test's control.
  const echo = defineTool<{ text: string }, string>({
    name: 'echo',
    output: { schema: { type: 'string' }, render: (_a, v) => [{ type: 'text', text: v }] },
    execute: ({ text }) => text,
    presentResult: (_a, v) => ({ card: 'terminal', command: 'echo', output: v }),
  })

  function spillSetup(store?: (e: SpillEntry) => string) {
    const written: SpillEntry[] = []
    const problems: RegistryProblem[] = []
    const registry = createToolRegistry({
      tools: [echo],
      dev: true,
      logger: { warn: (p) => problems.push(p) },
      spill: {
        maxBytes: 100,
        previewBytes: 10,
        cardPreviewBytes: 40,
        store: {
          write: (e) => {
            written.push(e)
            return store ? store(e) : `/tmp/spill/${e.callId}.txt`
          },
        },
      },
    })
    return { registry, written, problems }
  }

  it.each([
    ['99 bytes (ASCII)', 'a'.repeat(99), false],
    ['100 bytes (ASCII): exactly the limit', 'a'.repeat(100), false],
    ['101 bytes (ASCII)', 'a'.repeat(101), true],
    ['100 bytes in 50 two-byte characters', 'é'.repeat(50), false],
    ['101 bytes in 50 two-byte characters and one ASCII', `${'é'.repeat(50)}a`, true],
    ['100 bytes in 25 four-byte emoji', '😀'.repeat(25), false],
    ['104 bytes in 26 four-byte emoji (52 UTF-16 units)', '😀'.repeat(26), true],
  ])('%s: spilled = %s', async (_name, text, spilled) => {
    expect(Buffer.byteLength(text, 'utf8') > 100).toBe(spilled)
    const { registry, written } = spillSetup()
    const r = await registry.run({ id: 'c9', name: 'echo', args: { text } })
    if (!spilled) {
      expect(written).toEqual([])
      expect(r.content).toEqual([{ type: 'text', text }])
      expect('spill' in r).toBe(false)
      expect('spill' in r.intent).toBe(false)
      return
    }
    const total = Buffer.byteLength(text, 'utf8')
    expect(written).toEqual([{ callId: 'c9', toolName: 'echo', text, bytes: total }])
    // The preview is the longest whole-character prefix of at most 10 bytes.
    const chars = [...text]
    let preview = ''
    while (chars.length && Buffer.byteLength(preview + chars[0]) <= 10) preview += chars.shift()
    const pb = Buffer.byteLength(preview)
    expect(r.content).toEqual([
      {
        type: 'text',
        text: `Output too large for the context (${total} bytes). The whole output is saved at: /tmp/spill/c9.txt\nPreview (first ${pb} bytes):\n${preview}`,
      },
    ])
    // The card carries a preview of at most 40 bytes and the spill notice.
    const out = (r.intent as { output: string }).output
    expect(text.startsWith(out)).toBe(true)
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(40)
    expect(r.intent.spill).toEqual({
      path: '/tmp/spill/c9.txt',
      totalBytes: total,
      previewBytes: Buffer.byteLength(out),
    })
    expect(r.spill).toEqual(r.intent.spill)
    expect(parseIntent(r.intent).ok).toBe(true)
    expect(r.events[1]).toMatchObject({ type: 'result', status: 'completed', intent: r.intent })
    // The value itself is untouched: programs still get all of it.
    expect(r.value).toBe(text)
  })

  it('a store that fails: the result is cut, the card says it was truncated, and the problem is logged', async () => {
    const { registry, problems } = spillSetup(() => {
      throw new Error('disk full')
    })
    const text = 'b'.repeat(150)
    const r = await registry.run({ id: 'c9', name: 'echo', args: { text } })
    expect(r.content).toEqual([
      {
        type: 'text',
        text: `Output too large for the context (150 bytes) and it could not be saved. Only the first 10 bytes are kept:\n${'b'.repeat(10)}`,
      },
    ])
    expect(r.intent.truncated).toEqual({
      totalBytes: 150,
      shownBytes: 40,
      reason: 'too large for the context, and the spill store failed',
    })
    expect(problems.map((p) => p.kind)).toEqual(['spill'])
    expect('spill' in r).toBe(false)
  })

  it('keeps images and links next to the spilled text', async () => {
    const pic = defineTool<{ text: string }, string>({
      name: 'echo',
      output: {
        schema: { type: 'string' },
        render: (_a, v) => [
          { type: 'text', text: v },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          { type: 'resource', resource: { uri: 'file:///x', text: v } },
        ],
      },
      execute: ({ text }) => text,
    })
    const written: SpillEntry[] = []
    const registry = createToolRegistry({
      tools: [pic],
      dev: false,
      spill: {
        maxBytes: 100,
        previewBytes: 5,
        store: {
          write: (e) => {
            written.push(e)
            return 'mem:1'
          },
        },
      },
    })
    const r = await registry.run({ id: 'c1', name: 'echo', args: { text: 'x'.repeat(60) } })
    expect(written[0]!.bytes).toBe(121) // 60 + newline + 60
    expect(r.content[1]).toEqual({ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' })
    expect(r.content).toHaveLength(2)
  })
})

describe('purity guard', () => {
  it('reports a render that gives a different result the second time (development mode)', async () => {
    let n = 0
    const tool = countTool({
      output: { ...countTool().output, render: () => [{ type: 'text', text: `call ${++n}` }] },
    })
    const { registry, problems } = setup({ tools: [tool] })
    const r = await registry.run(call({ text: 'a' }))
    expect(n).toBe(2)
    expect(r.content).toEqual([{ type: 'text', text: 'call 1' }])
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({ kind: 'impure', toolName: 'count_words' })
    expect(problems[0]!.message).toContain('render of tool "count_words" is not pure')
    expect(problems[0]!.problems).toEqual([
      { path: '$[0].text', message: '"call 1" the first time, "call 2" the second' },
    ])
  })

  it('reports impure presentationMeta, presentResult and presentCall', async () => {
    let n = 0
    const tool = countTool({
      output: { ...countTool().output, presentationMeta: () => ({ at: ++n }) },
      presentResult: () => ({ card: 'generic', title: `t${++n}` }),
      presentCall: () => ({ card: 'generic', output: [++n] }),
    })
    const { registry, problems } = setup({ tools: [tool] })
    await registry.run(call({ text: 'a' }))
    expect(problems.map((p) => [p.kind, p.message.split(' of ')[0], p.problems?.[0]?.path])).toEqual([
      ['impure', 'presentCall', '$.output[0]'],
      ['impure', 'presentationMeta', '$.at'],
      ['impure', 'presentResult', '$.title'],
    ])
  })

  it('a projector that mutates its input throws in development mode (inputs are frozen)', async () => {
    const tool = countTool({
      output: {
        ...countTool().output,
        render: (_a: unknown, v: CountValue) => {
          v.words.sort()
          return [{ type: 'text', text: v.words.join() }]
        },
      },
    })
    const r = await setup({ tools: [tool] }).registry.run(call({ text: 'b a' }))
    expect(r.isError).toBe(true)
    expect((r.content[0] as { text: string }).text).toMatch(/^render failed: .*read.only/i)
  })

  it('pure projectors are called twice and report nothing; in production mode once', async () => {
    const render = vi.fn((_a: unknown, v: CountValue) => [{ type: 'text' as const, text: String(v.count) }])
    const tool = countTool({ output: { ...countTool().output, render } })
    const dev = setup({ tools: [tool] })
    await dev.registry.run(call({ text: 'a' }))
    expect(render).toHaveBeenCalledTimes(2)
    expect(dev.problems).toEqual([])
    render.mockClear()
    let n = 0
    const impure = countTool({
      output: { ...countTool().output, render: () => [{ type: 'text', text: `${++n}` }] },
    })
    const prod = setup({ tools: [impure], dev: false })
    await prod.registry.run(call({ text: 'a' }))
    expect(n).toBe(1)
    expect(prod.problems).toEqual([])
  })

  it('defaults to development unless NODE_ENV is production', () => {
    vi.stubEnv('NODE_ENV', 'production')
    expect(isDevelopment()).toBe(false)
    vi.stubEnv('NODE_ENV', 'development')
    expect(isDevelopment()).toBe(true)
    vi.unstubAllEnvs()
  })
})

describe('project: the replay path', () => {
  it('gives what run gave, from the logged value alone', async () => {
    const { registry } = setup()
    const live = await registry.run(call({ text: 'replay me twice' }))
    const logged = JSON.parse(JSON.stringify({ args: { text: 'replay me twice' }, value: live.value })) as {
      args: JsonValue
      value: JsonValue
    }
    expect(registry.project('count_words', logged.args, logged.value)).toEqual({
      content: live.content,
      meta: live.meta,
      intent: live.intent,
    })
  })

  it('refuses a logged value that fails the schema', () => {
    const { registry } = setup()
    expect(() => registry.project('count_words', {}, { words: 1 })).toThrow(
      '$.words: expected array, got number',
    )
  })
})

describe('run: a hostile call object never makes it reject', () => {
  const trap = () => {
    throw new Error('trap')
  }
  it.each([
    ['arguments whose keys cannot be read', call(new Proxy({}, { ownKeys: trap }))],
    [
      'arguments whose fields throw',
      call({
        get text() {
          return trap()
        },
      }),
    ],
    ['a revoked Proxy as arguments', call(Proxy.revocable({}, {}).proxy)],
  ])('%s: an error result about the arguments, with its events', async (_name, c) => {
    const { registry, events } = setup()
    const r = await registry.run(c)
    expect(r.isError).toBe(true)
    expect((r.content[0] as { text: string }).text).toMatch(/arguments/)
    expect(events.map((e) => e.type)).toEqual(['call', 'result'])
  })

  it('a call whose fields throw, or whose id cannot be written as a string: an error result, not a rejection', async () => {
    const { registry } = setup()
    const throwing = new Proxy({}, { get: trap }) as never
    const r1 = await registry.run(throwing)
    expect(r1.isError).toBe(true)
    const id = { toString: trap }
    const r2 = await registry.run({ id, name: 'count_words', args: { text: 'a b' } } as never)
    expect(r2.isError).toBe(true)
    expect((r2.content[0] as { text: string }).text).toMatch(/call id/)
  })
})

describe('what user code cannot break', () => {
  const deep = (levels: number): JsonValue => {
    let v: JsonValue = 'leaf'
    for (let i = 0; i < levels; i++) v = [v]
    return v
  }

  it('an abort ends a call whose execute never settles: cancelled, at once', async () => {
    const tool = countTool({ execute: () => new Promise(() => {}) })
    const controller = new AbortController()
    const { registry, events } = setup({ tools: [tool] })
    const running = registry.run(call({ text: 'a' }), { signal: controller.signal })
    await new Promise((r) => setTimeout(r, 5))
    controller.abort()
    const r = await running
    expect(r.isError).toBe(true)
    expect(r.content).toEqual([{ type: 'text', text: 'The call was cancelled.' }])
    expect(events.at(-1)).toMatchObject({ type: 'result', status: 'cancelled' })
  })

  it.each([true, false])(
    'execute gets its own copy of the arguments: the call event and render keep the checked ones (dev %s)',
    async (dev) => {
      const seen: unknown[] = []
      const tool = countTool({
        execute: (args: Record<string, unknown>) => {
          args.text = 12345
          args.injected = 'x'
          return { words: ['a'], count: 1 }
        },
        output: {
          ...countTool().output,
          render: (args: unknown) => {
            seen.push(args)
            return [{ type: 'text', text: 'ok' }]
          },
        },
      })
      const { registry, events } = setup({ tools: [tool], dev })
      const r = await registry.run(call({ text: 'a b' }))
      expect(r.isError).toBe(false)
      expect(seen[0]).toEqual({ text: 'a b' })
      expect(events[0]).toMatchObject({ type: 'call', args: { text: 'a b' } })
      expect(r.events[0]).toMatchObject({ type: 'call', args: { text: 'a b' } })
    },
  )

  it.each([true, false])(
    'a plugin that changes the value, the intent or the content in place fails the call closed (dev %s)',
    async (dev) => {
      const attempts: Array<(ctx: Parameters<PostToolPlugin['afterExecute']>[0]) => void> = [
        (ctx) => {
          ;(ctx.value as CountValue).count = 99
        },
        (ctx) => {
          ;(ctx.intent as { card: string }).card = 'chart'
        },
        (ctx) => {
          ;(ctx.content[0] as { text: string }).text = 'changed'
        },
        (ctx) => {
          ;(ctx.meta as { longest: string }).longest = 'x'
        },
      ]
      for (const attempt of attempts) {
        const plugin: PostToolPlugin = {
          name: 'mutator',
          afterExecute: (ctx) => {
            attempt(ctx)
            return undefined
          },
        }
        const r = await setup({ plugins: [plugin], dev }).registry.run(call({ text: 'a bb' }))
        expect(r.isError).toBe(true)
        expect((r.content[0] as { text: string }).text).toMatch(
          /^post-execute plugin "mutator" failed: .*read.only/i,
        )
        expect(parseIntent(r.intent).ok).toBe(true)
      }
    },
  )

  it('the generic card of a value or arguments nested deeper than the wire carries still reaches the session', async () => {
    const tool = countTool({
      output: { schema: true, render: () => [{ type: 'text', text: 'ok' }] },
      execute: () => deep(100),
      presentResult: undefined,
      presentCall: undefined,
      inputSchema: undefined,
    })
    const { registry, events, problems } = setup({ tools: [tool] })
    const r = await registry.run(call({ text: 'a' }))
    expect(r.isError).toBe(false)
    expect(parseIntent(r.intent).ok).toBe(true)
    // the value as its JSON text, nothing lost
    expect(r.intent).toMatchObject({ card: 'generic', output: JSON.stringify(deep(100)) })
    const { foldSession } = await import('../session')
    expect(foldSession(events).cards.map((c) => [c.id, c.status])).toEqual([['c1', 'completed']])
    // a failed call whose arguments are too deep for a session event: its card is there, failed
    const failing = countTool({
      execute: () => Promise.reject(new Error('boom')),
      presentCall: undefined,
      inputSchema: undefined,
    })
    const second = setup({ tools: [failing] })
    const f = await second.registry.run(call({ nested: deep(100) }))
    expect(f.isError).toBe(true)
    const folded = foldSession(second.events)
    expect(folded.problems).toEqual([])
    expect(folded.cards.map((c) => [c.id, c.status])).toEqual([['c1', 'failed']])
    expect(second.problems.map((p) => p.kind)).toContain('event')
    expect(problems).toEqual([])
  })

  it('a spilled result gives the model no more preview than maxBytes, and bad spill sizes are refused at once', async () => {
    const echo = defineTool<{ text: string }, string>({
      name: 'echo',
      output: { schema: { type: 'string' }, render: (_a, v) => [{ type: 'text', text: v }] },
      execute: ({ text }) => text,
    })
    const registry = createToolRegistry({
      tools: [echo],
      logger: { warn() {} },
      spill: { maxBytes: 1000, store: { write: () => '/tmp/x.txt' } },
    })
    const r = await registry.run({ id: 'c1', name: 'echo', args: { text: 'a'.repeat(1500) } })
    const text = (r.content[0] as { text: string }).text
    expect(text).toContain('Preview (first 1,000 bytes):\n')
    expect(text.endsWith(`\n${'a'.repeat(1000)}`)).toBe(true)
    for (const [name, bad] of [
      ['maxBytes', -1],
      ['maxBytes', Number.NaN],
      ['previewBytes', 1.5],
      ['cardPreviewBytes', '10'],
    ] as const) {
      expect(() =>
        createToolRegistry({ tools: [echo], spill: { store: { write: () => 'x' }, [name]: bad } }),
      ).toThrow(`spill.${name} must be a whole number of bytes, 0 or more`)
    }
  })
})

describe('what a host gets wrong, said at once', () => {
  it('a sub-agent call is not top-level (no presentationMeta); a null parentId is no parent', async () => {
    const { registry } = setup()
    const own = await registry.run(call({ text: 'a bb' }))
    const nullParent = await registry.run(call({ text: 'a bb' }, { parentId: null }))
    const sub = await registry.run(call({ text: 'a bb' }, { sidechain: 'agent-1' }))
    const nested = await registry.run(call({ text: 'a bb' }, { parentId: 'c0' }))
    expect(own.meta).toEqual({ longest: 'bb' })
    expect(nullParent.meta).toEqual({ longest: 'bb' })
    expect(sub.meta).toBeUndefined()
    expect(nested.meta).toBeUndefined()
  })

  it('a plugin that replaces the value after another replaced the content fails closed (the redaction is not undone)', async () => {
    const redact: PostToolPlugin = {
      name: 'redact',
      afterExecute: () => ({ type: 'accept', content: [{ type: 'text', text: '[redacted]' }] }),
    }
    const normalise: PostToolPlugin = {
      name: 'normalise',
      afterExecute: (ctx) => ({ type: 'accept', value: { ...(ctx.value as CountValue), count: 2 } }),
    }
    const r = await setup({ plugins: [redact, normalise] }).registry.run(call({ text: 'secret words' }))
    expect(r.isError).toBe(true)
    const text = (r.content[0] as { text: string }).text
    expect(text).toContain(
      'post-execute plugin "normalise" replaced the value after post-execute plugin "redact"',
    )
    expect(text).not.toContain('secret')
    // the other order is fine: the value first, then the content made from it is replaced
    const ok = await setup({ plugins: [normalise, redact] }).registry.run(call({ text: 'secret words' }))
    expect(ok.isError).toBe(false)
    expect(ok.content).toEqual([{ type: 'text', text: '[redacted]' }])
  })

  it.each([
    [{ name: '' }, 'a tool needs a name (a non-empty string)'],
    [{ execute: undefined }, 'tool "count_words" needs an execute function'],
    [{ output: undefined }, 'tool "count_words" needs an output definition ({schema, render})'],
    [{ output: { render: () => [] } }, 'tool "count_words" needs an output schema'],
    [{ output: { schema: true } }, 'tool "count_words" needs a render function (output.render)'],
  ])('a definition missing a part is refused when the registry is made: %o', (overrides, message) => {
    expect(() => createToolRegistry({ tools: [countTool(overrides)] })).toThrow(message)
  })
})

describe('said rather than done silently', () => {
  it('an async render is refused with a message that says so', async () => {
    const tool = countTool({
      output: { ...countTool().output, render: async () => [{ type: 'text', text: 'x' }] },
    })
    const r = await setup({ tools: [tool] }).registry.run(call({ text: 'a' }))
    expect(r.isError).toBe(true)
    expect(r.content).toEqual([
      {
        type: 'text',
        text: 'render returned a Promise; render is synchronous (do the async work in execute)',
      },
    ])
  })

  it('with no spill store, a result over the default limit goes to the model whole, and that is logged', async () => {
    const echo = defineTool<{ text: string }, string>({
      name: 'echo',
      output: { schema: { type: 'string' }, render: (_a, v) => [{ type: 'text', text: v }] },
      execute: ({ text }) => text,
    })
    const problems: RegistryProblem[] = []
    const registry = createToolRegistry({ tools: [echo], logger: { warn: (p) => problems.push(p) } })
    const small = await registry.run({ id: 'c1', name: 'echo', args: { text: 'a'.repeat(100_000) } })
    expect(small.problems).toEqual([])
    const big = await registry.run({ id: 'c2', name: 'echo', args: { text: 'é'.repeat(50_001) } })
    expect((big.content[0] as { text: string }).text).toHaveLength(50_001)
    expect(big.problems).toEqual([
      {
        kind: 'spill',
        callId: 'c2',
        toolName: 'echo',
        message:
          "the result's text is 100,002 bytes and went to the model whole (no spill option: give the registry a spill store to keep big results out of the context)",
      },
    ])
    expect(problems).toEqual(big.problems)
  })
})
