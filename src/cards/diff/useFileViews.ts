import { useEffect, useMemo, useState } from 'react'
import type { DiffIntent } from '../../protocol'
import type { DiffFileView } from '../../text/diff'
import { buildFileViewsOf } from '../../text/diff/view'
import { afterPaint, inFrameTurn } from '../shared/frameTurn'
import { DIFF_FIRST_READ, DIFF_SLICE_READ } from './constants'

type Input = DiffIntent['files'][number]

export interface FileViews {
  views: DiffFileView[]
  /** Some files are not read yet (or read only in part): problems stay quiet, the card is busy. */
  reading: boolean
  /** The keys of the files not read yet: shown by name, their rows to come. */
  pending: ReadonlySet<string>
}

export interface Progress {
  files: DiffIntent['files']
  /** Views per input, in order; `undefined` for an input not read yet. */
  read: Array<DiffFileView[] | undefined>
  /** The first input was cut to `DIFF_FIRST_READ` and is still to be read whole. */
  cut: boolean
}

/** What reading an input costs, in characters (a whole-text pair is diffed: counted twice). */
function sizeOf(f: Input): number {
  const text =
    (typeof f.oldText === 'string' ? f.oldText.length : 0) +
    (typeof f.newText === 'string' ? f.newText.length : 0)
  return Math.max(256, (typeof f.patch === 'string' ? f.patch.length : 0) + 2 * text)
}

/** The first pass, in render: inputs up to `DIFF_FIRST_READ` characters (the first screen's worth). */
export function readFirst(files: DiffIntent['files']): Progress {
  const read: Progress['read'] = new Array(files.length).fill(undefined)
  let budget = DIFF_FIRST_READ
  let cut = false
  for (let i = 0; i < files.length && budget > 0; i++) {
    const f = files[i]!
    const size = sizeOf(f)
    if (i === 0 && typeof f.patch === 'string' && f.patch.length > DIFF_FIRST_READ) {
      // one long patch: its head now (whole lines), all of it in the next task
      read[0] = buildFileViewsOf(
        { ...f, patch: f.patch.slice(0, f.patch.lastIndexOf('\n', DIFF_FIRST_READ) + 1) },
        0,
      )
      cut = true
      break
    }
    if (i > 0 && size > budget) break
    read[i] = buildFileViewsOf(f, i)
    budget -= size
  }
  return { files, read, cut }
}

/** The next slice: inputs in order up to `DIFF_SLICE_READ` characters, or one input longer than that. */
export function readMore(p: Progress): Progress {
  const read = p.read.slice()
  if (p.cut) {
    read[0] = buildFileViewsOf(p.files[0]!, 0)
    return { files: p.files, read, cut: false }
  }
  let budget = DIFF_SLICE_READ
  let any = false
  for (let i = read.indexOf(undefined); i >= 0 && i < p.files.length; i++) {
    if (read[i] !== undefined) continue
    const size = sizeOf(p.files[i]!)
    // at least one file per slice; then only what fits
    if (any && size > budget) break
    read[i] = buildFileViewsOf(p.files[i]!, i)
    budget -= size
    any = true
  }
  return { files: p.files, read, cut: false }
}

export const done = (p: Progress): boolean => !p.cut && !p.read.includes(undefined)

/** A file not read yet: its name (and status, when the intent gives it), no rows. Same key as its view to come. */
export function placeholder(f: Input, index: number): DiffFileView {
  return {
    key: typeof f.patch === 'string' && f.patch !== '' ? `${index}.0` : `${index}`,
    oldPath: f.path,
    newPath: f.path,
    path: f.path,
    status: f.status ?? 'modified',
    additions: 0,
    deletions: 0,
    hunks: [],
    problems: [],
  }
}

/**
 * The files to show, read without a long task: the first pass (in render) reads files up to
 * `DIFF_FIRST_READ` characters, what the first screen needs; the rest are read `DIFF_SLICE_READ`
 * characters per task, and each task shows what it read. A single long patch is read up to
 * `DIFF_FIRST_READ` first (whole lines), then wholly in the next task. Meanwhile `reading` is true, files
 * not read yet are in `pending` (shown by name), and cut-off hunks are not reported.
 */
export function useFileViews(files: DiffIntent['files']): FileViews {
  const first = useMemo(() => readFirst(files), [files])
  const [progress, setProgress] = useState<Progress | null>(null)
  useEffect(() => {
    if (done(first)) return
    let current = first
    let live = true
    let cancel: () => void
    // A slice is read in a task and shown in its frame turn, so that no frame lays out two slices, or a
    // slice and another piece of screen work; the next slice is read after that frame.
    const step = () => {
      const next = readMore(current)
      inFrameTurn(() => {
        if (!live) return
        current = next
        setProgress(next)
        if (!done(next)) cancel = afterPaint(step)
      })
    }
    // the first slice after the first paint (read before it, it would hold that frame back)
    cancel = afterPaint(step)
    return () => {
      live = false
      cancel()
    }
  }, [first])
  const shown = progress && progress.files === files ? progress : first
  return useMemo(() => {
    const views: DiffFileView[] = []
    const pending = new Set<string>()
    shown.read.forEach((r, i) => {
      if (r) views.push(...r)
      else {
        const p = placeholder(files[i]!, i)
        pending.add(p.key)
        views.push(p)
      }
    })
    return { views, reading: !done(shown), pending }
  }, [shown, files])
}
