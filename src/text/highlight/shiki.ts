/**
 * The default highlighting service, on fine-grained shiki: `shiki/core` with the JavaScript regex engine
 * (no WebAssembly, no eval: it runs under a strict Content Security Policy) or, as an option, Oniguruma.
 * Grammars load on demand by dynamic import. Pure: no React, no DOM, nothing runs at import time.
 *
 * How it stays quick:
 * - only the lines asked for are tokenized (plus what precedes them, for the grammar state), in slices of
 *   about `sliceMs`, yielding to the event loop between slices;
 * - the grammar state is kept per document, so scrolling on never re-tokenizes earlier lines; a jump far
 *   ahead starts from a fresh state a few lines before the target (approximate until the pass catches up);
 * - text outside Latin-1 is tokenized through a one-byte copy with the same UTF-16 offsets, which avoids
 *   V8's 3-4x slower two-byte regex path; tokens are then cut from the original line;
 * - lines over `maxLineLength` and documents over `timeLimitMs` of work stay plain, with a notice.
 */
import type { HighlighterCore, LanguageInput, RegexEngine, ThemedToken, ThemeInput } from 'shiki/core'
import { cssVariablesTheme, SYNTAX_FOREGROUND } from './css-theme'
import { CURATED_GRAMMARS, CURATED_LANGUAGES, precompiledLoader } from './grammars'
import {
  buildLanguageIndex,
  detectLanguage,
  type ExtraLanguageInfo,
  type LanguageLoader,
  type LanguageSpec,
} from './languages'
import type {
  HighlightDocument,
  Highlighter,
  HighlightNotice,
  HighlightToken,
  LanguageHint,
  TokenLine,
} from './types'

type GrammarState = NonNullable<ReturnType<HighlighterCore['getLastGrammarState']>>

export interface HighlighterOptions {
  /**
   * Regex engine: `'javascript'` (default; CSP-safe) or `'oniguruma'` (WebAssembly: 2-3x faster, needs
   * `'wasm-unsafe-eval'` in the page's CSP), or a factory for any shiki `RegexEngine`.
   */
  engine?: 'javascript' | 'oniguruma' | (() => RegexEngine | Promise<RegexEngine>)
  /** Replaces the curated language table (`CURATED_LANGUAGES`). */
  languages?: readonly LanguageSpec[]
  /**
   * More grammars by id, e.g. all of shiki's: `import { bundledLanguages, bundledLanguagesInfo } from
   * 'shiki/langs'` then `{ extraLanguages: bundledLanguages, extraLanguageInfo: bundledLanguagesInfo }`.
   */
  extraLanguages?: Readonly<Record<string, LanguageLoader>>
  /** Aliases of `extraLanguages` (their ids and aliases also serve as file extensions). */
  extraLanguageInfo?: readonly ExtraLanguageInfo[]
  /**
   * A light and a dark shiki theme. Default: a theme whose colours are CSS variables
   * (`var(--tc-syntax-keyword)`), tokenized once for both. A pair of ordinary themes tokenizes twice.
   */
  themes?: { light: ThemeInput; dark: ThemeInput }
  /**
   * Lines longer than this (UTF-16 code units) stay plain.
   * @default 4000
   */
  maxLineLength?: number
  /**
   * Work per document (ms of tokenizing) before the rest stays plain.
   * @default 4000
   */
  timeLimitMs?: number
  /**
   * Target length of one slice of work before yielding (ms).
   * @default 12
   */
  sliceMs?: number
  /**
   * Lines to re-tokenize before a far jump, for context.
   * @default 200
   */
  jumpContext?: number
  /**
   * Tokenize a one-byte copy of non-Latin-1 text (same offsets).
   * @default true
   */
  latin1Copy?: boolean
  /**
   * Clock, for tests.
   * @default performance.now
   */
  now?: () => number
}

/** Defaults, exported for documentation and tests. */
export const HIGHLIGHT_DEFAULTS = {
  maxLineLength: 4_000,
  timeLimitMs: 4_000,
  sliceMs: 12,
  jumpContext: 200,
  /** A jump further than this past the exact pass starts afresh instead of tokenizing every line between. */
  farJump: 1_500,
  /** Per-line limit handed to shiki (ms). */
  lineTimeLimitMs: 1_000,
} as const

