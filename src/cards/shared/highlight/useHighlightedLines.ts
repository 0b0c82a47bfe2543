'use client'
import { startTransition, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { buildLanguageIndex, detectLanguage, type LanguageIndex } from '../../../text/highlight/languages'
import type {
  HighlightDocument,
  Highlighter,
  HighlightNotice,
  TokenLine,
} from '../../../text/highlight/types'
import { useHost, useTexts } from '../../host'
import type { Texts } from '../format'
import { afterPaint, inFrameTurn, whenIdle } from '../frameTurn'

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
   * taken for a shebang.
   * @default false
   */
  partial?: boolean
}

export interface HighlightedLines {
  /** Parallel to `lines`: tokens, `null` (left plain on purpose) or `undefined` (not yet highlighted). */
  tokens: ReadonlyArray<TokenLine | null | undefined>
  /** The resolved language id, or null for plain text (and while `languagePending`). */
  language: string | null
  /**
   * True while the language is still being looked up: the default highlighter's table loads with its
   * first lookup (a few milliseconds after a page's first card). Show no language yet, not "plain text".
   */
  languagePending: boolean
  /** A quiet notice when some text stays plain (long lines, time limit, grammar failed to load). */
  notice?: string
}

/** Lines asked for at once: the first screen gets colour without waiting for the rest. */
const BLOCK = 240
const FIRST_BLOCK = 48

let defaultHighlighter: Highlighter | null = null

/** The curated languages' index, once their table has loaded (`loadLanguageTable`). */
let curatedIndex: LanguageIndex | null = null
let tableAsked = false
const tableListeners = new Set<() => void>()

/**
 * Loads the curated languages' table (by `import()`, once per page; about 1.1 KB gzip that the first load
 * does not carry). A table that cannot load (offline, a CSP that refuses the chunk) counts as an empty
 * one: every card plain, said so ("Plain text").
 */
function loadLanguageTable(): void {
  if (tableAsked) return
  tableAsked = true
  import('../../../text/highlight/languageTable')
    .then(
      (m) => m.CURATED_LANGUAGE_INFO,
      () => [],
    )
    .then((table) =>
      // after the next frame: cards render again with their language, not in the task before their first paint
      afterPaint(() => {
        curatedIndex = buildLanguageIndex(table, [])
        for (const listener of tableListeners) listener()
      }),
    )
}

const subscribeTable = (listener: () => void) => {
  tableListeners.add(listener)
  return () => tableListeners.delete(listener)
}
const tableLoaded = () => curatedIndex !== null
const tableOnServer = () => false

/**
 * The page-wide default highlighter (shiki, JavaScript engine, CSS-variable theme), made on first use.
 * Its languages' table loads with the first language lookup, by `import()`: until it is there (a few
 * milliseconds), `resolveLanguage` finds no language and cards show plain text without a language, then
 * render again with it. The highlighting service loads with the first `highlight` call, by `import()`,
 * so a page's first load carries no highlighting code. The service runs in a Web Worker
 * (`toolcards/highlight-worker`) when the page can start one, so no grammar blocks the page; else on the
 * main thread, in slices (`startHighlighter.ts`).
 */
export function getDefaultHighlighter(): Highlighter {
  if (!defaultHighlighter) defaultHighlighter = lazyHighlighter()
  return defaultHighlighter
}

