/**
 * Grammars whose regular expressions were converted to JavaScript when shiki was built
 * (`@shikijs/langs-precompiled`), made to tokenize exactly as the same grammar converted at run time.
 *
 * A precompiled grammar skips the conversion of every pattern (oniguruma-to-es, in the highlighter's
 * worker: about half of a TypeScript grammar's first use) and the optimizing compiles of that converter.
 * But two kinds of pattern only work from their source text, because vscode-textmate rewrites the text
 * before each use: an `end` or `while` that refers back to its `begin` (`\1`, `\k<name>`: the captured text
 * is put in), and a pattern with `\A` or `\G` (anchored or not, depending on where the search starts).
 * Precompiled, those match wrongly (a Python string ended right after its opening quote). Here they get
 * their source text back, and the JavaScript engine converts just those at run time (6 of TypeScript's
 * 515 patterns). Pure: no DOM.
 */

const PATTERN_KEYS = new Set(['match', 'begin', 'end', 'while'])
const BACK_REFERENCE = /\\[1-9]|\\k</
const ANCHOR = /\\[AG]/

/** A pattern that must stay source text: vscode-textmate rewrites it before use. */
export function needsSource(key: string, source: string): boolean {
  if (!PATTERN_KEYS.has(key)) return false
  if ((key === 'end' || key === 'while') && BACK_REFERENCE.test(source)) return true
  return ANCHOR.test(source)
}

/**
 * The precompiled grammar with the source text of each pattern that needs it, taken from the same
 * grammar as shipped for run-time conversion (`original`, walked in step). Returns `undefined` when the two
 * do not have the same grammars in the same order: they come from different grammar versions, so the
 * caller uses the original.
 */
export function withSourcePatterns(precompiled: unknown, original: unknown): unknown[] | undefined {
  const pre = grammarsOf(precompiled)
  const orig = grammarsOf(original)
  if (!pre || !orig || pre.length !== orig.length) return undefined
  for (let i = 0; i < pre.length; i++) {
    if ((pre[i] as { name?: unknown })?.name !== (orig[i] as { name?: unknown })?.name) return undefined
  }
  return pre.map((g, i) => restore(g, orig[i]))
}

/** The grammars of a language module (its default export) or of an array of them. */
export function grammarsOf(mod: unknown): unknown[] | undefined {
  const value =
    mod && typeof mod === 'object' && 'default' in mod ? (mod as { default: unknown }).default : mod
  return Array.isArray(value) ? value : undefined
}

function restore(pre: unknown, orig: unknown): unknown {
  if (Array.isArray(pre)) return pre.map((p, i) => restore(p, Array.isArray(orig) ? orig[i] : undefined))
  if (!pre || typeof pre !== 'object' || pre instanceof RegExp) return pre
  const from = orig && typeof orig === 'object' ? (orig as Record<string, unknown>) : {}
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(pre)) {
    const source = from[key]
    out[key] = typeof source === 'string' && needsSource(key, source) ? source : restore(value, source)
  }
  return out
}
