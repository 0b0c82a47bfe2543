import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hasInvisible, labelInvisible, splitInvisible } from './invisible'

describe('splitInvisible', () => {
  it('marks bidi controls, zero-width characters, controls and lone surrogates; plain runs stay strings', () => {
    const parts = splitInvisible('a\u202eb\u200bc\u0000d\ud800')
    expect(parts.map((p) => (typeof p === 'string' ? p : p.code))).toEqual([
      'a',
      'U+202E',
      'b',
      'U+200B',
      'c',
      'U+0000',
      'd',
      'U+D800',
    ])
  })

  it('past maxMarks, the rest is one plain run with labels instead of the raw characters', () => {
    const parts = splitInvisible('x\u202ey\u202ez\u2066w', 1)
    expect(parts.map((p) => (typeof p === 'string' ? p : p.code))).toEqual([
      'x',
      'U+202E',
      'y',
      '<U+202E>z<U+2066>w',
    ])
    expect(parts.some((p) => typeof p === 'string' && /[\u202e\u2066]/.test(p))).toBe(false)
  })

  it('2,000,000 bidi controls: at most maxMarks mark objects, in linear time', () => {
    const text = '\u202e'.repeat(2_000_000)
    const started = performance.now()
    const parts = splitInvisible(text, 500)
    expect(parts).toHaveLength(501)
    expect(parts[500]).toHaveLength(1_999_500 * '<U+202E>'.length)
    // Linear: about 1 s on a loaded 2-core machine; quadratic work would take hours.
    expect(performance.now() - started).toBeLessThan(15_000)
  })
})

describe('labelInvisible', () => {
  it('writes each invisible character as its label', () => {
    expect(labelInvisible('ok\u2069\r\n\t')).toBe('ok<U+2069><U+000D>\n\t')
  })
})

describe('hasInvisible', () => {
  // Code units that sit on the edges of what is marked, and surrogates alone and in pairs.
  const unit = fc.oneof(
    fc.constantFrom('a', ' ', '\t', '\n', '\r', '\u0000', '\u001f', '\u007f', '\u00a0', '\u202e', '\u2065'),
    fc.constantFrom('\ud83d', '\ude00', '\ud83d\ude00', '\udb40\udc41', '\udb40', '\ufeff', '\ufffc'),
    fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)),
  )
  it('says yes exactly when splitInvisible finds a mark', () => {
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
        const text = units.join('')
        expect(hasInvisible(text)).toBe(splitInvisible(text).some((p) => typeof p !== 'string'))
      }),
      { numRuns: 5000 },
    )
  })
})
