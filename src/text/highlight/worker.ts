/**
 * `toolcards/highlight-worker`: the ready-made highlighting worker. Started as a module worker, it
 * answers `createRemoteHighlighter` with the default shiki highlighter (JavaScript regex engine, no
 * WebAssembly), so tokenizing and the first-use compilation of a grammar run off the main thread.
 *
 *   const worker = new Worker(new URL('./highlight.worker.js', import.meta.url), { type: 'module' })
 *   // highlight.worker.js: import 'toolcards/highlight-worker'
 *   <ToolcardsProvider highlighter={createRemoteHighlighter(worker)}>
 *
 * Imported anywhere but in a worker (a page, Node), it does nothing.
 */
import type { MessageEndpoint } from './remote'
import { serveHighlighter } from './serve'

const scope = globalThis as { WorkerGlobalScope?: abstract new () => unknown }

/** True when this module was loaded in a worker and answers highlighting requests there. */
export const servingHighlighter: boolean =
  typeof scope.WorkerGlobalScope === 'function' && globalThis instanceof scope.WorkerGlobalScope

if (servingHighlighter) serveHighlighter(globalThis as unknown as MessageEndpoint)
