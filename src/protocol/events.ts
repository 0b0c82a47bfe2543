import type { JsonValue } from './json'
import type { CardStatus } from './model'

/**
 * Session events: what a host sends (live) or a log holds (replay). `foldSession` turns them into
 * `CardModel`s. Intents inside events are untrusted and validated when rendered.
 */
export type SessionEvent = CallStartEvent | CallUpdateEvent | CallEndEvent

/** A call starts. */
export interface CallStartEvent {
  type: 'call'
  id: string
  toolName: string
  args?: JsonValue
  /** The call's own intent (from `presentCall`), shown until the result's intent arrives. */
  intent?: unknown
  /** `pending` (default) or `running`. */
  status?: Extract<CardStatus, 'pending' | 'running'>
  /** Set when a sub-agent made the call. */
  sidechain?: string
}

/** A running call changes: arguments stream in, terminal output is appended, the intent is replaced. */
export interface CallUpdateEvent {
  type: 'update'
  id: string
  /** Replaces the arguments. */
  args?: JsonValue
  /** Text appended to the output of a terminal intent. */
  appendOutput?: string
  /** Replaces the intent. */
  intent?: unknown
  status?: Extract<CardStatus, 'pending' | 'running'>
}

/** A call ends. */
export interface CallEndEvent {
  type: 'result'
  id: string
  status: Extract<CardStatus, 'completed' | 'failed' | 'cancelled'>
  /** The result's intent (from `presentResult`). */
  intent?: unknown
  error?: string
  durationMs?: number
}
