import { fc, test as fcTest } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import {
  buildRows,
  clampRanges,
  createSearchIndex,
  extendSearchIndex,
  filterGroups,
  findLiteral,
  formatCount,
  groupMatches,
  layoutRows,
  matchSpans,
  planLiteral,
  rowAt,
  type SearchMatchInput,
  splitBySpans,
  summarize,
  summaryText,
  truncationText,
  windowLine,
} from './index'

/** Independent oracle: which code units of a line of `length` the ranges cover, position by position. */
function coverage(ranges: Array<[number, number]>, length: number): boolean[] {
  const covered = new Array<boolean>(length).fill(false)
  for (const [a, b] of ranges) {
    if (Number.isNaN(a) || Number.isNaN(b)) continue
    const lo = Math.min(a, b)
    const hi = Math.max(a, b)
    for (let i = 0; i < length; i++) {
      // code unit i spans [i, i+1): covered when it overlaps [lo, hi)
      if (i + 1 > lo && i < hi) covered[i] = true
    }
  }
  return covered
}

function spansCoverage(spans: ReadonlyArray<readonly [number, number]>, length: number): boolean[] {
  const covered = new Array<boolean>(length).fill(false)
  for (const [a, b] of spans) for (let i = a; i < b; i++) covered[i] = true
  return covered
}

const position = fc.oneof(
  fc.integer({ min: -50, max: 150 }),
  fc.double({ min: -50, max: 150, noNaN: true }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0),
)

describe('clampRanges', () => {
  it('swaps a reversed range, clamps negative and past-the-end positions, drops NaN and empties', () => {
    expect(clampRanges([[5, 2]], 10)).toEqual([[2, 5]])
    expect(clampRanges([[-4, 3]], 10)).toEqual([[0, 3]])
    expect(clampRanges([[7, 99]], 10)).toEqual([[7, 10]])
    expect(clampRanges([[Number.NaN, 3]], 10)).toEqual([])
    expect(clampRanges([[3, 3]], 10)).toEqual([])
    expect(clampRanges([[12, 20]], 10)).toEqual([])
    expect(clampRanges([[-9, -1]], 10)).toEqual([])
    expect(clampRanges([[1.5, 2.2]], 10)).toEqual([[1, 3]])
    expect(clampRanges([[Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]], 4)).toEqual([[0, 4]])
  })

  it('merges overlapping and touching ranges and sorts them', () => {
    expect(
      clampRanges(
        [
          [8, 9],
          [0, 2],
          [1, 4],
          [4, 5],
        ],
        10,
      ),
    ).toEqual([
      [0, 5],
      [8, 9],
    ])
  })

  it('ignores malformed entries without throwing', () => {
    expect(clampRanges('nope', 10)).toEqual([])
    expect(clampRanges([null, [1], ['1', 2], { 0: 1, 1: 2 }, [1, 2]], 10)).toEqual([[1, 2]])
    expect(clampRanges([[1, 2]], 0)).toEqual([])
    expect(clampRanges([[1, 2]], Number.NaN)).toEqual([])
  })

  it('widens a range that splits a surrogate pair to the whole pair', () => {
    const text = 'a😀b' // a, high, low, b
    expect(clampRanges([[2, 4]], text.length, text)).toEqual([[1, 4]])
    expect(clampRanges([[0, 2]], text.length, text)).toEqual([[0, 3]])
  })

  fcTest.prop([fc.array(fc.tuple(position, position), { maxLength: 30 }), fc.integer({ min: 0, max: 100 })])(
    'output is sorted, disjoint, in bounds, and covers exactly the in-bounds units of the input',
    (ranges, length) => {
      const spans = clampRanges(ranges, length)
      let prevEnd = -1
      for (const [a, b] of spans) {
        expect(Number.isInteger(a) && Number.isInteger(b)).toBe(true)
        expect(a).toBeGreaterThanOrEqual(0)
        expect(b).toBeLessThanOrEqual(length)
        expect(a).toBeLessThan(b)
        expect(a).toBeGreaterThan(prevEnd) // disjoint and not touching (touching ones merge)
        prevEnd = b
      }
      expect(spansCoverage(spans, length)).toEqual(coverage(ranges, length))
    },
  )

  fcTest.prop([fc.string({ unit: 'grapheme', maxLength: 20 }), fc.array(fc.tuple(position, position))])(
    'never cuts a surrogate pair in half',
    (text, ranges) => {
      for (const [a, b] of clampRanges(ranges, text.length, text)) {
        for (const at of [a, b]) {
          if (at > 0 && at < text.length) {
            const low = text.charCodeAt(at)
            const high = text.charCodeAt(at - 1)
            expect(low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff).toBe(false)
          }
        }
      }
    },
  )
})

