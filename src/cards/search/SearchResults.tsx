import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { SearchIntent, SearchMatch } from '../../protocol'
import {
  filterGroups,
  type LiteralPlan,
  layoutRows,
  rowAt,
  type SearchGroup,
  type SearchRow,
} from '../../text/search'
import { useCardActions, useTexts } from '../host'
import { FixedRows } from '../shared/FixedRows'
import { SEARCH_ROW_HEIGHT } from './constants'
import { FileRow, MatchRow } from './SearchRows'

/** The grouped, filterable, virtualized result list with roving focus. */
export function SearchResults({
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
  const t = useTexts()
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
          n={mode === 'count' ? group.count : group.matchCount}
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
        path={group.path}
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
          <label htmlFor={filterId}>{t.text('filterByPath')}</label>
          <input
            id={filterId}
            type="search"
            className="tc-input"
            value={filter}
            placeholder={t.text('filterPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              setFilter(e.target.value)
              // the first row becomes active, focus stays here (not a keyboard move in the list)
              navigating.current = false
              setActive(0)
            }}
          />
          {deferredFilter.trim() ? (
            <output className="tc-search-filter-count">
              {t.text('filterCount', {
                shown: t.number(shown.length),
                files: t.count('files', groups.length),
              })}
            </output>
          ) : null}
        </div>
      ) : null}
      {rowCount === 0 ? (
        <p className="tc-search-empty">{t.text('noPathContains', { filter: deferredFilter.trim() })}</p>
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: keyboard handling for the rows inside (roving focus)
        <div ref={listRef} onKeyDown={onKeyDown} className="tc-search-list-wrap">
          <FixedRows
            className="tc-search-list"
            role="group"
            aria-label={t.count('searchResults', rowCount)}
            count={rowCount}
            rowHeight={SEARCH_ROW_HEIGHT}
            renderRow={renderRow}
            keep={activeRow}
          />
        </div>
      )}
    </div>
  )
}
