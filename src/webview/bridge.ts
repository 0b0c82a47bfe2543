import type { ToolcardsHost } from '../cards/host'
import { createUiStateStore, type UiStateSnapshot, type UiStateStore } from '../cards/ui-state'
import { applyEvents, emptySession, type FoldOptions, type SessionState } from '../session/fold'
import { createSessionStore, type SessionStore } from '../session/store'
import {
  checkExtensionMessage,
  MESSAGE_LIMITS,
  type MessageLimits,
  type WebviewMessage,
} from '../vscode/messages'

/** What `acquireVsCodeApi()` returns inside a VS Code webview. */
export interface VsCodeWebviewApi {
  postMessage(message: unknown): void
  getState(): unknown
  setState(state: unknown): unknown
}

let acquired: VsCodeWebviewApi | null = null

/**
 * The page's VS Code API: `acquireVsCodeApi()` may be called only once a page, so the result is kept and
 * shared. Null outside a VS Code webview.
 */
export function getVsCodeApi(): VsCodeWebviewApi | null {
  if (acquired) return acquired
  const acquire = (globalThis as { acquireVsCodeApi?: () => VsCodeWebviewApi }).acquireVsCodeApi
  if (typeof acquire !== 'function') return null
  acquired = acquire()
  return acquired
}

export interface WebviewBridgeOptions {
  /** Default: `getVsCodeApi()`. Without one, no message is posted and host callbacks use the kit's defaults. */
  api?: VsCodeWebviewApi | null
  /**
   * Where messages arrive.
   * @default window
   */
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>
  limits?: Partial<MessageLimits>
  foldOptions?: FoldOptions
  /** Called for each message ignored (besides the count the bridge keeps and reports to the extension). */
  onProblem?: (problem: string) => void
  /**
   * Messages that are not the kit's (another part of the page's protocol): return true when handled, and
   * the bridge does not report them. Called before the kit's checks, with the untrusted data.
   */
  onOtherMessage?: (data: unknown) => boolean
}

/** What the bridge knows besides the session: the title, and the messages it ignored. */
export interface BridgeInfo {
  title: string | undefined
  /** The first `MAX_KEPT_MESSAGE_PROBLEMS` problems. */
  problems: readonly string[]
  problemCount: number
  /** Messages received, good or bad. */
  messageCount: number
}

export interface WebviewBridge {
  /** The session, fed by `replace` and `append` messages. */
  readonly store: SessionStore
  /** The cards' host callbacks, forwarded to the extension (`ToolcardsProvider` props). */
  readonly host: Pick<ToolcardsHost, 'onOpenPath' | 'onOpenUrl' | 'onCopy'>
  /** Expanded cards, diff views and scroll position, kept with the page's `setState`. */
  readonly uiState: UiStateStore
  getInfo(): BridgeInfo
  subscribe(listener: () => void): () => void
  /** Listens for messages and tells the extension the page is ready. Again after `dispose` is fine. */
  start(): void
  dispose(): void
}

export const MAX_KEPT_MESSAGE_PROBLEMS = 100

/** The key of the kit's part in the page state (other keys in it are kept as they are). */
const STATE_KEY = 'toolcards'

type Op = { replace: boolean; events: unknown[] }

/** How long messages are gathered before they are applied (one frame). */
const FLUSH_MS = 16

/**
 * The webview side of the cards in VS Code. Every message is checked before use
 * (`checkExtensionMessage`: shape, size, depth, count), each event again by the session fold
 * (`parseSessionEvent`); what fails is counted, kept (the first 100), reported to the extension in
 * batches, and otherwise ignored. Good messages are applied in arrival order, in batches (one store
 * update per burst), so a burst of thousands of messages costs one render.
 */
