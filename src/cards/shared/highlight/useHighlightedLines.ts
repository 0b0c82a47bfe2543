'use client'
import type { TokenLine } from '../../../text/highlight/types'

export interface UseHighlightedLinesOptions {
  /** File path, for the language. */
  path?: string
  /** Explicit language; wins when known. */
  language?: string
  /** Lines [start, end) that are visible (plus a margin); only these are highlighted. Default: all. */
  visible?: { start: number; end: number }
  /** Turn highlighting off (plain text). */
  disabled?: boolean
}

/**
 * Tokens for the lines of a document, highlighted lazily. Returns an array parallel to `lines` whose
 * entries are `undefined` until highlighted (render plain text meanwhile), and the resolved language.
 *
 * Stub (lead): returns no tokens. The read-card engineer replaces the body with the shiki service.
 */
export function useHighlightedLines(
  _lines: readonly string[],
  _options: UseHighlightedLinesOptions = {},
): { tokens: ReadonlyArray<TokenLine | null | undefined>; language: string | null; notice?: string } {
  return { tokens: [], language: null }
}