describe('splitBySpans', () => {
  fcTest.prop([fc.string({ maxLength: 40 }), fc.array(fc.tuple(position, position), { maxLength: 8 })])(
    'pieces put together give the line back; matched pieces are the spans',
    (text, ranges) => {
      const spans = clampRanges(ranges, text.length)
      const pieces = splitBySpans(text, spans)
      expect(pieces.map((p) => p.text).join('')).toBe(text)
      expect(pieces.filter((p) => p.match).map((p) => p.text)).toEqual(
        spans.map(([a, b]) => text.slice(a, b)),
      )
    },
  )
})

describe('groupMatches', () => {
  it('groups by path in order of first appearance, counting matches and context lines', () => {
    const matches: SearchMatchInput[] = [
      { path: 'b.ts', line: 1, text: 'x' },
      { path: 'a.ts', line: 3, text: 'y', context: true },
      { path: 'b.ts', line: 9, text: 'z' },
      { path: 'a.ts', line: 4, text: 'y' },
    ]
    const groups = groupMatches(matches)
    expect(groups.map((g) => [g.path, g.items, g.matchCount, g.contextCount])).toEqual([
      ['b.ts', [0, 2], 2, 0],
      ['a.ts', [1, 3], 1, 1],
    ])
  })

  fcTest.prop([fc.array(fc.record({ path: fc.constantFrom('a', 'b', 'c/d', ''), context: fc.boolean() }))])(
    'every match lands in exactly one group, the group of its path, in input order',
    (matches) => {
      const groups = groupMatches(matches)
      const seen = groups.flatMap((g) => g.items)
      expect([...seen].sort((x, y) => x - y)).toEqual(matches.map((_, i) => i))
      expect(new Set(groups.map((g) => g.path)).size).toBe(groups.length)
      for (const g of groups) {
        for (const i of g.items) expect(matches[i]?.path).toBe(g.path)
        expect(g.items).toEqual([...g.items].sort((x, y) => x - y))
        expect(g.matchCount + g.contextCount).toBe(g.items.length)
      }
      const firstSeen = [...new Set(matches.map((m) => m.path))]
      expect(groups.map((g) => g.path)).toEqual(firstSeen)
    },
  )

  it('groups 100,000 matches in one pass', () => {
    const matches = Array.from({ length: 100_000 }, (_, i) => ({
      path: `f${i % 1000}.ts`,
      line: i,
      text: 'x',
    }))
    const groups = groupMatches(matches)
    expect(groups).toHaveLength(1000)
    expect(groups[0]?.items).toHaveLength(100)
  })
})

describe('filterGroups', () => {
  it('keeps groups whose path contains the filter, ignoring case', () => {
    const groups = groupMatches([{ path: 'src/App.tsx' }, { path: 'lib/app.ex' }, { path: 'README.md' }])
    expect(filterGroups(groups, 'APP').map((g) => g.path)).toEqual(['src/App.tsx', 'lib/app.ex'])
    expect(filterGroups(groups, '  ').length).toBe(3)
    expect(filterGroups(groups, 'zzz')).toEqual([])
  })
})

describe('summaries', () => {
  it('says 37 matches in 12 files and what was cut', () => {
    const matches = Array.from({ length: 500 }, (_, i) => ({ path: `f${i % 12}`, line: i + 1, text: 'q' }))
    const s = summarize('content', groupMatches(matches), { totalMatches: 12408, totalFiles: 40 })
    expect(summaryText(s)).toBe('12,408 matches in 40 files')
    expect(truncationText(s)).toBe('showing the first 500 of 12,408')
    const small = summarize('content', groupMatches(matches.slice(0, 37)))
    expect(summaryText(small)).toBe('37 matches in 12 files')
    expect(truncationText(small)).toBeUndefined()
  })

  it('does not count context lines as matches', () => {
    const s = summarize(
      'content',
      groupMatches([
        { path: 'a', line: 1, context: true },
        { path: 'a', line: 2 },
        { path: 'b', line: 1, context: true },
      ]),
    )
    expect([s.shownMatches, s.shownFiles]).toEqual([1, 1])
    expect(summaryText(s)).toBe('1 match in 1 file')
  })

  it('counts files in files mode and sums counts in count mode', () => {
    const files = summarize('files', groupMatches([{ path: 'a' }, { path: 'b' }]))
    expect(summaryText(files)).toBe('2 files')
    const counts = summarize(
      'count',
      groupMatches([
        { path: 'a', count: 4 },
        { path: 'b', count: 2 },
        { path: 'c', count: 0 },
      ]),
    )
    expect(summaryText(counts)).toBe('6 matches in 2 files')
  })

  it('says "no matches" and "no files" for empty results', () => {
    expect(summaryText(summarize('content', []))).toBe('no matches')
    expect(summaryText(summarize('files', []))).toBe('no files')
  })

  it('formats counts the same in every locale', () => {
    expect([0, 7, 999, 1000, 12408, 1234567, -4500].map((n) => formatCount(n))).toEqual([
      '0',
      '7',
      '999',
      '1,000',
      '12,408',
      '1,234,567',
      '-4,500',
    ])
  })
})

