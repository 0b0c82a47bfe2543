import { isDeepStrictEqual } from 'node:util'
import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { firstDifference } from './purity'

describe('firstDifference', () => {
  // Differential against Node's deep equality on JSON values (both ignore key order, both tell -0 from 0).
  test.prop([fc.jsonValue(), fc.jsonValue()])('is null exactly when util.isDeepStrictEqual holds', (a, b) => {
    expect(firstDifference(a, b) === null).toBe(isDeepStrictEqual(a, b))
  })

  test.prop([fc.jsonValue()])('a value equals its own JSON copy', (a) => {
    expect(firstDifference(a, structuredClone(a))).toBeNull()
  })

  it('names the path and the difference', () => {
    expect(firstDifference({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toEqual({
      path: '$.a[1].b',
      message: '"x" the first time, "y" the second',
    })
    expect(firstDifference([1, 2], [1])).toEqual({
      path: '$',
      message: '2 items the first time, 1 the second',
    })
    expect(firstDifference({ a: 1 }, { b: 1 })).toEqual({
      path: '$.a',
      message: 'present the first time, absent the second',
    })
    expect(firstDifference({ a: 1 }, { a: 1, 'odd key': 2 })).toEqual({
      path: '$["odd key"]',
      message: 'absent the first time, present the second',
    })
    expect(firstDifference({ a: null }, { a: {} })).toEqual({
      path: '$.a',
      message: 'null the first time, object the second',
    })
  })

  it('does not recurse: 100,000 levels deep', () => {
    let a: unknown = 1
    let b: unknown = 1
    for (let i = 0; i < 100_000; i++) {
      a = [a]
      b = [b]
    }
    expect(firstDifference(a, b)).toBeNull()
  })

  it('survives cycles', () => {
    const a: Record<string, unknown> = {}
    a.self = a
    expect(firstDifference(a, a)).toBeNull()
    const b: Record<string, unknown> = {}
    b.self = b
    expect(firstDifference(a, b)).toBeNull()
  })

  it('compares a shared object against each of its partners', () => {
    const o = { v: 1 }
    expect(firstDifference([o, o], [{ v: 1 }, { v: 2 }])).toEqual({
      path: '$[1].v',
      message: '1 the first time, 2 the second',
    })
  })
})
