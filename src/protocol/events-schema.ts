import { type Static, Type } from '@sinclair/typebox'
import type {
  ApprovalRequestEvent,
  CallEndEvent,
  CallStartEvent,
  CallUpdateEvent,
  DecisionEvent,
} from './events'
import { APPROVAL_OPTION_KINDS } from './model'

/**
 * The session-event schema (TypeBox, so it is JSON Schema too). `parseSessionEvent` checks values against
 * it by interpretation (no `eval`). The TypeScript types live in `events.ts` with their documentation; the
 * checks at the end of this file keep the two in step. Unknown fields are allowed (forward compatible).
 */

const Id = Type.String({
  minLength: 1,
  maxLength: 1024,
  description: 'The call id, unique within a session.',
})
const Time = Type.Number({
  description: 'When the event happened, in ms since the Unix epoch; paces replays.',
})
const Json = Type.Unknown({ description: 'Any JSON value.' })
const Intent = Type.Unknown({ description: 'A render intent; checked by parseIntent when rendered.' })
const Running = Type.Union([Type.Literal('pending'), Type.Literal('running')])

export const CallStartEventSchema = Type.Object(
  {
    type: Type.Literal('call'),
    id: Id,
    time: Type.Optional(Time),
    toolName: Type.String({ maxLength: 1024, description: 'Shown only as the title of the generic card.' }),
    args: Type.Optional(Json),
    intent: Type.Optional(Intent),
    status: Type.Optional(Running),
    sidechain: Type.Optional(Type.String({ description: 'Set when a sub-agent made the call.' })),
  },
  { $id: 'CallStartEvent', description: 'A call starts.' },
)

export const CallUpdateEventSchema = Type.Object(
  {
    type: Type.Literal('update'),
    id: Id,
    time: Type.Optional(Time),
    args: Type.Optional(Json),
    intent: Type.Optional(Intent),
    appendOutput: Type.Optional(Type.String({ description: "Appended to the terminal intent's output." })),
    status: Type.Optional(Running),
  },
  { $id: 'CallUpdateEvent', description: 'A running call changes.' },
)

export const CallEndEventSchema = Type.Object(
  {
    type: Type.Literal('result'),
    id: Id,
    time: Type.Optional(Time),
    status: Type.Union([Type.Literal('completed'), Type.Literal('failed'), Type.Literal('cancelled')]),
    intent: Type.Optional(Intent),
    error: Type.Optional(Type.String()),
    durationMs: Type.Optional(
      Type.Number({
        description:
          'Milliseconds the call took; a negative value (a clock set back) is not shown: the card says so.',
      }),
    ),
  },
  { $id: 'CallEndEvent', description: 'A call ends.' },
)

export const ApprovalOptionSchema = Type.Object(
  {
    optionId: Type.String({
      minLength: 1,
      maxLength: 256,
      description: 'What `onDecision(callId, optionId)` sends back; unique among the options.',
    }),
    kind: Type.Union(
      APPROVAL_OPTION_KINDS.map((k) => Type.Literal(k)),
      { description: "What choosing it means (the Agent Client Protocol's kinds)." },
    ),
    label: Type.String({
      minLength: 1,
      maxLength: 200,
      description: "The button's text, as the host words it.",
    }),
  },
  { $id: 'ApprovalOption', description: 'One choice the host offers.' },
)

export const ApprovalRequestEventSchema = Type.Object(
  {
    type: Type.Literal('approval'),
    id: Id,
    time: Type.Optional(Time),
    options: Type.Array(ApprovalOptionSchema, {
      minItems: 1,
      maxItems: 16,
      description: 'The choices, in order; `optionId`s unique.',
    }),
    reason: Type.Optional(Type.String({ maxLength: 4096, description: 'Why the host asks.' })),
  },
  { $id: 'ApprovalRequestEvent', description: 'The host asks whether a started call may run.' },
)

export const DecisionEventSchema = Type.Object(
  {
    type: Type.Literal('decision'),
    id: Id,
    time: Type.Optional(Time),
    optionId: Type.String({ minLength: 1, maxLength: 256, description: 'The option chosen.' }),
    by: Type.Optional(Type.String({ maxLength: 200, description: 'Who or what decided.' })),
    reason: Type.Optional(Type.String({ maxLength: 4096, description: 'Why, when the host says.' })),
  },
  { $id: 'DecisionEvent', description: "The option chosen for a call's pending approval." },
)

/** Schemas by event `type`. */
export const EVENT_SCHEMAS = {
  call: CallStartEventSchema,
  update: CallUpdateEventSchema,
  result: CallEndEventSchema,
  approval: ApprovalRequestEventSchema,
  decision: DecisionEventSchema,
} as const

export const SessionEventSchema = Type.Union(Object.values(EVENT_SCHEMAS), {
  $id: 'SessionEvent',
  title: 'Session event',
  description:
    'One event of a tool call, tagged by `type`: `call`, `update`, `result`, `approval` or `decision`.',
})

export const SESSION_EVENT_TYPES = Object.keys(EVENT_SCHEMAS) as Array<keyof typeof EVENT_SCHEMAS>

// The hand-written types and the schema must describe the same values (checked at compile time).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Loose<T> = { [K in keyof T]: K extends 'args' ? unknown : T[K] }
const sameStart: Same<Loose<CallStartEvent>, Static<typeof CallStartEventSchema>> = true
const sameUpdate: Same<Loose<CallUpdateEvent>, Static<typeof CallUpdateEventSchema>> = true
const sameEnd: Same<CallEndEvent, Static<typeof CallEndEventSchema>> = true
const sameApproval: Same<ApprovalRequestEvent, Static<typeof ApprovalRequestEventSchema>> = true
const sameDecision: Same<DecisionEvent, Static<typeof DecisionEventSchema>> = true
void [sameStart, sameUpdate, sameEnd, sameApproval, sameDecision]
