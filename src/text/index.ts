// toolcards/text: pure text engines (no React, no DOM). Each engine adds its own named exports below.

export type {
  ApplyResult,
  ComputedDiff,
  ComputeOptions,
  DiffFileInput,
  DiffFileStatus,
  DiffFileView,
  DiffHunk,
  DiffLine,
  DiffLineRow,
  DiffProblem,
  DiffRow,
  DiffRowModel,
  EditOp,
  ParsedDiff,
  ParsedDiffFile,
  SplitCell,
  SplitRow,
  WordDiff,
  WorkBudget,
} from './diff'
export {
  applyDiffFile,
  buildFileViews,
  COMPUTE_DEFAULTS,
  computeDiff,
  formatHunkHeader,
  formatUnifiedDiff,
  hunksFromOps,
  parseUnifiedDiff,
  quotePath,
  readQuoted,
  splitLines,
  splitRows,
  unifiedRows,
  WORD_DIFF_LIMITS,
  wordDiff,
} from './diff'
export type {
  ExtraLanguageInfo,
  HighlighterOptions,
  HighlightNotice,
  LanguageInfo,
  LanguageLoader,
  LanguageSpec,
  MessageEndpoint,
  PlainReason,
  RemoteHighlighterOptions,
  SyntaxKind,
} from './highlight'
export {
  buildLanguageIndex,
  CURATED_GRAMMARS,
  CURATED_LANGUAGE_INFO,
  CURATED_LANGUAGES,
  createHighlighter,
  createRemoteHighlighter,
  cssVariablesTheme,
  detectLanguage,
  HIGHLIGHT_DEFAULTS,
  languageName,
  SYNTAX_KINDS,
  serveHighlighter,
  syntaxKindOf,
  toLatin1,
} from './highlight'
export type {
  HighlightDocument,
  Highlighter,
  HighlightToken,
  LanguageHint,
  TokenLine,
} from './highlight/types'
export { FontStyle } from './highlight/types'
export type { InvisibleMark, VisiblePart } from './invisible'
export { describeInvisible, hasBidi, hasInvisible, splitInvisible } from './invisible'
export type {
  LinePiece,
  LiteralPlan,
  LiteralPlanResult,
  MatchSpan,
  RowLayout,
  SearchGroup,
  SearchIndex,
  SearchMatchInput,
  SearchMode,
  SearchRow,
  SearchSummary,
} from './search'
export {
  buildRows,
  clampRanges,
  createSearchIndex,
  extendSearchIndex,
  filterGroups,
  findLiteral,
  formatCount,
  groupMatches,
  layoutRows,
  matchSpans,
  planLiteral,
  rowAt,
  splitBySpans,
  summarize,
  summaryText,
  truncationText,
  windowLine,
} from './search'
export type {
  TerminalColor,
  TerminalLine,
  TerminalLink,
  TerminalRun,
  TerminalScreen,
  TerminalScreenOptions,
  TerminalStyle,
} from './terminal'
export { createTerminalScreen } from './terminal'
export type { UrlJudgement } from './url'
export { isSafeUrl, judgeUrl, SAFE_SCHEMES } from './url'
export type { ContentType, ImageDecision, LinkDecision, WebOutcome, WebOutcomeKind } from './web'
export {
  decideImage,
  decideLink,
  describeFetchError,
  describeOutcome,
  describeStatus,
  EXCERPT_COLLAPSE_CHARS,
  formatBytes,
  MARKDOWN_MAX_CHARS,
  markdownUrlTransform,
  parseContentType,
} from './web'