interface DocState {
  lang: string
  /** Exact tokens of lines [0, exactUpTo), from one pass that carries the grammar state. */
  exact: Array<TokenLine | null>
  exactUpTo: number
  stateAt: GrammarState | undefined
  /** Tokens from a fresh state started near a far line (used until the exact pass gets there). */
  approx: Map<number, TokenLine | null>
  spentMs: number
  /** Some line holds a character above U+00FF (so V8 keeps the lines two-byte). */
  twoByte: boolean
  /** Lines looked at for `twoByte` so far: a remote document's lines arrive as they are needed. */
  twoByteChecked: number
  notice: HighlightNotice | null
  dead: boolean
  queue: Promise<unknown>
}

let sharedCore: Promise<HighlighterCore> | null = null

/**
 * Creates the default highlighter. Nothing is loaded until the first `highlight` or `preload` call.
 * Create one and share it (the React side keeps one per page unless the host passes its own).
 */
export function createHighlighter(options: HighlighterOptions = {}): Highlighter {
  const specs = options.languages ?? CURATED_LANGUAGES
  const loaders = new Map<string, LanguageLoader>()
  // With the JavaScript engine, a curated grammar loads precompiled where that tokenizes the same
  // (grammars.ts: PRECOMPILED_GRAMMARS): its patterns need no conversion on first use.
  const javascript = options.engine === undefined || options.engine === 'javascript'
  for (const spec of specs) {
    const precompiled =
      javascript && spec.load === CURATED_GRAMMARS[spec.id] ? precompiledLoader(spec.id) : undefined
    loaders.set(spec.id, precompiled ?? spec.load)
  }
  for (const [id, load] of Object.entries(options.extraLanguages ?? {})) {
    if (!loaders.has(id) && typeof load === 'function') loaders.set(id, load)
  }
  const extraInfo: ExtraLanguageInfo[] = [...(options.extraLanguageInfo ?? [])]
  for (const id of Object.keys(options.extraLanguages ?? {})) {
    if (!extraInfo.some((i) => i.id === id)) extraInfo.push({ id })
  }
  const index = buildLanguageIndex(
    specs,
    extraInfo.filter((i) => loaders.has(i.id)),
  )
  const maxLineLength = options.maxLineLength ?? HIGHLIGHT_DEFAULTS.maxLineLength
  const timeLimitMs = options.timeLimitMs ?? HIGHLIGHT_DEFAULTS.timeLimitMs
  const sliceMs = options.sliceMs ?? HIGHLIGHT_DEFAULTS.sliceMs
  const jumpContext = options.jumpContext ?? HIGHLIGHT_DEFAULTS.jumpContext
  const latin1Copy = options.latin1Copy ?? true
  const now = options.now ?? (() => performance.now())
  const dual = options.themes !== undefined
  const themeLight = 'tc-light'
  const themeDark = 'tc-dark'

  let core: Promise<HighlighterCore> | null = null
  const languageLoads = new Map<string, Promise<boolean>>()
  /** Languages whose lines have come cheap: their regular expressions are compiled. */
  const warmLanguages = new Set<string>()
  const docs = new WeakMap<HighlightDocument, DocState>()

  function getCore(): Promise<HighlighterCore> {
    // Highlighters with the default engine, theme and language table share one shiki instance (and its
    // loaded grammars). A table of its own may give another grammar under a curated id: not shared.
    const shareable =
      !dual &&
      (options.engine === undefined || options.engine === 'javascript') &&
      options.languages === undefined
    if (shareable) {
      if (!sharedCore) {
        sharedCore = createCore()
        sharedCore.catch(() => {
          sharedCore = null
        })
      }
      return sharedCore
    }
    if (!core) {
      core = createCore()
      core.catch(() => {
        core = null
      })
    }
    return core
  }

  function createCore(): Promise<HighlighterCore> {
    return (async () => {
      const [{ createHighlighterCore }, engine] = await Promise.all([
        import('shiki/core'),
        makeEngine(options.engine),
      ])
      const themes = dual
        ? [
            await renameTheme(options.themes?.light, themeLight),
            await renameTheme(options.themes?.dark, themeDark),
          ]
        : [{ ...cssVariablesTheme, name: themeLight }]
      return createHighlighterCore({ themes, langs: [], engine })
    })()
  }

  function preload(language: string): Promise<boolean> {
    const id = index.byName.get(String(language).toLowerCase())
    const load = id ? loaders.get(id) : undefined
    if (!id || !load) return Promise.resolve(false)
    let p = languageLoads.get(id)
    if (!p) {
      p = (async () => {
        try {
          const hl = await getCore()
          if (hl.getLoadedLanguages().includes(id)) return true
          const mod = await load()
          const input = (
            mod && typeof mod === 'object' && 'default' in mod ? mod.default : mod
          ) as LanguageInput
          await hl.loadLanguage(input)
          return hl.getLoadedLanguages().includes(id)
        } catch {
          return false
        }
      })()
      languageLoads.set(id, p)
    }
    return p
  }

  function stateOf(doc: HighlightDocument, lang: string): DocState {
    let s = docs.get(doc)
    if (!s || s.lang !== lang) {
      s = {
        lang,
        exact: [],
        exactUpTo: 0,
        stateAt: undefined,
        approx: new Map(),
        spentMs: 0,
        twoByte: false,
        twoByteChecked: latin1Copy ? 0 : Number.POSITIVE_INFINITY,
        notice: null,
        dead: false,
        queue: Promise.resolve(),
      }
      docs.set(doc, s)
    }
    return s
  }

  /** Tokenizes `lines` from `state`; returns per-line tokens (null: left plain) and the state after. */
  function tokenizeChunk(
    hl: HighlighterCore,
    lang: string,
    lines: readonly string[],
    state: GrammarState | undefined,
    doc: DocState,
  ): { tokens: Array<TokenLine | null>; state: GrammarState | undefined } {
    const fed: string[] = []
    const long: boolean[] = []
    for (const line of lines) {
      const tooLong = line.length > maxLineLength
      long.push(tooLong)
      fed.push(tooLong ? '' : line)
      if (tooLong && !doc.notice) {
        doc.notice = {
          reason: 'line-too-long',
          message: `Lines over ${formatCount(maxLineLength)} characters are not highlighted.`,
        }
      }
    }
    // One non-Latin-1 character anywhere makes every line split from that text a two-byte string in V8,
    // and the regex engine 3-4x slower on all of them: such documents are tokenized through a one-byte copy.
    const code = doc.twoByte ? toLatin1(fed.join('\n'), true) : fed.join('\n')
    const common = {
      lang,
      // The per-line limit guards against a runaway regular expression; while the grammar is still
      // compiling (first lines), a slow line is expected, so the limit is much higher then.
      tokenizeTimeLimit: warmLanguages.has(lang) ? HIGHLIGHT_DEFAULTS.lineTimeLimitMs : 20_000,
      ...(state ? { grammarState: state } : {}),
    }
    const out: Array<TokenLine | null> = []
    if (dual) {
      const result = hl.codeToTokensWithThemes(code, {
        ...common,
        themes: { light: themeLight, dark: themeDark },
      })
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i] ?? ''
        if (long[i]) out.push(null)
        else
          out.push(
            cut(line, result[i] ?? [], (t) => [
              t.variants.light?.color,
              t.variants.dark?.color,
              t.variants.light?.fontStyle,
            ]),
          )
      }
      return { tokens: out, state: hl.getLastGrammarState(result) }
    }
    const result = hl.codeToTokensBase(code, { ...common, theme: themeLight })
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? ''
      if (long[i]) out.push(null)
      else out.push(cut(line, result[i] ?? [], (t: ThemedToken) => [t.color, t.color, t.fontStyle]))
    }
    return { tokens: out, state: hl.getLastGrammarState(result) }
  }

  /** Runs `lines[from, to)` in slices from `state`, calling `emit` per slice. False when cut short. */
  async function run(
    hl: HighlighterCore,
    docLines: readonly string[],
    from: number,
    to: number,
    state: GrammarState | undefined,
    doc: DocState,
    signal: AbortSignal | undefined,
    emit: (at: number, tokens: Array<TokenLine | null>, after: GrammarState | undefined) => void,
  ): Promise<boolean> {
    let at = from
    // Start small: a grammar's first lines compile its regular expressions (shiki's JavaScript engine
    // does it lazily), so early slices are slow; the batch grows as lines get cheap.
    let batch = warmLanguages.has(doc.lang) ? 32 : 2
    while (at < to) {
      if (signal?.aborted || doc.dead) return false
      if (doc.spentMs > timeLimitMs) {
        doc.dead = true
        doc.notice = {
          reason: 'time-limit',
          message: `Highlighting stopped after ${formatCount(timeLimitMs)} ms; the rest is plain text.`,
        }
        return false
      }
      const end = Math.min(to, at + batch)
      const t0 = now()
      const r = tokenizeChunk(hl, doc.lang, docLines.slice(at, end), state, doc)
      const took = now() - t0
      doc.spentMs += took
      emit(at, r.tokens, r.state)
      state = r.state
      // Aim each slice at `sliceMs`: grow quickly when lines are cheap, shrink when they are not.
      const perLine = took / (end - at)
      batch = Math.max(1, Math.min(2_000, Math.floor(sliceMs / Math.max(perLine, 0.001))))
      if (perLine < 1) warmLanguages.add(doc.lang)
      at = end
      if (at < to) await yieldToMain()
    }
    return true
  }

  async function work(
    doc: HighlightDocument,
    s: DocState,
    start: number,
    end: number,
    signal: AbortSignal | undefined,
  ): Promise<Array<TokenLine | null> | null> {
    if (s.dead) return null
    const ok = await preload(s.lang)
    if (!ok) {
      s.dead = true
      s.notice = {
        reason: 'load-failed',
        message: `The ${s.lang} grammar could not be loaded; shown as plain text.`,
      }
      return null
    }
    const hl = await getCore()
    const lines = doc.lines
    for (; s.twoByteChecked < lines.length && !s.twoByte; s.twoByteChecked++)
      s.twoByte = NON_LATIN1.test(lines[s.twoByteChecked] ?? '')
    end = Math.min(end, lines.length)
    start = Math.max(0, Math.min(start, end))
    if (start >= end) return []
    if (start - s.exactUpTo > HIGHLIGHT_DEFAULTS.farJump) {
      // Far ahead of the exact pass: start fresh a little before, keep the result aside.
      const missing = range(start, end).some((i) => !s.approx.has(i))
      if (missing) {
        const from = Math.max(s.exactUpTo, start - jumpContext)
        const done = await run(hl, lines, from, end, undefined, s, signal, (at, tokens) => {
          tokens.forEach((t, k) => {
            if (at + k >= start) s.approx.set(at + k, t)
          })
        })
        if (!done && range(start, end).some((i) => !s.approx.has(i))) return null
      }
      return range(start, end).map((i) => s.approx.get(i) ?? null)
    }
    if (s.exactUpTo < end) {
      const done = await run(hl, lines, s.exactUpTo, end, s.stateAt, s, signal, (at, tokens, after) => {
        if (at !== s.exactUpTo) return // a concurrent pass got here first
        for (const t of tokens) s.exact.push(t)
        s.exactUpTo = at + tokens.length
        s.stateAt = after
      })
      if (!done && s.exactUpTo < end) return null
    }
    return s.exact.slice(start, end)
  }

  return {
    resolveLanguage(hint: LanguageHint): string | null {
      return detectLanguage(index, hint)
    },
    highlight(doc, start, end, signal) {
      try {
        if (!doc || !Array.isArray(doc.lines) || typeof doc.language !== 'string')
          return Promise.resolve(null)
        const lang = index.byName.get(doc.language.toLowerCase())
        if (!lang) return Promise.resolve(null)
        const s = stateOf(doc, lang)
        // One document's work runs in order: a second request waits and then reuses what the first did.
        const p = s.queue.then(() => work(doc, s, start, end, signal)).catch(() => null)
        s.queue = p
        return p
      } catch {
        return Promise.resolve(null)
      }
    },
    notice(doc) {
      return docs.get(doc)?.notice ?? null
    },
    preload,
  }
}

