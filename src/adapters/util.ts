import type {
  CallEndEvent,
  CallStartEvent,
  CallUpdateEvent,
  Checklist,
  DiffFile,
  JsonValue,
  RenderIntent,
  SearchMatch,
  SessionEvent,
  Spill,
} from '../protocol'
import { formatUnifiedDiff, parseUnifiedDiff } from '../text/diff'

/** A plain JSON object read from a foreign log (values not yet checked). */
export type Obj = Record<string, unknown>

/** A non-array object. False for a revoked Proxy (on which `Array.isArray` itself throws): nothing to read. */
export function isObj(v: unknown): v is Obj {
  if (v === null || typeof v !== 'object') return false
  try {
    return !Array.isArray(v)
  } catch {
    return false
  }
}

export function obj(v: unknown): Obj {
  return isObj(v) ? v : {}
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined
}

export function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined
}

export function int(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined
}

export function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : []
}

/** A value from `JSON.parse` is JSON; anything else (undefined) becomes null. */
export function json(v: unknown): JsonValue {
  return v === undefined ? null : (v as JsonValue)
}

/** A message's `content` as text: a string, or its `{type: "text", text}` parts joined. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content
  return arr(content)
    .map((c) => (obj(c).type === 'text' ? (str(obj(c).text) ?? '') : ''))
    .join('')
}

/** Parses JSON text; `undefined` when it is not JSON. */
/** Terminal escape sequences: CSI (colours, cursor moves), OSC (titles, links) and two-character escapes. */
const ESCAPES = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])|\x9b[0-?]*[ -/]*[@-~]/g

/**
 * A call's error as one line of plain text: the first line with a character other than white space, its
 * terminal escape sequences taken out (a failed test run's first line is coloured), at most 500 characters.
 */
export function errorLine(text: string): string {
  const plain = text.includes('\x1b') || text.includes('\x9b') ? text.replace(ESCAPES, '') : text
  const line =
    plain
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trimEnd() ?? ''
  return line.length > 500 ? `${line.slice(0, 500)}…` : line
}

