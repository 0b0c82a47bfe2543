import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { applyDiffFile, splitLines } from './apply'
import {
  COMPUTE_DEFAULTS,
  type ComputedDiffLines,
  computeDiff,
  computeDiffSteps,
  diffLineIds,
  hunksFromOps,
} from './compute'
import { ADD, DEL } from './myers'
import {
  drain,
  parseUnifiedDiff,
  parseUnifiedDiffParts,
  parseUnifiedDiffPartsSteps,
  splitSteps,
} from './parse'
import { sideDocs, sideDocsSteps } from './sides'
import type { DiffHunk, DiffLine } from './types'
import { buildFileViews, buildFileViewsSteps, layoutSteps, splitRows, unifiedRows } from './view'

/** Runs steps to the end, counting the steps. */
function run<T>(steps: Generator<void, T, void>): { value: T; steps: number } {
  let n = 0
  for (;;) {
    const r = steps.next()
    if (r.done) return { value: r.value, steps: n }
    n++
  }
}

const kinds = fc.constantFrom('context' as const, 'add' as const, 'del' as const)

/** A patch of `files` files, each one hunk of `lines` changed lines (a removed line, an added line). */
function bigPatch(files: number, lines: number): string {
  let out = ''
  for (let f = 0; f < files; f++) {
    out += `diff --git a/src/f${f}.ts b/src/f${f}.ts\nindex 83db48f..e69de29 100644\n--- a/src/f${f}.ts\n+++ b/src/f${f}.ts\n`
    out += `@@ -1,${lines} +1,${lines} @@ f${f}\n`
    for (let i = 0; i < lines; i++) out += `-  old(${f}, ${i})\n+  next(${f}, ${i})\n`
  }
  return out
}

describe('splitSteps', () => {
  test.prop(
    [
      fc.string({ unit: fc.constantFrom('a', 'b', '\n', '\r'), maxLength: 300 }),
      fc.integer({ min: 1, max: 40 }),
    ],
    {
      numRuns: 500,
    },
  )('gives the lines of one split (no last empty line) for any slice size', (text, stepChars) => {
    const whole = text.split('\n')
    if (whole[whole.length - 1] === '') whole.pop()
    const { value, steps } = run(splitSteps(text, stepChars))
    expect(value).toEqual(whole)
    // one step per slice: a text longer than a slice takes more than one
    if (text.length > 2 * stepChars && text.split('\n').every((l) => l.length < stepChars))
      expect(steps).toBeGreaterThan(0)
  })
})

describe('the parser in steps', () => {
  it('reads a 1.4 MB patch over many steps, each file as when read alone', () => {
    const files = 7
    const patch = bigPatch(files, 5_000)
    const { value, steps } = run(parseUnifiedDiffPartsSteps(patch))
    // 256 KB slices of the split, then 8,192 lines a step
    expect(steps).toBeGreaterThan(8)
    expect(value.problems).toEqual([])
    expect(value.files).toHaveLength(files)
    for (let f = 0; f < files; f++) {
      const own = patch.slice(value.parts[f]!.from, value.parts[f]!.to)
      expect(own).toBe(bigPatch(f + 1, 5_000).slice(bigPatch(f, 5_000).length))
      expect(value.files[f]).toEqual(parseUnifiedDiff(own).files[0])
    }
  })

  test.prop([fc.array(kinds, { minLength: 1, maxLength: 60 }), fc.nat({ max: 80 }), fc.nat({ max: 80 })], {
    numRuns: 300,
  })(
    "a hunk whose header counts are wrong gets the counts of its lines; the file's counts are its lines'",
    (ks, oldN, newN) => {
      const body = ks.map((k, i) => `${k === 'add' ? '+' : k === 'del' ? '-' : ' '}line ${i}`).join('\n')
      const patch = `--- a/x.ts\n+++ b/x.ts\n@@ -1,${oldN} +1,${newN} @@\n${body}\n`
      const file = parseUnifiedDiffParts(patch).files[0]!
      const lines = file.hunks.flatMap((h) => h.lines)
      const count = (pred: (l: DiffLine) => boolean) => lines.filter(pred).length
      expect(file.additions).toBe(count((l) => l.kind === 'add'))
      expect(file.deletions).toBe(count((l) => l.kind === 'del'))
      // every hunk's counts are its lines' (a header read past or short of is counted again from them)
      for (const h of file.hunks) {
        expect(h.oldLines).toBe(h.lines.filter((l) => l.kind !== 'add').length)
        expect(h.newLines).toBe(h.lines.filter((l) => l.kind !== 'del').length)
      }
    },
  )
})

