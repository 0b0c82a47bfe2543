export { checkSchema } from './check-schema'
export type {
  CardModelCheck,
  CardModelTask,
  CheckCardModelOptions,
  EnvelopeField,
  FieldVerdict,
} from './envelope'
export {
  checkCardModel,
  checkCardModelInSlices,
  ENVELOPE_FIELDS,
  ENVELOPE_LABEL_LIMIT,
  UNNAMED_TOOL,
} from './envelope'
export { type EnvelopeFieldDoc, envelopeDocs } from './envelope-docs'
export { ERROR_MESSAGE_LIMIT, errorMessage } from './error-message'
export type {
  ApprovalRequestEvent,
  CallEndEvent,
  CallStartEvent,
  CallUpdateEvent,
  DecisionEvent,
  SessionEvent,
  SessionEventType,
} from './events'
export {
  ApprovalOptionSchema,
  ApprovalRequestEventSchema,
  CallEndEventSchema,
  CallStartEventSchema,
  CallUpdateEventSchema,
  DecisionEventSchema,
  EVENT_SCHEMAS,
  SESSION_EVENT_TYPES,
  SessionEventSchema,
} from './events-schema'
export type { JsonObject, JsonValue, Problem, SanitizeResult } from './json'
export { childPath, defineData, formatSize, keysOf, pointerToPath, sanitizeJson, scanJsonDepth } from './json'
export type { Limits } from './limits'
export { LIMITS } from './limits'
export type {
  ApprovalDecision,
  ApprovalOption,
  ApprovalOptionKind,
  CardApproval,
  CardModel,
  CardStatus,
} from './model'
export { APPROVAL_OPTION_KINDS, CARD_STATUSES } from './model'
export type { ParseOptions, ParseResult, ParseTask, SliceOptions } from './parse'
export { isCardKind, parseIntent, parseIntentInSlices, readJson } from './parse'
export type { SessionEventParseResult } from './parse-event'
export { parseSessionEvent } from './parse-event'
export type {
  CardKind,
  Checklist,
  ChecklistItem,
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
  ChecklistItemSchema,
  ChecklistSchema,
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
