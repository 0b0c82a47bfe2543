import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { foldSession } from '../session'
import { checkCardModel, ENVELOPE_FIELDS, ENVELOPE_LABEL_LIMIT, UNNAMED_TOOL } from './envelope'
import type { CardModel } from './model'

const good: CardModel = {
  id: 'call_1',
  toolName: 'run_shell',
  args: { cmd: 'npm test', env: ['CI=1'] },
  status: 'completed',
  intent: { card: 'terminal', command: 'npm test', output: 'ok', exitCode: 0 },
  error: 'exit 1',
  durationMs: 5230,
  sidechain: 'reviewer',
}

const STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled', 'unknown']

/** What a safe model is, written out here rather than taken from the code under test. */
function expectSafe(model: CardModel): void {
  expect(typeof model.id).toBe('string')
  expect(model.id.length).toBeLessThanOrEqual(1024)
  expect(typeof model.toolName).toBe('string')
  expect(model.toolName.trim()).not.toBe('')
  expect(model.toolName.length).toBeLessThanOrEqual(1024)
  expect(STATUSES).toContain(model.status)
  expect(() => JSON.stringify(model.args)).not.toThrow()
  expect(JSON.parse(JSON.stringify(model.args) ?? 'null')).toEqual(model.args)
  if ('error' in model) expect(typeof model.error).toBe('string')
  if ('durationMs' in model) {
    expect(typeof model.durationMs).toBe('number')
    expect(Number.isFinite(model.durationMs) && model.durationMs! >= 0).toBe(true)
  }
  if ('sidechain' in model) expect(typeof model.sidechain).toBe('string')
  for (const key of Object.keys(model)) expect(Object.keys(ENVELOPE_FIELDS)).toContain(key)
}

describe('checkCardModel: a sound envelope', () => {
  it('is returned as a fresh equal copy with no problems', () => {
    const r = checkCardModel(good)
    expect(r.problems).toEqual([])
    expect(r.notices).toEqual([])
    expect(r.model).toEqual(good)
    expect(r.model).not.toBe(good)
    expect(r.model.args).not.toBe(good.args)
    expect(r.model.intent).toBe(good.intent)
  })

  it('optional fields may be absent or null', () => {
    const r = checkCardModel({ ...good, error: null, durationMs: undefined, sidechain: null, intent: null })
    expect(r.problems).toEqual([])
    expect(Object.keys(r.model).sort()).toEqual(['args', 'id', 'status', 'toolName'])
  })

  it('an empty sidechain label is kept (a sub-agent without a name)', () => {
    expect(checkCardModel({ ...good, sidechain: '' }).model.sidechain).toBe('')
  })

  it('unknown fields are dropped, so a newer host can send more', () => {
    const r = checkCardModel({ ...good, extra: 1, grantedBy: { policy: 'x' } })
    expect(r.problems).toEqual([])
    expect('extra' in r.model || 'grantedBy' in r.model).toBe(false)
  })
})

describe('checkCardModel: the approval field', () => {
  const options = [
    { optionId: 'no', kind: 'reject_once', label: 'Reject' },
    { optionId: 'yes', kind: 'allow_once', label: 'Allow once' },
  ]
  it('a sound approval, asked and decided, is kept as given', () => {
    const asked = checkCardModel({
      ...good,
      status: 'awaiting-approval',
      approval: { options, reason: 'writes' },
    })
    expect(asked.problems).toEqual([])
    expect(asked.model.approval).toEqual({ options, reason: 'writes' })
    const decided = { options, decision: { optionId: 'yes', by: 'user' } }
    expect(checkCardModel({ ...good, approval: decided }).model.approval).toEqual(decided)
  })
  it.each<[string, unknown, string]>([
    ['no options', { options: [] }, '$.approval.options'],
    [
      '17 options',
      { options: Array.from({ length: 17 }, (_, i) => ({ ...options[0], optionId: `o${i}` })) },
      '$.approval.options',
    ],
    ['a repeated optionId', { options: [options[0], options[0]] }, '$.approval.options[1].optionId'],
    [
      'an unknown kind',
      { options: [{ ...options[0], kind: 'allow_forever' }] },
      '$.approval.options[0].kind',
    ],
    ['an empty label', { options: [{ ...options[0], label: '' }] }, '$.approval.options[0].label'],
    ['a string', 'yes please', '$.approval'],
  ])('malformed (%s): left out, so no button is shown for it', (_, approval, path) => {
    const r = checkCardModel({ ...good, status: 'awaiting-approval', approval })
    expect(r.problems.map((p) => p.path)).toContain(path)
    expect('approval' in r.model).toBe(false)
  })
  it('a decision naming no offered option is kept (the record of who chose what) and reported', () => {
    const r = checkCardModel({ ...good, approval: { options, decision: { optionId: 'ghost' } } })
    expect(r.problems.map((p) => p.path)).toEqual(['$.approval.decision.optionId'])
    expect(r.model.approval?.decision?.optionId).toBe('ghost')
    const bad = checkCardModel({ ...good, approval: { options, decision: { optionId: { html: '<b>' } } } })
    expect('approval' in bad.model).toBe(false)
  })
})

