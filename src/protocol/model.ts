import type { JsonValue } from './json'

/**
 * Where a call stands. `awaiting-approval`: the host asked the user whether the call may run and waits
 * for the decision (`approval` holds the options). `rejected`: the user (or a policy) chose a reject
 * option; the call did not run. Like `completed`, `failed` and `cancelled`, `rejected` ends a call.
 */
export type CardStatus =
  | 'pending'
  | 'running'
  | 'awaiting-approval'
  | 'completed'
  | 'failed'
  | 'cancelled'
  | 'rejected'

export const CARD_STATUSES = [
  'pending',
  'running',
  'awaiting-approval',
  'completed',
  'failed',
  'cancelled',
  'rejected',
] as const satisfies readonly CardStatus[]

/**
 * The kinds of option a host offers when it asks for approval (the Agent Client Protocol's
 * `PermissionOptionKind`). The host labels each option; the kind says what choosing it means.
 */
export type ApprovalOptionKind = 'allow_once' | 'allow_always' | 'reject_once' | 'reject_always'

export const APPROVAL_OPTION_KINDS = [
  'allow_once',
  'allow_always',
  'reject_once',
  'reject_always',
] as const satisfies readonly ApprovalOptionKind[]

/** One choice the host offers: `optionId` is what `onDecision(callId, optionId)` sends back. */
export interface ApprovalOption {
  /** Unique among the request's options (1 to 256 characters). */
  optionId: string
  kind: ApprovalOptionKind
  /** The button's text, as the host words it ("Allow once", "Always allow npm test"). */
  label: string
}

/** A call's approval: what the host asked and, once made, the decision. */
export interface CardApproval {
  /** The options offered, in the host's order (1 to 16). */
  options: ApprovalOption[]
  /** Why the host asks (shown above the options). */
  reason?: string
  /** Set once an option was chosen; absent while the call awaits approval. */
  decision?: ApprovalDecision
}

export interface ApprovalDecision {
  /** The chosen option (one of `options`). */
  optionId: string
  /** Who or what decided ("user", a name, "policy"), when the host says. */
  by?: string
  /** Why, when the host says. */
  reason?: string
}

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
  /** Set when the host asked for approval (status `awaiting-approval`, then the decision). */
  approval?: CardApproval
}
