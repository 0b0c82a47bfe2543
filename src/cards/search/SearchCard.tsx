'use client'
import {
  type KeyboardEvent,
  memo,
  type ReactNode,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { CardModel, SearchIntent, SearchMatch } from '../../protocol'
import { hasBidi } from '../../text/invisible'
import {
  createSearchIndex,
  extendSearchIndex,
  filterGroups,
  type LiteralPlan,
  layoutRows,
  matchSpans,
  planLiteral,
  rowAt,
  type SearchGroup,
  type SearchIndex,
  type SearchRow,
  splitBySpans,
  summarize,
  summaryText,
  truncationText,
  windowLine,
} from '../../text/search'
import { CardFrame } from '../frame/CardFrame'
import { useCardActions } from '../host'
import { FixedRows } from '../shared/FixedRows'
import { cx, formatCount, plural } from '../shared/format'
import { BidiWarning, VisibleText } from '../shared/VisibleText'

/** Characters of a matched line shown (a window around the first match); Copy gives the whole line. */
export const SEARCH_LINE_LIMIT = 1000
/** Height of a row in px (matches `--tc-line-height` of 20px). */
export const SEARCH_ROW_HEIGHT = 20
/** Matches grouped before the first paint; the rest are grouped in slices between frames. */
export const SEARCH_FIRST_SLICE = 1_000
/** Time budget of one grouping slice in ms (well under the 50 ms of a long task, even before the JIT warms up). */
export const SEARCH_SLICE_MS = 8
/** Matches between two looks at the clock inside a slice. */
const SLICE_STEP = 500
/** The card re-renders with the grouping progress at most this often (each re-render lays out all rows). */
const PROGRESS_MS = 100

/**
 * Groups matches by file without blocking the page: the first slice at once, the rest in time-boxed
 * slices between frames. Returns the index (mutated as slices land) and a version that changes when the
 * card should re-render (at most every `PROGRESS_MS`, and when grouping is done).
 */
function useSearchIndex(matches: readonly SearchMatch[]): { index: SearchIndex; version: number } {
  const [state, setState] = useState(() => start(matches))
  let current = state
  if (state.matches !== matches) {
    // a new intent: start over (render-time reset, React's documented pattern)
    current = start(matches)
    setState(current)
  }
  const { index } = current
  useEffect(() => {
    if (index.done >= matches.length) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let shown = performance.now()
    const step = () => {
      const began = performance.now()
      do extendSearchIndex(index, matches, index.done + SLICE_STEP)
      while (index.done < matches.length && performance.now() - began < SEARCH_SLICE_MS)
      const finished = index.done >= matches.length
      if (finished || performance.now() - shown >= PROGRESS_MS) {
        shown = performance.now()
        setState((s) => (s.index === index ? { ...s, version: s.version + 1 } : s))
      }
      if (!finished) timer = setTimeout(step, 0)
    }
    timer = setTimeout(step, 0)
    return () => clearTimeout(timer)
  }, [index, matches])
  return { index, version: current.version }
}

function start(matches: readonly SearchMatch[]) {
  const index = createSearchIndex()
  extendSearchIndex(index, matches, SEARCH_FIRST_SLICE)
  return { matches, index, version: 0 }
}

export interface SearchCardProps {
  model: CardModel
  intent: SearchIntent
}

/**
 * A search: matches grouped by file with the matched ranges highlighted (content), a list of files
 * (files), or per-file counts (count). Long results are virtualized; a filter narrows by path; arrow keys
 * or j/k move through the rows; Enter opens the file at the line through the host.
 */
export function SearchCard({ model, intent }: SearchCardProps) {
  const { matches, mode, query } = intent
  const { index, version } = useSearchIndex(matches)
  const indexing = index.done < matches.length
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when a slice lands in `index`
  const summary = useMemo(
    () =>
      summarize(mode, index.groups, {
        totalMatches: intent.totalMatches,
        totalFiles: intent.totalFiles,
        truncated: intent.truncated !== undefined,
      }),
    [mode, index, version, intent.totalMatches, intent.totalFiles, intent.truncated],
  )
  const plan = useMemo<LiteralPlan | undefined>(() => {
    if (mode !== 'content') return undefined
    const r = planLiteral(query, { regex: intent.regex, caseSensitive: intent.caseSensitive })
    return r.ok ? r.plan : undefined
  }, [mode, query, intent.regex, intent.caseSensitive])
  const bidi = index.bidi || hasBidi(query)

  const cut = truncationText(summary)
  const where = [intent.path, intent.glob ? `files ${intent.glob}` : undefined].filter(Boolean).join(' · ')
  const empty = matches.length === 0
  const busy = model.status === 'pending' || model.status === 'running'
  const headline =
    busy && empty
      ? 'searching…'
      : indexing
        ? `grouping ${formatCount(index.done)} of ${plural(matches.length, 'result')}…`
        : summaryText(summary)

  const copyText = () => copyResult(intent)

  return (
    <CardFrame
      model={model}
      kind="search"
      title={
        <>
          {intent.title ? <VisibleText text={intent.title} /> : <span>{modeTitle[mode]}</span>}{' '}
          <code className="tc-search-query" data-slot="search-query">
            <VisibleText text={query} />
          </code>
        </>
      }
      summary={`${headline}${cut && !indexing ? ` (${cut})` : ''}`}
      copyText={copyText}
      copyLabel={mode === 'files' ? 'Copy paths' : 'Copy'}
      truncated={intent.truncated}
      spill={intent.spill}
      notices={bidi ? <BidiWarning /> : null}
    >
      <div className="tc-search" data-mode={mode} data-empty={empty ? '' : undefined}>
        <SearchMeta intent={intent} where={where} summaryLine={headline} cut={indexing ? undefined : cut} />
        {empty ? (
          <p className="tc-search-empty" data-slot="search-empty">
            {busy ? 'Searching…' : mode === 'files' ? 'No files matched.' : 'No matches.'}
          </p>
        ) : (
          <SearchResults intent={intent} groups={index.groups} version={version} plan={plan} />
        )}
      </div>
    </CardFrame>
  )
}

const modeTitle: Record<SearchIntent['mode'], string> = {
  content: 'Search',
  files: 'Find files',
  count: 'Count',
}

function SearchMeta({
  intent,
  where,
  summaryLine,
  cut,
}: {
  intent: SearchIntent
  where: string
  summaryLine: string
  cut: string | undefined
}) {
  const flags: string[] = []
  if (intent.regex === true) flags.push('regex')
  if (intent.regex === false) flags.push('literal')
  if (intent.caseSensitive === true) flags.push('case-sensitive')
  if (intent.caseSensitive === false) flags.push('ignore case')
  return (
    <div className="tc-search-meta" data-slot="search-meta">
      <span className="tc-search-count" data-slot="search-count">
        {summaryLine}
      </span>
      {cut ? (
        <span className="tc-search-cut" data-slot="search-cut">
          {cut}
        </span>
      ) : null}
      {where ? (
        <span className="tc-search-where">
          in{' '}
          <code className="tc-path">
            <VisibleText text={where} />
          </code>
        </span>
      ) : null}
      {flags.map((f) => (
        <span key={f} className="tc-badge">
          {f}
        </span>
      ))}
    </div>
  )
}

/** The grouped, filterable, virtualized result list with roving focus. */
function SearchResults({
  intent,
  groups,
  version,
  plan,
}: {
  intent: SearchIntent
  /** Grows in place while slices land; `version` says when. */
  groups: SearchGroup[]
  version: number
  plan: LiteralPlan | undefined
}) {
  const { matches, mode } = intent
  const { canOpenPath, openPath } = useCardActions()
  const [filter, setFilter] = useState('')
  const deferredFilter = useDeferredValue(filter)
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set())
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when `groups` grew in place
  const shown = useMemo(() => filterGroups(groups, deferredFilter), [groups, version, deferredFilter])
  const layout = useMemo(
    () => layoutRows(shown, collapsed, { lines: mode === 'content' }),
    [shown, collapsed, mode],
  )
  const rowCount = layout.total
  const row = (i: number) => rowAt(layout, shown, i)
  const [active, setActive] = useState(0)
  const activeRow = Math.min(active, Math.max(0, rowCount - 1))
  const listRef = useRef<HTMLDivElement>(null)
  const navigating = useRef(false)
  const filterId = useId()

  const toggle = useCallback((path: string) => {
    setCollapsed((prev) => {
      const next = new Set(prev)
      if (next.has(path)) next.delete(path)
      else next.add(path)
      return next
    })
  }, [])

  // Keep the active row in view and focused after keyboard moves (the row may be virtualized away).
  useEffect(() => {
    if (!navigating.current) return
    const scroller = listRef.current?.querySelector<HTMLElement>('.tc-virtual-lines')
    if (!scroller) return
    const top = activeRow * SEARCH_ROW_HEIGHT
    if (top < scroller.scrollTop) scroller.scrollTop = top
    else if (top + SEARCH_ROW_HEIGHT > scroller.scrollTop + scroller.clientHeight)
      scroller.scrollTop = top + SEARCH_ROW_HEIGHT - scroller.clientHeight
    let tries = 0
    let frame = 0
    const focus = () => {
      const el = listRef.current?.querySelector<HTMLElement>(`[data-row="${activeRow}"]`)
      if (el) el.focus({ preventScroll: true })
      else if (tries++ < 5) frame = requestAnimationFrame(focus)
    }
    focus()
    return () => cancelAnimationFrame(frame)
  }, [activeRow])

  const move = (to: number) => {
    if (rowCount === 0) return
    let i = Math.max(0, Math.min(rowCount - 1, to))
    const dir = to >= activeRow ? 1 : -1
    while (row(i)?.kind === 'gap' && i + dir >= 0 && i + dir < rowCount) i += dir
    navigating.current = true
    setActive(i)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const target = event.target as HTMLElement
    const rowAttr = target.closest<HTMLElement>('[data-row]')?.dataset.row
    const current = rowAttr !== undefined ? Number(rowAttr) : activeRow
    const here = row(current)
    const page = Math.max(1, Math.floor(((listRef.current?.clientHeight ?? 400) - 40) / SEARCH_ROW_HEIGHT))
    let handled = true
    switch (event.key) {
      case 'ArrowDown':
      case 'j':
        move(current + 1)
        break
      case 'ArrowUp':
      case 'k':
        move(current - 1)
        break
      case 'Home':
        move(0)
        break
      case 'End':
        move(rowCount - 1)
        break
      case 'PageDown':
        move(current + page)
        break
      case 'PageUp':
        move(current - page)
        break
      case 'ArrowLeft':
        if (here?.kind === 'file') {
          const path = shown[here.group]?.path
          if (path !== undefined && !collapsed.has(path) && mode === 'content') toggle(path)
        } else if (here) {
          move(layout.starts[here.group] ?? 0)
        }
        break
      case 'ArrowRight':
        if (here?.kind === 'file') {
          const path = shown[here.group]?.path
          if (path !== undefined && collapsed.has(path)) toggle(path)
          else move(current + 1)
        }
        break
      default:
        handled = false
    }
    if (handled) event.preventDefault()
  }

  const renderRow = (index: number): ReactNode => {
    const r = row(index) as SearchRow
    const group = shown[r.group] as SearchGroup
    const tabIndex = index === activeRow ? 0 : -1
    if (r.kind === 'gap') {
      return <div className="tc-search-gap" aria-hidden="true" data-slot="search-gap" />
    }
    if (r.kind === 'file') {
      return (
        <FileRow
          index={index}
          tabIndex={tabIndex}
          mode={mode}
          group={group}
          collapsed={collapsed.has(group.path)}
          canOpenPath={canOpenPath}
          onToggle={toggle}
          onOpen={openPath}
          onFocusRow={setActive}
        />
      )
    }
    const match = matches[r.item] as SearchMatch
    return (
      <MatchRow
        index={index}
        tabIndex={tabIndex}
        match={match}
        plan={plan}
        canOpenPath={canOpenPath}
        onOpen={openPath}
        onFocusRow={setActive}
      />
    )
  }

  return (
    <div className="tc-search-results">
      {groups.length > 1 ? (
        <div className="tc-search-filter" data-slot="search-filter">
          <label htmlFor={filterId}>Filter by path</label>
          <input
            id={filterId}
            type="search"
            className="tc-input"
            value={filter}
            placeholder="part of a path"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              setFilter(e.target.value)
              setActive(0)
            }}
          />
          {deferredFilter.trim() ? (
            <output className="tc-search-filter-count">
              {formatCount(shown.length)} of {plural(groups.length, 'file')}
            </output>
          ) : null}
        </div>
      ) : null}
      {rowCount === 0 ? (
        <p className="tc-search-empty">No file path contains “{deferredFilter.trim()}”.</p>
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: keyboard handling for the rows inside (roving focus)
        <div ref={listRef} onKeyDown={onKeyDown} className="tc-search-list-wrap">
          <FixedRows
            className="tc-search-list"
            role="group"
            aria-label={`Search results, ${plural(rowCount, 'row')}. Arrow keys or j and k move, Enter opens.`}
            count={rowCount}
            rowHeight={SEARCH_ROW_HEIGHT}
            renderRow={renderRow}
          />
        </div>
      )}
    </div>
  )
}

