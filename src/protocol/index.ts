export type { SessionEvent, CallStartEvent, CallUpdateEvent, CallEndEvent } from './events'
export { childPath, defineData, formatSize, pointerToPath, sanitizeJson, scanJsonDepth } from './json'
export type { JsonObject, JsonValue, Problem, SanitizeResult } from './json'
export { LIMITS } from './limits'
export type { Limits } from './limits'
export { CARD_STATUSES } from './model'
export type { CardModel, CardStatus } from './model'
export { checkSchema, isCardKind, parseIntent, readJson } from './parse'
export type { ParseOptions, ParseResult } from './parse'
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
