'use client'
import { useVirtualizer } from '@tanstack/react-virtual'
import { type ComponentProps, type Key, type ReactNode, useRef } from 'react'
import { FixedRows } from './FixedRows'
import { useFollowEnd } from './useFollowEnd'

/** Up to this many rows render plainly; more are virtualized. */
export const VIRTUALIZE_ABOVE = 200

export interface VirtualLinesProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** Number of rows. */
  count: number
  /** Renders row `index`. Called only for rows near the viewport when virtualized. */
  renderRow: (index: number) => ReactNode
  /** Estimated (and, without `measure`, exact) row height in px. Default 20 (`--tc-line-height`). */
  rowHeight?: number
  /** Rows have varying heights (wrapped text): measure each rendered row. */
  measure?: boolean
  /** Height of the scroll area in px. Default 480 (`--tc-body-max-height`). */
  maxHeight?: number
  /** Keep the view at the end when rows are added, unless the user scrolled away from it. */
  followEnd?: boolean
  /** Start scrolled to the end (for logs, where the last lines matter). */
  startAtEnd?: boolean
  /** Rows rendered beyond the viewport on each side. Default 12. */
  overscan?: number
  /** Stable key for row `index`; defaults to the index (fine for append-only rows). */
  getRowKey?: (index: number) => Key
  /** Props for each row wrapper, e.g. a role. */
  rowRole?: string
  /** Virtualize even short lists (tests, benchmarks). */
  forceVirtual?: boolean
}

/**
 * A scrollable list of rows. Short lists render plainly; long ones (over `VIRTUALIZE_ABOVE` rows) keep
 * only the rows near the viewport in the DOM, so 100,000 rows cost what 60 do: rows of one height go
 * to `FixedRows`, measured rows (wrapped text) to @tanstack/react-virtual. Without layout (server
 * render, jsdom) the first rows that fit `maxHeight` render. The scroll area is keyboard-focusable;
 * every variant follows the end by the same `useFollowEnd`.
 */
export function VirtualLines({
  count,
  renderRow,
  rowHeight = 20,
  measure = false,
  maxHeight = 480,
  followEnd = false,
  startAtEnd = false,
  overscan = 12,
  getRowKey,
  rowRole,
  forceVirtual = false,
  className,
  style,
  ...props
}: VirtualLinesProps) {
  const virtual = forceVirtual || count > VIRTUALIZE_ABOVE
  const classes = ['tc-virtual-lines', className].filter(Boolean).join(' ')
  if (!virtual) {
    const rows: ReactNode[] = []
    for (let i = 0; i < count; i++) {
      rows.push(
        <div key={getRowKey ? getRowKey(i) : i} className="tc-vrow" data-index={i} role={rowRole}>
          {renderRow(i)}
        </div>,
      )
    }
    return (
      <ScrollArea
        {...props}
        className={classes}
        style={{ ...style, maxHeight }}
        followEnd={followEnd}
        count={count}
        startAtEnd={startAtEnd}
      >
        {rows}
      </ScrollArea>
    )
  }
  if (!measure) {
    return (
      <FixedRows
        {...props}
        className={classes}
        style={style}
        count={count}
        renderRow={renderRow}
        rowHeight={rowHeight}
        maxHeight={maxHeight}
        followEnd={followEnd}
        startAtEnd={startAtEnd}
        overscan={overscan}
        getRowKey={getRowKey}
        rowRole={rowRole}
      />
    )
  }
  return (
    <Measured
      {...props}
      className={classes}
      style={style}
      count={count}
      renderRow={renderRow}
      rowHeight={rowHeight}
      maxHeight={maxHeight}
      followEnd={followEnd}
      startAtEnd={startAtEnd}
      overscan={overscan}
      getRowKey={getRowKey}
      rowRole={rowRole}
    />
  )
}

interface ScrollAreaProps extends ComponentProps<'div'> {
  followEnd: boolean
  startAtEnd: boolean
  count: number
}

function ScrollArea({ followEnd, startAtEnd, count, children, ...props }: ScrollAreaProps) {
  const ref = useRef<HTMLDivElement>(null)
  const { onScroll } = useFollowEnd(ref, { followEnd, startAtEnd, trigger: [count] })
  return (
    <div ref={ref} tabIndex={0} onScroll={onScroll} data-virtual={undefined} {...props}>
      {children}
    </div>
  )
}

type MeasuredProps = Omit<VirtualLinesProps, 'forceVirtual' | 'measure'> &
  Required<Pick<VirtualLinesProps, 'rowHeight' | 'maxHeight' | 'followEnd' | 'startAtEnd' | 'overscan'>>

/** Rows of varying heights (wrapped text), each measured once rendered. */
function Measured({
  count,
  renderRow,
  rowHeight,
  maxHeight,
  followEnd,
  startAtEnd,
  overscan,
  getRowKey,
  rowRole,
  style,
  ...props
}: MeasuredProps) {
  const ref = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => ref.current,
    estimateSize: () => rowHeight,
    overscan,
    initialRect: { width: 800, height: maxHeight },
    initialOffset: startAtEnd ? Math.max(0, count * rowHeight - maxHeight) : 0,
    ...(getRowKey ? { getItemKey: getRowKey } : {}),
  })
  const { onScroll } = useFollowEnd(ref, {
    followEnd,
    startAtEnd,
    trigger: [count],
    scrollToEnd: () => {
      if (count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' })
    },
  })
  const items = virtualizer.getVirtualItems()
  return (
    <div
      ref={ref}
      tabIndex={0}
      onScroll={onScroll}
      data-virtual=""
      style={{ ...style, maxHeight, height: Math.min(maxHeight, count * rowHeight), overflow: 'auto' }}
      {...props}
    >
      <div
        className="tc-vspace"
        style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}
      >
        {items.map((item) => (
          <div
            key={item.key as Key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className="tc-vrow"
            role={rowRole}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${item.start}px)`,
            }}
          >
            {renderRow(item.index)}
          </div>
        ))}
      </div>
    </div>
  )
}
