import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { keysOf, sanitizeJson } from './json'

function manyKeys(n: number): Record<string, unknown> {
  const o: Record<string, unknown> = {}
  for (let i = 0; i < n; i++) o[`key${i}`] = i
  return o
}

describe('keysOf: the key list sanitizeJson read for a big object it copied', () => {
  it('is the copy own keys, in order, for big and small objects, __proto__ and integer keys included', () => {
    const big = manyKeys(5_000)
    Object.defineProperty(big, '__proto__', {
      value: 1,
      enumerable: true,
      writable: true,
      configurable: true,
    })
    big['7'] = 'seven'
    const copy = sanitizeJson({ big, small: { b: 1, a: 2 } }).value as { big: object; small: object }
    expect(keysOf(copy.big)).toEqual(Object.keys(copy.big))
    expect(keysOf(copy.big)).toHaveLength(5_002)
    expect(keysOf(copy.small)).toEqual(['b', 'a'])
  })

  it('a key JSON leaves out (an undefined value): the copy keys, not the source keys', () => {
    const source = { ...manyKeys(5_000), gone: undefined }
    const copy = sanitizeJson(source).value as object
    expect(keysOf(copy)).toEqual(Object.keys(copy))
    expect(keysOf(copy)).not.toContain('gone')
  })

  it('property: for any copied object, keysOf gives Object.keys', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), fc.constant(undefined)), { maxKeys: 1_500 }),
        fc.integer({ min: 0, max: 1_500 }),
        (dict, extra) => {
          const source: Record<string, unknown> = { ...dict }
          for (let i = 0; i < extra; i++) source[`k${i}`] = i % 3 === 0 ? undefined : i
          const r = sanitizeJson(source)
          if (!r.ok) return
          const copy = r.value as object
          expect(keysOf(copy)).toEqual(Object.keys(copy))
        },
      ),
      { numRuns: 60 },
    )
  })
})
