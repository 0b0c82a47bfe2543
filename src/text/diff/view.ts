import { applyDiffFile, splitLines } from './apply'
import { type ComputedDiff, computeDiffSteps } from './compute'
import { formatHunkHeader } from './hunkHeader'
import { drain, parseUnifiedDiffPartsSteps } from './parse'
import { sideDocsSteps } from './sides'
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
  /** `replaced`/`approximate` from `computeDiff`'s work cap; `combined`: a merge's diff, against its first parent. */
  notice?: ComputedDiff['notice'] | 'combined'
  /** The file's own part of the patch, shown as raw text when that part has a problem or is binary. */
  raw?: string
  /** How many lines `raw` holds (the parser counted them: a 16 MB text is not split again to count). */
  rawLines?: number
  /**
   * The file's own part of the patch as it came (git's extended headers and all), when the patch named the
   * file; the whole patch when no file could be read from it. `formatFileViews` copies it as is.
   */
  patch?: string
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
  for (let i = 0; i < inputs.length; i++) drain(viewSteps(inputs[i]!, i, out))
  return out
}

/**
 * The views of one input of `buildFileViews`, the one at `index` (which names their keys): the same
 * views, for a caller that reads a big diff one file at a time.
 */
export function buildFileViewsOf(f: DiffFileInput, index: number): DiffFileView[] {
  const out: DiffFileView[] = []
  drain(viewSteps(f, index, out))
  return out
}

/**
 * `buildFileViewsOf` in steps (the generator yields after each piece of work), for an input of megabytes
 * read over many tasks; it also makes what showing the views needs (each hunk's layout, each side's
 * lines), so that the render that shows them does not.
 */
export function* buildFileViewsSteps(f: DiffFileInput, index: number): Generator<void, DiffFileView[], void> {
  const out: DiffFileView[] = []
  yield* viewSteps(f, index, out)
  // a hunk costs its lines and its own arrays: 50,000 hunks of two lines are steps too, not one task
  let work = 0
  for (const view of out) {
    const cores = coresOf(view.hunks)
    for (let hi = 0; hi < view.hunks.length; hi++) {
      const h = view.hunks[hi]!
      if (cores[hi]?.of !== h) cores[hi] = yield* layoutSteps(h)
      work += h.lines.length + 16
      if (work >= LAYOUT_STEP) {
        work = 0
        yield
      }
    }
    yield* sideDocsSteps(view)
  }
  return out
}

function* viewSteps(f: DiffFileInput, index: number, out: DiffFileView[]): Generator<void, void, void> {
  const lang = f.language !== undefined ? { language: f.language } : {}
  if (typeof f.patch === 'string' && f.patch !== '') {
    const patch = f.patch
    const parsed = yield* parseUnifiedDiffPartsSteps(patch)
    // The intent names the file, so a patch of hunks alone (no ---/+++ lines) is normal here.
    if (parsed.files.length === 1 && parsed.files[0]!.oldPath === null && parsed.files[0]!.newPath === null) {
      const keep = (p: DiffProblem) => p.message !== 'hunk without a file header'
      parsed.problems = parsed.problems.filter(keep)
      parsed.parts[0]!.problems = parsed.parts[0]!.problems.filter(keep)
    }
    const oldText = typeof f.oldText === 'string' ? f.oldText : undefined
    if (parsed.files.length === 0) {
      out.push({
        // (the same key as a readable patch's first file: a caller may show the file before reading it)
        key: `${index}.0`,
        oldPath: f.oldPath ?? f.path,
        newPath: f.path,
        path: f.path,
        status: f.status ?? 'modified',
        additions: 0,
        deletions: 0,
        hunks: [],
        problems: parsed.problems,
        raw: patch,
        rawLines: parsed.lines,
        patch,
        ...lang,
      })
      return
    }
    const single = parsed.files.length === 1
    parsed.files.forEach((p, k) => {
      const part = parsed.parts[k]!
      // Paths come from the patch when it names the file (an empty or missing name does not).
      const fromParse = p.oldPath !== null || p.newPath !== null
      const view: DiffFileView = {
        key: `${index}.${k}`,
        oldPath: fromParse ? p.oldPath : p.status === 'added' ? null : (f.oldPath ?? f.path),
        newPath: fromParse ? p.newPath : p.status === 'deleted' ? null : f.path,
        path: (fromParse ? (p.newPath ?? p.oldPath) : f.path) ?? f.path,
        status: single && f.status ? f.status : fromParse || p.status !== 'modified' ? p.status : statusOf(f),
        additions: p.additions,
        deletions: p.deletions,
        hunks: p.hunks,
        problems: single ? parsed.problems : part.problems,
        ...lang,
      }
      if (p.parents) view.notice = 'combined'
      // Each file keeps its own text: a problem in one file of many shows that file's text, not the patch.
      const own = patch.slice(part.from, part.to)
      // a problem outside the file (text it could not read): with all of the text
      if (single && parsed.problems.length > part.problems.length) view.raw = patch
      else if (p.binary || part.problems.length > 0) {
        view.raw = own
        view.rawLines = part.lines
      }
      if (fromParse) view.patch = own
      if (single && oldText !== undefined && !p.binary) {
        const applied = applyDiffFile(oldText, p)
        if (applied.ok) {
          view.oldLines = splitLines(oldText).lines
          view.newLines = splitLines(applied.text).lines
        }
      }
      out.push(view)
    })
    if (!single) {
      // Problems of no one file (a `diff -c` notice, text that is no file's…) go with the last file.
      const owned = new Set<DiffProblem>()
      for (const part of parsed.parts) for (const p of part.problems) owned.add(p)
      const rest = parsed.problems.filter((p) => !owned.has(p))
      const last = out[out.length - 1]!
      if (rest.length > 0) {
        // with all of the text: what could not be read is in no file's part
        last.problems = [...last.problems, ...rest]
        last.raw = patch
        last.rawLines = parsed.lines
      }
    }
    return
  }
  const oldText = f.oldText ?? ''
  const newText = f.newText ?? ''
  const { diff: d, oldLines, newLines } = yield* computeDiffSteps(oldText, newText)
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
    view.oldLines = oldLines
    view.newLines = newLines
  }
  out.push(view)
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
      /** Id of the (removed, added) pair this line belongs to, for word-level marks. */
      pair?: number
      /** The other line of the pair. */
      pairWith?: string
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