describe('layouts and side lines in steps', () => {
  const hunkOf = (ks: Array<'context' | 'add' | 'del'>, start: number): DiffHunk => ({
    oldStart: start,
    oldLines: ks.filter((k) => k !== 'add').length,
    newStart: start,
    newLines: ks.filter((k) => k !== 'del').length,
    header: '',
    lines: ks.map((kind, i) => ({ kind, text: `${kind} ${i}` })),
  })

  test.prop([fc.array(kinds, { maxLength: 80 }), fc.integer({ min: 1, max: 9 }), fc.nat({ max: 50 })], {
    numRuns: 500,
  })('a layout made in steps of any size is the layout made at once', (ks, step, start) => {
    const h = hunkOf(ks, start)
    const once = drain(layoutSteps(h, Number.MAX_SAFE_INTEGER))
    const { value, steps } = run(layoutSteps(h, step))
    expect(value).toEqual(once)
    expect(value.adds).toBe(ks.filter((k) => k === 'add').length)
    expect(value.dels).toBe(ks.filter((k) => k === 'del').length)
    if (ks.length > step * 2) expect(steps).toBeGreaterThan(0)
  })

  it("a hunk changed or replaced after its layout was made is laid out again (a caller's edit)", () => {
    const patch = '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n+b\n c\n@@ -9 +9 @@\n-y\n+z\n'
    const [view] = buildFileViews([{ path: 'x', patch }])
    const texts = (v: typeof view) => {
      const rows = unifiedRows(v!)
      return Array.from({ length: rows.count }, (_, i) => JSON.stringify(rows.row(i)))
    }
    const before = texts(view)
    // a line added to the first hunk by hand, the second hunk replaced by another object
    const hunks = view!.hunks as DiffHunk[]
    hunks[0]!.lines.push({ kind: 'add', text: 'added' })
    hunks[1] = {
      ...hunks[1]!,
      oldStart: 12,
      newStart: 12,
      lines: [
        { kind: 'del', text: 'q' },
        { kind: 'add', text: 'r' },
      ],
    }
    const after = texts(view)
    const fresh = texts({ ...view!, hunks: hunks.map((h) => ({ ...h, lines: [...h.lines] })) })
    expect(after).toEqual(fresh)
    expect(after).not.toEqual(before)
    expect(after.some((r) => r.includes('"added"'))).toBe(true)
  })

  it('views made in steps show the rows and side lines of views made at once', () => {
    const input = { path: 'src/f0.ts', patch: bigPatch(1, 20_000) }
    const { value: stepped, steps } = run(buildFileViewsSteps(input, 0))
    expect(steps).toBeGreaterThan(3)
    const plain = buildFileViews([input])
    expect(stepped).toEqual(plain)
    const [a, b] = [stepped[0]!, plain[0]!]
    for (const rows of [unifiedRows, splitRows] as const) {
      const ra = rows(a)
      const rb = rows(b)
      expect(ra.count).toBe(rb.count)
      for (const i of [0, 1, 2, 19_999, 20_000, 20_001, ra.count - 1]) expect(ra.row(i)).toEqual(rb.row(i))
    }
    // the side lines were made while reading: the render finds them
    expect(drain(sideDocsSteps(a))).toBe(sideDocs(a))
    expect(sideDocs(a).new.lines).toEqual(sideDocs(b).new.lines)
    expect(sideDocs(a).old.index(20_000)).toBe(19_999)
    expect(sideDocs(a).old.index(20_001)).toBeUndefined()
  })
})

