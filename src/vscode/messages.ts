import { formatSize, LIMITS } from '../protocol'

/**
 * The messages between a VS Code extension and the toolcards webview, both ways. Each side treats what
 * it receives as untrusted and checks it with the functions below before use.
 *
 * Extension to webview: the session's events, as a `replace` (start over) followed by any number of
 * `append`s. A long session is sent in several messages (`sessionMessages` splits it).
 */
export type ExtensionMessage =
  | {
      type: 'replace'
      /** Session events (checked one by one by the fold; a bad one becomes a problem, not a crash). */
      events: unknown[]
      /** Shown above the cards (e.g. the log's file name and format). */
      title?: string
    }
  | { type: 'append'; events: unknown[] }

/** Webview to extension: the host callbacks of the cards, plus `ready` and problem reports. */
export type WebviewMessage =
  /** The page is listening: send the session (again: a hidden panel's page is rebuilt when shown). */
  | { type: 'ready' }
  /** Open a file in an editor, optionally at a 1-based line. */
  | { type: 'openPath'; path: string; line?: number }
  /** Open a URL in the browser (the extension judges it again). */
  | { type: 'openUrl'; url: string }
  | { type: 'copy'; text: string }
  /** Messages the page ignored, reported for a log (`count` of them, the first few `messages`). */
  | { type: 'problem'; count: number; messages: string[] }

export const EXTENSION_MESSAGE_TYPES = ['replace', 'append'] as const
export const WEBVIEW_MESSAGE_TYPES = ['ready', 'openPath', 'openUrl', 'copy', 'problem'] as const

/**
 * Limits on messages, checked before anything else is read. Sizes are measured like intents (UTF-16 code
 * units of strings and keys, plus 8 per other value), without recursion.
 */
export const MESSAGE_LIMITS = {
  /** One extension-to-webview message. `sessionMessages` keeps to `SEND_MESSAGE_SIZE`, well below it. */
  maxMessageSize: 32 * 1024 * 1024,
  /** Events in one message. */
  maxEventsPerMessage: 50_000,
  /** Nesting of a whole message: an event's own limit plus the message around it. */
  maxDepth: LIMITS.maxDepth + 2,
  /** A path to open. */
  maxPathLength: 4096,
  /** A URL to open (as `judgeUrl` allows). */
  maxUrlLength: 8192,
  /** Text to copy. */
  maxCopySize: 16 * 1024 * 1024,
  /** The title shown above the cards. */
  maxTitleLength: 1024,
  /** Lines a file can have (a `line` past it is refused). */
  maxLine: 100_000_000,
  /** Problem texts in one `problem` report, and characters of each. */
  maxReportedProblems: 20,
  maxProblemLength: 1000,
} as const

export type MessageLimits = { -readonly [K in keyof typeof MESSAGE_LIMITS]: number }

export type MessageCheck<M> = { ok: true; message: M } | { ok: false; problem: string }

/**
 * Checks a message from the extension: a plain object with a known `type`, `events` an array, the whole
 * message within the size, depth and event-count limits. The events themselves are not checked here:
 * the session fold checks each (`parseSessionEvent`) and reports the bad ones. Never throws.
 */
export function checkExtensionMessage(
  data: unknown,
  limits: Partial<MessageLimits> = {},
): MessageCheck<ExtensionMessage> {
  const l = { ...MESSAGE_LIMITS, ...limits }
  try {
    const base = typed(data, EXTENSION_MESSAGE_TYPES)
    if (!base.ok) return base
    const { events, title } = base.data
    if (!Array.isArray(events))
      return fail(`${base.type}: expected events to be an array, got ${kind(events)}`)
    if (events.length > l.maxEventsPerMessage)
      return fail(
        `${base.type}: ${events.length.toLocaleString('en-US')} events; the limit is ${l.maxEventsPerMessage.toLocaleString('en-US')} a message`,
      )
    const size = measure(data, l.maxMessageSize, l.maxDepth)
    if (size === TOO_DEEP) return fail(`${base.type}: nested deeper than ${l.maxDepth} levels`)
    if (size === TOO_BIG) return fail(`${base.type}: larger than ${formatSize(l.maxMessageSize)}, the limit`)
    if (base.type === 'append') return { ok: true, message: { type: 'append', events } }
    if (title !== undefined && typeof title !== 'string')
      return fail(`replace: expected title to be a string, got ${kind(title)}`)
    const message: ExtensionMessage = { type: 'replace', events }
    if (title !== undefined) message.title = title.slice(0, l.maxTitleLength)
    return { ok: true, message }
  } catch (error) {
    return fail(`could not be read: ${error instanceof Error ? error.message : 'unknown error'}`)
  }
}

/**
 * Checks a message from the webview (the page may be compromised by what it shows, so the extension
 * trusts nothing in it): a plain object with a known `type` and fields of the right type and length.
 * Returns a fresh object holding only the known fields. Never throws.
 */
