import { applyDiffFile, splitLines } from './apply'
import { type ComputedDiff, computeDiff } from './compute'
import { formatHunkHeader } from './format'
import { parseUnifiedDiff } from './parse'
import type { DiffFileStatus, DiffHunk, DiffProblem } from './types'

/** What the card gets for one file (the shape of the protocol's DiffFile, without importing it). */
export interface DiffFileInput {
  path: string
  oldPath?: string
  patch?: string
  oldText?: string | null
  newText?: string | null
  status?: DiffFileStatus
  language?: string
}

/** One file ready to show. */
export interface DiffFileView {
  key: string
  oldPath: string | null
  newPath: string | null
  /** The path to show and open: the new path, else the old. */
  path: string
  status: DiffFileStatus
  additions: number
  deletions: number
  hunks: DiffHunk[]
  problems: DiffProblem[]
  /** `replaced`/`approximate` from `computeDiff`'s work cap. */
  notice?: ComputedDiff['notice']
  /** The patch text, shown as raw text when it could not be read or is binary. */
  raw?: string
  /** Whole texts, when known: unchanged regions collapse and can be expanded. */
  oldLines?: string[]
  newLines?: string[]
  language?: string
}

/**
 * Turns the intent's files into files to show: patches are parsed (a patch may hold several files),
 * whole texts are diffed. A file still streaming (`partial`) keeps problems about a cut-off end quiet.
 */
export function buildFileViews(inputs: readonly DiffFileInput[]): DiffFileView[] {
  const out: DiffFileView[] = []
  inputs.forEach((f, index) => {
    const lang = f.language !== undefined ? { language: f.language } : {}
    if (typeof f.patch === 'string' && f.patch !== '') {
      const parsed = parseUnifiedDiff(f.patch)
      const oldText = typeof f.oldText === 'string' ? f.oldText : undefined
      if (parsed.files.length === 0) {
        out.push({
          key: `${index}`,
          oldPath: f.oldPath ?? f.path,
          newPath: f.path,
          path: f.path,
          status: f.status ?? 'modified',
          additions: 0,
          deletions: 0,
          hunks: [],
          problems: parsed.problems,
          raw: f.patch,
          ...lang,
        })
        return
      }
      parsed.files.forEach((p, k) => {
        const single = parsed.files.length === 1
        const fromParse = p.oldPath !== null || p.newPath !== null
        const view: DiffFileView = {
          key: `${index}.${k}`,
          oldPath: fromParse ? p.oldPath : (f.oldPath ?? f.path),
          newPath: fromParse ? p.newPath : f.path,
          path: (fromParse ? (p.newPath ?? p.oldPath) : f.path) ?? f.path,
          status: single && f.status ? f.status : fromParse ? p.status : statusOf(f),
          additions: p.additions,
          deletions: p.deletions,
          hunks: p.hunks,
          problems: single ? parsed.problems : [],
          ...lang,
        }
        if (p.binary || parsed.problems.length > 0) view.raw = f.patch
        if (single && oldText !== undefined && !p.binary) {
          const applied = applyDiffFile(oldText, p)
          if (applied.ok) {
            view.oldLines = splitLines(oldText).lines
            view.newLines = splitLines(applied.text).lines
          }
        }
        out.push(view)
      })
      if (parsed.files.length > 1 && parsed.problems.length > 0)
        out[out.length - 1]!.problems = parsed.problems
      return
    }
    const oldText = f.oldText ?? ''
    const newText = f.newText ?? ''
    const d = computeDiff(oldText, newText)
    const view: DiffFileView = {
      key: `${index}`,
      oldPath: f.oldText === null ? null : (f.oldPath ?? f.path),
      newPath: f.newText === null ? null : f.path,
      path: f.path,
      status: f.status ?? statusOf(f),
      additions: d.additions,
      deletions: d.deletions,
      hunks: d.hunks,
      problems: [],
      ...lang,
    }
    if (d.notice) view.notice = d.notice
    if (typeof f.oldText === 'string' || typeof f.newText === 'string') {
      view.oldLines = splitLines(oldText).lines
      view.newLines = splitLines(newText).lines
    }
    out.push(view)
  })
  return out
}

function statusOf(f: DiffFileInput): DiffFileStatus {
  if (f.oldText === null) return 'added'
  if (f.newText === null) return 'deleted'
  if (f.oldPath !== undefined && f.oldPath !== f.path) return 'renamed'
  return 'modified'
}

/** A row of the unified view. */
export type DiffRow =
  | { type: 'hunk'; hunk: number; text: string }
  | {
      type: 'gap'
      /** Stable id for expanding: `g<hunk index>` before a hunk, `gend` after the last. */
      id: string
      count: number
      oldStart: number
      newStart: number
    }
  | {
      type: 'line'
      kind: 'context' | 'add' | 'del'
      oldNo?: number
      newNo?: number
      text: string
      noNewline?: true
      /** Index of the (removed, added) pair this line belongs to, for word-level marks. */
      pair?: number
    }

export type DiffLineRow = Extract<DiffRow, { type: 'line' }>

/** One side of a split row. */
export interface SplitCell {
  kind: 'context' | 'add' | 'del'
  no: number
  text: string
  noNewline?: true
}