export function tryParse(text: string): unknown {
  try {
    // a file saved with a byte-order mark (Windows tools write one): JSON.parse refuses it
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch {
    return undefined
  }
}

/** Splits JSONL text into parsed values; lines that are not JSON are counted, not thrown. */
export function parseJsonl(text: string): { values: unknown[]; badLines: number } {
  const values: unknown[] = []
  let badLines = 0
  // a caller in JavaScript may hand anything (undefined, an object, a Proxy): no text, no lines
  if (typeof text !== 'string') return { values, badLines }
  for (const line of text.split('\n')) {
    const t = line.trim()
    if (t === '') continue
    const v = tryParse(t)
    if (v === undefined) badLines++
    else values.push(v)
  }
  return { values, badLines }
}

/** Milliseconds since the epoch of an ISO timestamp, or undefined. */
export function timeOf(v: unknown): number | undefined {
  if (typeof v !== 'string') return undefined
  const t = Date.parse(v)
  return Number.isFinite(t) ? t : undefined
}

/** Drops keys whose value is undefined (the protocol uses `exactOptionalPropertyTypes`). */
export function clean<T extends object>(o: T): T {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v
  return out as T
}

export function callEvent(e: Omit<CallStartEvent, 'type'> & { intent?: RenderIntent }): CallStartEvent {
  return clean({ type: 'call', ...e }) as CallStartEvent
}

export function updateEvent(e: Omit<CallUpdateEvent, 'type'> & { intent?: RenderIntent }): CallUpdateEvent {
  return clean({ type: 'update', ...e }) as CallUpdateEvent
}

export function resultEvent(e: Omit<CallEndEvent, 'type'> & { intent?: RenderIntent }): CallEndEvent {
  return clean({ type: 'result', ...e }) as CallEndEvent
}

export function genericIntent(
  input: unknown,
  output?: unknown,
  extra: { title?: string; spill?: Spill; checklist?: Checklist } = {},
): RenderIntent {
  return clean({
    card: 'generic' as const,
    input: json(input),
    output: output === undefined ? undefined : json(output),
    ...extra,
  })
}

/** Strips one pair of surrounding Markdown code fences (```lang ... ```), as some agents wrap tool text. */
export function stripFence(text: string): string {
  const m = /^```[^\n]*\n([\s\S]*?)\n?```\s*$/.exec(text)
  return m ? m[1]! : text
}

/** Quotes an argv array as a POSIX shell line; `bash -lc X` becomes X. */
export function shellLine(argv: readonly unknown[]): string {
  const parts = argv.filter((a): a is string => typeof a === 'string')
  if (parts.length === 3 && /(^|\/)(ba|z|)sh$/.test(parts[0]!) && /^-l?c$/.test(parts[1]!)) return parts[2]!
  return parts
    .map((p) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`))
    .join(' ')
}

/**
 * Splits a multi-file unified diff (`diff --git` or `---`/`+++` headers) into one `DiffFile` per file, with
 * the kit's own diff parser (`parseUnifiedDiff` in `text/diff`, driven by the hunk headers' line counts), so
 * the adapters and the diff card read a patch the same way.
 */
export function splitUnifiedDiff(text: string): DiffFile[] {
  const out: DiffFile[] = []
  for (const f of parseUnifiedDiff(text.replace(/\r\n/g, '\n')).files) {
    const path = f.newPath ?? f.oldPath ?? ''
    const patch = formatUnifiedDiff([f]).replace(/\n$/, '')
    if (patch === '' && f.status !== 'binary') continue
    const file: DiffFile = { path, patch }
    if (f.status !== 'modified') file.status = f.status
    if (f.oldPath !== null && f.newPath !== null && f.oldPath !== f.newPath) file.oldPath = f.oldPath
    out.push(file)
  }
  return out
}

/**
 * A patch of hunks only gets `---`/`+++` lines naming the file, so that it is a whole unified diff of one
 * file (patches that already start with a header are left alone).
 */
export function withFileHeader(path: string, patch: string): string {
  if (patch.startsWith('--- ') || patch.startsWith('diff ')) return patch
  return `--- ${path}\n+++ ${path}\n${patch}`
}

/** Turns `[{oldStart, oldLines, newStart, newLines, lines}]` (a structured patch) into unified hunk text. */
export function structuredPatchText(hunks: unknown[]): string | undefined {
  const out: string[] = []
  for (const h of hunks) {
    const o = obj(h)
    const oldStart = int(o.oldStart)
    const newStart = int(o.newStart)
    const oldLines = int(o.oldLines)
    const newLines = int(o.newLines)
    const lines = arr(o.lines)
    if (oldStart === undefined || newStart === undefined || oldLines === undefined || newLines === undefined)
      return undefined
    out.push(`@@ -${oldStart},${oldLines} +${newStart},${newLines} @@`)
    for (const l of lines) if (typeof l === 'string') out.push(l)
  }
  return out.length > 0 ? out.join('\n') : undefined
}

/**
 * Finds the [start, end) ranges of `pattern` (a regular expression, else literal text) in `text`.
 * Bounded: lines over 10,000 characters and patterns JavaScript cannot read get no ranges.
 */
export function matchRanges(text: string, pattern: RegExp | null): Array<[number, number]> | undefined {
  if (!pattern || text.length > 10_000) return undefined
  const ranges: Array<[number, number]> = []
  pattern.lastIndex = 0
  for (let m = pattern.exec(text); m !== null && ranges.length < 200; m = pattern.exec(text)) {
    if (m[0].length === 0) {
      pattern.lastIndex++
      continue
    }
    ranges.push([m.index, m.index + m[0].length])
  }
  return ranges.length > 0 ? ranges : undefined
}

export function makeRegex(pattern: string, caseInsensitive: boolean): RegExp | null {
  if (pattern.length > 1000) return null
  try {
    return new RegExp(pattern, caseInsensitive ? 'gi' : 'g')
  } catch {
    try {
      return new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), caseInsensitive ? 'gi' : 'g')
    } catch {
      return null
    }
  }
}

/** The index of the next `:` or `-` of `line` from `from`, or -1. */
function nextSeparator(line: string, from: number): number {
  const colon = line.indexOf(':', from)
  const dash = line.indexOf('-', from)
  return colon < 0 ? dash : dash < 0 ? colon : Math.min(colon, dash)
}

/** One line of grep output as a match: its text's ranges of `pattern` unless it is a context line. */
export function grepMatch(
  path: string,
  line: number | undefined,
  text: string,
  context: boolean,
  pattern: RegExp | null,
): SearchMatch {
  const match: SearchMatch = { path, text }
  if (line !== undefined && line >= 1) match.line = line
  if (context) match.context = true
  else {
    const ranges = matchRanges(text, pattern)
    if (ranges) match.ranges = ranges
  }
  return match
}

/**
 * Reads grep/ripgrep output lines into matches: `path:12:text` (a match), `path-12-text` (a context line
 * of `-A/-B/-C`), `--` between groups; without line numbers (`lineNumbers: false`) `path:text` and
 * `path-text`; `12:text` / `12-text` when one file was searched (`defaultPath`, used when every line has
 * that form and one of them is a match). A name may hold `-12-` or `:` (a dated post, `v1-2-3.txt`): the
 * names of the match lines are read first, with the first `:N:` as the separator, and a line that starts
 * with one of those names followed by its separator belongs to it. A line's text may hold anything
 * (`\r` of a CR LF file, U+2028). A name that holds `:N:` itself cannot be told from the output alone.
 */
export function parseGrepLines(
  text: string,
  opts: { defaultPath?: string; pattern: RegExp | null; lineNumbers?: boolean },
): SearchMatch[] {
  const numbered = opts.lineNumbers !== false
  const lines = text.split('\n').filter((l) => l !== '' && l !== '--')
  // One file searched: every line `12:text` or `12-text`, and at least one match (grep prints context
  // only around a match): a folder whose files are named `001-init.sql` is not one file.
  if (
    opts.defaultPath !== undefined &&
    numbered &&
    lines.length > 0 &&
    lines.every((l) => /^\d+[:-]/.test(l)) &&
    lines.some((l) => /^\d+:/.test(l))
  ) {
    return lines.map((l) => {
      const m = /^(\d+)([:-])([\s\S]*)$/.exec(l)!
      return grepMatch(opts.defaultPath!, Number(m[1]), m[3]!, m[2] === '-', opts.pattern)
    })
  }
  // The names of the match lines, shortest first (a name that is another's start with a separator after
  // it is that other name's context line with a `:N:` in its text).
  const names = new Set<string>()
  for (const l of lines) {
    const m = numbered ? /^([\s\S]*?):\d+:/.exec(l) : /^((?:[A-Za-z]:[\\/])?[\s\S]*?):/.exec(l)
    if (m && m[1] !== '') names.add(m[1]!)
  }
  let longest = 0
  for (const n of names) longest = Math.max(longest, n.length)
  const out: SearchMatch[] = []
  for (const l of lines) {
    let read: { path: string; line?: number; text: string; context: boolean } | undefined
    // the shortest known name the line starts with, then its separator (a lookup per `:` or `-` of the
    // line's first `longest` characters, not a walk of every name: 100,000 lines of 1,000 files)
    for (let at = nextSeparator(l, 1); at > 0 && at <= longest; at = nextSeparator(l, at + 1)) {
      const name = l.slice(0, at)
      if (!names.has(name)) continue
      const sep = l[at]!
      const rest = l.slice(at + 1)
      if (numbered) {
        const n = (sep === ':' ? /^(\d+):([\s\S]*)$/ : /^(\d+)-([\s\S]*)$/).exec(rest)
        if (!n) continue
        read = { path: name, line: Number(n[1]), text: n[2]!, context: sep === '-' }
      } else read = { path: name, text: rest, context: sep === '-' }
      break
    }
    if (!read) {
      // no known name fits: the first `:N:` (or `-N-` for a context line), else the first colon
      const m = numbered ? /^([\s\S]*?)([:-])(\d+)\2([\s\S]*)$/.exec(l) : null
      if (m) read = { path: m[1]!, line: Number(m[3]), text: m[4]!, context: m[2] === '-' }
      else {
        const p = /^((?:[A-Za-z]:[\\/])?[\s\S]*?):([\s\S]*)$/.exec(l)
        read = p
          ? { path: p[1]!, text: p[2]!, context: false }
          : { path: opts.defaultPath ?? '', text: l, context: false }
      }
    }
    out.push(grepMatch(read.path, read.line, read.text, read.context, opts.pattern))
  }
  return out
}

/** Events in order plus the per-call ids seen, for adapters that build events step by step. */
export class EventSink {
  readonly events: SessionEvent[] = []
  private readonly started = new Set<string>()
  private readonly ended = new Set<string>()

  call(e: Parameters<typeof callEvent>[0]): void {
    if (this.started.has(e.id)) return
    this.started.add(e.id)
    this.events.push(callEvent(e))
  }

  update(e: Parameters<typeof updateEvent>[0]): void {
    if (!this.started.has(e.id) || this.ended.has(e.id)) return
    this.events.push(updateEvent(e))
  }

  result(e: Parameters<typeof resultEvent>[0]): void {
    if (!this.started.has(e.id) || this.ended.has(e.id)) return
    this.ended.add(e.id)
    this.events.push(resultEvent(e))
  }

  /**
   * Call `id` declined by the user, in a log that records only the refusal (Codex's "patch rejected by
   * user"): an approval with its one reject option (`label`), then that decision, by the user. The call
   * ends `rejected`, as one declined through the protocol's approval does: it never ran.
   */
  declined(id: string, label: string, time?: number): void {
    if (!this.isOpen(id)) return
    this.ended.add(id)
    const at = time !== undefined ? { time } : {}
    this.events.push(
      { type: 'approval', id, options: [{ optionId: 'reject', kind: 'reject_once', label }], ...at },
      { type: 'decision', id, optionId: 'reject', by: 'user', ...at },
    )
  }

  has(id: string): boolean {
    return this.started.has(id)
  }

  isOpen(id: string): boolean {
    return this.started.has(id) && !this.ended.has(id)
  }
}

/**
 * An adapter's reading of a value a host handed over (not text): a getter or a Proxy trap that throws
 * gives no events instead of a throw (`JSON.parse` never makes such a value; the adapters never throw).
 */
export function guard(read: () => SessionEvent[]): SessionEvent[] {
  try {
    return read()
  } catch {
    return []
  }
}
