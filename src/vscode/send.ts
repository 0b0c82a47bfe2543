import { type ExtensionMessage, MESSAGE_LIMITS, measure } from './messages'

/** Size the extension keeps each message under (the page refuses above `MESSAGE_LIMITS.maxMessageSize`). */
export const SEND_MESSAGE_SIZE = 4 * 1024 * 1024
/** Events the extension puts in one message at most. */
export const SEND_MESSAGE_EVENTS = 2000

export interface SessionMessagesOptions {
  /**
   * `true`: the first message is a `replace` (start over); `false`: all are `append`s.
   * @default true
   */
  replace?: boolean
  /** Title for the `replace` message. */
  title?: string
  maxSize?: number
  maxEvents?: number
}

/**
 * Splits events into the messages to post to the page: each under `maxSize` and `maxEvents`, in order,
 * the first a `replace` (unless `replace: false`). An event bigger than `maxSize` travels alone. A
 * `replace` of no events is one empty `replace`.
 *
 * ```ts
 * for (const m of sessionMessages(events, { title })) await panel.webview.postMessage(m)
 * ```
 */
export function sessionMessages(
  events: readonly unknown[],
  options: SessionMessagesOptions = {},
): ExtensionMessage[] {
  const maxSize = options.maxSize ?? SEND_MESSAGE_SIZE
  const maxEvents = options.maxEvents ?? SEND_MESSAGE_EVENTS
  const replace = options.replace ?? true
  const out: ExtensionMessage[] = []
  let batch: unknown[] = []
  let size = 0
  const flush = () => {
    if (out.length === 0 && replace) {
      out.push(
        options.title !== undefined
          ? { type: 'replace', events: batch, title: options.title }
          : { type: 'replace', events: batch },
      )
    } else if (batch.length > 0) out.push({ type: 'append', events: batch })
    batch = []
    size = 0
  }
  for (const event of events) {
    const s = measure(event, Number.MAX_SAFE_INTEGER, MESSAGE_LIMITS.maxDepth + 1000)
    if (batch.length > 0 && (size + s > maxSize || batch.length >= maxEvents)) flush()
    batch.push(event)
    size += s
  }
  if (batch.length > 0 || (out.length === 0 && replace)) flush()
  return out
}
