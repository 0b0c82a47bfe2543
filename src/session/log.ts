import { formatSize, LIMITS, type ParseOptions, parseSessionEvent, type SessionEvent } from '../protocol'

/**
 * The session log: JSONL, one session event a line (UTF-8, `\n` between lines, a `\r` before it and a
 * byte-order mark at the start tolerated, blank lines ignored). A log replayed with `foldSession` gives
 * the cards the session showed live.
 */

/** A line the reader skipped. */
export interface LogLineProblem {
  /** 1-based line number. */
  line: number
  /** Why, e.g. `not valid JSON: Unexpected end of JSON input` or `$.status: expected "completed" or ...`. */
  reason: string
}

export interface SessionLogReaderOptions {
  /**
   * Lines longer than this (in UTF-16 code units) are skipped without being held.
   * @default LIMITS.maxIntentSize
   */
  maxLineLength?: number
  /** Called for each skipped line, as it is skipped. */
  onProblem?: (problem: LogLineProblem) => void
  /** Limits for checking each event. */
  parse?: ParseOptions
}

/** A streaming reader: feed it text in chunks of any size (split anywhere); it returns the events of complete lines. */
export interface SessionLogReader {
  /** Reads a chunk; returns the events of the lines it completed, in order. */
  push(chunk: string): SessionEvent[]
  /** Ends the input: reads the last line when it has no newline. */
  end(): SessionEvent[]
  /** Lines skipped so far: the first `MAX_KEPT_LINE_PROBLEMS`; `problemCount` counts all. */
  readonly problems: readonly LogLineProblem[]
  readonly problemCount: number
  /** Lines completed so far. */
  readonly lines: number
}

/** Skipped lines a reader keeps in `problems` (a broken log stays cheap; `onProblem` sees them all). */
export const MAX_KEPT_LINE_PROBLEMS = 1000

export function createSessionLogReader(options: SessionLogReaderOptions = {}): SessionLogReader {
  const maxLineLength = options.maxLineLength ?? LIMITS.maxIntentSize
  const parseOptions = options.parse ?? {}
  const problems: LogLineProblem[] = []
  let problemCount = 0
  let line = 0
  // The current line's text so far, as parts (so that a long line in small chunks is not re-copied).
  let parts: string[] = []
  let partLength = 0
  // Set when the current line passed `maxLineLength`: the rest of it is dropped.
  let tooLong = false
  let ended = false

  function report(reason: string) {
    const problem = { line, reason }
    problemCount++
    if (problems.length < MAX_KEPT_LINE_PROBLEMS) problems.push(problem)
    options.onProblem?.(problem)
  }

  function finishLine(out: SessionEvent[]) {
    line++
    if (tooLong) {
      report(`longer than ${formatSize(maxLineLength)}; the limit is ${formatSize(maxLineLength)}`)
    } else {
      let text = parts.length === 1 ? parts[0]! : parts.join('')
      if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1)
      if (text.endsWith('\r')) text = text.slice(0, -1)
      if (text.trim() !== '') {
        const parsed = parseSessionEvent(text, parseOptions)
        if (parsed.ok) out.push(parsed.event)
        else report(parsed.problems.map(lineReason).join('; '))
      }
    }
    parts = []
    partLength = 0
    tooLong = false
  }

  function take(piece: string) {
    if (tooLong || piece === '') return
    if (partLength + piece.length > maxLineLength) {
      tooLong = true
      parts = []
      partLength = 0
      return
    }
    parts.push(piece)
    partLength += piece.length
  }

  return {
    push(chunk) {
      if (ended) throw new Error('createSessionLogReader: push after end')
      const out: SessionEvent[] = []
      let from = 0
      for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', from)) {
        take(chunk.slice(from, nl))
        finishLine(out)
        from = nl + 1
      }
      take(chunk.slice(from))
      return out
    },
    end() {
      if (ended) return []
      ended = true
      const out: SessionEvent[] = []
      if (partLength > 0 || tooLong) finishLine(out)
      return out
    },
    get problems() {
      return problems
    },
    get problemCount() {
      return problemCount
    },
    get lines() {
      return line
    },
  }
}

function lineReason(p: { path: string; message: string }): string {
  if (p.path !== '$') return `${p.path}: ${p.message}`
  return p.message.startsWith('is ') ? p.message.slice(3) : p.message
}

/** Reads a whole log at once. */
export function readSessionLog(
  text: string,
  options: SessionLogReaderOptions = {},
): { events: SessionEvent[]; problems: LogLineProblem[]; problemCount: number } {
  const reader = createSessionLogReader(options)
  const events = reader.push(text)
  events.push(...reader.end())
  return { events, problems: [...reader.problems], problemCount: reader.problemCount }
}

/**
 * Reads a log from a stream of text or UTF-8 bytes (a `fetch` body, a file stream, a socket), yielding
 * each event as soon as its line is complete. Skipped lines go to `options.onProblem`.
 */
export async function* streamSessionLog(
  source: AsyncIterable<string | Uint8Array>,
  options: SessionLogReaderOptions = {},
): AsyncGenerator<SessionEvent, void, undefined> {
  const reader = createSessionLogReader(options)
  const decoder = new TextDecoder('utf-8')
  for await (const chunk of source) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true })
    yield* reader.push(text)
  }
  yield* reader.push(decoder.decode())
  yield* reader.end()
}

/**
 * One event as one log line, with its newline. Lone surrogates are escaped (`\udc00`), so the line is valid
 * UTF-8. The log holds what JSON holds: `-0` is written as `0`, as `JSON.stringify` does.
 */
export function formatSessionLogLine(event: SessionEvent): string {
  return `${JSON.stringify(event)}\n`
}

/** A whole log. Throws only for values JSON cannot hold (a cycle, a bigint): a host's own bug, not untrusted input. */
export function writeSessionLog(events: Iterable<SessionEvent>): string {
  let out = ''
  for (const event of events) out += formatSessionLogLine(event)
  return out
}
