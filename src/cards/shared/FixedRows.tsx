'use client'
import { type ComponentProps, type Key, type ReactNode, useLayoutEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { cx } from './format'
import { useAfterFirstFrame } from './frameTurn'
import { type ScrollSpot, useFollowEnd } from './useFollowEnd'

export interface FixedRowsProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** Number of rows. */
  count: number
  /** Renders row `index`; called only for the rows in view (plus `overscan`). */
  renderRow: (index: number) => ReactNode
  /** Height of every row in px. @default 20 */
  rowHeight?: number
  /**
   * Measure the first rendered row once and use its height (the theme may set another line height).
   * Read from a ResizeObserver after the browser's layout, re-rendered before the first paint.
   * @default false
   */
  measureRowHeight?: boolean
  /** Height of the scroll area in px. @default 480 */
  maxHeight?: number
  /** Rows rendered beyond the viewport on each side, from the second frame on. @default 10 */
  overscan?: number
  /** Keep the view at the end while rows are added, unless the user scrolled away from it. @default false */
  followEnd?: boolean
  /** Start scrolled to the end. @default false */
  startAtEnd?: boolean
  /** Stable key for row `index`. @default the index */
  getRowKey?: (index: number) => Key
  /** A role for each row wrapper. */
  rowRole?: string
  /** Where the list this one replaces was scrolled (`VirtualLines`): taken over at mount. */
  restore?: ScrollSpot | null
  /**
   * A row kept rendered when scrolled out of view (the one that holds the focus, so that scrolling by
   * wheel does not take the focus away with it): the same element, first or last of the rows.
   */
  keep?: number
}

/**
 * The kit's one fixed-row virtual list (terminal lines, search rows, unwrapped text): work per render
 * is proportional to the rows in view, never to `count`, so a 100,000-line output that grows by 64 KB
 * at a time re-renders only what is visible (a general virtualizer walks every row when the count
 * changes). Before layout (server render, jsdom) the first `maxHeight` worth of rows renders. The
 * scroll area is keyboard-focusable and follows the end by `useFollowEnd`.
 */
export function FixedRows({
  count,
  renderRow,
  rowHeight: initialRowHeight = 20,
  measureRowHeight = false,
  maxHeight = 480,
  overscan = 10,
  followEnd = false,
  startAtEnd = false,
  getRowKey,
  rowRole,
  restore,
  keep = -1,
  className,
  style,
  onScroll: onScrollProp,
  ...props
}: FixedRowsProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [rowHeight, setRowHeight] = useState(initialRowHeight)
  const total = count * rowHeight
  const height = Math.min(maxHeight, total)
  // Taking over from another list (`restore`, read at mount): its offset, unless it followed the end,
  // which goes on.
  const resumeAt = restore?.top ?? null
  const [view, setView] = useState(() => ({
    top: resumeAt ?? (startAtEnd ? Math.max(0, total - maxHeight) : 0),
    height: maxHeight,
  }))
  const { following, onScroll } = useFollowEnd(ref, {
    followEnd,
    startAtEnd,
    trigger: [count, rowHeight, maxHeight],
    initialFollowing: restore?.following,
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: at mount only
  useLayoutEffect(() => {
    if (resumeAt !== null && ref.current) ref.current.scrollTop = resumeAt
  }, [])

  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => {
      const h = el.clientHeight || maxHeight
      setView((v) => (v.height === h ? v : { top: v.top, height: h }))
    }
    // The observer reports the first size after the browser's own layout, before paint; reading it here
    // would force a layout in the commit, once per list (a 20-file diff has 20 lists).
    if (typeof ResizeObserver === 'undefined') {
      measure()
      return
    }
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [maxHeight])

  const measured = useRef(!measureRowHeight)
  const hasRows = count > 0
  // Measured once, when the first row is there. The observer reports the row after the browser's own
  // layout and before it paints, and the height is rendered there (flushSync), so the first frame already
  // has it; reading it here forced a layout of every card mounted in the same commit (8 ms in a
  // 2,000-card session's first render). No observer: no layout either (a server render, jsdom).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `hasRows` is the trigger
  useLayoutEffect(() => {
    const row = ref.current?.querySelector<HTMLElement>('.tc-vrow > *')
    if (measured.current || !row || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      observer.disconnect()
      measured.current = true
      const h = row.getBoundingClientRect().height
      if (h && h !== rowHeight) flushSync(() => setRowHeight(h))
    })
    observer.observe(row)
    return () => observer.disconnect()
  }, [hasRows])

  // The first frame holds the rows in view only; the rows beyond come a frame later, in its turn.
  const extra = useAfterFirstFrame() ? overscan : 0
  // Following the end: the rows to render are known without reading the layout (the last `height`
  // pixels), so a streamed chunk costs one render; the hook's effect only moves the scroll position.
  const top = following ? Math.max(0, total - height) : Math.min(view.top, Math.max(0, total - view.height))
  const viewHeight = following ? height : view.height
  const first = Math.max(0, Math.floor(top / rowHeight) - extra)
  const last = Math.min(count, Math.ceil((top + viewHeight) / rowHeight) + extra)
  const rows: ReactNode[] = []
  // out of view, the kept row is placed where it belongs, out of the flow (the same element: no focus lost)
  const row = (i: number, away?: boolean) => (
    <div
      key={getRowKey ? getRowKey(i) : i}
      data-index={i}
      className="tc-vrow"
      role={rowRole}
      style={
        away
          ? { height: rowHeight, position: 'absolute', top: (i - first) * rowHeight }
          : { height: rowHeight }
      }
    >
      {renderRow(i)}
    </div>
  )
  if (keep >= 0 && keep < first) rows.push(row(keep, true))
  for (let i = first; i < last; i++) rows.push(row(i))
  if (keep >= last && keep < count) rows.push(row(keep, true))
  return (
    <div
      {...props}
      ref={ref}
      // the scroll area must be reachable by keyboard
      tabIndex={0}
      data-virtual=""
      className={cx('tc-virtual-lines', className)}
      style={{ ...style, height, maxHeight, overflow: 'auto' }}
      onScroll={(e) => {
        onScroll()
        const el = e.currentTarget
        const next = { top: el.scrollTop, height: el.clientHeight || maxHeight }
        setView((v) => (v.top === next.top && v.height === next.height ? v : next))
        onScrollProp?.(e)
      }}
    >
      <div className="tc-vspace" style={{ height: total, position: 'relative' }}>
        <div
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            minWidth: '100%',
            transform: `translateY(${first * rowHeight}px)`,
          }}
        >
          {rows}
        </div>
      </div>
    </div>
  )
}
