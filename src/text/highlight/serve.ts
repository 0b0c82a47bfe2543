/**
 * The serving end of the remote highlighter (`remote.ts`): runs in a worker (or anything that passes
 * messages) and answers with a real highlighter. Pure module: no DOM; nothing runs at import time.
 */

import type { MessageEndpoint, Reply, Request } from './remote'
import { createHighlighter } from './shiki'
import type { HighlightDocument, Highlighter, TokenLine } from './types'

/** Answers a remote highlighter's requests with `highlighter` (default: `createHighlighter()`). */
export function serveHighlighter(
  endpoint: MessageEndpoint,
  highlighter: Highlighter = createHighlighter(),
): void {
  // Each document's lines as they arrived: the array grows with each 'add' and keeps its identity, which
  // the highlighter's per-document state (the grammar state at the last line done) is keyed by.
  const docs = new Map<number, HighlightDocument & { lines: string[] }>()
  const running = new Map<number, AbortController>()
  endpoint.addEventListener('message', (event) => {
    const msg = event.data as Request
    if (!msg || typeof msg !== 'object') return
    switch (msg.t) {
      case 'open':
        docs.set(msg.doc, {
          lines: Array.isArray(msg.lines) ? msg.lines.slice() : [],
          language: msg.language,
        })
        return
      case 'add': {
        const lines = docs.get(msg.doc)?.lines
        if (lines && Array.isArray(msg.lines)) for (const line of msg.lines) lines.push(line)
        return
      }
      case 'close':
        docs.delete(msg.doc)
        return
      case 'ping':
        endpoint.postMessage({ t: 'pong' } satisfies Reply)
        return
      case 'abort':
        running.get(msg.id)?.abort()
        return
      case 'preload': {
        const p = highlighter.preload ? highlighter.preload(msg.language) : Promise.resolve(false)
        p.then(
          (ok) => endpoint.postMessage({ t: 'loaded', id: msg.id, ok } satisfies Reply),
          () => endpoint.postMessage({ t: 'loaded', id: msg.id, ok: false } satisfies Reply),
        )
        return
      }
      case 'hl': {
        const doc = docs.get(msg.doc)
        const reply = (tokens: Array<TokenLine | null> | null) =>
          endpoint.postMessage({
            t: 'tokens',
            id: msg.id,
            tokens,
            notice: doc ? (highlighter.notice?.(doc) ?? null) : null,
          } satisfies Reply)
        if (!doc) return reply(null)
        const ac = new AbortController()
        running.set(msg.id, ac)
        highlighter
          .highlight(doc, msg.start, msg.end, ac.signal)
          .then(reply, () => reply(null))
          .finally(() => running.delete(msg.id))
        return
      }
      default:
        return
    }
  })
  endpoint.start?.()
}
