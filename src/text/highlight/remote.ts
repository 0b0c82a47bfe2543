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
 * page's strict CSP. Pure module: no DOM; nothing runs at import time.
 */

import { CURATED_LANGUAGES } from './grammars'
import { buildLanguageIndex, detectLanguage, type ExtraLanguageInfo, type LanguageSpec } from './languages'
import { createHighlighter } from './shiki'
import type { HighlightDocument, Highlighter, HighlightNotice, TokenLine } from './types'

/** The part of `Worker`, `DedicatedWorkerGlobalScope` and `MessagePort` used here. */
export interface MessageEndpoint {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  start?: () => void
}

type Request =
  | { t: 'open'; doc: number; lines: readonly string[]; language: string }
  | { t: 'close'; doc: number }
  | { t: 'hl'; id: number; doc: number; start: number; end: number }
  | { t: 'abort'; id: number }
  | { t: 'preload'; id: number; language: string }

type Reply =
  | { t: 'tokens'; id: number; tokens: Array<TokenLine | null> | null; notice: HighlightNotice | null }
  | { t: 'loaded'; id: number; ok: boolean }

/** Answers a remote highlighter's requests with `highlighter` (default: `createHighlighter()`). */
export function serveHighlighter(
  endpoint: MessageEndpoint,
  highlighter: Highlighter = createHighlighter(),
): void {
  const docs = new Map<number, HighlightDocument>()
  const running = new Map<number, AbortController>()
  endpoint.addEventListener('message', (event) => {
    const msg = event.data as Request
    if (!msg || typeof msg !== 'object') return
    switch (msg.t) {
      case 'open':
        docs.set(msg.doc, { lines: msg.lines, language: msg.language })
        return
      case 'close':
        docs.delete(msg.doc)
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

export interface RemoteHighlighterOptions {
  /** The same language table the worker's highlighter uses (for detection here). Default: curated. */
  languages?: readonly LanguageSpec[]
  extraLanguageInfo?: readonly ExtraLanguageInfo[]
}

/**
 * A `Highlighter` that sends the work to `serveHighlighter` at the other end of `endpoint`. Each
 * document's lines cross once; later requests name it by number.
 */
export function createRemoteHighlighter(
  endpoint: MessageEndpoint,
  options: RemoteHighlighterOptions = {},
): Highlighter {
  const index = buildLanguageIndex(options.languages ?? CURATED_LANGUAGES, options.extraLanguageInfo ?? [])
  const docIds = new WeakMap<HighlightDocument, number>()
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
    if (!msg || typeof msg !== 'object' || typeof msg.id !== 'number') return
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
        let docId = docIds.get(doc)
        if (docId === undefined) {
          docId = nextId++
          if (!safePost({ t: 'open', doc: docId, lines: doc.lines, language: doc.language })) return null
          docIds.set(doc, docId)
          closer?.register(doc, docId)
        }
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