describe('many small hunks', () => {
  it('50,000 hunks of two lines are laid out in steps, not in the step after the reading', () => {
    // (a sweep of unusual shapes on 2026-12-06: one file of 50,000 hunks held the page 112-122 ms of CPU)
    let patch = '--- a/src/big.ts\n+++ b/src/big.ts\n'
    for (let h = 0; h < 50_000; h++)
      patch += `@@ -${h * 10 + 1},1 +${h * 10 + 1},1 @@ f${h}()\n-  return old${h}\n+  return new${h}\n`
    const reading = run(parseUnifiedDiffPartsSteps(patch)).steps
    const { value, steps } = run(buildFileViewsSteps({ path: 'src/big.ts', patch }, 0))
    expect(value[0]!.hunks).toHaveLength(50_000)
    // the layouts and side lines of 50,000 hunks: more than 20 steps of their own
    expect(steps - reading).toBeGreaterThan(20)
  })
})

describe('computeDiff with one side empty (a new or a deleted file)', () => {
  const text = fc
    .array(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\r', '\n'), maxLength: 6 }), { maxLength: 30 })
    .map((ls) => ls.join('\n'))
  test.prop([text, fc.boolean()], { numRuns: 500 })(
    'every line added (or removed) in one hunk, and the hunks rebuild the other side',
    (x, deleted) => {
      const [a, b] = deleted ? [x, ''] : ['', x]
      const d = computeDiff(a, b)
      const file = {
        oldPath: null,
        newPath: null,
        status: 'modified' as const,
        additions: 0,
        deletions: 0,
        hunks: d.hunks,
      }
      expect(applyDiffFile(a, file)).toEqual({ ok: true, text: b })
      const lines = d.hunks.flatMap((h) => h.lines)
      expect(lines.every((l) => l.kind === (deleted ? 'del' : 'add'))).toBe(true)
      expect(d.hunks.length).toBe(x === '' ? 0 : 1)
      expect(deleted ? d.deletions : d.additions).toBe(lines.length)
      expect(d.notice).toBeUndefined()
    },
  )
})

/**
 * computeDiff as it was before it ran in steps: every line of both sides interned, then aligned. The
 * steps compare the shared start and end as strings and intern only what is between: the same hunks.
 */
function computeDiffAtOnce(oldText: string, newText: string, budget: number = COMPUTE_DEFAULTS.budget) {
  if (oldText === newText) return { hunks: [], additions: 0, deletions: 0, replacedLines: 0 }
  const o = splitLines(oldText)
  const n = splitLines(newText)
  const ids = new Map<string, number>()
  const intern = (lines: string[], final: boolean) =>
    Int32Array.from(lines, (l, i) => {
      const key = !final && i === lines.length - 1 ? `\n${l}` : l
      if (!ids.has(key)) ids.set(key, ids.size)
      return ids.get(key)!
    })
  const A = intern(o.lines, o.finalNewline)
  const B = intern(n.lines, n.finalNewline)
  const work = { left: budget }
  const { ops, replacedLines, aligned } = diffLineIds(
    A,
    B,
    ids.size,
    work,
    COMPUTE_DEFAULTS.maxEditsPerRegion,
  )
  const hunks = hunksFromOps(ops, o.lines, n.lines, o.finalNewline, n.finalNewline, COMPUTE_DEFAULTS.context)
  const d: ReturnType<typeof computeDiff> = {
    hunks,
    additions: ops.filter((op) => op === ADD).length,
    deletions: ops.filter((op) => op === DEL).length,
    replacedLines,
  }
  if (replacedLines > 0) d.notice = aligned ? 'approximate' : 'replaced'
  return d
}

describe('computeDiff in steps', () => {
  // few distinct lines, so that sides share starts, ends and lines in between; `\r`, spaces and a last
  // line with or without its newline
  const line = fc.constantFrom('a', 'b', 'c', 'a ', 'b\r', '', '}')
  const text = fc
    .tuple(fc.array(line, { maxLength: 40 }), fc.boolean())
    .map(([ls, nl]) => ls.join('\n') + (nl ? '\n' : ''))
  const edit = text.chain((a) =>
    fc.tuple(
      fc.constant(a),
      fc.oneof(
        text,
        fc
          .tuple(fc.nat(a.length), fc.nat(a.length), text)
          .map(([i, j, t]) => a.slice(0, Math.min(i, j)) + t + a.slice(Math.max(i, j))),
      ),
    ),
  )
  test.prop([edit], { numRuns: 1000 })('gives the hunks of the whole texts interned at once', ([a, b]) => {
    expect(computeDiff(a, b)).toEqual(computeDiffAtOnce(a, b))
  })

  test.prop([edit, fc.integer({ min: 1, max: 400 })], { numRuns: 300 })(
    'under a small work cap too (regions shown as replaced the same way)',
    ([a, b], budget) => {
      expect(computeDiff(a, b, { budget })).toEqual(computeDiffAtOnce(a, b, budget))
    },
  )

  it('diffs a one-line edit of a 6 MB file over many steps', () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `  const value${i} = compute(${i}) // ${i % 97}`)
    const old = `${lines.join('\n')}\n`
    lines[61_234] = '  changed()'
    const neu = `${lines.join('\n')}\n`
    const { value, steps } = run(computeDiffSteps(old, neu))
    expect(steps).toBeGreaterThan(10)
    expect(value.diff.hunks).toHaveLength(1)
    expect(value.diff.hunks[0]!.oldStart).toBe(61_235 - 3)
    expect([value.diff.additions, value.diff.deletions]).toEqual([1, 1])
    expect(value.oldLines).toEqual(splitLines(old).lines)
    expect(value.newLines).toEqual(splitLines(neu).lines)
    expect(
      applyDiffFile(old, {
        oldPath: null,
        newPath: null,
        status: 'modified',
        additions: 1,
        deletions: 1,
        hunks: value.diff.hunks,
      }),
    ).toEqual({ ok: true, text: neu })
  })

  it('a new file of 100,000 lines: one hunk of every line, made over many steps', () => {
    const neu = Array.from({ length: 100_000 }, (_, i) => `line ${i}`).join('\n')
    const { value, steps } = run(computeDiffSteps('', neu))
    expect(steps).toBeGreaterThan(5)
    expect(value.diff.hunks).toHaveLength(1)
    expect(value.diff.hunks[0]!.lines).toHaveLength(100_000)
    expect(value.diff.hunks[0]!.lines.at(-1)).toEqual({ kind: 'add', text: 'line 99999', noNewline: true })
  })

  // Work per step counted, not timed: every array push between two steps (lines split, edit ops, hunk
  // lines). A step that pushed the 200,000 added lines' ops in one go was a 26-37 ms task in Chromium.
  it.each([
    ['a new file of 200,000 lines', '', 0],
    ['a deleted file of 200,000 lines', 'x', 0],
    ['a file of one line that becomes 200,000 lines', 'line 7\n', 0],
    ['a file of 200,000 lines, every one changed', 'y', 1],
  ] as const)('%s: at most 40,000 pushes a step', (_, other, mode) => {
    const big = `${Array.from({ length: 200_000 }, (_, i) => `line ${i}`).join('\n')}\n`
    const changed = big.replaceAll('line', 'LINE')
    const [a, b] = mode === 1 ? [big, changed] : other === 'x' ? [big, ''] : [other, big]
    const push = Array.prototype.push
    let pushed = 0
    let most = 0
    let steps = 0
    Array.prototype.push = function (this: unknown[], ...items: unknown[]) {
      pushed += items.length
      return push.apply(this, items)
    }
    let value: ComputedDiffLines
    try {
      const g = computeDiffSteps(a, b)
      for (;;) {
        pushed = 0
        const r = g.next()
        most = Math.max(most, pushed)
        steps++
        if (r.done) {
          value = r.value
          break
        }
      }
    } finally {
      Array.prototype.push = push
    }
    expect(most).toBeLessThanOrEqual(40_000)
    expect(steps).toBeGreaterThan(20)
    const lines = value.diff.hunks.reduce((n, h) => n + h.lines.length, 0)
    expect(lines).toBeGreaterThanOrEqual(200_000)
  })
})
