import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LIMITS, parseIntent } from './index'

describe('parseIntent: valid intents', () => {
  it('accepts a minimal intent of each card and returns a fresh copy', () => {
    const inputs = [
      { card: 'generic' },
      { card: 'terminal', command: 'ls' },
      { card: 'diff', files: [{ path: 'a.ts', patch: '@@ -1 +1 @@\n-a\n+b\n' }] },
      { card: 'read', path: 'a.ts', content: 'x' },
      { card: 'search', query: 'x', mode: 'content', matches: [] },
      { card: 'web', url: 'https://example.com/' },
    ]
    for (const input of inputs) {
      const r = parseIntent(input)
      expect(r.ok, JSON.stringify(r)).toBe(true)
      if (r.ok) {
        expect(r.intent).toEqual(input)
        expect(r.intent).not.toBe(input)
      }
    }
  })

  it('reads a JSON string', () => {
    const r = parseIntent('{"card":"terminal","command":"npm test","exitCode":1}')
    expect(r).toMatchObject({ ok: true, intent: { card: 'terminal', command: 'npm test', exitCode: 1 } })
  })

  it('keeps unknown extra fields (forward compatible)', () => {
    const r = parseIntent({ card: 'read', path: 'a', content: '', futureField: { x: 1 } })
    expect(r.ok).toBe(true)
  })

  it('accepts a diff file with oldText null (new file) and newText', () => {
    expect(parseIntent({ card: 'diff', files: [{ path: 'n.ts', oldText: null, newText: 'a\n' }] }).ok).toBe(
      true,
    )
  })
})

describe('parseIntent: each problem kind, with its exact path', () => {
  const cases: Array<[string, unknown, string, RegExp]> = [
    ['not JSON', '{"card": "terminal", "command": ', '$', /is not valid JSON/],
    ['not an object', [1, 2], '$', /expected an object, got array/],
    ['a primitive', 42, '$', /expected an object, got number/],
    [
      'no card',
      { command: 'ls' },
      '$.card',
      /expected one of generic, terminal, diff, read, search, web, got nothing/,
    ],
    ['card not a string', { card: 7 }, '$.card', /got number/],
    ['unknown card', { card: 'hologram' }, '$.card', /unknown card "hologram"/],
    ['missing required field', { card: 'terminal' }, '$.command', /is required \(string\)/],
    ['wrong type', { card: 'terminal', command: 5 }, '$.command', /expected string, got number/],
    [
      'wrong type deep in an array',
      {
        card: 'diff',
        files: [
          { path: 'a', patch: '' },
          { path: 'b', patch: '' },
          { path: 3, patch: '' },
        ],
      },
      '$.files[2].path',
      /expected string, got number/,
    ],
    [
      'wrong enum',
      { card: 'search', query: 'q', mode: 'everything', matches: [] },
      '$.mode',
      /expected "content" or "files" or "count", got "everything"/,
    ],
    [
      'integer below its minimum',
      { card: 'read', path: 'a', content: '', startLine: 0 },
      '$.startLine',
      /integer >= 1/,
    ],
    [
      'tuple member',
      { card: 'search', query: 'q', mode: 'content', matches: [{ path: 'a', ranges: [[0, 'x']] }] },
      '$.matches[0].ranges[0][1]',
      /expected number, got string/,
    ],
    [
      'diff file without content',
      { card: 'diff', files: [{ path: 'a' }] },
      '$.files[0].patch',
      /give `patch`, or `oldText`\/`newText`/,
    ],
    [
      'odd key in path',
      { card: 'web', url: 'https://x', results: [{ url: 'u', title: 1 }] },
      '$.results[0].title',
      /expected string/,
    ],
    [
      'non-finite number',
      { card: 'terminal', command: 'x', durationMs: Number.NaN },
      '$.durationMs',
      /finite number/,
    ],
    [
      'a function',
      { card: 'terminal', command: () => 1 },
      '$.command',
      /expected a JSON value, got a function/,
    ],
    [
      'a class instance',
      { card: 'terminal', command: 'x', when: new Date(0) },
      '$.when',
      /plain JSON object, got a Date/,
    ],
  ]
  for (const [name, input, path, message] of cases) {
    it(name, () => {
      const r = parseIntent(input)
      expect(r.ok).toBe(false)
      if (!r.ok) {
        const hit = r.problems.find((p) => p.path === path)
        expect(hit, JSON.stringify(r.problems)).toBeDefined()
        expect(hit?.message).toMatch(message)
      }
    })
  }

  it('reports a cycle instead of looping', () => {
    const a: Record<string, unknown> = { card: 'generic' }
    a.input = a
    const r = parseIntent(a)
    expect(r).toMatchObject({
      ok: false,
      problems: [{ path: '$.input', message: expect.stringMatching(/cycle/) }],
    })
  })
})

