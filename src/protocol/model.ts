import type { JsonValue } from './json'

/**
 * Where a call stands. `unknown` is what `checkCardModel` gives a status this version does not know (a
 * newer host's, or a wrong value): it is shown as "Unknown", never as a success or a failure.
 */
export type CardStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled' | 'unknown'

export const CARD_STATUSES = [
  'pending',
  'running',
  'completed',
  'failed',
  'cancelled',
  'unknown',
] as const satisfies readonly CardStatus[]

/**
 * The envelope around one tool call, as the session fold produces it and `CardRenderer` takes it.
 * Untrusted: `CardRenderer` checks the envelope with `checkCardModel` (each field's type, with a safe
 * value for a wrong one) and the intent with `parseIntent` before use. Treat a model as immutable: a
 * changed call is a new model object (checks are remembered per object).
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
  /** How long the call took, in milliseconds (finite, >= 0). */
  durationMs?: number
  /** Set for calls made by a sub-agent (a sidechain), with the sub-agent's label when known. */
  sidechain?: string
}
