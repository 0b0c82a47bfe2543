import {
  type ApprovalRequestEvent,
  type CallEndEvent,
  type CallStartEvent,
  type CallUpdateEvent,
  type CardModel,
  type DecisionEvent,
  defineData,
  type ParseOptions,
  parseSessionEvent,
  type SessionEvent,
} from '../protocol'
import { type RopeNode, ropeAppend, ropeFrom, ropeText } from './rope'

/**
 * What went wrong with one event. The fold never throws: a bad or out-of-place event is reported here
 * and otherwise ignored (see `SessionProblemKind` for what each kind means and what the fold did).
 */
export interface SessionProblem {
  /** 0-based position of the event in the session, counting every event applied (good or bad). */
  index: number
  kind: SessionProblemKind
  /** The call id, when the event had a readable one. */
  id?: string
  /** Where in the event the problem is (`$.status`); `$` for the event as a whole. */
  path: string
  message: string
}

/**
 * - `invalid-event`: the event failed `parseSessionEvent` (not JSON, unknown `type`, a field of the wrong
 *   type, too big or too deep). Ignored. One problem per problem found in it.
 * - `notice`: the event was accepted but changed on the way in (a string over `LIMITS.maxStringSize` cut).
 * - `unknown-id`: an `update` or `result` for an id no `call` started. Ignored: no card is made up.
 *   (An adapter that joins a stream late emits a `call` first.)
 * - `duplicate-call`: a second `call` with an id already started. Ignored: the first start wins; the
 *   card keeps its place.
 * - `duplicate-result`: a second `result` for an ended call. Ignored: the first end wins.
 * - `update-after-result`: an `update` for an ended call. Ignored.
 * - `output-without-terminal`: `appendOutput` for a call whose intent is not a terminal intent with a
 *   string (or absent) `output`. The text is dropped; the rest of the update applies.
 * - `status-while-awaiting`: an `update` with a `status` for a call that awaits a decision. The status is
 *   dropped (only a `decision` or a `result` moves such a call on); the rest of the update applies.
 * - `approval-after-result`: an `approval` for an ended call (completed, failed, cancelled, rejected). Ignored.
 * - `duplicate-approval`: an `approval` for a call that already awaits a decision. Ignored: the first
 *   request and its options stay.
 * - `invalid-approval`: an `approval` whose options repeat an `optionId`. Ignored: a button would be
 *   ambiguous.
 * - `unexpected-decision`: a `decision` for a call that awaits none (never asked, or ended before a
 *   decision). Ignored.
 * - `duplicate-decision`: a second `decision` for the same request. Ignored: the first decision stands.
 * - `unknown-option`: a `decision` whose `optionId` is not one of the request's options. Ignored: the call
 *   still awaits a decision.
 */
export type SessionProblemKind =
  | 'invalid-event'
  | 'notice'
  | 'unknown-id'
  | 'duplicate-call'
  | 'duplicate-result'
  | 'update-after-result'
  | 'output-without-terminal'
  | 'status-while-awaiting'
  | 'approval-after-result'
  | 'duplicate-approval'
  | 'invalid-approval'
  | 'unexpected-decision'
  | 'duplicate-decision'
  | 'unknown-option'

/**
 * The state of a session: its cards in the order their calls started. Immutable: `applyEvent` returns a
 * new state and leaves the old one valid. Cards an event did not change keep their object identity, so a
 * memoised card does not re-render. Build the first one with `emptySession()`.
 */
export interface SessionState {
  readonly cards: readonly CardModel[]
  /** Problems in event order; at most `MAX_KEPT_PROBLEMS` kept (the first ones), `problemCount` counts all. */
  readonly problems: readonly SessionProblem[]
  readonly problemCount: number
  /** Events applied so far, good or bad. */
  readonly eventCount: number
}

/** Problems kept in a state; more are counted in `problemCount` only (a broken log stays cheap). */
export const MAX_KEPT_PROBLEMS = 1000

export interface FoldOptions {
  /** Limits for checking each event (see `parseSessionEvent`). */
  parse?: ParseOptions
}