interface FileRowProps {
  index: number
  tabIndex: number
  mode: SearchIntent['mode']
  group: SearchGroup
  collapsed: boolean
  canOpenPath: boolean
  onToggle: (path: string) => void
  onOpen: (path: string, line?: number) => void
  onFocusRow: (index: number) => void
}

const FileRow = memo(function FileRow({
  index,
  tabIndex,
  mode,
  group,
  collapsed,
  canOpenPath,
  onToggle,
  onOpen,
  onFocusRow,
}: FileRowProps) {
  const path = group.path || '(no path)'
  const count =
    mode === 'count'
      ? plural(group.count, 'match', 'matches')
      : mode === 'content'
        ? plural(group.matchCount, 'match', 'matches')
        : ''
  if (mode === 'content') {
    return (
      <button
        type="button"
        className="tc-search-file"
        data-row={index}
        data-slot="search-file"
        data-state={collapsed ? 'collapsed' : 'expanded'}
        tabIndex={tabIndex}
        aria-expanded={!collapsed}
        onFocus={() => onFocusRow(index)}
        onClick={() => onToggle(group.path)}
      >
        <span className="tc-search-chevron" aria-hidden="true" />
        <VisibleText className="tc-search-path" text={path} />
        <span className="tc-search-file-count">{count}</span>
      </button>
    )
  }
  const body = (
    <>
      <VisibleText className="tc-search-path" text={path} />
      {count ? <span className="tc-search-file-count">{count}</span> : null}
    </>
  )
  return canOpenPath ? (
    <button
      type="button"
      className="tc-search-file"
      data-row={index}
      data-slot="search-file"
      tabIndex={tabIndex}
      title={`Open ${group.path}`}
      onFocus={() => onFocusRow(index)}
      onClick={() => onOpen(group.path)}
    >
      {body}
    </button>
  ) : (
    // biome-ignore lint/a11y/noStaticElementInteractions: focusable for roving keyboard focus; nothing to open without a host
    <div
      className="tc-search-file"
      data-row={index}
      data-slot="search-file"
      tabIndex={tabIndex}
      onFocus={() => onFocusRow(index)}
    >
      {body}
    </div>
  )
})