/** A row of the split view: a hunk header or gap spans both sides. */
export type SplitRow =
  | Extract<DiffRow, { type: 'hunk' | 'gap' }>
  | { type: 'split'; left?: SplitCell; right?: SplitCell; pair?: number }

export interface DiffRows {
  unified: DiffRow[]
  split: SplitRow[]
  /** Removed/added line pairs, for word-level marks: [old text, new text]. */
  pairs: Array<[string, string]>
}

/**
 * Rows for both views. With whole texts, unchanged regions between hunks become `gap` rows (shown as
 * "expand N lines"), and gaps in `expanded` are shown as context lines; without them, hunk headers.
 */
export function buildRows(file: DiffFileView, expanded: ReadonlySet<string> = EMPTY): DiffRows {
  const unified: DiffRow[] = []
  const split: SplitRow[] = []
  const pairs: Array<[string, string]> = []
  const full = file.oldLines !== undefined && file.newLines !== undefined
  const oldLines = file.oldLines ?? []
  const newLines = file.newLines ?? []
  let prevOldEnd = 0 // last old line number covered
  let prevNewEnd = 0
  const emitGap = (id: string, oldFrom: number, newFrom: number, count: number) => {
    if (count <= 0) return
    if (expanded.has(id)) {
      for (let k = 0; k < count; k++) {
        const o = oldFrom + k
        const n = newFrom + k
        const text = oldLines[o - 1] ?? newLines[n - 1] ?? ''
        unified.push({ type: 'line', kind: 'context', oldNo: o, newNo: n, text })
        split.push({
          type: 'split',
          left: { kind: 'context', no: o, text },
          right: { kind: 'context', no: n, text: newLines[n - 1] ?? text },
        })
      }
      return
    }
    const row = { type: 'gap' as const, id, count, oldStart: oldFrom, newStart: newFrom }
    unified.push(row)
    split.push(row)
  }
  file.hunks.forEach((h, hi) => {
    const firstOld = h.oldLines === 0 ? h.oldStart + 1 : h.oldStart
    const firstNew = h.newLines === 0 ? h.newStart + 1 : h.newStart
    if (full) {
      emitGap(
        `g${hi}`,
        prevOldEnd + 1,
        prevNewEnd + 1,
        Math.min(firstOld - 1 - prevOldEnd, firstNew - 1 - prevNewEnd),
      )
    } else {
      const row = { type: 'hunk' as const, hunk: hi, text: formatHunkHeader(h) }
      unified.push(row)
      split.push(row)
    }
    let o = firstOld
    let n = firstNew
    const lines = h.lines
    let i = 0
    while (i < lines.length) {
      const l = lines[i]!
      if (l.kind === 'context') {
        const row: DiffLineRow = { type: 'line', kind: 'context', oldNo: o, newNo: n, text: l.text }
        if (l.noNewline) row.noNewline = true
        unified.push(row)
        const left: SplitCell = { kind: 'context', no: o, text: l.text }
        const right: SplitCell = { kind: 'context', no: n, text: l.text }
        if (l.noNewline) {
          left.noNewline = true
          right.noNewline = true
        }
        split.push({ type: 'split', left, right })
        o++
        n++
        i++
        continue
      }
      // A change block: removed lines, then added lines.
      const dels: Array<{ text: string; noNewline?: true }> = []
      const adds: Array<{ text: string; noNewline?: true }> = []
      while (i < lines.length && lines[i]!.kind === 'del') dels.push(lines[i++]!)
      while (i < lines.length && lines[i]!.kind === 'add') adds.push(lines[i++]!)
      const paired = Math.min(dels.length, adds.length)
      const pairBase = pairs.length
      for (let k = 0; k < paired; k++) pairs.push([dels[k]!.text, adds[k]!.text])
      dels.forEach((d, k) => {
        const row: DiffLineRow = { type: 'line', kind: 'del', oldNo: o + k, text: d.text }
        if (d.noNewline) row.noNewline = true
        if (k < paired) row.pair = pairBase + k
        unified.push(row)
      })
      adds.forEach((a, k) => {
        const row: DiffLineRow = { type: 'line', kind: 'add', newNo: n + k, text: a.text }
        if (a.noNewline) row.noNewline = true
        if (k < paired) row.pair = pairBase + k
        unified.push(row)
      })
      const rowsNeeded = Math.max(dels.length, adds.length)
      for (let k = 0; k < rowsNeeded; k++) {
        const row: Extract<SplitRow, { type: 'split' }> = { type: 'split' }
        const d = dels[k]
        const a = adds[k]
        if (d)
          row.left = { kind: 'del', no: o + k, text: d.text, ...(d.noNewline ? { noNewline: true } : {}) }
        if (a)
          row.right = { kind: 'add', no: n + k, text: a.text, ...(a.noNewline ? { noNewline: true } : {}) }
        if (k < paired) row.pair = pairBase + k
        split.push(row)
      }
      o += dels.length
      n += adds.length
    }
    prevOldEnd = o - 1
    prevNewEnd = n - 1
  })
  if (full)
    emitGap(
      'gend',
      prevOldEnd + 1,
      prevNewEnd + 1,
      Math.min(oldLines.length - prevOldEnd, newLines.length - prevNewEnd),
    )
  return { unified, split, pairs }
}

const EMPTY: ReadonlySet<string> = new Set()
