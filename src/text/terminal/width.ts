/**
 * Wide or Fullwidth, from get-east-asian-width's own range tables: its `_isWide` and `_isFullwidth`
 * (exported, without types, for is-fullwidth-code-point) carry only those two tables, where
 * `eastAsianWidth` also carries the Ambiguous one (0.65 KB gzip of the first load) that a terminal,
 * narrow on ambiguous, never reads. width.test.ts checks every code point against `eastAsianWidth`.
 */
// @ts-expect-error: exported by the package, not declared in its types
import { _isFullwidth, _isWide } from 'get-east-asian-width'

const isWide = _isWide as (cp: number) => boolean
const isFullwidth = _isFullwidth as (cp: number) => boolean

/** East Asian Wide or Fullwidth: two cells. */
export function isDoubleWidth(cp: number): boolean {
  return isWide(cp) || isFullwidth(cp)
}

/**
 * Terminal cell width of one code point: 0 (combining / format characters that join the previous
 * cell), 1 or 2 (East Asian Wide and Fullwidth). Follows wcwidth: marks (Mn, Me), format characters
 * (Cf) except the soft hyphen, Hangul medial vowels and U+200B are zero width. Ambiguous is narrow.
 * Control characters are never passed here.
 */
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}]$/u
const bmpCache = new Uint8Array(0x10000)
const astralCache = new Map<number, 0 | 1 | 2>()

function compute(cp: number): 0 | 1 | 2 {
  if (cp === 0xad) return 1
  if ((cp >= 0x1160 && cp <= 0x11ff) || cp === 0x200b) return 0
  if (ZERO_WIDTH.test(String.fromCodePoint(cp))) return 0
  return isDoubleWidth(cp) ? 2 : 1
}

export function cellWidth(cp: number): 0 | 1 | 2 {
  if (cp < 0x300) return 1
  if (cp < 0x10000) {
    const cached = bmpCache[cp]!
    if (cached !== 0) return (cached - 1) as 0 | 1 | 2
    const w = compute(cp)
    bmpCache[cp] = w + 1
    return w
  }
  let w = astralCache.get(cp)
  if (w === undefined) {
    w = compute(cp)
    if (astralCache.size < 4096) astralCache.set(cp, w)
  }
  return w
}
