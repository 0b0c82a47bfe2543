import { cellWidth } from './width'

/**
 * One line of the screen as runs of text with one style each. A run is `simple` (x = false) when it
 * holds only printable ASCII, so a column is a string offset; otherwise (wide, combining or other
 * non-ASCII characters) columns are found by walking its code points. Runs never start with a
 * character that joins the previous cell, so a run's cells can always be walked on their own.
 */
export interface Run {
  t: string
  /** Style id (see StyleTable). */
  s: number
  /** Width in cells. */
  w: number
  /** Holds non-ASCII text: walk code points to find a column. */
  x: boolean
}

/** Complex runs are kept short so finding a column in them stays cheap. */
const COMPLEX_RUN_CHARS = 256

export class Line {
  runs: Run[] = []
  /** Width in cells. */
  w = 0
  /** The screen's cached reading of this line; dropped on every change. */
  view: unknown = undefined
  /**
   * Lazy line: `runs` is not built yet; `raw` is the input that printed it (text and the sequences
   * between), to be parsed from column `rawCol` in style `rawStyle` when the line is read or changed.
   */
  lazy = false
  raw = ''
  rawStyle = 0
  rawCol = 0
}

/**
 * A known run start (index, column) on one line, to find the next column quickly (writes are mostly
 * sequential). Valid only for `hintLine`; every change of that line's runs updates or drops it.
 */
let hintLine: Line | null = null
let hintI = 0
let hintC = 0

function setHint(line: Line, i: number, c: number): void {
  hintLine = line
  hintI = i
  hintC = c
}

function startsJoining(t: string): boolean {
  const c = t.charCodeAt(0)
  return c >= 0x300 && cellWidth(t.codePointAt(0)!) === 0
}

function canMerge(a: Run, b: Run): boolean {
  if (a.s !== b.s) return false
  if (!a.x && !b.x) return true
  return a.t.length < COMPLEX_RUN_CHARS && !startsJoining(b.t)
}

const SPACES = ' '.repeat(256)
export function spaces(n: number): string {
  if (n <= SPACES.length) return SPACES.slice(0, n)
  return ' '.repeat(n)
}

/** Appends at the end of the line. */
function append(line: Line, t: string, w: number, x: boolean, s: number): void {
  const runs = line.runs
  const last = runs[runs.length - 1]
  if (
    last !== undefined &&
    last.s === s &&
    ((!last.x && !x) || (last.t.length < COMPLEX_RUN_CHARS && !startsJoining(t)))
  ) {
    last.t += t
    last.w += w
    last.x = last.x || x
    // a hint at the end of the line no longer points at a run start
    if (hintLine === line && hintI >= runs.length) hintLine = null
  } else {
    runs.push({ t, s, w, x })
  }
  line.w += w
}

/**
 * Makes a run boundary at `col` (0 <= col < line.w) and returns the index of the run starting there.
 * A wide character cut in half becomes two spaces (as a terminal does when half of it is overwritten).
 */
function splitAt(line: Line, col: number): number {
  const runs = line.runs
  let i = hintLine === line ? hintI : 0
  let c = hintLine === line ? hintC : 0
  if (i > runs.length || c > col) {
    i = 0
    c = 0
  }
  for (;;) {
    const r = runs[i]
    if (r === undefined) {
      // never expected (col < line.w): start over from the first run rather than fail
      if (i === 0 || c === 0) return runs.length
      i = 0
      c = 0
      continue
    }
    if (c + r.w > col) break
    c += r.w
    i++
  }
  setHint(line, i, c)
  if (c === col) return i
  const r = runs[i]!
  const off = col - c
  let left: string
  let right: string
  if (!r.x) {
    left = r.t.slice(0, off)
    right = r.t.slice(off)
  } else {
    const t = r.t
    let pos = 0
    let acc = 0
    let cut = -1
    while (acc < off) {
      const cp = t.codePointAt(pos)!
      const cw = cellWidth(cp)
      const start = pos
      pos += cp > 0xffff ? 2 : 1
      while (pos < t.length) {
        const m = t.codePointAt(pos)!
        if (m < 0x300 || cellWidth(m) !== 0) break
        pos += m > 0xffff ? 2 : 1
      }
      if (cw === 2 && acc + 1 === off) {
        cut = start
        break
      }
      acc += cw === 0 ? 1 : cw
    }
    if (cut >= 0) {
      left = `${t.slice(0, cut)} `
      right = ` ${t.slice(pos)}`
    } else {
      left = t.slice(0, pos)
      right = t.slice(pos)
    }
  }
  const total = r.w
  r.t = left
  r.w = off
  runs.splice(i + 1, 0, { t: right, s: r.s, w: total - off, x: r.x })
  setHint(line, i + 1, col)
  return i + 1
}

/** Writes text of width `w` at `col`, overwriting what was there; pads with spaces when past the end. */
export function writeAt(line: Line, col: number, t: string, w: number, x: boolean, s: number): void {
  line.view = undefined
  if (col >= line.w) {
    if (col > line.w) append(line, spaces(col - line.w), col - line.w, false, 0)
    append(line, t, w, x, s)
    return
  }
  const runs = line.runs
  const i = splitAt(line, col)
  const end = col + w
  const j = end >= line.w ? runs.length : splitAt(line, end)
  let run: Run
  if (j - i === 1) {
    // replacing exactly one run (a redraw of the same span): reuse it
    run = runs[i]!
    run.t = t
    run.s = s
    run.w = w
    run.x = x
  } else {
    run = { t, s, w, x }
    runs.splice(i, j - i, run)
  }
  if (end > line.w) line.w = end
  // merge with the neighbours when they share the style
  let k = i
  let kc = col
  const next = runs[k + 1]
  if (next !== undefined && canMerge(run, next)) {
    run.t += next.t
    run.w += next.w
    run.x = run.x || next.x
    runs.splice(k + 1, 1)
  }
  const prev = runs[k - 1]
  if (prev !== undefined && canMerge(prev, run)) {
    kc -= prev.w
    prev.t += run.t
    prev.w += run.w
    prev.x = prev.x || run.x
    runs.splice(k, 1)
    k--
  }
  setHint(line, k, kc)
}

/** Adds a zero-width (combining) character to the cell just before `col`. */
export function joinBefore(line: Line, col: number, mark: string): void {
  if (col <= 0 || line.runs.length === 0) return
  line.view = undefined
  const at = col >= line.w ? line.runs.length : splitAt(line, col)
  const r = line.runs[at - 1]
  if (r === undefined) return
  r.t += mark
  r.x = true
}

/**
 * Takes out the cells from `col` to `end` (`col` <= `end` <= `line.w`) and puts `n` blanks of style `s`
 * there: delete characters (DCH, `n` 0) and insert blanks (ICH, `end` = `col`).
 */
export function spliceCells(line: Line, col: number, end: number, n: number, s: number): void {
  line.view = undefined
  const i = splitAt(line, col)
  const j = end >= line.w ? line.runs.length : splitAt(line, end)
  if (n > 0) line.runs.splice(i, j - i, { t: spaces(n), s, w: n, x: false })
  else line.runs.splice(i, j - i)
  line.w += n - (end - col)
  hintLine = null
}

/** Erases from `col` to the end of the line. */
export function truncateAt(line: Line, col: number): void {
  if (col >= line.w) return
  line.view = undefined
  if (col <= 0) {
    clearLine(line)
    return
  }
  const i = splitAt(line, col)
  line.runs.length = i
  line.w = col
}

export function clearLine(line: Line): void {
  line.view = undefined
  line.runs = []
  line.w = 0
  if (hintLine === line) hintLine = null
}
