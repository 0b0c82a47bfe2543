import { fc, test as fcTest } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { clampRanges, type MatchSpan, planLiteral, shownMatch, stripTerminalColour } from '.'

// `rg --color=always --vimgrep TODO` (ripgrep 14): path, line and match wrapped in SGR and EL codes
const RG_LINE = '    // \x1b[0m\x1b[1m\x1b[31mTODO\x1b[0m: handle the \x1b[0m\x1b[1m\x1b[31mTODO\x1b[0m list'

/**
 * The oracle: each raw code unit marked kept or removed (inside an SGR or EL code, found by a scan of
 * its own); a span becomes the clean positions of the kept units it covers; touching spans merge.
 */
function oracle(text: string, spans: readonly MatchSpan[]): { text: string; spans: MatchSpan[] } {
  const kept: boolean[] = Array.from({ length: text.length }, () => true)
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '\x1b' || text[i + 1] !== '[') continue
    let j = i + 2
    while (j < text.length && /[\d;:]/.test(text[j]!)) j++
    if (text[j] === 'm' || text[j] === 'K') {
      for (let k = i; k <= j; k++) kept[k] = false
      i = j
    }
  }
  const rank: number[] = []
  let n = 0
  for (let i = 0; i < text.length; i++) {
    rank.push(n)
    if (kept[i]) n++
  }
  const out: Array<[number, number]> = []
  for (const [a, b] of spans) {
    const inside = rank.slice(a, b).filter((_, k) => kept[a + k])
    if (inside.length === 0) continue
    const s = inside[0]!
    const e = inside[inside.length - 1]! + 1
    const last = out[out.length - 1]
    if (last && last[1] >= s) last[1] = Math.max(last[1], e)
    else out.push([s, e])
  }
  return { text: [...text].filter((_, i) => kept[i]).join(''), spans: out }
}

describe('stripTerminalColour', () => {
  it("takes ripgrep's colour codes off a line and moves its match ranges with them", () => {
    const at = RG_LINE.indexOf('TODO')
    const second = RG_LINE.lastIndexOf('TODO')
    const r = stripTerminalColour(RG_LINE, [
      [at, at + 4],
      [second, second + 4],
    ])
    expect(r.text).toBe('    // TODO: handle the TODO list')
    expect(r.spans.map(([a, b]) => r.text.slice(a, b))).toEqual(['TODO', 'TODO'])
    expect(r.removed).toBe(RG_LINE.length - r.text.length)
  })

  it('leaves other escapes (shown as markers) and text without codes as they are', () => {
    const other = 'a\x1b[2Jb\x1b]0;title\x07c\x1b[10;20Hd'
    expect(stripTerminalColour(other).text).toBe(other)
    expect(stripTerminalColour('plain', [[1, 3]])).toEqual({ text: 'plain', spans: [[1, 3]], removed: 0 })
  })

  const piece = fc.oneof(
    fc.constantFrom(
      '\x1b[m',
      '\x1b[0m',
      '\x1b[1;31m',
      '\x1b[K',
      '\x1b[38:5:196m',
      '\x1b[2J',
      '\x1b[',
      '\x1b',
    ),
    fc.string({ maxLength: 4 }),
  )
  fcTest.prop([
    fc.array(piece, { maxLength: 12 }),
    fc.array(fc.tuple(fc.nat(60), fc.nat(60)), { maxLength: 6 }),
  ])('agrees with a unit-by-unit oracle on text and spans', (pieces, raw) => {
    const text = pieces.join('')
    const spans = clampRanges(raw, text.length)
    const got = stripTerminalColour(text, spans)
    const want = oracle(text, spans)
    expect(got.text).toBe(want.text)
    expect(got.spans).toEqual(want.spans)
    expect(got.removed).toBe(text.length - got.text.length)
  })
})

describe('shownMatch', () => {
  it('finds the query in the clean line when the match has no ranges', () => {
    const plan = planLiteral('TODO', { caseSensitive: true })
    if (!plan.ok) throw new Error(plan.reason)
    const shown = shownMatch({ path: 'a.ts', text: RG_LINE }, plan.plan)
    expect(shown.text).toBe('    // TODO: handle the TODO list')
    expect(shown.spans.map(([a, b]) => shown.text.slice(a, b))).toEqual(['TODO', 'TODO'])
  })
})