const EMPTY: SessionState = Object.freeze({
  cards: Object.freeze([]) as readonly CardModel[],
  problems: Object.freeze([]) as readonly SessionProblem[],
  problemCount: 0,
  eventCount: 0,
})

/**
 * Where each id sits in `cards`, shared by a state and the states made from it (ids only ever get added,
 * and a card never moves, so copying the index per event would be wasted work: O(cards) per new call).
 * A state made by another branch of the same lineage may have put a different card at that position, so
 * each hit is checked against `cards` and a miss falls back to a scan. Kept out of the state's fields so
 * that states stay plain data (deep-equal when their cards and problems are).
 */
const INDEXES = new WeakMap<SessionState, Map<string, number>>()

function indexFor(state: SessionState): Map<string, number> {
  const known = INDEXES.get(state)
  if (known) return known
  // A state from elsewhere (or the empty one): a fresh index, so that sessions never share one.
  const index = new Map<string, number>()
  state.cards.forEach((card, i) => {
    index.set(card.id, i)
  })
  return index
}

function positionOf(draft: Draft, id: string): number | undefined {
  const at = draft.index.get(id)
  if (at === undefined) return undefined // No branch ever added this id.
  if (draft.cards[at]?.id === id) return at
  const found = draft.cards.findIndex((card) => card.id === id)
  return found < 0 ? undefined : found
}

/** The state of a session before any event. */
export function emptySession(): SessionState {
  return EMPTY
}

/**
 * Replay: folds a whole session at once. Gives exactly the state that applying the same events one by
 * one (live) gives. Events are untrusted: each is checked with `parseSessionEvent`.
 */
export function foldSession(events: Iterable<unknown>, options: FoldOptions = {}): SessionState {
  return applyEvents(EMPTY, events, options)
}

/** Live: applies one event. */
export function applyEvent(state: SessionState, event: unknown, options: FoldOptions = {}): SessionState {
  return applyEvents(state, [event], options)
}

/**
 * Applies a batch of events. The same as applying them one at a time, but copies the card list once per
 * batch instead of once per event. Returns `state` itself when the batch is empty.
 */
export function applyEvents(
  state: SessionState,
  events: Iterable<unknown>,
  options: FoldOptions = {},
): SessionState {
  let draft: Draft | null = null
  for (const input of events) {
    draft ??= {
      cards: state.cards.slice(),
      problems: state.problems,
      problemsCopied: false,
      problemCount: state.problemCount,
      eventCount: state.eventCount,
      index: indexFor(state),
    }
    step(draft, input, options)
    draft.eventCount++
  }
  if (draft === null) return state
  const next: SessionState = {
    cards: draft.cards,
    problems: draft.problems,
    problemCount: draft.problemCount,
    eventCount: draft.eventCount,
  }
  INDEXES.set(next, draft.index)
  return next
}

interface Draft {
  cards: CardModel[]
  problems: readonly SessionProblem[]
  problemsCopied: boolean
  problemCount: number
  eventCount: number
  index: Map<string, number>
}

function step(draft: Draft, input: unknown, options: FoldOptions): void {
  const parsed = parseSessionEvent(input, options.parse ?? {})
  if (!parsed.ok) {
    const id = readableId(input)
    for (const p of parsed.problems) report(draft, 'invalid-event', id, p.path, p.message)
    return
  }
  const event: SessionEvent = parsed.event
  for (const n of parsed.notices) report(draft, 'notice', event.id, n.path, n.message)
  const at = positionOf(draft, event.id)
  switch (event.type) {
    case 'call':
      if (at !== undefined) {
        report(
          draft,
          'duplicate-call',
          event.id,
          '$',
          `call ${quote(event.id)} already started; this start is ignored`,
        )
        return
      }
      addCard(draft, startCard(event))
      return
    case 'update':
    case 'result':
    case 'approval':
    case 'decision': {
      // Everything but a start needs a started call.
      const card = at === undefined ? undefined : draft.cards[at]
      if (at === undefined || card === undefined) {
        report(
          draft,
          'unknown-id',
          event.id,
          '$.id',
          `no call ${quote(event.id)} started; this ${event.type} is ignored`,
        )
        return
      }
      const next = changeCard(draft, card, event)
      if (next !== undefined) draft.cards[at] = next
      return
    }
    default:
      event satisfies never
  }
}

