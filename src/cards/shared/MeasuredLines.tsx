'use client'
import { useVirtualizer } from '@tanstack/react-virtual'
import { type Key, useRef } from 'react'
import { type ScrollSpot, useFollowEnd } from './useFollowEnd'
import type { VirtualLinesProps } from './VirtualLines'

// Loaded on demand by VirtualLines (wrapped text only): @tanstack/react-virtual is 32 KB minified.

export type MeasuredProps = Omit<VirtualLinesProps, 'forceVirtual' | 'measure'> &
  Required<Pick<VirtualLinesProps, 'rowHeight' | 'maxHeight' | 'followEnd' | 'startAtEnd' | 'overscan'>> & {
    /** Where the list this one replaces was scrolled: taken over at mount. */
    restore?: ScrollSpot | null
  }

/** Rows of varying heights (wrapped text), each measured once rendered. */
export function MeasuredLines({
  count,
  renderRow,
  rowHeight,
  maxHeight,
  followEnd,
  startAtEnd,
  overscan,
  getRowKey,
  rowRole,
  restore,
  style,
  onScroll: onScrollProp,
  ...props
}: MeasuredProps) {
  const ref = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => ref.current,
    estimateSize: () => rowHeight,
    overscan,
    initialRect: { width: 800, height: maxHeight },
    // (the virtualizer scrolls its element to this offset when it meets it)
    initialOffset: restore?.top ?? (startAtEnd ? Math.max(0, count * rowHeight - maxHeight) : 0),
    ...(getRowKey ? { getItemKey: getRowKey } : {}),
  })
  const { onScroll } = useFollowEnd(ref, {
    followEnd,
    startAtEnd,
    trigger: [count],
    scrollToEnd: () => {
      if (count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' })
    },
    initialFollowing: restore?.following,
  })
  const items = virtualizer.getVirtualItems()
  return (
    <div
      ref={ref}
      tabIndex={0}
      data-virtual=""
      style={{ ...style, maxHeight, height: Math.min(maxHeight, count * rowHeight), overflow: 'auto' }}
      {...props}
      // the host's handler runs too; it does not replace the follow rule's
      onScroll={(e) => {
        onScroll()
        onScrollProp?.(e)
      }}
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
