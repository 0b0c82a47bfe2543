export { checkSchema } from './check-schema'
export type { CallEndEvent, CallStartEvent, CallUpdateEvent, SessionEvent, SessionEventType } from './events'
export {
  CallEndEventSchema,
  CallStartEventSchema,
  CallUpdateEventSchema,
  EVENT_SCHEMAS,
  SESSION_EVENT_TYPES,
  SessionEventSchema,
} from './events-schema'
export type { JsonObject, JsonValue, Problem, SanitizeResult } from './json'
export { childPath, defineData, formatSize, pointerToPath, sanitizeJson, scanJsonDepth } from './json'
export type { Limits } from './limits'
export { LIMITS } from './limits'
export type { CardModel, CardStatus } from './model'
export { CARD_STATUSES } from './model'
export type { ParseOptions, ParseResult, ParseTask, SliceOptions } from './parse'
export { isCardKind, parseIntent, parseIntentInSlices, readJson } from './parse'
export type { SessionEventParseResult } from './parse-event'
export { parseSessionEvent } from './parse-event'
export type {
  CardKind,
  DiffFile,
  DiffIntent,
  GenericIntent,
  ReadIntent,
  RenderIntent,
  SearchIntent,
  SearchMatch,
  Spill,
  TerminalIntent,
  Truncation,
  WebIntent,
  WebResult,
} from './schema'
export {
  CARD_KINDS,
  DiffFileSchema,
  DiffIntentSchema,
  GenericIntentSchema,
  INTENT_SCHEMAS,
  ReadIntentSchema,
  RenderIntentSchema,
  SearchIntentSchema,
  SearchMatchSchema,
  SpillSchema,
  TerminalIntentSchema,
  TruncationSchema,
  WebIntentSchema,
  WebResultSchema,
} from './schema'