export function createWebviewBridge(options: WebviewBridgeOptions = {}): WebviewBridge {
  const api = options.api === undefined ? getVsCodeApi() : options.api
  const limits: MessageLimits = { ...MESSAGE_LIMITS, ...options.limits }
  const store = createSessionStore(emptySession(), options.foldOptions ?? {})
  const listeners = new Set<() => void>()
  let info: BridgeInfo = { title: undefined, problems: [], problemCount: 0, messageCount: 0 }
  let queue: Op[] = []
  let flushTimer: ReturnType<typeof setTimeout> | null = null
  let unreported: string[] = []
  let unreportedCount = 0
  let listening = false
  let saveQueued = false

  const post = (message: WebviewMessage) => {
    try {
      api?.postMessage(message)
    } catch {
      // A page whose host is gone cannot report it; nothing else to do.
    }
  }

  const savedRoot = (): Record<string, unknown> => {
    try {
      const s = api?.getState()
      return s !== null && typeof s === 'object' && !Array.isArray(s) ? (s as Record<string, unknown>) : {}
    } catch {
      return {}
    }
  }
  let latest: UiStateSnapshot | null = null
  const uiState = createUiStateStore(savedRoot()[STATE_KEY], (snapshot) => {
    latest = snapshot
    if (saveQueued) return
    saveQueued = true
    queueMicrotask(() => {
      saveQueued = false
      try {
        api?.setState({ ...savedRoot(), [STATE_KEY]: latest })
      } catch {
        // Storage refused (too big or gone): the state is simply not kept.
      }
    })
  })

  const emit = () => {
    for (const l of [...listeners]) l()
  }

  const problem = (text: string) => {
    const problems =
      info.problems.length < MAX_KEPT_MESSAGE_PROBLEMS ? [...info.problems, text] : info.problems
    info = { ...info, problems, problemCount: info.problemCount + 1 }
    if (unreported.length < limits.maxReportedProblems)
      unreported.push(text.slice(0, limits.maxProblemLength))
    unreportedCount++
    try {
      options.onProblem?.(text)
    } catch {
      // The host's logger failing must not stop the bridge.
    }
    schedule()
  }

  const flush = () => {
    flushTimer = null
    if (queue.length > 0) {
      const ops = queue
      queue = []
      let state: SessionState = store.getState()
      for (const op of ops) {
        state = applyEvents(op.replace ? emptySession() : state, op.events, options.foldOptions ?? {})
      }
      store.reset(state)
    }
    if (unreportedCount > 0) {
      post({ type: 'problem', count: unreportedCount, messages: unreported })
      unreported = []
      unreportedCount = 0
    }
    emit()
  }

  // Messages arriving within one frame are applied together: a burst costs a render per frame, not per message.
  const schedule = () => {
    if (flushTimer === null) flushTimer = setTimeout(flush, FLUSH_MS)
  }

  const onMessage = (event: Event) => {
    info = { ...info, messageCount: info.messageCount + 1 }
    try {
      const data = (event as MessageEvent).data
      if (options.onOtherMessage) {
        try {
          if (options.onOtherMessage(data)) {
            schedule()
            return
          }
        } catch {
          // The host's own handler failed: fall through to the kit's checks.
        }
      }
      const checked = checkExtensionMessage(data, limits)
      if (!checked.ok) {
        problem(`Message ${info.messageCount.toLocaleString('en-US')} ignored: ${checked.problem}`)
        return
      }
      const message = checked.message
      if (message.type === 'replace') {
        // A replace makes everything queued before it moot.
        queue = [{ replace: true, events: message.events }]
        if (info.title !== message.title) info = { ...info, title: message.title }
      } else queue.push({ replace: false, events: message.events })
      schedule()
    } catch (error) {
      problem(`Message ignored: ${error instanceof Error ? error.message : 'it could not be read'}`)
    }
  }

  const host: WebviewBridge['host'] = api
    ? {
        onOpenPath: (path, line) =>
          post(line === undefined ? { type: 'openPath', path } : { type: 'openPath', path, line }),
        onOpenUrl: (url) => post({ type: 'openUrl', url }),
        onCopy: (text) => {
          if (text.length > limits.maxCopySize)
            throw new Error(
              `the text is larger than the ${Math.round(limits.maxCopySize / 1048576)} MB the editor takes`,
            )
          post({ type: 'copy', text })
        },
      }
    : {}

  const target = options.target ?? (typeof window !== 'undefined' ? window : undefined)

  return {
    store,
    host,
    uiState,
    getInfo: () => info,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    start() {
      if (listening) return
      listening = true
      target?.addEventListener('message', onMessage)
      post({ type: 'ready' })
    },
    dispose() {
      if (!listening) return
      listening = false
      target?.removeEventListener('message', onMessage)
      if (flushTimer !== null) {
        clearTimeout(flushTimer)
        flush()
      }
    },
  }
}