export function checkWebviewMessage(
  data: unknown,
  limits: Partial<MessageLimits> = {},
): MessageCheck<WebviewMessage> {
  const l = { ...MESSAGE_LIMITS, ...limits }
  try {
    const base = typed(data, WEBVIEW_MESSAGE_TYPES)
    if (!base.ok) return base
    const fields = base.data
    switch (base.type) {
      case 'ready':
        return { ok: true, message: { type: 'ready' } }
      case 'openPath': {
        const path = fields.path
        if (typeof path !== 'string' || path.length === 0)
          return fail(`openPath: expected path to be a non-empty string, got ${kind(path)}`)
        if (path.length > l.maxPathLength)
          return fail(`openPath: the path is longer than ${l.maxPathLength} characters`)
        if (path.includes('\u0000')) return fail('openPath: the path holds a NUL character')
        const line = fields.line
        if (line === undefined || line === null) return { ok: true, message: { type: 'openPath', path } }
        if (typeof line !== 'number' || !Number.isInteger(line) || line < 1 || line > l.maxLine)
          return fail(`openPath: expected line to be an integer from 1 to ${l.maxLine}, got ${String(line)}`)
        return { ok: true, message: { type: 'openPath', path, line } }
      }
      case 'openUrl': {
        const url = fields.url
        if (typeof url !== 'string') return fail(`openUrl: expected url to be a string, got ${kind(url)}`)
        if (url.length > l.maxUrlLength)
          return fail(`openUrl: the URL is longer than ${l.maxUrlLength} characters`)
        return { ok: true, message: { type: 'openUrl', url } }
      }
      case 'copy': {
        const text = fields.text
        if (typeof text !== 'string') return fail(`copy: expected text to be a string, got ${kind(text)}`)
        if (text.length > l.maxCopySize)
          return fail(`copy: the text is larger than ${formatSize(l.maxCopySize)}, the limit`)
        return { ok: true, message: { type: 'copy', text } }
      }
      case 'problem': {
        const count = fields.count
        const messages = fields.messages
        if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0)
          return fail(`problem: expected count to be a whole number, got ${String(count)}`)
        if (!Array.isArray(messages)) return fail(`problem: expected messages to be an array`)
        const texts: string[] = []
        for (const m of messages.slice(0, l.maxReportedProblems))
          if (typeof m === 'string') texts.push(m.slice(0, l.maxProblemLength))
        return { ok: true, message: { type: 'problem', count, messages: texts } }
      }
    }
  } catch (error) {
    return fail(`could not be read: ${error instanceof Error ? error.message : 'unknown error'}`)
  }
}

function fail(problem: string): { ok: false; problem: string } {
  return { ok: false, problem }
}

/** What a value is, for a problem text. */
function kind(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'an array'
  return typeof v === 'undefined' ? 'nothing' : typeof v
}

function typed<T extends string>(
  data: unknown,
  types: readonly T[],
): { ok: true; type: T; data: Record<string, unknown> } | { ok: false; problem: string } {
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    return fail(`expected a message object, got ${kind(data)}`)
  const type = (data as { type?: unknown }).type
  if (typeof type !== 'string') return fail(`expected a message type, got ${kind(type)}`)
  if (!(types as readonly string[]).includes(type))
    return fail(
      `unknown message type ${JSON.stringify(type.slice(0, 80))}; expected one of ${types.join(', ')}`,
    )
  return { ok: true, type: type as T, data: data as Record<string, unknown> }
}

const TOO_BIG = -1
const TOO_DEEP = -2

/**
 * The size of a value as intents are measured (string and key lengths, 8 per other value), walked without
 * recursion and given up as soon as it passes `budget` (so a cycle or a huge value costs at most the
 * budget). Returns the size, `TOO_BIG` or `TOO_DEEP`.
 */
export function measure(value: unknown, budget: number, maxDepth: number): number {
  let size = 0
  const stack: Array<{ v: unknown; depth: number }> = [{ v: value, depth: 0 }]
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!
    if (typeof v === 'string') size += v.length + 2
    else if (v === null || typeof v !== 'object') size += 8
    else {
      if (depth >= maxDepth) return TOO_DEEP
      size += 2
      if (Array.isArray(v)) {
        // Every element costs at least 2: refuse before walking an array that cannot fit.
        if (size + 2 * v.length > budget) return TOO_BIG
        for (let i = 0; i < v.length; i++) stack.push({ v: v[i], depth: depth + 1 })
      } else {
        const keys = Object.keys(v)
        if (size + 5 * keys.length > budget) return TOO_BIG
        for (const k of keys) {
          size += k.length + 3
          stack.push({ v: (v as Record<string, unknown>)[k], depth: depth + 1 })
        }
      }
    }
    if (size > budget) return TOO_BIG
  }
  return size
}