function lazyHighlighter(): Highlighter {
  let real: Highlighter | null = null
  let failed: HighlightNotice | null = null
  let loading: Promise<Highlighter> | null = null
  const load = () => {
    loading ??= import('./startHighlighter')
      .then((m) => m.startDefaultHighlighter())
      .then(
        (h) => {
          real = h
          return real
        },
        (error: unknown) => {
          // a chunk that cannot load (offline, a CSP that refuses it): plain text, said once per document
          failed = {
            reason: 'load-failed',
            message: `Highlighting could not be loaded (${error instanceof Error ? error.message : 'unknown error'}); shown as plain text.`,
          }
          throw error
        },
      )
    return loading
  }
  return {
    resolveLanguage: (hint) => {
      if (curatedIndex) return detectLanguage(curatedIndex, hint)
      loadLanguageTable()
      return null
    },
    highlight: (doc, start, end, signal) => load().then((h) => h.highlight(doc, start, end, signal)),
    notice: (doc) => failed ?? real?.notice?.(doc) ?? null,
    preload: (language) => load().then((h) => h.preload?.(language) ?? false),
  }
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
  notice: HighlightNotice | undefined
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
  const t = useTexts()
  const firstLine = partial ? undefined : lines[0]
  // The default highlighter's table, once loaded; never while hydrating (the server's HTML has no
  // language: the table is not loaded there), so the first client render matches it.
  const tableReady = useSyncExternalStore(subscribeTable, tableLoaded, tableOnServer)
  const languagePending = !!highlighter && !disabled && highlighter === defaultHighlighter && !tableReady
  const language = useMemo(() => {
    if (!highlighter || disabled) return null
    if (languagePending) {
      loadLanguageTable()
      return null
    }
    try {
      return highlighter.resolveLanguage({
        ...(path !== undefined ? { path } : {}),
        ...(explicit !== undefined ? { language: explicit } : {}),
        ...(firstLine !== undefined ? { firstLine: firstLine.slice(0, 256) } : {}),
      })
    } catch {
      return null
    }
  }, [highlighter, disabled, path, explicit, firstLine, languagePending])

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
      // Nothing coloured yet: let the plain text paint before any tokenizing starts, then let the page
      // finish what it is laying out. The first request starts the worker and compiles the grammar
      // there (about 0.5 s of a core): on 2 cores, sent while a big diff's near files still mount, it
      // took the core from those frames (tasks of 10 ms or more per run: 13 before, 8 since).
      if (tokensRef.current.length === 0) {
        await new Promise<void>((resolve) => afterPaint(resolve))
        if (!cancelled) await whenIdle(FIRST_REQUEST_IDLE_MS)
      }
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
        // At most COLOUR_LINES_PER_FRAME lines of colour per frame across the page: ten replies that
        // land together, or one block of 48 lines, do not lay out and paint their rows in one long frame.
        const apply = (from: number) =>
          inFrameTurn(() => {
            if (cancelled) return // the document changed meanwhile
            const to = Math.min(got.length, from + COLOUR_LINES_PER_FRAME)
            startTransition(() =>
              setState((s) => {
                const tokens = s.doc === doc ? s.tokens.slice() : []
                for (let k = from; k < to; k++) tokens[at + k] = got[k] ?? null
                return { doc, tokens, notice }
              }),
            )
            if (to < got.length) apply(to)
          })
        apply(0)
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
    languagePending,
    ...(current?.notice ? { notice: noticeText(current.notice, t) } : {}),
  }
}

/**
 * Lines of a reply given colour per frame. A diff's colour frame laid out about 32 rows of new spans
 * (5-8 ms of layout CPU, twice that in wall time on 2 cores); 12 lines a frame cut the longest task of
 * the bench's diff from 27.8 to 24.3 ms and of its read card from 10.0 to 8.4 ms (medians of 10-12 runs).
 */
export const COLOUR_LINES_PER_FRAME = 12

/** The longest wait for an idle moment before a document's first request (ms). */
export const FIRST_REQUEST_IDLE_MS = 300

const EMPTY: ReadonlyArray<TokenLine | null | undefined> = []

function safeNotice(h: Highlighter, doc: HighlightDocument): HighlightNotice | undefined {
  try {
    const n = h.notice?.(doc)
    return n && typeof n.message === 'string' ? n : undefined
  } catch {
    return undefined
  }
}

/** The labels table's words for a notice of a known reason; a host highlighter's own words otherwise. */
function noticeText(notice: HighlightNotice, t: Texts): string {
  switch (notice.reason) {
    case 'line-too-long':
      return t.text('highlightLongLines')
    case 'time-limit':
      return t.text('highlightTimeLimit')
    case 'load-failed':
      return t.text('highlightLoadFailed')
    default:
      return notice.message
  }
}