describe('buildRows', () => {
  const matches: SearchMatchInput[] = [
    { path: 'a', line: 1, text: 'x', context: true },
    { path: 'a', line: 2, text: 'x' },
    { path: 'a', line: 9, text: 'x' },
    { path: 'b', line: 5, text: 'x' },
  ]
  it('puts a file row before its lines, a gap where context lines jump, and hides collapsed files', () => {
    const groups = groupMatches(matches)
    expect(buildRows(groups, new Set()).map((r) => r.kind)).toEqual([
      'file',
      'line',
      'line',
      'gap',
      'line',
      'file',
      'line',
    ])
    expect(buildRows(groups, new Set(['a'])).map((r) => r.kind)).toEqual(['file', 'file', 'line'])
    expect(buildRows(groups, new Set(), { lines: false }).map((r) => r.kind)).toEqual(['file', 'file'])
  })
})

describe('literal matching', () => {
  it('matches a plain query literally, regex characters included', () => {
    const plan = planLiteral('a.b(', { regex: false, caseSensitive: true })
    expect(plan.ok).toBe(true)
    if (plan.ok) expect(findLiteral('xa.b(a.b(', plan.plan)).toEqual([[1, 9]])
  })

  it('turns a regex of literal text, escaped punctuation and alternatives into needles', () => {
    expect(planLiteral('attribute|accept|create')).toEqual({
      ok: true,
      plan: { needles: ['attribute', 'accept', 'create'], caseSensitive: 'smart' },
    })
    expect(planLiteral('priv/static/assets|/assets')).toMatchObject({
      plan: { needles: ['priv/static/assets', '/assets'] },
    })
    expect(planLiteral('a\\.b')).toMatchObject({ plan: { needles: ['a.b'] } })
  })

  it('refuses regexes that are not literal, so no highlight is guessed', () => {
    for (const q of [
      'TranscriptRenderer\\.render\\b',
      'agent-[a-z]',
      'length\\(',
      'a.*b',
      '^x',
      'a|',
      '(a|b)',
      'x\\',
    ]) {
      const r = planLiteral(q)
      if (q === 'length\\(') expect(r).toMatchObject({ ok: true, plan: { needles: ['length('] } })
      else expect(r.ok).toBe(false)
    }
    expect(planLiteral('').ok).toBe(false)
  })

  it('ignores case when asked, and with smart case only when the exact search finds nothing', () => {
    const insensitive = planLiteral('foo', { caseSensitive: false })
    const smart = planLiteral('foo')
    if (!insensitive.ok || !smart.ok) throw new Error('plan expected')
    expect(findLiteral('Foo foo', insensitive.plan)).toEqual([
      [0, 3],
      [4, 7],
    ])
    expect(findLiteral('Foo foo', smart.plan)).toEqual([[4, 7]])
    expect(findLiteral('FOO', smart.plan)).toEqual([[0, 3]])
  })

  it('does not lie about positions when lower-casing changes the length', () => {
    const plan = planLiteral('x', { caseSensitive: false })
    if (!plan.ok) throw new Error('plan expected')
    expect(findLiteral('\u0130x', plan.plan)).toEqual([])
  })

  fcTest.prop([fc.string({ maxLength: 60 }), fc.string({ minLength: 1, maxLength: 3 })])(
    'a single literal needle finds what an escaped global RegExp finds',
    (text, needle) => {
      const plan = planLiteral(needle, { regex: false, caseSensitive: true })
      if (!plan.ok) throw new Error('plan expected')
      const re = new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g')
      const expected: Array<[number, number]> = []
      for (const m of text.matchAll(re)) expected.push([m.index, m.index + m[0].length])
      expect(spansCoverage(findLiteral(text, plan.plan), text.length)).toEqual(
        spansCoverage(expected, text.length),
      )
    },
  )

  it('uses given ranges over the query, and leaves context lines plain', () => {
    const plan = planLiteral('b', { regex: false })
    if (!plan.ok) throw new Error('plan expected')
    expect(matchSpans({ path: 'a', text: 'abc', ranges: [[0, 1]] }, plan.plan)).toEqual([[0, 1]])
    expect(matchSpans({ path: 'a', text: 'abc' }, plan.plan)).toEqual([[1, 2]])
    expect(matchSpans({ path: 'a', text: 'abc', context: true }, plan.plan)).toEqual([])
    expect(matchSpans({ path: 'a', text: 'abc', ranges: [[-5, 99]] }, undefined)).toEqual([[0, 3]])
  })
})