interface MatchRowProps {
  index: number
  tabIndex: number
  match: SearchMatch
  plan: LiteralPlan | undefined
  canOpenPath: boolean
  onOpen: (path: string, line?: number) => void
  onFocusRow: (index: number) => void
}

const MatchRow = memo(function MatchRow({
  index,
  tabIndex,
  match,
  plan,
  canOpenPath,
  onOpen,
  onFocusRow,
}: MatchRowProps) {
  const text = match.text ?? ''
  const view = useMemo(() => {
    const spans = matchSpans(match, plan)
    return windowLine(text, spans, SEARCH_LINE_LIMIT)
  }, [match, plan, text])
  const pieces = splitBySpans(view.text, view.spans)
  const lineNo = match.line !== undefined ? String(match.line) : ''
  const content = (
    <>
      <span className="tc-search-lineno" aria-hidden={lineNo ? undefined : true}>
        {lineNo}
      </span>
      <span className="tc-search-text">
        {view.start > 0 ? <span className="tc-search-ellipsis">…</span> : null}
        {pieces.map((p, i) =>
          p.match ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: pieces of an immutable line, in order
            <mark key={i} className="tc-search-mark" data-slot="search-mark">
              <VisibleText text={p.text} />
            </mark>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: pieces of an immutable line, in order
            <VisibleText key={i} text={p.text} />
          ),
        )}
        {view.end < text.length ? (
          <span className="tc-search-ellipsis"> … {plural(text.length, 'character')} in all</span>
        ) : null}
      </span>
    </>
  )
  const props = {
    className: cx('tc-search-line'),
    'data-row': index,
    'data-slot': 'search-line',
    'data-context': match.context ? '' : undefined,
    tabIndex,
    onFocus: () => onFocusRow(index),
  }
  return canOpenPath ? (
    <button
      type="button"
      {...props}
      title={`Open ${match.path}${match.line !== undefined ? ` at line ${match.line}` : ''}`}
      onClick={() => onOpen(match.path, match.line)}
    >
      {content}
    </button>
  ) : (
    <div {...props}>{content}</div>
  )
})

/** The result as ripgrep would print it: `path:line:text`, paths, or `path:count`. */
function copyResult(intent: SearchIntent): string {
  const out: string[] = []
  for (const m of intent.matches) {
    if (intent.mode === 'files') out.push(m.path)
    else if (intent.mode === 'count') out.push(`${m.path}:${m.count ?? 0}`)
    else
      out.push(
        `${m.path}${m.line !== undefined ? `${m.context ? '-' : ':'}${m.line}` : ''}${m.context ? '-' : ':'}${m.text ?? ''}`,
      )
  }
  return out.join('\n')
}
