/**
 * The highlighting service's contract. Cards (read, diff, search) depend only on this interface; the
 * default implementation is shiki-based (`createHighlighter` in this folder), and a host may pass its own.
 */

/** Bit flags for `HighlightToken.fontStyle`. */
export const FontStyle = { italic: 1, bold: 2, underline: 4, strikethrough: 8 } as const

/** One run of text with its colours in both themes. Colours come from themes, never from tool data. */
export interface HighlightToken {
  content: string
  /** Colour in the light theme (a CSS colour). */
  light?: string
  /** Colour in the dark theme (a CSS colour). */
  dark?: string
  /** Bit set of `FontStyle`. */
  fontStyle?: number
}

/** The tokens of one line; their contents joined equal the line's text. */
export type TokenLine = HighlightToken[]

export interface LanguageHint {
  /** A file path or name: extension and well-known names (`Dockerfile`, `Makefile`, `.bashrc`). */
  path?: string
  /** An explicit language id or alias; wins when known. */
  language?: string
  /** The first line, for a shebang. */
  firstLine?: string
}

/**
 * A document being highlighted: the lines and the language. Implementations may cache grammar state
 * per document (keyed by identity), so that highlighting line 5,000 does not re-tokenize lines 0..4,999
 * more than once.
 */
export interface HighlightDocument {
  readonly lines: readonly string[]
  readonly language: string
}

export interface Highlighter {
  /** A known language id for the hint, or null for plain text. Never throws. */
  resolveLanguage(hint: LanguageHint): string | null
  /**
   * Tokens for lines [start, end) of the document. Resolves to null when it cannot highlight (unknown
   * language, line too long, over the time budget): the caller keeps plain text. Never rejects.
   */
  highlight(
    doc: HighlightDocument,
    start: number,
    end: number,
    signal?: AbortSignal,
  ): Promise<Array<TokenLine | null> | null>
  /**
   * Why some or all of the document stays plain (a long line, the time limit, a grammar that failed to
   * load), for a quiet notice; null when nothing was held back. Optional: a host highlighter may omit it.
   */
  notice?(doc: HighlightDocument): HighlightNotice | null
  /** Loads a language ahead of use (for instance while plain text is painted). Optional. */
  preload?(language: string): Promise<boolean>
}

/** Why text stayed plain. */
export type PlainReason = 'line-too-long' | 'time-limit' | 'load-failed'

export interface HighlightNotice {
  reason: PlainReason
  /** One short sentence for the user, e.g. "Lines over 4,000 characters are not highlighted." */
  message: string
}
