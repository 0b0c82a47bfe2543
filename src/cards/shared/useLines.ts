import { useEffect, useMemo, useReducer } from 'react'
import { usePaced } from './frameTurn'

/** Characters split in one task: a 16 MB file split at once took 24 ms of script and more of garbage collection. */
export const LINES_PER_TASK_CHARS = 512 * 1024

export interface Lines {
  /** The lines split so far (all of them once `reading` is false). The same array grows while reading. */
  lines: readonly string[]
  /** More lines are still to come (a long text is split a slice per task). */
  reading: boolean
}

/**
 * Lines of `text`, split at `\n` and `\r\n` as `text.split(/\r?\n/)` splits them (with `dropFinalEmpty`,
 * a final line break ends the last line instead of adding an empty one). A text longer than
 * `LINES_PER_TASK_CHARS` is split a slice per task, the first slice in the render: the first screen of a
 * 16 MB file shows at once, and no task splits more than one slice. All at once on a server, in jsdom
 * and when hydrating server HTML.
 */
export function useLines(text: string, dropFinalEmpty = false): Lines {
  const sliced = usePaced() && text.length > LINES_PER_TASK_CHARS
  // `split.at` is how far the text is split; the array grows in place (a render follows each slice)
  const split = useMemo(() => {
    const state = { lines: [] as string[], at: 0, text }
    if (!sliced) {
      state.lines = finish(text.split(/\r?\n/), dropFinalEmpty)
      state.at = text.length
    } else splitSlice(state, dropFinalEmpty)
    return state
  }, [text, sliced, dropFinalEmpty])
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  const reading = split.at < text.length
  useEffect(() => {
    if (!reading) return
    const timer = setTimeout(() => {
      splitSlice(split, dropFinalEmpty)
      rerender()
    }, 0)
    return () => clearTimeout(timer)
  })
  return { lines: split.lines, reading }
}

/** The whole split done slice by slice (for tests): the lines and how many slices it took. */
export function linesInSlices(
  text: string,
  sliceChars: number,
  dropFinalEmpty = false,
): { lines: string[]; slices: number } {
  const state = { lines: [] as string[], at: 0, text }
  let slices = 0
  do {
    splitSlice(state, dropFinalEmpty, sliceChars)
    slices++
  } while (state.at < text.length)
  return { lines: state.lines, slices }
}

function finish(lines: string[], dropFinalEmpty: boolean): string[] {
  if (dropFinalEmpty && lines.length > 1 && lines[lines.length - 1] === '') lines.pop()
  return lines
}

/** Splits the next slice: up to a line break near `LINES_PER_TASK_CHARS` on, or to the end. */
function splitSlice(
  state: { lines: string[]; at: number; text: string },
  dropFinalEmpty: boolean,
  sliceChars = LINES_PER_TASK_CHARS,
): void {
  const { text, at } = state
  const limit = at + sliceChars
  let end = text.length
  if (limit < text.length) {
    const before = text.lastIndexOf('\n', limit)
    // a line longer than a slice ends the slice at its own break
    const brk = before >= at ? before : text.indexOf('\n', limit)
    if (brk >= 0 && brk < text.length - 1) end = brk + 1
  }
  if (end >= text.length) {
    const rest = text.slice(at).split(/\r?\n/)
    for (const l of rest) state.lines.push(l)
    // a new array once complete: what memoizes on the lines sees the whole text
    state.lines = finish(state.lines.slice(), dropFinalEmpty)
    state.at = text.length
    return
  }
  const part = text.slice(at, end - 1).split(/\r?\n/)
  // `end - 1` is the line break: a `\r` before it belongs to the break
  const last = part.length - 1
  const tail = part[last]
  if (tail?.endsWith('\r')) part[last] = tail.slice(0, -1)
  // (the first slice is the lines: no copy in the render that shows them)
  if (at === 0) state.lines = part
  else for (const l of part) state.lines.push(l)
  state.at = end
}
