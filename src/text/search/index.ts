export type {
  RowLayout,
  SearchGroup,
  SearchIndex,
  SearchMatchInput,
  SearchMode,
  SearchRow,
  SearchSummary,
} from './group'
export {
  buildRows,
  createSearchIndex,
  extendSearchIndex,
  filterGroups,
  formatCount,
  groupMatches,
  layoutRows,
  matchSpans,
  plural,
  rowAt,
  shownMatch,
  summarize,
  summaryText,
  truncationText,
} from './group'
export type { LiteralPlan, LiteralPlanResult } from './literal'
export { findLiteral, planLiteral } from './literal'
export type { LinePiece, MatchSpan } from './ranges'
export {
  clampRanges,
  MAX_LITERAL_LINE,
  MAX_SPANS_PER_LINE,
  mergeSpans,
  splitBySpans,
  stripTerminalColour,
  windowLine,
} from './ranges'