type Styler<T> = (t: T) => [string | undefined, string | undefined, number | undefined]

/** Cuts the original line at the token offsets (the tokenizer may have seen a one-byte copy). */
function cut<T extends { offset: number; content: string }>(
  line: string,
  tokens: readonly T[],
  style: Styler<T>,
): TokenLine {
  if (tokens.length === 0) return line.length ? [{ content: line }] : []
  const base = tokens[0]?.offset ?? 0
  const out: TokenLine = []
  let pos = 0
  for (const t of tokens) {
    const from = t.offset - base
    if (from !== pos) return [{ content: line }] // offsets do not add up: keep the line plain
    const content = line.slice(from, from + t.content.length)
    pos = from + t.content.length
    const [light, dark, fontStyle] = style(t)
    const token: HighlightToken = { content }
    if (light && light !== SYNTAX_FOREGROUND) token.light = light
    if (dark && dark !== SYNTAX_FOREGROUND) token.dark = dark
    if (fontStyle && fontStyle > 0) token.fontStyle = fontStyle
    const prev = out[out.length - 1]
    if (
      prev &&
      prev.light === token.light &&
      prev.dark === token.dark &&
      prev.fontStyle === token.fontStyle
    ) {
      prev.content += content
    } else out.push(token)
  }
  if (pos !== line.length) return [{ content: line }]
  return out
}

