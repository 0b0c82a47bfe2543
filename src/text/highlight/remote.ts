/**
 * Highlighting in a Web Worker (or anything that passes messages): the tokenizing, including the
 * first-use compilation of a grammar's regular expressions (a few hundred ms that cannot be sliced), runs
 * off the main thread. Language detection stays on the main thread (it is a table lookup).
 *
 * In the worker:      import { serveHighlighter } from 'toolcards/text'; serveHighlighter(self)
 * On the page:        const worker = new Worker(new URL('./highlight.worker.js', import.meta.url), { type: 'module' })
 *                     <ToolcardsProvider highlighter={createRemoteHighlighter(worker)}>
 *
 * A worker script is loaded under `worker-src` (falling back to `script-src`), so `'self'` keeps the
 * page's strict CSP. Pure module: no DOM; nothing runs at import time. The serving end is `serve.ts`:
 * this module does not load the highlighting service, so a page that highlights in a worker never
 * loads shiki on its main thread.
 */

import { buildLanguageIndex, detectLanguage, type ExtraLanguageInfo, type LanguageInfo } from './languages'
import { CURATED_LANGUAGE_INFO } from './languageTable'
import type { HighlightDocument, Highlighter, HighlightNotice, TokenLine } from './types'

/** The part of `Worker`, `DedicatedWorkerGlobalScope` and `MessagePort` used here. */
export interface MessageEndpoint {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  start?: () => void
}

/** A request to the highlighting end (`serveHighlighter`). */
export type Request =
  /** A document's first lines: as many as its first request needs. */
  | { t: 'open'; doc: number; lines: readonly string[]; language: string }
  /** More of a document's lines, after those sent before. */
  | { t: 'add'; doc: number; lines: readonly string[] }
  | { t: 'close'; doc: number }
  | { t: 'hl'; id: number; doc: number; start: number; end: number }
  | { t: 'abort'; id: number }
  | { t: 'preload'; id: number; language: string }
  /** Is anyone there? Answered with `{ t: 'pong' }` once the serving end is listening. */
  | { t: 'ping' }

/** A reply from the highlighting end. */
export type Reply =
  | { t: 'tokens'; id: number; tokens: Array<TokenLine | null> | null; notice: HighlightNotice | null }
  | { t: 'loaded'; id: number; ok: boolean }
  | { t: 'pong' }

export interface RemoteHighlighterOptions {
  /**
   * The same language table the worker's highlighter uses (for detection here; only the names,
   * extensions and file names are read, so `LanguageSpec`s or `LanguageInfo`s). Default: the curated table.
   */
  languages?: readonly LanguageInfo[]
  extraLanguageInfo?: readonly ExtraLanguageInfo[]
}

/**
 * A `Highlighter` that sends the work to `serveHighlighter` at the other end of `endpoint`. Each line
 * of a document crosses once, when a request first needs it (a request for lines [start, end) needs
 * lines [0, end), for the grammar state): copying 10,000 lines for a card that shows 24 of them was
 * one 5-9 ms task on the main thread. Later requests name the document by number.
 */
export function createRemoteHighlighter(
  endpoint: MessageEndpoint,
  options: RemoteHighlighterOptions = {},
): Highlighter {
  const index = buildLanguageIndex(
    options.languages ?? CURATED_LANGUAGE_INFO,
    options.extraLanguageInfo ?? [],
  )
  /** Each document's number and how many of its lines the other end has. */
  const docIds = new WeakMap<HighlightDocument, { id: number; sent: number }>()
  const notices = new WeakMap<HighlightDocument, HighlightNotice | null>()
  const waiting = new Map<number, (reply: Reply) => void>()
  let nextId = 1
  const closer =
    typeof FinalizationRegistry === 'function'
      ? new FinalizationRegistry<number>((doc) => safePost({ t: 'close', doc }))
      : null

  function safePost(msg: Request): boolean {
    try {
      endpoint.postMessage(msg)
      return true
    } catch {
      return false
    }
  }

  endpoint.addEventListener('message', (event) => {
    const msg = event.data as Reply
    if (!msg || typeof msg !== 'object' || !('id' in msg) || typeof msg.id !== 'number') return
    const done = waiting.get(msg.id)
    if (done) {
      waiting.delete(msg.id)
      done(msg)
    }
  })
  endpoint.start?.()

  function ask(msg: Request & { id: number }): Promise<Reply | null> {
    return new Promise((resolve) => {
      waiting.set(msg.id, resolve)
      if (!safePost(msg)) {
        waiting.delete(msg.id)
        resolve(null)
      }
    })
  }

  return {
    resolveLanguage(hint) {
      return detectLanguage(index, hint)
    },
    async highlight(doc, start, end, signal) {
      try {
        if (!doc || !Array.isArray(doc.lines) || typeof doc.language !== 'string') return null
        if (!index.byName.has(doc.language.toLowerCase())) return null
        if (signal?.aborted) return null
        const need = Math.min(Math.max(0, Math.floor(end) || 0), doc.lines.length)
        let known = docIds.get(doc)
        if (known === undefined) {
          const id = nextId++
          const lines = need === doc.lines.length ? doc.lines : doc.lines.slice(0, need)
          if (!safePost({ t: 'open', doc: id, lines, language: doc.language })) return null
          known = { id, sent: need }
          docIds.set(doc, known)
          closer?.register(doc, id)
        } else if (need > known.sent) {
          if (!safePost({ t: 'add', doc: known.id, lines: doc.lines.slice(known.sent, need) })) return null
          known.sent = need
        }
        const docId = known.id
        const id = nextId++
        const onAbort = () => {
          safePost({ t: 'abort', id })
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        const reply = await ask({ t: 'hl', id, doc: docId, start, end })
        signal?.removeEventListener('abort', onAbort)
        if (reply?.t !== 'tokens') return null
        notices.set(doc, reply.notice)
        return signal?.aborted ? null : reply.tokens
      } catch {
        return null
      }
    },
    notice(doc) {
      return notices.get(doc) ?? null
    },
    async preload(language) {
      const reply = await ask({ t: 'preload', id: nextId++, language: String(language) })
      return reply?.t === 'loaded' && reply.ok
    },
  }
}