describe('checkCardModel: each wrong field becomes a problem and a safe value', () => {
  it.each<[string, Record<string, unknown>, Partial<Record<keyof CardModel, unknown>>, string, string]>([
    ['id: a number', { id: 7 }, { id: '' }, '$.id', 'expected a string, got a number'],
    ['id: missing', { id: undefined }, { id: '' }, '$.id', 'missing'],
    [
      'toolName: an object',
      { toolName: { n: 1 } },
      { toolName: UNNAMED_TOOL },
      '$.toolName',
      'expected a string, got an object',
    ],
    [
      'toolName: null',
      { toolName: null },
      { toolName: UNNAMED_TOOL },
      '$.toolName',
      'expected a string, got null',
    ],
    [
      'status: unknown word',
      { status: 'exploded' },
      { status: 'unknown' },
      '$.status',
      'unknown status "exploded"; expected one of pending, running, awaiting-approval, completed, failed, cancelled, rejected, unknown',
    ],
    [
      'status: a number',
      { status: 200 },
      { status: 'unknown' },
      '$.status',
      'got a number; expected one of pending, running, awaiting-approval, completed, failed, cancelled, rejected, unknown',
    ],
    [
      'status: Completed (case)',
      { status: 'Completed' },
      { status: 'unknown' },
      '$.status',
      'unknown status "Completed"; expected one of pending, running, awaiting-approval, completed, failed, cancelled, rejected, unknown',
    ],
    ['error: a number', { error: 404 }, { error: '404' }, '$.error', 'expected a string, got a number'],
    [
      'error: an object without message',
      { error: { code: 'E1' } },
      { error: '{"code":"E1"}' },
      '$.error',
      'expected a string, got an object',
    ],
    [
      'error: an array',
      { error: ['a', 'b'] },
      { error: '["a","b"]' },
      '$.error',
      'expected a string, got an array',
    ],
    [
      'durationMs: NaN',
      { durationMs: Number.NaN },
      { durationMs: undefined },
      '$.durationMs',
      'expected a number >= 0, got NaN',
    ],
    [
      'durationMs: negative',
      { durationMs: -5 },
      { durationMs: undefined },
      '$.durationMs',
      'expected a number >= 0, got -5',
    ],
    [
      'durationMs: Infinity',
      { durationMs: Number.POSITIVE_INFINITY },
      { durationMs: undefined },
      '$.durationMs',
      'expected a number >= 0, got Infinity',
    ],
    [
      'durationMs: a string',
      { durationMs: '1500' },
      { durationMs: undefined },
      '$.durationMs',
      'expected a number >= 0, got a string',
    ],
    [
      'sidechain: true',
      { sidechain: true },
      { sidechain: undefined },
      '$.sidechain',
      'expected a string, got a boolean',
    ],
    ['args: missing', { args: undefined }, { args: null }, '$.args', 'missing'],
    [
      'args: a function',
      { args: () => 1 },
      { args: null },
      '$.args',
      'expected a JSON value, got a function',
    ],
    [
      'args: NaN inside',
      { args: { n: [1, Number.NaN] } },
      { args: null },
      '$.args.n[1]',
      'expected a finite number, got NaN',
    ],
    [
      'args: a Date inside',
      { args: { at: new Date(0) } },
      { args: null },
      '$.args.at',
      'expected a plain JSON object, got a Date',
    ],
  ])('%s', (_name, change, expected, path, message) => {
    const r = checkCardModel({ ...good, ...change })
    expect(r.problems).toEqual([{ path, message }])
    for (const [key, value] of Object.entries(expected)) {
      if (value === undefined) expect(key in r.model).toBe(false)
      else expect(r.model[key as keyof CardModel]).toEqual(value)
    }
    expectSafe(r.model)
  })

  it('args with a cycle', () => {
    const args: Record<string, unknown> = { a: 1 }
    args.self = args
    const r = checkCardModel({ ...good, args })
    expect(r.problems).toEqual([
      { path: '$.args.self', message: 'the value refers to itself (a cycle), which JSON cannot hold' },
    ])
    expect(r.model.args).toBeNull()
  })

  it('args nested 100,000 deep: refused without recursion', () => {
    let deep: unknown = 1
    for (let i = 0; i < 100_000; i++) deep = [deep]
    const r = checkCardModel({ ...good, args: deep })
    expect(r.problems[0]?.message).toBe('nested deeper than 64 levels')
    expect(r.model.args).toBeNull()
  })

  it('an Error as error shows its message, as a notice', () => {
    const r = checkCardModel({ ...good, status: 'failed', error: new TypeError('fetch failed') })
    expect(r.problems).toEqual([])
    expect(r.model.error).toBe('fetch failed')
    expect(r.notices).toEqual([
      { path: '$.error', message: 'a TypeError, not a string; its message is shown' },
    ])
  })

  it('anything with a string message counts as an error', () => {
    const r = checkCardModel({ ...good, error: { message: 'quota exceeded', status: 429 } })
    expect(r.model.error).toBe('quota exceeded')
    expect(r.notices).toEqual([{ path: '$.error', message: 'an object, not a string; its message is shown' }])
  })

  it('a blank tool name gets a readable title, as a notice', () => {
    const r = checkCardModel({ ...good, toolName: ' \t ' })
    expect(r.model.toolName).toBe(UNNAMED_TOOL)
    expect(r.notices).toEqual([{ path: '$.toolName', message: 'is blank; shown as "(unnamed tool)"' }])
  })

  it('huge labels are cut, huge errors kept up to the string limit', () => {
    const r = checkCardModel({
      ...good,
      id: 'i'.repeat(5000),
      toolName: 't'.repeat(2000),
      error: 'e'.repeat(100_000),
    })
    expect(r.model.id).toHaveLength(ENVELOPE_LABEL_LIMIT)
    expect(r.model.toolName).toHaveLength(ENVELOPE_LABEL_LIMIT)
    expect(r.model.error).toHaveLength(100_000)
    expect(r.notices).toEqual([
      { path: '$.id', message: '5,000 characters, cut to the first 1,024' },
      { path: '$.toolName', message: '2,000 characters, cut to the first 1,024' },
    ])
    const small = checkCardModel({ ...good, error: 'e'.repeat(100) }, { limits: { maxStringSize: 10 } })
    expect(small.model.error).toBe('e'.repeat(10))
    expect(small.notices).toEqual([{ path: '$.error', message: '100 characters, cut to the first 10' }])
  })

  it('control and bidi characters are kept as text (the cards make them visible)', () => {
    const r = checkCardModel({ ...good, toolName: 'ls\u202e\u0000\u001b[2J', error: '\ud800' })
    expect(r.problems).toEqual([])
    expect(r.model.toolName).toBe('ls\u202e\u0000\u001b[2J')
    expect(r.model.error).toBe('\ud800')
  })
})

