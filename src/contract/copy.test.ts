import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { LIMITS, sanitizeJson } from '../protocol'
import { copyJson } from './copy'
import { VALUE_LIMITS } from './validate'

// Differential: the protocol's careful `sanitizeJson` is the trusted peer.
describe('copyJson', () => {
  test.prop([fc.anything({ withNullPrototype: true, withObjectString: true, withSparseArray: true })])(
    'accepts exactly what sanitizeJson accepts, with the same copy',
    (input) => {
      const fast = copyJson(input, VALUE_LIMITS)
      const slow = sanitizeJson(input, VALUE_LIMITS)
      expect(fast.ok).toBe(slow.ok)
      if (fast.ok && slow.ok) expect(fast.value).toStrictEqual(slow.value)
      if (!fast.ok && !slow.ok) expect(fast.problems).toEqual(slow.problems)
    },
  )

  test.prop([fc.jsonValue()])('JSON values come back equal (as JSON: -0 is 0) and fresh', (input) => {
    const r = copyJson(input, VALUE_LIMITS)
    expect(r.ok).toBe(true)
    if (r.ok) {
      // fc.jsonValue() may give -0, which JSON has as 0 (seed 453770637 found it)
      expect(r.value).toStrictEqual(JSON.parse(JSON.stringify(input)))
      if (input !== null && typeof input === 'object') expect(r.value).not.toBe(input)
    }
  })

  it('gives -0 as 0, as JSON has it (fast-check found the difference with sanitizeJson)', () => {
    const r = copyJson({ '': -0, a: [-0] }, VALUE_LIMITS)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value).toStrictEqual({ '': 0, a: [0] })
    expect(Object.is((r.value as { '': number })[''], 0)).toBe(true)
    expect(r.value).toStrictEqual(sanitizeJson({ '': -0, a: [-0] }, VALUE_LIMITS).value)
  })

  it('keeps __proto__ as data and key order', () => {
    const input = JSON.parse('{"b":1,"__proto__":{"polluted":true},"a":[1,{"z":1,"y":2}]}')
    const r = copyJson(input, VALUE_LIMITS)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(Object.keys(r.value as object)).toEqual(['b', '__proto__', 'a'])
    expect(Object.keys((r.value as { a: [number, object] }).a[1])).toEqual(['z', 'y'])
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
  })

  it('names problems through sanitizeJson: a cycle, a function, a deep value, a long string', () => {
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic.self = cyclic
    expect(copyJson(cyclic, VALUE_LIMITS)).toEqual({
      ok: false,
      problems: [{ path: '$.self', message: 'the value refers to itself (a cycle), which JSON cannot hold' }],
    })
    expect(copyJson({ f: () => 1 }, VALUE_LIMITS)).toEqual({
      ok: false,
      problems: [{ path: '$.f', message: 'expected a JSON value, got a function' }],
    })
    let deep: unknown = 1
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(copyJson(deep, VALUE_LIMITS).ok).toBe(false)
    // A string over the limit is refused (sanitizeJson alone would cut it and say so in a notice).
    const long = { s: 'x'.repeat(11) }
    const small = { ...LIMITS, maxStringSize: 10 }
    expect(copyJson(long, small)).toEqual({
      ok: false,
      problems: [{ path: '$.s', message: 'string of 11 B cut to the first 10 B' }],
    })
  })

  it('copies a shared (acyclic) object twice, within maxNodes', () => {
    const shared = { v: 1 }
    const r = copyJson([shared, shared], VALUE_LIMITS)
    expect(r).toEqual({ ok: true, value: [{ v: 1 }, { v: 1 }] })
    let x: unknown = 0
    for (let i = 0; i < 40; i++) x = [x, x] // 2^40 nodes if expanded
    expect(copyJson(x, { ...VALUE_LIMITS, maxNodes: 10_000 }).ok).toBe(false)
  })
})

describe('copyJson and shared objects', () => {
  /** `levels` objects, each referring twice to the next: 2^levels paths as JSON writes them. */
  function graph(levels: number): unknown {
    let v: unknown = { leaf: 1 }
    for (let i = 0; i < levels; i++) v = { l: v, r: v }
    return v
  }

  it('refuses a small graph of shared objects whose JSON would hold more values than the limit, at once', () => {
    // 31 objects, 2^31 paths: walked path by path it took 8 s (and then a second walk) before it was refused
    expect(copyJson(graph(30), VALUE_LIMITS)).toEqual({
      ok: false,
      problems: [
        {
          path: '$',
          message:
            'holds more than 10,000,000 values, the limit (an object it refers to more than once counts each time, as JSON writes it)',
        },
      ],
    })
  })

  it('copies shared objects within the limit as JSON writes them, and still names a cycle in a big value', () => {
    // 2^18 leaves: over the point where the copy starts looking for objects met twice
    const g = graph(17)
    const r = copyJson(g, VALUE_LIMITS)
    expect(r).toEqual({ ok: true, value: JSON.parse(JSON.stringify(g)) })
    const big: unknown[] = []
    for (let i = 0; i < 150_000; i++) big.push({ i })
    const looped: Record<string, unknown> = { big }
    big.push(looped)
    const c = copyJson(looped, VALUE_LIMITS)
    expect(c.ok).toBe(false)
    if (!c.ok)
      expect(c.problems[0]?.message).toBe('the value refers to itself (a cycle), which JSON cannot hold')
  })
})
