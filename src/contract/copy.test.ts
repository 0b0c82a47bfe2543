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
