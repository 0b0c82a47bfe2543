import { formatCount } from '../../format'
import { hasBidi } from '../invisible'
import { findLiteral, type LiteralPlan } from './literal'
import { clampRanges, type MatchSpan, stripTerminalColour } from './ranges'

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
  /**
   * The group's rows below its file row: indexes into `matches`, with `-1` for a gap (a jump in line
   * numbers in a group that carries context lines, shown as `--` by grep).
   */
  rows: number[]
  /** Matched lines (content mode: entries that are not context lines). */
  matchCount: number
  /** Context lines. */
  contextCount: number
  /** Sum of the entries' `count` (count mode). */
  count: number
  /** Line number of the last entry, for gaps. */
  lastLine: number | undefined
}

/**
 * Grouping state that can be built in slices, so 100,000 matches never block the page for long:
 * `extendSearchIndex` adds the next matches; `done` says how many are in.
 */
export interface SearchIndex {
  groups: SearchGroup[]
  byPath: Map<string, SearchGroup>
  /** Matches added so far (`matches[0..done)`). */
  done: number
  /** A path or line added so far holds a bidi control character. */
  bidi: boolean
}

export function createSearchIndex(): SearchIndex {
  return { groups: [], byPath: new Map(), done: 0, bidi: false }
}

/**
 * Adds `matches[index.done .. end)` to the index (one pass, a Map by path, groups in order of first
 * appearance). Entries with a non-string path are grouped under the empty path rather than dropped; a
 * path's colour codes (SGR, EL) are taken off it (`stripTerminalColour`), so the group's path is clean.
 */
export function extendSearchIndex(
  index: SearchIndex,
  matches: readonly SearchMatchInput[],
  end: number,
): void {
  const stop = Math.min(end, matches.length)
  let bidi = index.bidi
  for (let i = index.done; i < stop; i++) {
    const m = matches[i] as SearchMatchInput
    const raw = typeof m.path === 'string' ? m.path : ''
    // a terminal tool's colour codes (`rg --color=always`) are not part of the path
    const path = raw.includes('\x1b[') ? stripTerminalColour(raw).text : raw
    let g = index.byPath.get(path)
    if (!g) {
      g = { path, items: [], rows: [], matchCount: 0, contextCount: 0, count: 0, lastLine: undefined }
      index.byPath.set(path, g)
      index.groups.push(g)
      if (!bidi && hasBidi(path)) bidi = true
    }
    const context = m.context === true
    if (context) g.contextCount++
    else g.matchCount++
    const line = m.line
    if (typeof line === 'number') {
      if (g.contextCount > 0 && g.lastLine !== undefined && line > g.lastLine + 1) g.rows.push(-1)
      g.lastLine = line
    }
    g.items.push(i)
    g.rows.push(i)
    const count = m.count
    if (typeof count === 'number' && count > 0 && Number.isFinite(count)) g.count += Math.floor(count)
    if (!bidi && typeof m.text === 'string' && hasBidi(m.text)) bidi = true
  }
  index.bidi = bidi
  index.done = Math.max(index.done, stop)
}

/** Groups all matches at once (see `extendSearchIndex`). */
export function groupMatches(matches: readonly SearchMatchInput[]): SearchGroup[] {
  const index = createSearchIndex()
  extendSearchIndex(index, matches, matches.length)
  return index.groups
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

export { formatCount }

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
 * Where each group's rows start in the flattened list: a file row, then (unless the file is collapsed
 * or lines are off) its rows. O(groups), not O(matches): 100,000 matches in 1,000 files cost 1,000 steps.
 */
export interface RowLayout {
  /** `starts[g]`: index of group g's file row. */
  starts: Int32Array
  total: number
}

export function layoutRows(
  groups: readonly SearchGroup[],
  collapsed: ReadonlySet<string>,
  options: { lines?: boolean } = {},
): RowLayout {
  const withLines = options.lines !== false
  const starts = new Int32Array(groups.length)
  let at = 0
  for (let g = 0; g < groups.length; g++) {
    starts[g] = at
    const group = groups[g] as SearchGroup
    at += 1 + (withLines && !collapsed.has(group.path) ? group.rows.length : 0)
  }
  return { starts, total: at }
}

/** The row at `index` of a layout (binary search over the groups). */
export function rowAt(
  layout: RowLayout,
  groups: readonly SearchGroup[],
  index: number,
): SearchRow | undefined {
  if (index < 0 || index >= layout.total || groups.length === 0) return undefined
  let lo = 0
  let hi = groups.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if ((layout.starts[mid] as number) <= index) lo = mid
    else hi = mid - 1
  }
  const offset = index - (layout.starts[lo] as number)
  if (offset === 0) return { kind: 'file', group: lo }
  const item = (groups[lo] as SearchGroup).rows[offset - 1]
  if (item === undefined) return undefined
  return item < 0 ? { kind: 'gap', group: lo } : { kind: 'line', group: lo, item }
}

/** All rows, materialized (small lists and tests; the card uses `layoutRows` + `rowAt`). */
export function buildRows(
  groups: readonly SearchGroup[],
  collapsed: ReadonlySet<string>,
  options: { lines?: boolean } = {},
): SearchRow[] {
  const layout = layoutRows(groups, collapsed, options)
  const rows: SearchRow[] = []
  for (let i = 0; i < layout.total; i++) rows.push(rowAt(layout, groups, i) as SearchRow)
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

/**
 * A match's line as the card shows it: without the colour codes a terminal search tool wrote into it
 * (`stripTerminalColour`), with the spans to mark: its own ranges (of the raw line) moved onto the clean
 * one, or where the literal plan finds the query in the clean line.
 */
export function shownMatch(
  match: SearchMatchInput,
  plan: LiteralPlan | undefined,
): { text: string; spans: MatchSpan[] } {
  const raw = typeof match.text === 'string' ? match.text : ''
  // (most lines have no escape at all: their spans as they are)
  if (!raw.includes('\x1b[')) return { text: raw, spans: matchSpans(match, plan) }
  if (Array.isArray(match.ranges) && match.ranges.length > 0)
    return stripTerminalColour(raw, matchSpans(match, plan))
  const { text } = stripTerminalColour(raw)
  return { text, spans: matchSpans({ ...match, text }, plan) }
}
