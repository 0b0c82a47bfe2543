// toolcards/text: pure text engines (no React, no DOM). Each engine adds its own named exports below.
export { isSafeUrl, judgeUrl, SAFE_SCHEMES } from './url'
export type { UrlJudgement } from './url'
export { describeInvisible, hasBidi, hasInvisible, splitInvisible } from './invisible'
export type { InvisibleMark, VisiblePart } from './invisible'
export { FontStyle } from './highlight/types'
export type { HighlightDocument, Highlighter, HighlightToken, LanguageHint, TokenLine } from './highlight/types'
