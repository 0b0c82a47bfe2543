// What the default highlighter loads with its first `highlight` call (`import()` in useHighlightedLines):
// highlighting in a Web Worker when the page can start one, so that tokenizing and a grammar's first use
// (a few hundred ms of regular-expression compilation that cannot be sliced) never block the page; shiki
// on the main thread, in slices, when it cannot. A module of its own, loaded later: the page's first load
// carries none of it, and a page whose worker starts never loads shiki on its main thread.
import { createRemoteHighlighter, type MessageEndpoint } from '../../../text/highlight/remote'
import type { Highlighter } from '../../../text/highlight/types'

/**
 * How long the worker may take to answer its first message before the page highlights on the main
 * thread instead: its script and the highlighting service load first (hundreds of KB on a slow link).
 */
export const WORKER_HANDSHAKE_MS = 20_000

/** Which path the default highlighter took, for tests and the benchmark page. */
export type HighlighterPath = 'worker' | 'main-thread'

let path: HighlighterPath | null = null

/** Which path the default highlighter took, or null before its first `highlight` call settled it. */
export function defaultHighlighterPath(): HighlighterPath | null {
  return path
}

/** The default highlighting service: in a worker when one starts, else on the main thread. */
export async function startDefaultHighlighter(): Promise<Highlighter> {
  const remote = await startWorker()
  if (remote) {
    path = 'worker'
    return remote
  }
  const { createHighlighter } = await import('./shikiService')
  path = 'main-thread'
  return createHighlighter()
}

/**
 * Starts the package's highlighting worker (`toolcards/highlight-worker`) and waits for its answer to a
 * ping. Null when the page cannot start it: no `Worker` (a server, jsdom), a script URL from another
 * origin (a bundle loaded from a CDN or a VS Code webview's resource origin), a CSP without
 * `worker-src`/`script-src` for it, a bundler that did not emit it (a 404), or no answer in time.
 *
 * The URL is written as bundlers recognise it (`new Worker(new URL('…', import.meta.url))`): Vite and
 * webpack 5 bundle the worker entry and its imports. The library build rewrites it to the shipped
 * `./highlight-worker.js` (vite.config.ts).
 */
function startWorker(): Promise<Highlighter | null> {
  if (typeof Worker !== 'function') return Promise.resolve(null)
  let worker: Worker
  try {
    worker = new Worker(new URL('../../../text/highlight/worker.ts', import.meta.url), {
      type: 'module',
      name: 'toolcards-highlight',
    })
  } catch {
    return Promise.resolve(null)
  }
  return new Promise((resolve) => {
    const settle = (ok: boolean) => {
      clearTimeout(timer)
      worker.removeEventListener('message', onMessage)
      worker.removeEventListener('error', onError)
      if (ok) {
        resolve(createRemoteHighlighter(worker as unknown as MessageEndpoint))
      } else {
        worker.terminate()
        resolve(null)
      }
    }
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { t?: unknown } | null
      if (data && typeof data === 'object' && data.t === 'pong') settle(true)
    }
    // a script that fails to load or to evaluate (404, CSP, syntax) reports here, not by throwing
    const onError = (event: Event) => {
      event.preventDefault()
      settle(false)
    }
    worker.addEventListener('message', onMessage)
    worker.addEventListener('error', onError)
    const timer = setTimeout(() => settle(false), WORKER_HANDSHAKE_MS)
    try {
      worker.postMessage({ t: 'ping' })
    } catch {
      settle(false)
    }
  })
}