/** Line numbers and pairing of one hunk's lines, in typed arrays (no object per line). */
interface LayoutCore {
  /** The hunk it is the layout of. */
  of: DiffHunk
  firstOld: number
  firstNew: number
  oldNo: Int32Array
  newNo: Int32Array
  /** The paired line's index in the hunk, or -1. */
  partner: Int32Array
  /** Split rows: line index on each side, -1 for an empty half. */
  left: Int32Array
  right: Int32Array
  adds: number
  dels: number
}

/**
 * A hunk's layout where the file shows it: the core by reference (a copy of its fields per hunk made
 * 50,000 objects of 14 fields for a 50,000-hunk file in the render that shows it).
 */
interface HunkLayout {
  core: LayoutCore
  hunk: DiffHunk
  /** Id of the hunk's first line among all lines of the file (pair ids). */
  base: number
}

type Segment =
  | { type: 'gap'; row: Extract<DiffRow, { type: 'gap' }> }
  | { type: 'hunk'; hunk: number }
  | { type: 'context'; oldStart: number; newStart: number; count: number }
  | { type: 'lines'; layout: HunkLayout }

/**
 * The rows of one view of a file, made on demand: `row(i)` builds only the rows that are shown, so a
 * 30,000-line hunk costs a few typed arrays, not 30,000 objects. With whole texts, unchanged regions
 * between hunks are `gap` rows ("expand N lines"); gaps in `expanded` are shown as context lines;
 * without whole texts, hunk headers.
 */
export interface DiffRowModel<R> {
  count: number
  row(index: number): R
}

/** Lines laid out per step of `layoutSteps`. */
const LAYOUT_STEP = 32_768

/**
 * Each hunk's layout, made once (a view's hunks do not change once read), kept per list of hunks: one
 * weak entry per file, not per hunk. (A weak map of 50,000 hunks cost every major GC 41-48 ms of
 * ephemeron marking, in one task: the longest of a 50,000-hunk diff.)
 */
const layouts = new WeakMap<readonly DiffHunk[], Array<LayoutCore | undefined>>()

function coresOf(hunks: readonly DiffHunk[]): Array<LayoutCore | undefined> {
  let cores = layouts.get(hunks)
  if (!cores) {
    cores = []
    layouts.set(hunks, cores)
  }
  return cores
}

