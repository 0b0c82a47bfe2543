export { useHighlightedLines } from './useHighlightedLines'
export type { UseHighlightedLinesOptions } from './useHighlightedLines'
