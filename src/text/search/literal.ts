import { MAX_LITERAL_LINE, MAX_SPANS_PER_LINE, type MatchSpan, mergeSpans } from './ranges'

/**
 * How to find a query inside a line without running it as a regular expression: a list of literal
 * alternatives. Only built when that gives exactly the places the search engine matched.
 */
export interface LiteralPlan {
  /** Literal alternatives (a regex `a|b|c` of plain words gives three). Never empty strings. */
  needles: string[]
  /** `true`: compare exactly; `false`: ignore case; `'smart'`: exactly, else ignoring case when that finds nothing. */
  caseSensitive: boolean | 'smart'
}

export type LiteralPlanResult = { ok: true; plan: LiteralPlan } | { ok: false; reason: string }

const REGEX_META = new Set(['.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '^', '$'])

/** The longest query we try to match literally. */
const MAX_QUERY = 1000

/**
 * Decides whether a query can be matched as literal text. A plain query (`regex: false`) always can. A
 * regular expression can when it is literal text, escaped punctuation (`a\.b`) and top-level `|`
 * alternatives only; anything else (classes, quantifiers, groups, anchors, `\b`, `\d`...) is refused,
 * so no highlight is ever shown where the engine did not match. The query is never compiled.
 */
export function planLiteral(
  query: string,
  options: { regex?: boolean | undefined; caseSensitive?: boolean | undefined } = {},
): LiteralPlanResult {
  if (typeof query !== 'string' || query.length === 0) return { ok: false, reason: 'empty query' }
  if (query.length > MAX_QUERY) return { ok: false, reason: 'query too long' }
  const caseSensitive = options.caseSensitive ?? 'smart'
  if (options.regex === false) return { ok: true, plan: { needles: [query], caseSensitive } }
  const needles: string[] = []
  let current = ''
  for (let i = 0; i < query.length; i++) {
    const ch = query[i] as string
    if (ch === '\\') {
      const next = query[i + 1]
      if (next === undefined) return { ok: false, reason: 'trailing backslash' }
      if (/[A-Za-z0-9]/.test(next)) return { ok: false, reason: `regex escape \\${next}` }
      current += next
      i++
    } else if (ch === '|') {
      if (current === '') return { ok: false, reason: 'empty alternative' }
      needles.push(current)
      current = ''
    } else if (REGEX_META.has(ch)) {
      return { ok: false, reason: `regex syntax ${ch}` }
    } else {
      current += ch
    }
  }
  if (current === '') return { ok: false, reason: 'empty alternative' }
  needles.push(current)
  return { ok: true, plan: { needles, caseSensitive } }
}

function occurrences(haystack: string, needle: string, out: Array<[number, number]>): void {
  let from = 0
  while (out.length < MAX_SPANS_PER_LINE) {
    const at = haystack.indexOf(needle, from)
    if (at < 0) return
    out.push([at, at + needle.length])
    from = at + needle.length
  }
}

function find(text: string, needles: readonly string[], ignoreCase: boolean): MatchSpan[] {
  let hay = text
  let list = needles
  if (ignoreCase) {
    hay = text.toLowerCase()
    // Lower-casing may change lengths (U+0130 becomes two code units): then positions would lie.
    if (hay.length !== text.length) return []
    list = needles.map((n) => n.toLowerCase())
    if (list.some((n, i) => n.length !== (needles[i] as string).length)) return []
  }
  const spans: Array<[number, number]> = []
  for (const n of list) occurrences(hay, n, spans)
  return mergeSpans(spans)
}

/** Where the plan's needles occur in `text` (sorted, merged spans); none for lines over `MAX_LITERAL_LINE`. */
export function findLiteral(text: string, plan: LiteralPlan): MatchSpan[] {
  if (text.length === 0 || text.length > MAX_LITERAL_LINE) return []
  if (plan.caseSensitive === true) return find(text, plan.needles, false)
  if (plan.caseSensitive === false) return find(text, plan.needles, true)
  const exact = find(text, plan.needles, false)
  return exact.length > 0 ? exact : find(text, plan.needles, true)
}
