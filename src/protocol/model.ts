import type { JsonValue } from './json'

/** Where a call stands. */
export type CardStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled'

export const CARD_STATUSES = [
  'pending',
  'running',
  'completed',
  'failed',
  'cancelled',
] as const satisfies readonly CardStatus[]

/**
 * The envelope around one tool call, as the session fold produces it and `CardRenderer` takes it.
 * `intent` is untrusted: `CardRenderer` validates it with `parseIntent` before use.
 */
export interface CardModel {
  /** Unique within a session. */
  id: string
  /** The tool's name: shown only as the title of the generic fallback. */
  toolName: string
  /** The raw arguments as the tool received them. */
  args: JsonValue
  status: CardStatus
  /** The render intent (from the result, else from the call); unvalidated. */
  intent?: unknown
  /** Error text of a failed call. */
  error?: string
  durationMs?: number
  /** Set for calls made by a sub-agent (a sidechain), with the sub-agent's label when known. */
  sidechain?: string
}
