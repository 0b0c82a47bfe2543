export { cssVariablesTheme, SYNTAX_FOREGROUND } from './css-theme'
export { CURATED_GRAMMARS, CURATED_LANGUAGES } from './grammars'
export type {
  ExtraLanguageInfo,
  LanguageIndex,
  LanguageInfo,
  LanguageLoader,
  LanguageSpec,
} from './languages'
export {
  buildLanguageIndex,
  detectLanguage,
  fromShebang,
  languageName,
  PLAIN_LANGUAGE_IDS,
} from './languages'
export { CURATED_LANGUAGE_INFO } from './languageTable'
export type { MessageEndpoint, RemoteHighlighterOptions } from './remote'
export { createRemoteHighlighter } from './remote'
export { serveHighlighter } from './serve'
export type { HighlighterOptions } from './shiki'
export { createHighlighter, HIGHLIGHT_DEFAULTS, toLatin1 } from './shiki'
export type { SyntaxKind } from './theme'
export { SYNTAX_KINDS, syntaxKindOf } from './theme'
export type {
  HighlightDocument,
  Highlighter,
  HighlightNotice,
  HighlightToken,
  LanguageHint,
  PlainReason,
  TokenLine,
} from './types'
export { FontStyle } from './types'
