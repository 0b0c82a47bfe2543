import { findLiteral, type LiteralPlan } from './literal'
import { clampRanges, type MatchSpan } from './ranges'

/** The shape of one match as the protocol gives it (structurally equal to `SearchMatch`). */
export interface SearchMatchInput {
  path: string
  line?: number
  text?: string
  ranges?: ReadonlyArray<readonly [number, number]>
  context?: boolean
  count?: number
}

export type SearchMode = 'content' | 'files' | 'count'

/** The matches of one file, in the order they came. */
export interface SearchGroup {
  path: string
  /** Indexes into the input `matches` array. */
  items: number[]
  /** Matched lines (content mode: entries that are not context lines). */
  matchCount: number
  /** Context lines. */
  contextCount: number
  /** Sum of the entries' `count` (count mode). */
  count: number
}

/**
 * Groups matches by `path` in the order each path first appears (one pass, a Map). Entries with a
 * non-string path are grouped under the empty path rather than dropped.
 */
export function groupMatches(matches: readonly SearchMatchInput[]): SearchGroup[] {
  const byPath = new Map<string, SearchGroup>()
  const groups: SearchGroup[] = []
  for (let i = 0; i < matches.length; i++) {
    const m = matches[i] as SearchMatchInput
    const path = typeof m.path === 'string' ? m.path : ''
    let g = byPath.get(path)
    if (!g) {
      g = { path, items: [], matchCount: 0, contextCount: 0, count: 0 }
      byPath.set(path, g)
      groups.push(g)
    }
    g.items.push(i)
    if (m.context === true) g.contextCount++
    else g.matchCount++
    if (typeof m.count === 'number' && Number.isFinite(m.count) && m.count > 0) g.count += Math.floor(m.count)
  }
  return groups
}

/** Groups whose path contains `filter` (case-insensitive; an empty filter keeps all). */
export function filterGroups(groups: readonly SearchGroup[], filter: string): SearchGroup[] {
  const f = filter.trim().toLowerCase()
  if (!f) return groups.slice()
  return groups.filter((g) => g.path.toLowerCase().includes(f))
}

export interface SearchSummary {
  mode: SearchMode
  /** Matches the intent carries (content: matched lines; count: sum of counts; files: files). */
  shownMatches: number
  /** Files the intent carries. */
  shownFiles: number
  /** All matches, when the host says more exist. */
  totalMatches: number
  totalFiles: number
  /** The intent carries fewer than exist. */
  truncated: boolean
}

/** Counts what the intent carries against the totals the host reports. */
export function summarize(
  mode: SearchMode,
  groups: readonly SearchGroup[],
  totals: {
    totalMatches?: number | undefined
    totalFiles?: number | undefined
    truncated?: boolean | undefined
  } = {},
): SearchSummary {
  let shownMatches = 0
  let shownFiles = 0
  for (const g of groups) {
    if (mode === 'count') {
      shownMatches += g.count
      if (g.count > 0) shownFiles++
    } else if (mode === 'files') {
      shownMatches++
      shownFiles++
    } else {
      shownMatches += g.matchCount
      if (g.matchCount > 0) shownFiles++
    }
  }
  const totalMatches = Math.max(shownMatches, validCount(totals.totalMatches) ?? 0)
  const totalFiles = Math.max(shownFiles, validCount(totals.totalFiles) ?? 0)
  const truncated = totalMatches > shownMatches || totalFiles > shownFiles || totals.truncated === true
  return { mode, shownMatches, shownFiles, totalMatches, totalFiles, truncated }
}

function validCount(n: number | undefined): number | undefined {
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : undefined
}

/** `12408` -> `12,408`, the same in every locale (no `toLocaleString` in render). */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n)
  const sign = n < 0 ? '-' : ''
  const digits = String(Math.floor(Math.abs(n)))
  let out = ''
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ','
    out += digits[i]
  }
  return sign + out
}

/** `1 match`, `37 matches`. */
export function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`
}

/** The headline: "37 matches in 12 files", "12 files", "no matches". */
export function summaryText(s: SearchSummary): string {
  if (s.mode === 'files') return s.totalFiles === 0 ? 'no files' : plural(s.totalFiles, 'file', 'files')
  if (s.totalMatches === 0) return 'no matches'
  return `${plural(s.totalMatches, 'match', 'matches')} in ${plural(s.totalFiles, 'file', 'files')}`
}

/** "showing the first 500 of 12,408" when the intent carries fewer than exist, else undefined. */
export function truncationText(s: SearchSummary): string | undefined {
  if (!s.truncated) return undefined
  if (s.mode === 'files') {
    return s.totalFiles > s.shownFiles
      ? `showing the first ${formatCount(s.shownFiles)} of ${formatCount(s.totalFiles)}`
      : 'the list was cut'
  }
  if (s.totalMatches > s.shownMatches) {
    return `showing the first ${formatCount(s.shownMatches)} of ${formatCount(s.totalMatches)}`
  }
  if (s.totalFiles > s.shownFiles) {
    return `showing ${plural(s.shownFiles, 'file', 'files')} of ${formatCount(s.totalFiles)}`
  }
  return 'the results were cut'
}

/** A row of the flattened, virtualizable list. */
export type SearchRow =
  | { kind: 'file'; group: number }
  | { kind: 'line'; group: number; item: number }
  | { kind: 'gap'; group: number }

/**
 * Flattens groups into rows: a file row, then (unless the file is collapsed) its lines. In groups that
 * carry context lines, a gap row marks a jump in line numbers (as `--` in grep output). One pass, O(n).
 */
export function buildRows(
  groups: readonly SearchGroup[],
  matches: readonly SearchMatchInput[],
  collapsed: ReadonlySet<string>,
  options: { lines?: boolean } = {},
): SearchRow[] {
  const rows: SearchRow[] = []
  const withLines = options.lines !== false
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g] as SearchGroup
    rows.push({ kind: 'file', group: g })
    if (!withLines || collapsed.has(group.path)) continue
    let prev: number | undefined
    for (const item of group.items) {
      const line = matches[item]?.line
      if (group.contextCount > 0 && prev !== undefined && typeof line === 'number' && line > prev + 1) {
        rows.push({ kind: 'gap', group: g })
      }
      rows.push({ kind: 'line', group: g, item })
      if (typeof line === 'number') prev = line
    }
  }
  return rows
}

/**
 * The spans to highlight in a match's line: its own ranges (when non-empty), clamped; else, for a matched (not context)
 * line, where the literal plan finds the query; else none.
 */
export function matchSpans(match: SearchMatchInput, plan: LiteralPlan | undefined): MatchSpan[] {
  const text = typeof match.text === 'string' ? match.text : ''
  if (!text) return []
  if (Array.isArray(match.ranges) && match.ranges.length > 0)
    return clampRanges(match.ranges, text.length, text)
  if (match.context === true || !plan) return []
  return findLiteral(text, plan)
}