const NON_LATIN1 = /[^\u0000-\u00ff]/
const LETTER = /[\p{L}\p{M}\p{N}]/u
const SPACE = /\s/u

/**
 * The same text with every UTF-16 unit above U+00FF replaced by a Latin-1 stand-in (a letter for
 * letters and digits, a space for spaces, `¤` for the rest), built so V8 stores it one byte per
 * character. Offsets are unchanged, so tokens map back to the original.
 */
export function toLatin1(text: string, force = false): string {
  if (!force && !NON_LATIN1.test(text)) return text
  const codes = new Array<number>(text.length)
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c <= 0xff) codes[i] = c
    else if (c >= 0xd800 && c <= 0xdfff) {
      // A surrogate pair is one code point: classify it once, fill both units.
      const cp = text.codePointAt(i) ?? c
      const ch = cp > 0xffff ? String.fromCodePoint(cp) : ''
      const sub = ch && LETTER.test(ch) ? 0x61 : 0xa4
      codes[i] = sub
      if (cp > 0xffff && i + 1 < text.length) codes[++i] = sub
    } else {
      const ch = String.fromCharCode(c)
      codes[i] = LETTER.test(ch) ? 0x61 : SPACE.test(ch) ? 0x20 : 0xa4
    }
  }
  let out = ''
  for (let i = 0; i < codes.length; i += 4096)
    out += String.fromCharCode.apply(null, codes.slice(i, i + 4096))
  return out
}

function range(from: number, to: number): number[] {
  const r: number[] = []
  for (let i = from; i < to; i++) r.push(i)
  return r
}

function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

async function makeEngine(engine: HighlighterOptions['engine']): Promise<RegexEngine> {
  if (typeof engine === 'function') return engine()
  if (engine === 'oniguruma') {
    const { createOnigurumaEngine } = await import('shiki/engine/oniguruma')
    return createOnigurumaEngine(import('shiki/wasm'))
  }
  const { createJavaScriptRegexEngine } = await import('shiki/engine/javascript')
  return createJavaScriptRegexEngine({ forgiving: true })
}

async function renameTheme(theme: ThemeInput | undefined, name: string) {
  let t: unknown = typeof theme === 'function' ? await theme() : theme
  if (t && typeof t === 'object' && 'default' in t) t = (t as { default: unknown }).default
  if (!t || typeof t !== 'object') return { ...cssVariablesTheme, name }
  return { ...(t as object), name } as typeof cssVariablesTheme
}

/** Lets the browser paint and handle input between slices. */
function yieldToMain(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (s && typeof s.yield === 'function') return s.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
