import { applyEvents, emptySession, type FoldOptions, type SessionState } from './fold'

/**
 * A live session for hosts that receive events one at a time (a socket, a child process, a webview
 * message). It holds the current `SessionState` and tells subscribers when it changes; its shape fits
 * React's `useSyncExternalStore` (see `useSessionStore` in `toolcards`), and it has no React in it.
 */
export interface SessionStore {
  /** The current state; the same object until an event changes it. */
  getState(): SessionState
  /** Calls `listener` after each `push`, `pushAll` or `reset`; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  /** Applies one event (untrusted; a bad event becomes a problem in the state). */
  push(event: unknown): void
  /** Applies a batch of events and tells subscribers once. */
  pushAll(events: Iterable<unknown>): void
  /** Replaces the state (default: the empty session). */
  reset(state?: SessionState): void
}

export function createSessionStore(
  initial: SessionState = emptySession(),
  options: FoldOptions = {},
): SessionStore {
  let state = initial
  const listeners = new Set<() => void>()
  const set = (next: SessionState) => {
    if (next === state) return
    state = next
    for (const listener of [...listeners]) listener()
  }
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    push: (event) => set(applyEvents(state, [event], options)),
    pushAll: (events) => set(applyEvents(state, events, options)),
    reset: (next = emptySession()) => set(next),
  }
}
