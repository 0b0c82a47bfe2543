'use client'
import { type ComponentProps, type ReactNode, useLayoutEffect, useRef, useState } from 'react'

export interface FixedRowsProps extends Omit<ComponentProps<'div'>, 'children'> {
  count: number
  /** Exact height of every row in px. */
  rowHeight: number
  renderRow: (index: number) => ReactNode
  /** Height of the scroll area in px (the first window rendered before layout is known). */
  maxHeight?: number
  /** Rows rendered beyond the viewport on each side. */
  overscan?: number
}

/**
 * A scrollable list of rows of one fixed height, virtualized in O(rows shown): no per-row bookkeeping,
 * so 101,000 rows cost what 40 do on every render (a general virtualizer walks all rows when the count
 * changes). Before layout (server render, jsdom) the first `maxHeight` worth of rows renders. The
 * scroll area is keyboard-focusable and carries the `tc-virtual-lines` class like the shared list.
 */
export function FixedRows({
  count,
  rowHeight,
  renderRow,
  maxHeight = 480,
  overscan = 10,
  className,
  style,
  ...props
}: FixedRowsProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [viewport, setViewport] = useState(maxHeight)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => setViewport(el.clientHeight || maxHeight)
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [maxHeight])
  const total = count * rowHeight
  const top = Math.min(scrollTop, Math.max(0, total - viewport))
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan)
  const last = Math.min(count, Math.ceil((top + viewport) / rowHeight) + overscan)
  const rows: ReactNode[] = []
  for (let i = first; i < last; i++) {
    rows.push(
      <div key={i} className="tc-vrow" data-index={i} style={{ height: rowHeight }}>
        {renderRow(i)}
      </div>,
    )
  }
  return (
    <div
      {...props}
      ref={ref}
      tabIndex={0}
      className={['tc-virtual-lines', className].filter(Boolean).join(' ')}
      data-virtual=""
      style={{ ...style, maxHeight, height: Math.min(maxHeight, total), overflow: 'auto' }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
    >
      <div style={{ height: total, position: 'relative' }}>
        <div
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            right: 0,
            transform: `translateY(${first * rowHeight}px)`,
          }}
        >
          {rows}
        </div>
      </div>
    </div>
  )
}