/** The card after an event about it, or `undefined` when the event is refused (and reported). */
function changeCard(
  draft: Draft,
  card: CardModel,
  event: CallUpdateEvent | CallEndEvent | ApprovalRequestEvent | DecisionEvent,
): CardModel | undefined {
  const ended = isEnded(card)
  switch (event.type) {
    case 'update':
      if (ended) return refuse(draft, 'update-after-result', event, '$', 'already ended')
      return updateCard(draft, card, event)
    case 'result':
      if (ended) return refuse(draft, 'duplicate-result', event, '$', 'already ended')
      return endCard(card, event)
    case 'approval':
      if (ended) return refuse(draft, 'approval-after-result', event, '$', 'already ended')
      if (card.status === 'awaiting-approval')
        return refuse(draft, 'duplicate-approval', event, '$', 'already awaits a decision')
      return requestApproval(draft, card, event)
    case 'decision':
      return decide(draft, card, event)
    default:
      return event satisfies never
  }
}

function refuse(
  draft: Draft,
  kind: SessionProblemKind,
  event: SessionEvent,
  path: string,
  why: string,
): undefined {
  report(draft, kind, event.id, path, `call ${quote(event.id)} ${why}; this ${event.type} is ignored`)
  return undefined
}

function requestApproval(draft: Draft, card: CardModel, event: ApprovalRequestEvent): CardModel | undefined {
  const seen = new Set<string>()
  for (const [i, option] of event.options.entries()) {
    if (seen.has(option.optionId)) {
      report(
        draft,
        'invalid-approval',
        event.id,
        `$.options[${i}].optionId`,
        `option ${quote(option.optionId)} appears twice; this approval is ignored`,
      )
      return undefined
    }
    seen.add(option.optionId)
  }
  const approval: NonNullable<CardModel['approval']> = {
    options: event.options.map((o) => ({ optionId: o.optionId, kind: o.kind, label: o.label })),
  }
  if (event.reason !== undefined) approval.reason = event.reason
  return { ...card, status: 'awaiting-approval', approval }
}

function decide(draft: Draft, card: CardModel, event: DecisionEvent): CardModel | undefined {
  const approval = card.approval
  if (card.status !== 'awaiting-approval' || approval === undefined) {
    if (approval?.decision !== undefined)
      return refuse(draft, 'duplicate-decision', event, '$', 'was already decided')
    return refuse(draft, 'unexpected-decision', event, '$', 'awaits no decision')
  }
  const option = approval.options.find((o) => o.optionId === event.optionId)
  if (option === undefined) {
    report(
      draft,
      'unknown-option',
      event.id,
      '$.optionId',
      `call ${quote(event.id)} offered no option ${quote(event.optionId)}; this decision is ignored`,
    )
    return undefined
  }
  const decision: NonNullable<NonNullable<CardModel['approval']>['decision']> = { optionId: option.optionId }
  if (event.by !== undefined) decision.by = event.by
  if (event.reason !== undefined) decision.reason = event.reason
  const allowed = option.kind === 'allow_once' || option.kind === 'allow_always'
  return { ...card, status: allowed ? 'running' : 'rejected', approval: { ...approval, decision } }
}

function startCard(event: CallStartEvent): CardModel {
  const card: CardModel = {
    id: event.id,
    toolName: event.toolName,
    args: event.args ?? null,
    status: event.status ?? 'pending',
  }
  if (event.intent !== undefined) card.intent = event.intent
  if (event.sidechain !== undefined) card.sidechain = event.sidechain
  return card
}

