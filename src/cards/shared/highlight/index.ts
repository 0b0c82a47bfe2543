export type { HighlightedLineProps } from './TokenLine'
export { HighlightedLine, renderTokens, tokenPiece, tokenSpanProps, tokensMatch } from './TokenLine'
export type { HighlightedLines, UseHighlightedLinesOptions } from './useHighlightedLines'
export { getDefaultHighlighter, useHighlightedLines, useHighlighter } from './useHighlightedLines'