describe('parseIntent: hostile sizes and shapes (BAD-INPUTS rows 1-5)', () => {
  it('rejects 100,000 levels of nesting, as text and as objects, without recursion', () => {
    const text = `${'['.repeat(100_000)}1${']'.repeat(100_000)}`
    expect(parseIntent(text)).toMatchObject({
      ok: false,
      problems: [{ path: '$', message: expect.stringMatching(/nested deeper than 64/) }],
    })
    let deep: Record<string, unknown> = {}
    const root = { card: 'generic', input: deep }
    for (let i = 0; i < 100_000; i++) {
      const next = {}
      deep.a = next
      deep = next
    }
    const r = parseIntent(root)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.problems[0]?.message).toMatch(/nested deeper than 64 levels/)
  })

  it('cuts a 50 MB string field to the string limit with a notice, and the rest validates', () => {
    const big = 'x'.repeat(50 * 1024 * 1024)
    const r = parseIntent({ card: 'terminal', command: 'cat big.log', output: big, exitCode: 0 })
    expect(r.ok).toBe(true)
    if (r.ok && r.intent.card === 'terminal') {
      expect(r.intent.output?.length).toBe(LIMITS.maxStringSize)
      expect(r.intent.exitCode).toBe(0)
      expect(r.notices).toEqual([{ path: '$.output', message: 'string of 50 MB cut to the first 16 MB' }])
    }
  })

  it('rejects JSON text over the size limit before parsing it', () => {
    const r = parseIntent(`"${'x'.repeat(100)}"`, { limits: { maxIntentSize: 50 } })
    expect(r).toMatchObject({
      ok: false,
      problems: [{ path: '$', message: expect.stringMatching(/limit is 50 B/) }],
    })
  })

  it('keeps __proto__ and constructor keys as data and pollutes nothing', () => {
    const payload = JSON.parse(
      '{"card":"generic","input":{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}}',
    )
    const r = parseIntent(payload)
    expect(r.ok).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
    if (r.ok && r.intent.card === 'generic') {
      const input = r.intent.input as Record<string, unknown>
      expect(Object.getPrototypeOf(input)).toBe(Object.prototype)
      expect(Object.keys(input)).toEqual(['__proto__', 'constructor'])
      expect(Object.getOwnPropertyDescriptor(input, '__proto__')?.value).toEqual({ polluted: 'yes' })
    }
  })

  it('survives a getter that throws', () => {
    const evil = { card: 'terminal' }
    Object.defineProperty(evil, 'command', {
      enumerable: true,
      get: () => {
        throw new Error('gotcha')
      },
    })
    const r = parseIntent(evil)
    expect(r.ok).toBe(false)
  })
})

describe('parseIntent: properties', () => {
  it('never throws on arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (v) => {
        const r = parseIntent(v)
        expect(typeof r.ok).toBe('boolean')
      }),
      { numRuns: 500 },
    )
  })

  it('never throws on arbitrary strings and JSON text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.string({ unit: 'binary' })), (s) => {
        expect(typeof parseIntent(s).ok).toBe('boolean')
      }),
      { numRuns: 500 },
    )
  })

  it('never throws on arbitrary JS values, including odd ones', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withTypedArray: true,
          withSparseArray: true,
          withNullPrototype: true,
        }),
        (v) => {
          expect(typeof parseIntent(v).ok).toBe('boolean')
        },
      ),
      { numRuns: 500 },
    )
  })

  it('never throws on intents with mutated fields', () => {
    const card = fc.constantFrom('generic', 'terminal', 'diff', 'read', 'search', 'web', 'nope')
    fc.assert(
      fc.property(card, fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 })), (c, rest) => {
        expect(typeof parseIntent({ ...rest, card: c }).ok).toBe('boolean')
      }),
      { numRuns: 500 },
    )
  })

  it('a valid intent survives a round trip through JSON text unchanged', () => {
    const terminal = fc.record({
      card: fc.constant('terminal' as const),
      command: fc.string(),
      output: fc.option(fc.string(), { nil: undefined }),
      exitCode: fc.option(fc.integer(), { nil: undefined }),
    })
    fc.assert(
      fc.property(terminal, (t) => {
        const clean = JSON.parse(JSON.stringify(t))
        const r = parseIntent(JSON.stringify(t))
        expect(r).toMatchObject({ ok: true, intent: clean })
      }),
    )
  })
})
