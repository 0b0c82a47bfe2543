import { useEffect, useMemo, useState } from 'react'
import type { DiffIntent } from '../../protocol'
import type { DiffFileView } from '../../text/diff'
import { buildFileViewsOf, buildFileViewsSteps } from '../../text/diff/view'
import { afterPaint, inFrameTurn, useFromServer } from '../shared/frameTurn'
import { DIFF_FIRST_READ, DIFF_FIRST_WHOLE, DIFF_SLICE_MS, DIFF_SLICE_READ } from './constants'

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
  /** Views per input, in order; `undefined` for an input not read yet (or only its head, see `reading`). */
  read: Array<DiffFileView[] | undefined>
  /**
   * An input longer than a slice, being read over several tasks: its steps so far. (The steps run on: a
   * progress with `reading` is read on once.)
   */
  reading?: { index: number; steps: Generator<void, DiffFileView[], void> }
}

/** What reading an input costs, in characters (a whole-text pair is diffed: counted twice). */
function sizeOf(f: Input): number {
  const text =
    (typeof f.oldText === 'string' ? f.oldText.length : 0) +
    (typeof f.newText === 'string' ? f.newText.length : 0)
  return Math.max(256, (typeof f.patch === 'string' ? f.patch.length : 0) + 2 * text)
}

/** The first `DIFF_FIRST_READ` characters (whole lines) of a text. */
const headOf = (text: string) => text.slice(0, text.lastIndexOf('\n', DIFF_FIRST_READ) + 1)

/**
 * What the first screen shows of a long input while it is read: a patch's head; a new (or deleted)
 * file's head, all its lines added (removed) as in the whole; nothing of two texts to align (its name).
 */
function firstHead(f: Input): Input | undefined {
  if (typeof f.patch === 'string' && f.patch !== '') return { ...f, patch: headOf(f.patch) }
  if (!f.oldText && typeof f.newText === 'string') return { ...f, newText: headOf(f.newText) }
  if (!f.newText && typeof f.oldText === 'string') return { ...f, oldText: headOf(f.oldText) }
  return undefined
}

/**
 * The first pass, in render: inputs up to `DIFF_FIRST_READ` characters (the first screen's worth); of
 * one longer patch, or whole texts longer than `DIFF_FIRST_WHOLE`, its head (`firstHead`), the whole to
 * be read in steps from the next task.
 */
export function readFirst(files: DiffIntent['files']): Progress {
  const read: Progress['read'] = new Array(files.length).fill(undefined)
  let budget = DIFF_FIRST_READ
  for (let i = 0; i < files.length && budget > 0; i++) {
    const f = files[i]!
    const size = sizeOf(f)
    if (i === 0 && (size > DIFF_FIRST_WHOLE || (typeof f.patch === 'string' && size > DIFF_FIRST_READ))) {
      const head = firstHead(f)
      if (head) read[0] = buildFileViewsOf(head, 0)
      // (a generator does nothing until asked: the render only makes it)
      return { files, read, reading: { index: 0, steps: buildFileViewsSteps(f, 0) } }
    }
    if (i > 0 && size > budget) break
    read[i] = buildFileViewsOf(f, i)
    budget -= size
  }
  return { files, read }
}

/**
 * The next slice: inputs in order up to `DIFF_SLICE_READ` characters; or `DIFF_SLICE_MS` of work on an input
 * longer than that (read in steps over several slices). When the slice only went on with a long input,
 * the progress keeps its `read` array (nothing new to show).
 */
export function readMore(p: Progress): Progress {
  const t0 = performance.now()
  const { files } = p
  const read = p.read.slice()
  let reading = p.reading
  if (!reading) {
    let budget = DIFF_SLICE_READ
    for (let i = read.indexOf(undefined); i >= 0 && i < files.length; i++) {
      if (read[i]) continue
      const size = sizeOf(files[i]!)
      // at least one file per slice; then only what fits
      if (budget < DIFF_SLICE_READ && size > budget) break
      if (size > DIFF_SLICE_READ) {
        // a long input: in steps, from this slice on
        reading = { index: i, steps: buildFileViewsSteps(files[i]!, i) }
        break
      }
      read[i] = buildFileViewsOf(files[i]!, i)
      budget -= size
    }
    if (!reading) return { files, read }
  }
  for (;;) {
    const r = reading.steps.next()
    if (r.done) {
      read[reading.index] = r.value
      return { files, read }
    }
    if (performance.now() - t0 >= DIFF_SLICE_MS) return { files, read: p.read, reading }
  }
}

export const done = (p: Progress): boolean => !p.reading && !p.read.includes(undefined)

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
  // on a server, and when hydrating its HTML, there is no later task: everything at once
  const fromServer = useFromServer()
  const first = useMemo(
    () => (fromServer ? { files, read: files.map((f, i) => buildFileViewsOf(f, i)) } : readFirst(files)),
    [files, fromServer],
  )
  const [progress, setProgress] = useState<Progress | null>(null)
  useEffect(() => {
    if (done(first)) return
    let current = first
    let live = true
    let cancel: () => void
    // A slice is read in a task and shown in its frame turn, so that no frame lays out two slices, or a
    // slice and another piece of screen work; the next slice is read after that frame. A slice that only
    // went on with a long input shows nothing: the next one follows in the next task.
    const step = () => {
      const next = readMore(current)
      if (next.read === current.read && !done(next)) {
        current = next
        // (a timer set from a timer waits at least 4 ms: the slices of a 16 MB patch take 2/3 of the core)
        const timer = setTimeout(step, 0)
        cancel = () => clearTimeout(timer)
        return
      }
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
