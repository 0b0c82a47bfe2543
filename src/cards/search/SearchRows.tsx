import { memo, useMemo } from 'react'
import type { SearchIntent, SearchMatch } from '../../protocol'
import { type LiteralPlan, type SearchGroup, shownMatch, splitBySpans, windowLine } from '../../text/search'
import { useTexts } from '../host'
import { cx } from '../shared/format'
import { PathText } from '../shared/PathText'
import { VisibleText } from '../shared/VisibleText'
import { SEARCH_LINE_LIMIT } from './constants'

export interface FileRowProps {
  index: number
  tabIndex: number
  mode: SearchIntent['mode']
  group: SearchGroup
  /**
   * The group's count as the row shows it (matches, or the sum of counts): a group grows in place while
   * the intent is grouped in slices, so the memoized row needs it as a value of its own to show it anew.
   */
  n: number
  collapsed: boolean
  canOpenPath: boolean
  onToggle: (path: string) => void
  onOpen: (path: string, line?: number) => void
  onFocusRow: (index: number) => void
}

export const FileRow = memo(function FileRow({
  index,
  tabIndex,
  mode,
  group,
  n,
  collapsed,
  canOpenPath,
  onToggle,
  onOpen,
  onFocusRow,
}: FileRowProps) {
  const t = useTexts()
  const path = group.path || t.text('noPath')
  const count = mode === 'count' || mode === 'content' ? t.count('matches', n) : ''
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
        <PathText className="tc-search-path" path={path} />
        <span className="tc-search-file-count">{count}</span>
      </button>
    )
  }
  const body = (
    <>
      <PathText className="tc-search-path" path={path} />
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
      title={t.text('openPath', { path: group.path })}
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

export interface MatchRowProps {
  index: number
  tabIndex: number
  /** The match's file: its group's path (without colour codes). */
  path: string
  match: SearchMatch
  plan: LiteralPlan | undefined
  canOpenPath: boolean
  onOpen: (path: string, line?: number) => void
  onFocusRow: (index: number) => void
}

export const MatchRow = memo(function MatchRow({
  index,
  tabIndex,
  path,
  match,
  plan,
  canOpenPath,
  onOpen,
  onFocusRow,
}: MatchRowProps) {
  const t = useTexts()
  // without the colour codes of a terminal search tool (`rg --color=always`): markers otherwise
  const view = useMemo(() => {
    const shown = shownMatch(match, plan)
    return { ...windowLine(shown.text, shown.spans, SEARCH_LINE_LIMIT), length: shown.text.length }
  }, [match, plan])
  const pieces = splitBySpans(view.text, view.spans)
  const lineNo = match.line !== undefined ? String(match.line) : ''
  const content = (
    <>
      <span className="tc-search-lineno" aria-hidden={lineNo ? undefined : true}>
        {lineNo}
      </span>
      {match.context ? <span className="tc-sr-only">{t.text('contextLine')}: </span> : null}
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
        {view.end < view.length ? (
          <span className="tc-search-ellipsis">{t.count('charactersInAll', view.length)}</span>
        ) : null}
      </span>
    </>
  )
  const props = {
    className: cx('tc-search-line'),
    'data-row': index,
    'data-slot': 'search-line',
    'data-context': match.context ? '' : undefined,
    'data-marked': pieces.some((p) => p.match) ? '' : undefined,
    tabIndex,
    onFocus: () => onFocusRow(index),
  }
  return canOpenPath ? (
    <button
      type="button"
      {...props}
      title={
        match.line !== undefined
          ? t.text('openAtLine', { path, line: match.line })
          : t.text('openPath', { path })
      }
      onClick={() => onOpen(path, match.line)}
    >
      {content}
    </button>
  ) : (
    <div {...props}>{content}</div>
  )
})
