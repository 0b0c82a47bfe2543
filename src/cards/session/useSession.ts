'use client'
import { useRef, useSyncExternalStore } from 'react'
import {
  applyEvents,
  emptySession,
  type FoldOptions,
  foldSession,
  type SessionState,
  type SessionStore,
} from '../../session'

/**
 * The state of a live `SessionStore` (from `toolcards/session`): re-renders when an event arrives.
 * Cards the event did not touch keep their identity, so their components do not re-render.
 */
export function useSessionStore(store: SessionStore): SessionState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState)
}

/**
 * The state of a session given as a growing array of events. When the new array starts with the
 * previous one (the same event objects), only the new events are applied; otherwise the session is
 * folded again from the start. Either way the result is what `foldSession(events)` gives.
 */
export function useSessionEvents(events: readonly unknown[], options?: FoldOptions): SessionState {
  const memo = useRef<{
    events: readonly unknown[]
    state: SessionState
    options: FoldOptions | undefined
  } | null>(null)
  const last = memo.current
  if (last !== null && last.events === events && last.options === options) return last.state
  let state: SessionState
  try {
    if (last !== null && last.options === options && extends_(events, last.events)) {
      state = applyEvents(last.state, events.slice(last.events.length), options)
    } else {
      state = events.length === 0 ? emptySession() : foldSession(events, options)
    }
  } catch {
    // an array a host made that throws when read (a Proxy's trap, a getter): what was shown stays
    state = last?.state ?? emptySession()
  }
  // A cache, not state: recomputing from the same inputs gives the same value (safe under StrictMode).
  memo.current = { events, state, options }
  return state
}

function extends_(next: readonly unknown[], prev: readonly unknown[]): boolean {
  if (next.length < prev.length) return false
  for (let i = prev.length - 1; i >= 0; i--) if (next[i] !== prev[i]) return false
  return true
}