describe('windowLine', () => {
  it('keeps short lines whole', () => {
    expect(windowLine('abc', [[1, 2]], 10)).toEqual({ text: 'abc', spans: [[1, 2]], start: 0, end: 3 })
  })
  it('shows the start of a long line when the first match is inside the window', () => {
    const w = windowLine('x'.repeat(50), [[5, 8]], 10)
    expect([w.start, w.end, w.spans]).toEqual([0, 10, [[5, 8]]])
  })
  it('moves the window to a match far along a long line and shifts the spans', () => {
    const text = `${'a'.repeat(5000)}NEEDLE${'b'.repeat(5000)}`
    const w = windowLine(text, [[5000, 5006]], 100, 10)
    expect(w.start).toBe(4990)
    expect(w.text.slice(w.spans[0]![0], w.spans[0]![1])).toBe('NEEDLE')
  })
  fcTest.prop([
    fc.string({ maxLength: 300 }),
    fc.array(fc.tuple(position, position), { maxLength: 5 }),
    fc.integer({ min: 1, max: 60 }),
  ])('the window is a slice of the line and its spans point at the same text', (text, ranges, limit) => {
    const spans = clampRanges(ranges, text.length, text)
    const w = windowLine(text, spans, limit)
    expect(w.text).toBe(text.slice(w.start, w.end))
    for (const [a, b] of w.spans) {
      expect(a).toBeGreaterThanOrEqual(0)
      expect(b).toBeLessThanOrEqual(w.text.length)
      expect(spans.some(([s, e]) => s <= a + w.start && b + w.start <= e)).toBe(true)
    }
  })
})

describe('incremental index and row layout', () => {
  const matchArb = fc.array(
    fc.record({
      path: fc.constantFrom('a', 'b', 'c'),
      line: fc.integer({ min: 1, max: 30 }),
      context: fc.boolean(),
      text: fc.constantFrom('x', 'y\u202e'),
    }),
    { maxLength: 60 },
  )

  fcTest.prop([matchArb, fc.array(fc.integer({ min: 0, max: 70 }), { maxLength: 6 })])(
    'building in slices gives the same groups as building at once',
    (matches, cuts) => {
      const index = createSearchIndex()
      for (const c of [...cuts].sort((x, y) => x - y)) extendSearchIndex(index, matches, c)
      extendSearchIndex(index, matches, matches.length)
      const once = createSearchIndex()
      extendSearchIndex(once, matches, matches.length)
      expect(index.groups).toEqual(once.groups)
      expect(index.done).toBe(matches.length)
      expect(index.bidi).toBe(matches.some((m) => m.text.includes('\u202e')))
    },
  )

  fcTest.prop([matchArb, fc.subarray(['a', 'b', 'c']), fc.boolean()])(
    'rowAt walks the same rows as a naive flattening',
    (matches, collapsedPaths, lines) => {
      const groups = groupMatches(matches)
      const collapsed = new Set(collapsedPaths)
      // oracle: flatten by hand
      const naive: string[] = []
      groups.forEach((g, gi) => {
        naive.push(`file ${gi}`)
        if (lines && !collapsed.has(g.path))
          for (const r of g.rows) naive.push(r < 0 ? `gap ${gi}` : `line ${gi} ${r}`)
      })
      const layout = layoutRows(groups, collapsed, { lines })
      expect(layout.total).toBe(naive.length)
      const walked = Array.from({ length: layout.total }, (_, i) => {
        const r = rowAt(layout, groups, i)!
        return r.kind === 'line' ? `line ${r.group} ${r.item}` : `${r.kind} ${r.group}`
      })
      expect(walked).toEqual(naive)
      expect(rowAt(layout, groups, layout.total)).toBeUndefined()
      expect(rowAt(layout, groups, -1)).toBeUndefined()
    },
  )
})
