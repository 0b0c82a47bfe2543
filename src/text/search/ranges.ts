/** A matched span of a line: `[start, end)` in UTF-16 code units, `0 <= start < end <= line length`. */
export type MatchSpan = readonly [start: number, end: number]

/** At most this many spans are kept per line (a pathological match list stays bounded). */
export const MAX_SPANS_PER_LINE = 1000

/** Lines longer than this are not searched for the query literally (no highlight; the text still shows). */
export const MAX_LITERAL_LINE = 100_000

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}
function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

/** A position of `text`, moved back off the middle of a surrogate pair. */
function snapBack(text: string | undefined, i: number): number {
  if (!text || i <= 0 || i >= text.length) return i
  return isLow(text.charCodeAt(i)) && isHigh(text.charCodeAt(i - 1)) ? i - 1 : i
}
/** A position of `text`, moved forward off the middle of a surrogate pair. */
function snapForward(text: string | undefined, i: number): number {
  if (!text || i <= 0 || i >= text.length) return i
  return isLow(text.charCodeAt(i)) && isHigh(text.charCodeAt(i - 1)) ? i + 1 : i
}

function toPosition(value: unknown, length: number, round: (n: number) => number): number | undefined {
  if (typeof value !== 'number' || Number.isNaN(value)) return undefined
  if (value === Number.POSITIVE_INFINITY) return length
  if (value === Number.NEGATIVE_INFINITY) return 0
  const n = round(value)
  return Math.max(0, Math.min(n, length))
}

/**
 * Clamps untrusted match ranges to a line of `length` code units: a reversed range is swapped, negative
 * positions become 0, positions past the end become `length`, fractions widen to whole code units, NaN or
 * non-numbers drop the range, and a range that ends up empty is dropped. Ranges that split a surrogate
 * pair widen to the whole pair (when `text` is given). The result is sorted, non-overlapping (overlapping
 * and touching ranges merge) and holds at most `MAX_SPANS_PER_LINE` spans.
 */
export function clampRanges(ranges: unknown, length: number, text?: string): MatchSpan[] {
  if (!Array.isArray(ranges) || !(length > 0)) return []
  const spans: Array<[number, number]> = []
  // Bounded input work: a hostile list of a million ranges costs at most this many steps.
  const limit = Math.min(ranges.length, MAX_SPANS_PER_LINE * 10)
  for (let i = 0; i < limit; i++) {
    const r: unknown = ranges[i]
    if (!Array.isArray(r) || r.length < 2) continue
    const a = r[0] as unknown
    const b = r[1] as unknown
    if (typeof a !== 'number' || typeof b !== 'number' || Number.isNaN(a) || Number.isNaN(b)) continue
    const lo = Math.min(a, b)
    const hi = Math.max(a, b)
    const start = snapBack(text, toPosition(lo, length, Math.floor) ?? 0)
    const end = snapForward(text, toPosition(hi, length, Math.ceil) ?? 0)
    if (end > start) spans.push([start, end])
  }
  return mergeSpans(spans)
}

/** Sorts and merges overlapping or touching spans; keeps at most `MAX_SPANS_PER_LINE`. */
export function mergeSpans(spans: Array<[number, number]>): MatchSpan[] {
  spans.sort((x, y) => x[0] - y[0] || x[1] - y[1])
  const out: Array<[number, number]> = []
  for (const s of spans) {
    const last = out[out.length - 1]
    if (last && s[0] <= last[1]) {
      if (s[1] > last[1]) last[1] = s[1]
    } else {
      if (out.length >= MAX_SPANS_PER_LINE) break
      out.push([s[0], s[1]])
    }
  }
  return out
}

/** A piece of a line: plain text or a matched part. Concatenating `text` of all pieces gives the line. */
export interface LinePiece {
  text: string
  match: boolean
}

/** Cuts a line into plain and matched pieces along clamped spans. */
export function splitBySpans(text: string, spans: readonly MatchSpan[]): LinePiece[] {
  const pieces: LinePiece[] = []
  let at = 0
  for (const [start, end] of spans) {
    if (start > at) pieces.push({ text: text.slice(at, start), match: false })
    if (end > start) pieces.push({ text: text.slice(start, end), match: true })
    at = end
  }
  if (at < text.length || pieces.length === 0) pieces.push({ text: text.slice(at), match: false })
  return pieces
}

/**
 * The part of a long line to show: the first `limit` code units, or, when the first match starts past
 * the window, a window that starts a little before it. Spans are cut and shifted to the window. Short
 * lines come back whole.
 */
export function windowLine(
  text: string,
  spans: readonly MatchSpan[],
  limit: number,
  lead = 40,
): { text: string; spans: MatchSpan[]; start: number; end: number } {
  if (text.length <= limit) return { text, spans: spans.slice(), start: 0, end: text.length }
  const first = spans[0]
  let start = first && first[1] > limit ? Math.max(0, first[0] - lead) : 0
  let end = Math.min(text.length, start + limit)
  start = snapBack(text, start)
  end = snapForward(text, end)
  const shifted: MatchSpan[] = []
  for (const [a, b] of spans) {
    const s = Math.max(a, start)
    const e = Math.min(b, end)
    if (e > s) shifted.push([s - start, e - start])
  }
  return { text: text.slice(start, end), spans: shifted, start, end }
}

/**
 * The colour and erase-in-line codes a terminal tool writes around matches: SGR (`ESC[1;31m`, `ESC[m`,
 * `ESC[38:5:196m`) and EL (`ESC[K`), what `rg --color=always` and `grep --color=always` print.
 */
const TERMINAL_DRESS = /\x1b\[[\d;:]*[mK]/g

/**
 * A match line without the colour codes a terminal search tool wrote into it (`rg --color=always` read
 * as matches), and `spans` of the raw line moved onto the clean one. Shown as they are, each code is a
 * marker (`<U+001B>[1;31m`) and a line of ten coloured words is forty of them. Only SGR and EL go: any
 * other escape (a cursor move, a title, a link) stays and shows as a marker. A span inside a removed code
 * goes; one that covers a code shrinks by it. `removed` is how many code units went.
 */
export function stripTerminalColour(
  text: string,
  spans: readonly MatchSpan[] = [],
): { text: string; spans: MatchSpan[]; removed: number } {
  // each code: its raw start, its raw end, code units removed up to its end
  const cuts: number[] = []
  let removed = 0
  const out = text.replace(TERMINAL_DRESS, (code: string, at: number) => {
    removed += code.length
    cuts.push(at, at + code.length, removed)
    return ''
  })
  // a raw position's place in the clean text (inside a code: where the code was); spans come sorted
  let k = 0
  const place = (p: number): number => {
    while (k < cuts.length && cuts[k + 1]! <= p) k += 3
    const before = k > 0 ? cuts[k - 1]! : 0
    return (k < cuts.length && cuts[k]! < p ? cuts[k]! : p) - before
  }
  const moved: Array<[number, number]> = []
  for (const [a, b] of spans) {
    const s = place(a)
    const e = place(b)
    if (e > s) moved.push([s, e])
  }
  return { text: out, spans: mergeSpans(moved), removed }
}
