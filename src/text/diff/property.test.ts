import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { formatUnifiedDiff } from './format'
import { parseUnifiedDiff } from './parse'
import type { DiffHunk, DiffLine, ParsedDiffFile } from './types'

const lineText = fc.string({ unit: 'grapheme', maxLength: 20 }).filter((s) => !s.includes('\n'))
const diffLine: fc.Arbitrary<DiffLine> = fc
  .record({
    kind: fc.constantFrom('context' as const, 'add' as const, 'del' as const),
    text: fc.oneof(
      lineText,
      fc.constantFrom('--- a/x', '+++ b/x', '-- ', '++', '@@ -1 +1 @@', 'diff --git a/x b/x', ''),
    ),
    noNewline: fc.boolean(),
  })
  .map(({ kind, text, noNewline }) => (noNewline ? { kind, text, noNewline: true as const } : { kind, text }))

const hunk: fc.Arbitrary<DiffHunk> = fc
  .record({
    oldStart: fc.nat({ max: 100_000 }),
    newStart: fc.nat({ max: 100_000 }),
    header: fc.string({ unit: 'grapheme', maxLength: 30 }).filter((s) => !/[\n\r\u2028\u2029]/.test(s)),
    lines: fc.array(diffLine, { maxLength: 12 }),
  })
  .map(({ oldStart, newStart, header, lines }) => ({
    oldStart,
    oldLines: lines.filter((l) => l.kind !== 'add').length,
    newStart,
    newLines: lines.filter((l) => l.kind !== 'del').length,
    header,
    lines,
  }))

const path = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 16 })
  .filter((s) => s !== '/dev/null' && !s.includes('\n') && s.trim() === s && !/^[ab]\//.test(s))
const mode = fc.constantFrom('100644', '100755', '120000')
const hash = fc.constantFrom('0000000', '83db48f', 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391')

function counted(f: Omit<ParsedDiffFile, 'additions' | 'deletions'>): ParsedDiffFile {
  let additions = 0
  let deletions = 0
  for (const h of f.hunks)
    for (const l of h.lines) l.kind === 'add' ? additions++ : l.kind === 'del' && deletions++
  return { ...f, additions, deletions }
}

const gitFile: fc.Arbitrary<ParsedDiffFile> = fc
  .record({
    kind: fc.constantFrom('modified', 'added', 'deleted', 'renamed', 'copied', 'binary', 'modechange'),
    a: path,
    b: path,
    hunks: fc.array(hunk, { maxLength: 3 }),
    m1: mode,
    m2: mode,
    h1: hash,
    h2: hash,
    withIndex: fc.boolean(),
    sim: fc.integer({ min: 0, max: 100 }),
  })
  .map(({ kind, a, b, hunks, m1, m2, h1, h2, withIndex, sim }) => {
    const index = withIndex ? { oldHash: h1, newHash: h2 } : {}
    switch (kind) {
      case 'added':
        return counted({
          oldPath: null,
          newPath: b,
          status: 'added',
          hunks,
          newMode: m1,
          ...index,
          git: true,
        })
      case 'deleted':
        return counted({
          oldPath: a,
          newPath: null,
          status: 'deleted',
          hunks,
          oldMode: m1,
          ...index,
          git: true,
        })
      case 'renamed':
      case 'copied':
        return counted({
          oldPath: a,
          newPath: b === a ? `${b}2` : b,
          status: kind,
          hunks,
          similarity: sim,
          git: true,
        })
      case 'binary':
        return counted({
          oldPath: a,
          newPath: a,
          status: 'binary',
          hunks: [],
          binary: true,
          ...index,
          git: true,
        })
      case 'modechange':
        return counted({
          oldPath: a,
          newPath: a,
          status: 'modified',
          hunks,
          oldMode: m1,
          newMode: m2,
          git: true,
        })
      default:
        return counted({
          oldPath: a,
          newPath: a,
          status: 'modified',
          hunks,
          ...index,
          ...(withIndex ? { mode: m1 } : {}),
          git: true,
        })
    }
  })

const plainFile: fc.Arbitrary<ParsedDiffFile> = fc
  .record({
    side: fc.constantFrom('both', 'new', 'old'),
    a: path,
    b: path,
    hunks: fc.array(hunk, { minLength: 1, maxLength: 3 }),
  })
  .map(({ side, a, b, hunks }) =>
    counted({
      oldPath: side === 'new' ? null : a,
      newPath: side === 'old' ? null : b,
      status: side === 'both' ? 'modified' : side === 'new' ? 'added' : 'deleted',
      hunks,
    }),
  )

describe('parseUnifiedDiff properties', () => {
  test.prop([fc.string({ unit: 'binary', maxLength: 400 })])('never throws on arbitrary text', (s) => {
    const r = parseUnifiedDiff(s)
    expect(Array.isArray(r.files)).toBe(true)
  })

  const diffish = fc
    .tuple(
      fc.boolean(),
      fc.array(
        fc.oneof(
          fc.constantFrom(
            'diff --git a/x b/y',
            '--- a/x',
            '+++ b/x',
            '@@ -1,3 +1,2 @@',
            '@@ -0,0 +1 @@ h',
            '\\ No newline at end of file',
          ),
          fc.constantFrom(
            'rename from "\\',
            'new file mode 100644',
            'Binary files a and b differ',
            'GIT binary patch',
            'index 1..2',
          ),
          fc.string({ unit: 'binary', maxLength: 12 }).map((s) => ` ${s}`),
          fc.string({ unit: 'binary', maxLength: 12 }).map((s) => `+${s}`),
          fc.string({ unit: 'binary', maxLength: 12 }).map((s) => `-${s}`),
          fc.string({ unit: 'binary', maxLength: 12 }),
        ),
        { maxLength: 40 },
      ),
    )
    .map(([crlf, ls]) => ls.join(crlf ? '\r\n' : '\n'))
  test.prop([diffish])('never throws on diff-shaped junk, and counts match the lines', (s) => {
    const r = parseUnifiedDiff(s)
    for (const f of r.files) {
      let adds = 0
      for (const h of f.hunks) {
        expect(h.oldLines).toBe(h.lines.filter((l) => l.kind !== 'add').length)
        expect(h.newLines).toBe(h.lines.filter((l) => l.kind !== 'del').length)
        adds += h.lines.filter((l) => l.kind === 'add').length
      }
      expect(f.additions).toBe(adds)
    }
  })

  // A git header without hunks followed by `---`/`+++` is one file by definition, so a patch is all git or all plain.
  const patchFiles = fc.oneof(fc.array(gitFile, { maxLength: 5 }), fc.array(plainFile, { maxLength: 5 }))
  test.prop([patchFiles])('parse(format(files)) gives the files back', (files) => {
    const text = formatUnifiedDiff(files)
    const back = parseUnifiedDiff(text)
    expect(back.files).toEqual(files)
  })
})
