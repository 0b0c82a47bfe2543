'use client'
import { useEffect, useMemo, useRef, useState } from 'react'
import { createHighlighter } from '../../../text/highlight/shiki'
import type { HighlightDocument, Highlighter, TokenLine } from '../../../text/highlight/types'
import { useHost } from '../../host'

export interface UseHighlightedLinesOptions {
  /** File path, for the language. */
  path?: string
  /** Explicit language; wins when known. */
  language?: string
  /** Lines [start, end) that are visible (plus a margin); only these are highlighted. Default: all. */
  visible?: { start: number; end: number }
  /** Turn highlighting off (plain text). */
  disabled?: boolean
  /**
   * Lines that do not start the file (a range from the middle, a diff hunk): the first line is not
   * taken for a shebang. Default false.
   */
  partial?: boolean
}

export interface HighlightedLines {
  /** Parallel to `lines`: tokens, `null` (left plain on purpose) or `undefined` (not yet highlighted). */
  tokens: ReadonlyArray<TokenLine | null | undefined>
  /** The resolved language id, or null for plain text. */
  language: string | null
  /** A quiet notice when some text stays plain (long lines, time limit, grammar failed to load). */
  notice?: string
}

/** Lines asked for at once: the first screen gets colour without waiting for the rest. */
const BLOCK = 240
const FIRST_BLOCK = 48

let defaultHighlighter: Highlighter | null = null

/** The page-wide default highlighter (shiki, JavaScript engine, CSS-variable theme), made on first use. */
export function getDefaultHighlighter(): Highlighter {
  if (!defaultHighlighter) defaultHighlighter = createHighlighter()
  return defaultHighlighter
}

/** The highlighter cards use: the host's, none (`highlighter: null`), or the default. */
export function useHighlighter(): Highlighter | null {
  const host = useHost()
  if (host.highlighter === null) return null
  return host.highlighter ?? getDefaultHighlighter()
}

interface State {
  doc: HighlightDocument | null
  tokens: Array<TokenLine | null | undefined>
  notice: string | undefined
}

/**
 * Tokens for the lines of a document, highlighted lazily. Returns an array parallel to `lines` whose
 * entries are `undefined` until highlighted (render plain text meanwhile), and the resolved language.
 * Plain text paints first; colour arrives in blocks for the visible lines (and what precedes them, for
 * the grammar). Keep `lines` stable (memoize the split) so work is not redone.
 */
export function useHighlightedLines(
  lines: readonly string[],
  options: UseHighlightedLinesOptions = {},
): HighlightedLines {
  const { path, language: explicit, visible, disabled = false, partial = false } = options
  const highlighter = useHighlighter()
  const firstLine = partial ? undefined : lines[0]
  const language = useMemo(() => {
    if (!highlighter || disabled) return null
    try {
      return highlighter.resolveLanguage({
        ...(path !== undefined ? { path } : {}),
        ...(explicit !== undefined ? { language: explicit } : {}),
        ...(firstLine !== undefined ? { firstLine: firstLine.slice(0, 256) } : {}),
      })
    } catch {
      return null
    }
  }, [highlighter, disabled, path, explicit, firstLine])

  const doc = useMemo<HighlightDocument | null>(
    () => (language && highlighter ? { lines, language } : null),
    [lines, language, highlighter],
  )
  const [state, setState] = useState<State>({ doc: null, tokens: [], notice: undefined })
  const current = state.doc === doc ? state : null
  const tokensRef = useRef(current?.tokens ?? [])
  tokensRef.current = current?.tokens ?? []

  const start = Math.max(0, Math.min(visible?.start ?? 0, lines.length))
  const end = Math.max(start, Math.min(visible?.end ?? lines.length, lines.length))

  useEffect(() => {
    if (!doc || !highlighter || start >= end) return
    const ac = new AbortController()
    let cancelled = false
    ;(async () => {
      // Nothing coloured yet: let the plain text paint before any tokenizing starts.
      if (tokensRef.current.length === 0) await afterPaint()
      // A first small block covers a viewport (about 24 rows), so colour shows before the margin is done.
      for (let at = start, size = FIRST_BLOCK; at < end && !cancelled; at += size, size = BLOCK) {
        const to = Math.min(end, at + size)
        const have = tokensRef.current
        let missing = false
        for (let i = at; i < to; i++) {
          if (have[i] === undefined) {
            missing = true
            break
          }
        }
        if (!missing) continue
        let result: Array<TokenLine | null> | null = null
        try {
          result = await highlighter.highlight(doc, at, to, ac.signal)
        } catch {
          result = null
        }
        if (cancelled) return
        const notice = safeNotice(highlighter, doc)
        if (!result) {
          if (notice) setState((s) => (s.doc === doc ? { ...s, notice } : { doc, tokens: [], notice }))
          return
        }
        const got = result
        setState((s) => {
          const tokens = s.doc === doc ? s.tokens.slice() : []
          for (let k = 0; k < got.length; k++) tokens[at + k] = got[k] ?? null
          return { doc, tokens, notice }
        })
      }
    })()
    return () => {
      cancelled = true
      ac.abort()
    }
  }, [doc, highlighter, start, end])

  return {
    tokens: current?.tokens ?? EMPTY,
    language,
    ...(current?.notice ? { notice: current.notice } : {}),
  }
}

/** Resolves after the next frame has painted (rAF, then a task); a task alone where there is no rAF. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0))
    else setTimeout(resolve, 0)
  })
}

const EMPTY: ReadonlyArray<TokenLine | null | undefined> = []

function safeNotice(h: Highlighter, doc: HighlightDocument): string | undefined {
  try {
    return h.notice?.(doc)?.message ?? undefined
  } catch {
    return undefined
  }
}