describe('checkCardModel: whatever it is given, it never throws', () => {
  // fast-check found it in CI (seed -1357742198): JSON has no -0, so a -0 in the arguments came back as 0
  // from a round trip and the checked model was not the JSON value it claims to be.
  it.each<[string, unknown]>([
    ['args -0', -0],
    ['args with a nested -0', { n: -0, list: [-0, 1] }],
  ])('%s: the checked args equal their JSON round trip', (_name, args) => {
    const r = checkCardModel({ ...good, args })
    expectSafe(r.model)
    expect(r.model.args).toEqual(JSON.parse(JSON.stringify(args)))
  })

  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'call_1'],
    ['a number', 5],
    ['an array', [good]],
    ['a function', () => good],
  ])('%s: a safe model and one problem at $', (_name, value) => {
    const r = checkCardModel(value)
    expect(r.problems[0]).toEqual({ path: '$', message: expect.stringMatching(/^expected an object, got /) })
    expect(r.problems).toHaveLength(1)
    expect(r.model).toEqual({ id: '', toolName: UNNAMED_TOOL, args: null, status: 'unknown' })
  })

  it('getters that throw: each such field is a problem, the others are kept', () => {
    const model = {
      ...good,
      get status(): string {
        throw new Error('status exploded')
      },
      get args(): unknown {
        throw new RangeError('args exploded')
      },
    }
    const r = checkCardModel(model)
    // in the order of ENVELOPE_FIELDS: the arguments come after the fields a card's frame shows (they
    // may be checked in slices, and the frame shows meanwhile)
    expect(r.problems).toEqual([
      { path: '$.status', message: 'could not be read: status exploded' },
      { path: '$.args', message: 'could not be read: args exploded' },
    ])
    expect(r.model.id).toBe('call_1')
    expect(r.model.status).toBe('unknown')
    expect(r.model.args).toBeNull()
  })

  it('a getter inside args that throws', () => {
    const args = {}
    Object.defineProperty(args, 'boom', {
      enumerable: true,
      get: () => {
        throw new Error('deep getter')
      },
    })
    const r = checkCardModel({ ...good, args })
    expect(r.problems).toEqual([{ path: '$.args', message: 'could not be checked: deep getter' }])
    expect(r.model.args).toBeNull()
  })

  it('a Proxy whose traps throw, and a revoked Proxy', () => {
    const trap = () => {
      throw new Error('trap')
    }
    const hostile = new Proxy({}, { get: trap, getPrototypeOf: trap, ownKeys: trap, has: trap })
    const r = checkCardModel(hostile)
    expect(r.problems.map((p) => p.path)).toEqual([
      '$.id',
      '$.toolName',
      '$.status',
      '$.intent',
      '$.error',
      '$.durationMs',
      '$.sidechain',
      '$.args',
      '$.approval',
    ])
    expectSafe(r.model)
    const { proxy, revoke } = Proxy.revocable({ ...good }, {})
    revoke()
    expectSafe(checkCardModel(proxy).model)
  })

  it('a class instance with getters is read like a plain object', () => {
    class Call {
      get id() {
        return 'c9'
      }
      toolName = 'x'
      args = [1]
      status = 'running'
    }
    const r = checkCardModel(new Call())
    expect(r.problems).toEqual([])
    expect(r.model).toEqual({ id: 'c9', toolName: 'x', args: [1], status: 'running' })
  })

  it('reads each field once', () => {
    const reads = new Map<string | symbol, number>()
    const counted = new Proxy(good, {
      get(target, key, receiver) {
        reads.set(key, (reads.get(key) ?? 0) + 1)
        return Reflect.get(target, key, receiver)
      },
    })
    checkCardModel(counted)
    for (const name of Object.keys(ENVELOPE_FIELDS)) expect(reads.get(name)).toBe(1)
  })

  const nasty = fc.oneof(
    fc.anything({
      withBigInt: true,
      withMap: true,
      withSet: true,
      withDate: true,
      withTypedArray: true,
      withNullPrototype: true,
    }),
    fc.constantFrom<unknown>(
      new Error('e'),
      Number.NaN,
      -1,
      Number.NEGATIVE_INFINITY,
      '',
      '\u202e\u0000',
      Symbol('s'),
      () => 1,
      [],
      [{}],
      'completed',
      'unknown',
    ),
  )

  it('property: any value for any field gives a safe model and never throws', () => {
    const field = fc.constantFrom(...Object.keys(ENVELOPE_FIELDS))
    fc.assert(
      fc.property(fc.dictionary(field, nasty), fc.boolean(), (changes, startGood) => {
        const r = checkCardModel(startGood ? { ...good, ...changes } : changes)
        expectSafe(r.model)
        for (const p of [...r.problems, ...r.notices]) {
          expect(p.path).toMatch(/^\$/)
          expect(typeof p.message).toBe('string')
        }
      }),
      { numRuns: 500 },
    )
  })

  it('property: any whole value gives a safe model', () => {
    fc.assert(
      fc.property(nasty, (v) => {
        expectSafe(checkCardModel(v).model)
      }),
      { numRuns: 300 },
    )
  })
})