function updateCard(draft: Draft, card: CardModel, event: CallUpdateEvent): CardModel {
  // Each field makes a shallow copy (a handful of fields); an update that changes nothing keeps the card.
  let next = card
  if (event.args !== undefined) next = { ...next, args: event.args }
  if (event.intent !== undefined) next = { ...next, intent: event.intent }
  if (event.appendOutput !== undefined && event.appendOutput !== '') {
    if (isTerminalIntent(next.intent)) {
      next = { ...next, intent: appendOutput(next.intent, event.appendOutput) }
    } else {
      report(
        draft,
        'output-without-terminal',
        event.id,
        '$.appendOutput',
        `call ${quote(event.id)} has no terminal intent to append output to; ${event.appendOutput.length} characters dropped`,
      )
    }
  }
  if (event.status !== undefined && event.status !== next.status) {
    if (next.status === 'awaiting-approval')
      report(
        draft,
        'status-while-awaiting',
        event.id,
        '$.status',
        `call ${quote(event.id)} awaits a decision; status ${quote(event.status)} is ignored`,
      )
    else next = { ...next, status: event.status }
  }
  return next
}

function endCard(card: CardModel, event: CallEndEvent): CardModel {
  const next: CardModel = { ...card, status: event.status }
  if (event.intent !== undefined) next.intent = event.intent
  if (event.error !== undefined) next.error = event.error
  if (event.durationMs !== undefined) next.durationMs = event.durationMs
  return next
}

function isEnded(card: CardModel): boolean {
  const s = card.status
  return s === 'completed' || s === 'failed' || s === 'cancelled' || s === 'rejected'
}

type TerminalLike = Record<string, unknown> & { card: 'terminal'; output?: string }

function isTerminalIntent(intent: unknown): intent is TerminalLike {
  if (intent === null || typeof intent !== 'object' || Array.isArray(intent)) return false
  const record = intent as Record<string, unknown>
  return record.card === 'terminal' && (record.output === undefined || typeof record.output === 'string')
}

/** The rope behind the `output` of each intent that `appendOutput` made. */
const ropes = new WeakMap<object, RopeNode>()

/**
 * A copy of a terminal intent whose `output` is the old output plus `chunk`. The output is a lazy,
 * enumerable getter over a rope: making the copy costs the number of fields plus the chunk, never the
 * output so far; the text is joined once, when first read (by `parseIntent`, `JSON.stringify`, a spread).
 */
function appendOutput(intent: TerminalLike, chunk: string): Record<string, unknown> {
  const base = ropes.get(intent) ?? ropeFrom(intent.output ?? '')
  const rope = ropeAppend(base, chunk)
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(intent)) {
    if (key === 'output') continue
    defineData(out, key, intent[key])
  }
  Object.defineProperty(out, 'output', { get: () => ropeText(rope), enumerable: true, configurable: true })
  ropes.set(out, rope)
  return out
}

function addCard(draft: Draft, card: CardModel): void {
  draft.index.set(card.id, draft.cards.length)
  draft.cards.push(card)
}

function report(
  draft: Draft,
  kind: SessionProblemKind,
  id: string | undefined,
  path: string,
  message: string,
): void {
  draft.problemCount++
  if (draft.problems.length >= MAX_KEPT_PROBLEMS) return
  if (!draft.problemsCopied) {
    draft.problems = draft.problems.slice()
    draft.problemsCopied = true
  }
  const problem: SessionProblem = { index: draft.eventCount, kind, path, message }
  if (id !== undefined) problem.id = id
  ;(draft.problems as SessionProblem[]).push(problem)
}

/** The id of an event that failed its check, when it has a usable one (for the report only). */
function readableId(input: unknown): string | undefined {
  try {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) return undefined
    if (Object.getPrototypeOf(input) !== Object.prototype && Object.getPrototypeOf(input) !== null)
      return undefined
    const descriptor = Object.getOwnPropertyDescriptor(input, 'id')
    const id: unknown = descriptor && 'value' in descriptor ? descriptor.value : undefined
    return typeof id === 'string' && id.length > 0 && id.length <= 1024 ? id : undefined
  } catch {
    return undefined
  }
}

function quote(id: string): string {
  return JSON.stringify(id.length > 80 ? `${id.slice(0, 80)}…` : id)
}
