'use client'
import {
  type ComponentProps,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { cx } from '../shared/format'

export interface TerminalLinesProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** Number of rows. */
  count: number
  renderRow: (index: number) => ReactNode
  /** Row height in px until a rendered row is measured. @default 20 */
  rowHeight?: number
  /** Height of the scroll area in px. @default 480 */
  maxHeight?: number
  /** Keep the view at the end while rows are added, unless the user scrolled away from it. */
  followEnd?: boolean
  /** Start scrolled to the end. */
  startAtEnd?: boolean
  /** Rows rendered beyond the viewport on each side. @default 10 */
  overscan?: number
}

/**
 * A virtualized list of fixed-height rows (terminal lines without wrapping). Work per render and per
 * added row is proportional to the rows in view, not to `count`: a 100,000-line output that grows
 * by 64 KB at a time re-renders only what is visible. Without layout (jsdom, SSR) the first rows that
 * fit render.
 */
export function TerminalLines({
  count,
  renderRow,
  rowHeight: initialRowHeight = 20,
  maxHeight = 480,
  followEnd = false,
  startAtEnd = false,
  overscan = 10,
  className,
  style,
  ...props
}: TerminalLinesProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [rowHeight, setRowHeight] = useState(initialRowHeight)
  const height = Math.min(maxHeight, count * rowHeight)
  const [view, setView] = useState(() => ({
    top: startAtEnd ? Math.max(0, count * rowHeight - maxHeight) : 0,
    height: maxHeight,
  }))
  const atEnd = useRef(startAtEnd || followEnd)
  const frame = useRef(0)

  const onScroll = useCallback(() => {
    const el = ref.current
    if (!el) return
    atEnd.current = el.scrollTop + el.clientHeight >= el.scrollHeight - rowHeight
    if (frame.current) return
    frame.current = requestAnimationFrame(() => {
      frame.current = 0
      const e = ref.current
      if (!e) return
      const next = { top: e.scrollTop, height: e.clientHeight || maxHeight }
      setView((v) => (v.top === next.top && v.height === next.height ? v : next))
    })
  }, [rowHeight, maxHeight])

  useEffect(() => () => cancelAnimationFrame(frame.current), [])

  // measure one rendered row once (the theme may set another line height); measuring forces a layout,
  // so it is not repeated on every render
  const measured = useRef(false)
  useLayoutEffect(() => {
    if (measured.current) return
    const line = ref.current?.querySelector<HTMLElement>('[data-vrow] > *')
    if (!line) return
    measured.current = true
    const h = line.getBoundingClientRect().height
    if (h && Math.abs(h - rowHeight) > 0.5) setRowHeight(h)
  })

  // Following the end: the rows to render are known without reading the layout (the view is the last
  // `height` pixels), so one render per added chunk; the effect only moves the scroll position.
  const following = atEnd.current
  const endTop = Math.max(0, count * rowHeight - height)
  const top = following ? endTop : view.top
  const viewHeight = following ? height : view.height
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when rows are added or resized
  useLayoutEffect(() => {
    const el = ref.current
    if (!el || !atEnd.current) return
    const target = el.scrollHeight - el.clientHeight
    if (Math.abs(el.scrollTop - target) > 1) el.scrollTop = target
  }, [count, rowHeight, maxHeight])

  const first = Math.max(0, Math.floor(top / rowHeight) - overscan)
  const last = Math.min(count, Math.ceil((top + viewHeight) / rowHeight) + overscan)
  const rows: ReactNode[] = []
  for (let i = first; i < last; i++) {
    rows.push(
      <div
        key={i}
        data-vrow=""
        data-index={i}
        className="tc-vrow"
        style={{ position: 'absolute', top: i * rowHeight, left: 0, minWidth: '100%', height: rowHeight }}
      >
        {renderRow(i)}
      </div>,
    )
  }
  return (
    <div
      {...props}
      ref={ref}
      // the scroll area must be reachable by keyboard
      tabIndex={0}
      onScroll={onScroll}
      data-virtual=""
      className={cx('tc-virtual-lines', className)}
      style={{ ...style, height, maxHeight, overflow: 'auto', position: 'relative' }}
    >
      <div style={{ height: count * rowHeight, position: 'relative' }}>{rows}</div>
    </div>
  )
}
