import { eastAsianWidth } from 'get-east-asian-width'
import { describe, expect, it } from 'vitest'
import { isDoubleWidth } from './width'

describe('isDoubleWidth', () => {
  it('agrees with eastAsianWidth (ambiguous narrow) on every code point', () => {
    let wide = 0
    const wrong: number[] = []
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      const expected = eastAsianWidth(cp, { ambiguousAsWide: false }) === 2
      if (expected) wide++
      if (isDoubleWidth(cp) !== expected && wrong.length < 10) wrong.push(cp)
    }
    expect(wrong).toEqual([])
    expect(wide).toBeGreaterThan(100_000) // the CJK blocks and the supplementary ideographic planes
  })
})