function layoutHunk(hunks: readonly DiffHunk[], index: number, base: number): HunkLayout {
  const h = hunks[index]!
  const cores = coresOf(hunks)
  let core = cores[index]
  // (a hunk replaced or changed after its layout was made, by a caller's hand: made again)
  if (core?.of !== h || core.oldNo.length !== h.lines.length) {
    core = drain(layoutSteps(h))
    cores[index] = core
  }
  return { core, hunk: h, base }
}

/** A hunk's layout in steps of `step` lines (`LAYOUT_STEP`). Exported for tests. */
export function* layoutSteps(h: DiffHunk, step = LAYOUT_STEP): Generator<void, LayoutCore, void> {
  const n = h.lines.length
  const oldNo = new Int32Array(n)
  const newNo = new Int32Array(n)
  const partner = new Int32Array(n).fill(-1)
  const left = new Int32Array(n)
  const right = new Int32Array(n)
  let rows = 0
  let adds = 0
  let dels = 0
  const firstOld = h.oldLines === 0 ? h.oldStart + 1 : h.oldStart
  const firstNew = h.newLines === 0 ? h.newStart + 1 : h.newStart
  let o = firstOld
  let nn = firstNew
  let i = 0
  let work = 0
  const lines = h.lines
  while (i < n) {
    if (work >= step) {
      work = 0
      yield
    }
    const kind = lines[i]!.kind
    if (kind === 'context') {
      oldNo[i] = o++
      newNo[i] = nn++
      left[rows] = i
      right[rows] = i
      rows++
      i++
      work++
      continue
    }
    const ds = i
    // (one store a line: a run of 300,000 lines is a millisecond; its pairs below go in steps)
    while (i < n && lines[i]!.kind === 'del') oldNo[i++] = o++
    const as = i
    while (i < n && lines[i]!.kind === 'add') newNo[i++] = nn++
    const d = as - ds
    const a = i - as
    dels += d
    adds += a
    const m = Math.max(d, a)
    for (let k = 0; k < m; k++) {
      left[rows] = k < d ? ds + k : -1
      right[rows] = k < a ? as + k : -1
      if (k < d && k < a) {
        partner[ds + k] = as + k
        partner[as + k] = ds + k
      }
      rows++
      if (++work >= step) {
        work = 0
        yield
      }
    }
  }
  return {
    of: h,
    firstOld,
    firstNew,
    oldNo,
    newNo,
    partner,
    left: left.subarray(0, rows),
    right: right.subarray(0, rows),
    adds,
    dels,
  }
}

function segmentsOf(file: DiffFileView, expanded: ReadonlySet<string>): Segment[] {
  const segs: Segment[] = []
  const full = file.oldLines !== undefined && file.newLines !== undefined
  const oldCount = file.oldLines?.length ?? 0
  const newCount = file.newLines?.length ?? 0
  let prevOldEnd = 0
  let prevNewEnd = 0
  let base = 0
  const gap = (id: string, oldFrom: number, newFrom: number, count: number) => {
    if (count <= 0) return
    if (expanded.has(id)) segs.push({ type: 'context', oldStart: oldFrom, newStart: newFrom, count })
    else segs.push({ type: 'gap', row: { type: 'gap', id, count, oldStart: oldFrom, newStart: newFrom } })
  }
  file.hunks.forEach((h, hi) => {
    const layout = layoutHunk(file.hunks, hi, base)
    base += h.lines.length
    if (full) {
      gap(
        `g${hi}`,
        prevOldEnd + 1,
        prevNewEnd + 1,
        Math.min(layout.core.firstOld - 1 - prevOldEnd, layout.core.firstNew - 1 - prevNewEnd),
      )
    } else segs.push({ type: 'hunk', hunk: hi })
    segs.push({ type: 'lines', layout })
    prevOldEnd = layout.core.firstOld + (h.lines.length - layout.core.adds) - 1
    prevNewEnd = layout.core.firstNew + (h.lines.length - layout.core.dels) - 1
  })
  if (full)
    gap('gend', prevOldEnd + 1, prevNewEnd + 1, Math.min(oldCount - prevOldEnd, newCount - prevNewEnd))
  return segs
}

function rowModel<R>(
  segs: Segment[],
  sizeOf: (s: Segment) => number,
  make: (s: Segment, k: number) => R,
): DiffRowModel<R> {
  const starts = new Int32Array(segs.length + 1)
  for (let i = 0; i < segs.length; i++) starts[i + 1] = starts[i]! + sizeOf(segs[i]!)
  const count = starts[segs.length]!
  return {
    count,
    row(index: number): R {
      let lo = 0
      let hi = segs.length - 1
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1
        if (starts[mid]! <= index) lo = mid
        else hi = mid - 1
      }
      return make(segs[lo]!, index - starts[lo]!)
    },
  }
}

