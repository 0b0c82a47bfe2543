import { drain } from './parse'
import type { DiffFileView } from './view'

/** The lines of one side of a file, for the highlighter. */
export interface SideDoc {
  lines: string[]
  /** Line number (1-based) → index in `lines`. */
  index: (no: number) => number | undefined
}

export interface SideDocs {
  old: SideDoc
  new: SideDoc
}

/** Lines copied per step of `sideDocsSteps`. */
const STEP_LINES = 16_384

const made = new WeakMap<DiffFileView, SideDocs>()

/**
 * The lines of each side, for the highlighter: the whole texts when known, else the hunks' lines. Made
 * once per view (kept while the view lives); `sideDocsSteps` makes them over several steps.
 */
export function sideDocs(file: DiffFileView): SideDocs {
  return drain(sideDocsSteps(file))
}

/** `sideDocs` in steps (a few thousand lines each), for a view with hundreds of thousands of lines. */
export function* sideDocsSteps(file: DiffFileView): Generator<void, SideDocs, void> {
  const known = made.get(file)
  if (known) return known
  let docs: SideDocs
  if (file.oldLines && file.newLines) {
    docs = {
      old: { lines: file.oldLines, index: (n) => n - 1 },
      new: { lines: file.newLines, index: (n) => n - 1 },
    }
  } else {
    // Line numbers run on within a hunk, so a number maps to (its hunk's start in the doc) + offset.
    const oldLines: string[] = []
    const newLines: string[] = []
    const oldFirst: number[] = []
    const newFirst: number[] = []
    const oldBase: number[] = []
    const newBase: number[] = []
    let work = 0
    for (const h of file.hunks) {
      oldFirst.push(h.oldLines === 0 ? h.oldStart + 1 : h.oldStart)
      newFirst.push(h.newLines === 0 ? h.newStart + 1 : h.newStart)
      oldBase.push(oldLines.length)
      newBase.push(newLines.length)
      for (const l of h.lines) {
        if (l.kind !== 'add') oldLines.push(l.text)
        if (l.kind !== 'del') newLines.push(l.text)
        if (++work === STEP_LINES) {
          work = 0
          yield
        }
      }
    }
    docs = {
      old: { lines: oldLines, index: finder(oldFirst, oldBase, oldLines.length) },
      new: { lines: newLines, index: finder(newFirst, newBase, newLines.length) },
    }
  }
  made.set(file, docs)
  return docs
}

/** Line number → index in a side's lines, from each hunk's first number and its first index. */
function finder(first: number[], base: number[], total: number) {
  return (no: number): number | undefined => {
    let lo = 0
    let hi = first.length - 1
    if (hi < 0 || no < first[0]!) return undefined
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (first[mid]! <= no) lo = mid
      else hi = mid - 1
    }
    const idx = base[lo]! + (no - first[lo]!)
    const end = lo + 1 < base.length ? base[lo + 1]! : total
    return idx < end ? idx : undefined
  }
}
