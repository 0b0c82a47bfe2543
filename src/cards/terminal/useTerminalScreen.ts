import { useEffect, useRef, useState } from 'react'
import { createTerminalScreen, type TerminalScreen, type TerminalScreenOptions } from '../../text/terminal'
import { useFromServer, useNextTask } from '../shared/frameTurn'

/**
 * Characters of output parsed per task in a browser: before the first paint, then one slice per task
 * until all is parsed. On a cold page the parser is not optimized yet (1 MB took 16 ms in the bench's
 * first task, which also mounts the card); warm, 256 KB takes 1-2 ms.
 */
export const TERMINAL_SLICE_WRITE = 256 * 1024

/**
 * A slice is written in pieces of this many characters and ends early once it has taken
 * `TERMINAL_SLICE_MS`: output dense in escape codes and links costs far more per character than text
 * (256 KB of OSC 8 links, 5,000 of them, took 22 ms where as much text takes 1-2 ms).
 */
export const TERMINAL_PIECE = 32 * 1024
/** How long a slice may write before it leaves the rest to the next task (ms). */
export const TERMINAL_SLICE_MS = 6

/**
 * Output longer than this (characters) is first parsed in the task after the card's first render, not
 * in it: in a new renderer process that first task compiles React's and the card's code (20-28 ms of
 * `V8.CompileCode` in the bench's new tab) and, with the parser's first use and slice, ran 40-56 ms.
 * Shorter output parses with the render (no empty frame for a few lines).
 */
export const TERMINAL_DEFER_ABOVE = 64 * 1024

interface Fed {
  screen: TerminalScreen
  /** The output fed so far (a prefix of the output to show). */
  text: string
  /** The last output this screen was checked against: the same string needs no prefix check again. */
  seen: string
  options: TerminalScreenOptions | undefined
}

export interface TerminalFeed {
  screen: TerminalScreen
  /** Output is still being parsed (a slice per task): the screen shows what has been read so far. */
  reading: boolean
  /** Parses the rest at once (for Copy, which must give all of it). */
  finish: () => void
}

/**
 * A terminal screen for one card instance, fed with `output`. When `output` grows (streaming: the new
 * string starts with the old one) only the new part is written: nothing before it is parsed again. Any
 * other change starts a new screen. Idempotent within a render: feeding the same string twice writes
 * nothing. In a browser at most `TERMINAL_SLICE_WRITE` characters (and `TERMINAL_SLICE_MS`) are written
 * per render, and renders follow one task apart until all is written (any split gives the same screen,
 * so the end is the same as writing it whole); on a server, and in a card hydrating its HTML, everything
 * is written at once.
 */
export function useTerminalScreen(output: string, options?: TerminalScreenOptions): TerminalFeed {
  const ref = useRef<Fed | null>(null)
  const [, setTick] = useState(0)
  let fed = ref.current
  // (`startsWith` on a 5 MB output is about 3 ms; renders that follow slices give the same string.)
  if (fed === null || fed.options !== options || (output !== fed.seen && !output.startsWith(fed.text))) {
    fed = { screen: createTerminalScreen(options), text: '', seen: '', options }
    ref.current = fed
  }
  fed.seen = output
  // a server writes it all; so does a card hydrating the server's HTML (its first render must build the
  // same), for its life
  const fromServer = useFromServer()
  const sliced = typeof window !== 'undefined' && !fromServer
  // (true at once on a server, when hydrating and where there is no layout: jsdom)
  const started = useNextTask(output.length > TERMINAL_DEFER_ABOVE)
  feed(fed, output, !started ? 0 : sliced ? TERMINAL_SLICE_WRITE : Number.POSITIVE_INFINITY)
  const reading = fed.text.length < output.length
  useEffect(() => {
    if (!reading) return
    const timer = setTimeout(() => setTick((n) => n + 1), 0)
    return () => clearTimeout(timer)
  })
  const current = fed
  return { screen: fed.screen, reading, finish: () => feed(current, output, Number.POSITIVE_INFINITY) }
}

/**
 * Writes up to `max` more characters of `output` (which starts with what was fed): all of them when
 * `max` is infinite, else piece by piece until `max` or `TERMINAL_SLICE_MS` (at least one piece).
 */
function feed(fed: Fed, output: string, max: number): void {
  let at = fed.text.length
  if (output.length <= at || max <= 0) return
  const end = Math.min(output.length, at + max)
  const until = performance.now() + TERMINAL_SLICE_MS
  do {
    const to = max === Number.POSITIVE_INFINITY ? end : Math.min(end, at + TERMINAL_PIECE)
    fed.screen.write(detach(output.slice(at, to)))
    at = to
  } while (at < end && performance.now() < until)
  fed.text = at === output.length ? output : output.slice(0, at)
}

/**
 * A copy of `s` that does not keep a larger string alive. The screen keeps slices of what it is given
 * (lazy lines keep their input); a suffix sliced from each new `output` would otherwise keep every
 * version of a streamed output in memory. (V8 flattens the concatenation into a new string.)
 */
function detach(s: string): string {
  return s.length < 16 ? s : ` ${s}`.slice(1)
}
