import { type Static, Type } from '@sinclair/typebox'
import type { CallEndEvent, CallStartEvent, CallUpdateEvent } from './events'

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
    durationMs: Type.Optional(Type.Number({ minimum: 0 })),
  },
  { $id: 'CallEndEvent', description: 'A call ends.' },
)

/** Schemas by event `type`. */
export const EVENT_SCHEMAS = {
  call: CallStartEventSchema,
  update: CallUpdateEventSchema,
  result: CallEndEventSchema,
} as const

export const SessionEventSchema = Type.Union(Object.values(EVENT_SCHEMAS), {
  $id: 'SessionEvent',
  title: 'Session event',
  description: 'One event of a tool call: `call`, `update` or `result`, tagged by `type`.',
})

export const SESSION_EVENT_TYPES = Object.keys(EVENT_SCHEMAS) as Array<keyof typeof EVENT_SCHEMAS>

// The hand-written types and the schema must describe the same values (checked at compile time).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Loose<T> = { [K in keyof T]: K extends 'args' ? unknown : T[K] }
const sameStart: Same<Loose<CallStartEvent>, Static<typeof CallStartEventSchema>> = true
const sameUpdate: Same<Loose<CallUpdateEvent>, Static<typeof CallUpdateEventSchema>> = true
const sameEnd: Same<CallEndEvent, Static<typeof CallEndEventSchema>> = true
void [sameStart, sameUpdate, sameEnd]
