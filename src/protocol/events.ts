import type { JsonValue } from './json'
import type { ApprovalOption, CardStatus } from './model'

/**
 * Session events: what a host sends (live) or a log holds (replay), one tool call's life in five kinds:
 * `call` (it starts), `update` (it changes while it runs), `result` (it ends), and, when the host asks
 * the user first, `approval` (the question and its options) and `decision` (the option chosen). `foldSession` in
 * `toolcards/session` turns them into `CardModel`s; live and replay use the same fold, so they give the
 * same cards. Events are untrusted: check them with `parseSessionEvent`. Intents inside events are
 * checked again (with `parseIntent`) when a card renders them.
 *
 * The schema is `SessionEventSchema` (`events-schema.ts`); unknown fields are allowed and ignored, so a
 * newer host can add fields without breaking an older client.
 */
export type SessionEvent =
  | CallStartEvent
  | CallUpdateEvent
  | CallEndEvent
  | ApprovalRequestEvent
  | DecisionEvent

/** The `type` tags of session events. */
export type SessionEventType = SessionEvent['type']

/** Fields every event may carry. */
interface EventBase {
  /** The call's id, unique within a session (1 to 1,024 characters). */
  id: string
  /**
   * When the event happened, in milliseconds since the Unix epoch. Optional; used only to pace a replay
   * (a player can wait between events as the original session did). The fold ignores it, and no card shows it.
   */
  time?: number
}

/** A call starts. */
export interface CallStartEvent extends EventBase {
  type: 'call'
  /** The tool's name: shown only as the title of the generic fallback card. */
  toolName: string
  /**
   * The arguments as the tool received them. Default `null` (none given).
   * @default null
   */
  args?: JsonValue
  /** The call's own intent (from `presentCall`), shown until a later intent replaces it. */
  intent?: unknown
  /** `pending` (default) or `running`. */
  status?: Extract<CardStatus, 'pending' | 'running'>
  /** Set when a sub-agent made the call, with the sub-agent's label when known. */
  sidechain?: string
}

/**
 * A running call changes: arguments stream in, terminal output is appended, the intent is replaced, the
 * status moves from `pending` to `running`. Fields are applied in this order: `args`, `intent`,
 * `appendOutput`, `status`; so one event can replace the intent and append to it.
 */
export interface CallUpdateEvent extends EventBase {
  type: 'update'
  /** Replaces the arguments. */
  args?: JsonValue
  /** Replaces the intent. */
  intent?: unknown
  /**
   * Text appended to the `output` of the call's terminal intent (an intent with `card: "terminal"`). The
   * cost is proportional to the text appended, not to the output so far. When the call has no terminal
   * intent, the text is dropped and a problem is reported.
   */
  appendOutput?: string
  status?: Extract<CardStatus, 'pending' | 'running'>
}

/** A call ends. The first `result` of a call wins; later ones are reported and ignored. */
export interface CallEndEvent extends EventBase {
  type: 'result'
  status: Extract<CardStatus, 'completed' | 'failed' | 'cancelled'>
  /** The result's intent (from `presentResult`); replaces the call's intent. Absent: the last intent stays. */
  intent?: unknown
  /** Error text of a failed call. */
  error?: string
  /** How long the call took, in milliseconds. */
  durationMs?: number
}

/**
 * The host asks whether a started call may run: the card shows what the call is about to do (its own
 * intent) with the options as buttons, and its status becomes `awaiting-approval`. Needs a started call
 * that has not ended and does not already await a decision.
 */
export interface ApprovalRequestEvent extends EventBase {
  type: 'approval'
  /** What the user may choose, in order (1 to 16 options, `optionId`s unique). */
  options: ApprovalOption[]
  /** Why the host asks; shown above the options. */
  reason?: string
  /** None: the card keeps showing the call's own intent, which is the preview of what would run. */
  intent?: never
}

/**
 * The option chosen for the call's pending approval. An `allow_*` option makes the call `running`; a
 * `reject_*` option ends it as `rejected` (not `failed`: it never ran). A replayed log shows who chose what.
 */
export interface DecisionEvent extends EventBase {
  type: 'decision'
  /** One of the pending request's `optionId`s. */
  optionId: string
  /** Who or what decided ("user", a name, "policy"). */
  by?: string
  /** Why, when the host says. */
  reason?: string
  /** None: a decision changes the status only. */
  intent?: never
}