/** Rows of the unified view. */
export function unifiedRows(
  file: DiffFileView,
  expanded: ReadonlySet<string> = EMPTY,
): DiffRowModel<DiffRow> {
  const hunks = file.hunks
  const oldLines = file.oldLines ?? []
  const newLines = file.newLines ?? []
  return rowModel<DiffRow>(
    segmentsOf(file, expanded),
    (s) => (s.type === 'lines' ? s.layout.hunk.lines.length : s.type === 'context' ? s.count : 1),
    (s, k) => {
      switch (s.type) {
        case 'gap':
          return s.row
        case 'hunk':
          return { type: 'hunk', hunk: s.hunk, text: formatHunkHeader(hunks[s.hunk]!) }
        case 'context': {
          const o = s.oldStart + k
          const n = s.newStart + k
          return {
            type: 'line',
            kind: 'context',
            oldNo: o,
            newNo: n,
            text: oldLines[o - 1] ?? newLines[n - 1] ?? '',
          }
        }
        default: {
          const L = s.layout
          const l = L.hunk.lines[k]!
          const row: DiffLineRow = { type: 'line', kind: l.kind, text: l.text }
          if (l.kind !== 'add') row.oldNo = L.core.oldNo[k]!
          if (l.kind !== 'del') row.newNo = L.core.newNo[k]!
          if (l.noNewline) row.noNewline = true
          const p = L.core.partner[k]!
          if (p >= 0) {
            row.pair = L.base + Math.min(k, p)
            row.pairWith = L.hunk.lines[p]!.text
          }
          return row
        }
      }
    },
  )
}

/** Rows of the split view: removed lines on the left paired with added lines on the right. */
export function splitRows(file: DiffFileView, expanded: ReadonlySet<string> = EMPTY): DiffRowModel<SplitRow> {
  const hunks = file.hunks
  const oldLines = file.oldLines ?? []
  const newLines = file.newLines ?? []
  const cell = (L: HunkLayout, i: number, side: 'old' | 'new'): SplitCell => {
    const l = L.hunk.lines[i]!
    const c: SplitCell = {
      kind: l.kind,
      no: side === 'old' ? L.core.oldNo[i]! : L.core.newNo[i]!,
      text: l.text,
    }
    if (l.noNewline) c.noNewline = true
    return c
  }
  return rowModel<SplitRow>(
    segmentsOf(file, expanded),
    (s) => (s.type === 'lines' ? s.layout.core.left.length : s.type === 'context' ? s.count : 1),
    (s, k) => {
      switch (s.type) {
        case 'gap':
          return s.row
        case 'hunk':
          return { type: 'hunk', hunk: s.hunk, text: formatHunkHeader(hunks[s.hunk]!) }
        case 'context': {
          const o = s.oldStart + k
          const n = s.newStart + k
          const text = oldLines[o - 1] ?? newLines[n - 1] ?? ''
          return {
            type: 'split',
            left: { kind: 'context', no: o, text },
            right: { kind: 'context', no: n, text: newLines[n - 1] ?? text },
          }
        }
        default: {
          const L = s.layout
          const li = L.core.left[k]!
          const ri = L.core.right[k]!
          const row: Extract<SplitRow, { type: 'split' }> = { type: 'split' }
          if (li >= 0) row.left = cell(L, li, 'old')
          if (ri >= 0) row.right = cell(L, ri, 'new')
          if (li >= 0 && ri >= 0 && li !== ri) row.pair = L.base + Math.min(li, ri)
          return row
        }
      }
    },
  )
}

/** Every row of both views at once (tests, small files). */
export function buildRows(
  file: DiffFileView,
  expanded: ReadonlySet<string> = EMPTY,
): { unified: DiffRow[]; split: SplitRow[] } {
  const u = unifiedRows(file, expanded)
  const sp = splitRows(file, expanded)
  const unified: DiffRow[] = []
  const split: SplitRow[] = []
  for (let i = 0; i < u.count; i++) unified.push(u.row(i))
  for (let i = 0; i < sp.count; i++) split.push(sp.row(i))
  return { unified, split }
}

const EMPTY: ReadonlySet<string> = new Set()
