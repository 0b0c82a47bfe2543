'use client'
export type { CardRendererProps } from './cards/CardRenderer'
// toolcards: the React components. Engines live in toolcards/protocol, /session, /text, /adapters, /contract.
export { CardRenderer } from './cards/CardRenderer'
export type { DiffCardProps } from './cards/diff'
export { DiffCard } from './cards/diff'
export type { CardErrorBoundaryProps } from './cards/frame/CardErrorBoundary'
export { CardErrorBoundary } from './cards/frame/CardErrorBoundary'
export type { CardAction, CardFrameProps, CardOutcome, OutcomeFacts } from './cards/frame/CardFrame'
export {
  CardExpansionContext,
  CardFrame,
  CutNotice,
  deriveOutcome,
  STATUS_INFO,
} from './cards/frame/CardFrame'
export type { GenericCardProps, JsonTreeProps } from './cards/generic'
export { GenericCard, JsonTree, ProblemList, TextOutput } from './cards/generic'
export type { CardActions, ToolcardsHost, ToolcardsProviderProps } from './cards/host'
export { ToolcardsProvider, useCardActions, useHost, useTexts } from './cards/host'
export type { LabelOverrides, Labels, Plural, Tone } from './cards/labels'
export { LABELS_EN } from './cards/labels'
export { LABELS_ZH_CN } from './cards/labels-zh-cn'
export type { ReadCardProps } from './cards/read'
export { ReadCard } from './cards/read'
export type { SearchCardProps } from './cards/search'
export { SearchCard } from './cards/search'
export type { SessionViewProps } from './cards/session'
export { ESTIMATED_CARD_HEIGHT, SessionView, useSessionEvents, useSessionStore } from './cards/session'
export type { CountKey, TextKey, Texts } from './cards/shared/format'
export { createTexts } from './cards/shared/format'
export type {
  HighlightedLineProps,
  HighlightedLines,
  UseHighlightedLinesOptions,
} from './cards/shared/highlight'
export {
  getDefaultHighlighter,
  HighlightedLine,
  useHighlightedLines,
  useHighlighter,
} from './cards/shared/highlight'
export type { SafeLinkProps } from './cards/shared/SafeLink'
export { SafeLink } from './cards/shared/SafeLink'
export type { VirtualLinesProps } from './cards/shared/VirtualLines'
export { VirtualLines } from './cards/shared/VirtualLines'
export type { VisibleTextProps } from './cards/shared/VisibleText'
export { BidiWarning, VisibleText } from './cards/shared/VisibleText'
export type { TerminalCardProps } from './cards/terminal'
export { TerminalCard } from './cards/terminal'
export type { WebCardProps } from './cards/web'
export { loadWebCard, WebCard } from './cards/web'
export type { CardModel, CardStatus, RenderIntent } from './protocol'