describe('the fold makes sound envelopes', () => {
  it('property: every card of a folded session passes the check with no problems', () => {
    const id = fc.constantFrom('a', 'b', 'c')
    const event = fc.oneof(
      fc.record(
        {
          type: fc.constant('call'),
          id,
          toolName: fc.string({ maxLength: 8 }),
          args: fc.jsonValue({ maxDepth: 2 }),
          status: fc.constantFrom('pending', 'running'),
          sidechain: fc.string({ maxLength: 4 }),
        },
        { requiredKeys: ['type', 'id', 'toolName'] },
      ),
      fc.record(
        { type: fc.constant('update'), id, args: fc.jsonValue({ maxDepth: 2 }) },
        { requiredKeys: ['type', 'id'] },
      ),
      fc.record(
        {
          type: fc.constant('result'),
          id,
          status: fc.constantFrom('completed', 'failed', 'cancelled'),
          error: fc.string({ maxLength: 8 }),
          durationMs: fc.double({ min: 0, max: 1e9, noNaN: true }),
        },
        { requiredKeys: ['type', 'id', 'status'] },
      ),
    )
    fc.assert(
      fc.property(fc.array(event, { maxLength: 12 }), (events) => {
        for (const card of foldSession(events).cards) {
          const r = checkCardModel(card)
          expect(r.problems).toEqual([])
          // The only change the check may make to a folded card: a blank tool name gets a title.
          expect(r.notices.every((n) => n.path === '$.toolName')).toBe(true)
        }
      }),
      { numRuns: 200 },
    )
  })
})
