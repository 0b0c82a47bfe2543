'use client'
import {
  type ComponentProps,
  type Key,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react'
import { FixedRows } from './FixedRows'
import { type ScrollSpot, useFollowEnd } from './useFollowEnd'

/**
 * Up to this many rows render plainly; more are virtualized. A virtualized list shows at most about 50
 * rows (the 24-28 of its height, then 10-12 more on each side), so a plain list of up to 60 costs about
 * what it would; a longer one costs more for each row. At 200 a 180-line diff mounted 1,120 elements and
 * its style and layout took 12-24 ms, in the frame where a session scrolled it into view.
 */
export const VIRTUALIZE_ABOVE = 60

export interface VirtualLinesProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** Number of rows. */
  count: number
  /** Renders row `index`. Called only for rows near the viewport when virtualized. */
  renderRow: (index: number) => ReactNode
  /**
   * Estimated (and, without `measure`, exact) row height in px (`--tc-line-height`).
   * @default 20
   */
  rowHeight?: number
  /**
   * Rows have varying heights (wrapped text): measure each rendered row.
   * @default false
   */
  measure?: boolean
  /**
   * Height of the scroll area in px (`--tc-body-max-height`).
   * @default 480
   */
  maxHeight?: number
  /**
   * Keep the view at the end when rows are added, unless the user scrolled away from it.
   * @default false
   */
  followEnd?: boolean
  /**
   * Start scrolled to the end (for logs, where the last lines matter).
   * @default false
   */
  startAtEnd?: boolean
  /**
   * Rows rendered beyond the viewport on each side.
   * @default 12
   */
  overscan?: number
  /** Stable key for row `index`; defaults to the index (fine for append-only rows). */
  getRowKey?: (index: number) => Key
  /** Props for each row wrapper, e.g. a role. */
  rowRole?: string
  /**
   * Virtualize even short lists (tests, benchmarks).
   * @default false
   */
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
  // Where the plain rows were scrolled: the virtual list that replaces them when they pass
  // `VIRTUALIZE_ABOVE` (a growing output) starts there, rather than at the top or the end.
  const spot = useRef<ScrollSpot | null>(null)
  if (!virtual) {
    return (
      <ScrollArea
        {...props}
        className={classes}
        style={{ ...style, maxHeight }}
        followEnd={followEnd}
        count={count}
        startAtEnd={startAtEnd}
        spot={spot}
      >
        {/* every row: `count` rows 1 px high fit a height of `count` */}
        {rows(count, false, count, 1, 0, renderRow, getRowKey, rowRole)}
      </ScrollArea>
    )
  }
  const common = {
    ...props,
    className: classes,
    style,
    count,
    renderRow,
    rowHeight,
    maxHeight,
    followEnd,
    startAtEnd,
    overscan,
    getRowKey,
    rowRole,
  }
  return measure ? (
    <Measured
      {...common}
      spot={spot}
      fallback={rows(count, startAtEnd, maxHeight, rowHeight, overscan, renderRow, getRowKey, rowRole)}
    />
  ) : (
    <FixedRows {...common} restore={spot.current} />
  )
}

interface ScrollAreaProps extends ComponentProps<'div'> {
  followEnd: boolean
  startAtEnd: boolean
  count: number
  /** Noted on each scroll, for the list that may replace this one. */
  spot: RefObject<ScrollSpot | null>
}

function ScrollArea({
  followEnd,
  startAtEnd,
  count,
  spot,
  children,
  onScroll: onScrollProp,
  ...props
}: ScrollAreaProps) {
  const ref = useRef<HTMLDivElement>(null)
  const { onScroll } = useFollowEnd(ref, { followEnd, startAtEnd, trigger: [count] })
  return (
    <div
      ref={ref}
      tabIndex={0}
      data-virtual={undefined}
      {...props}
      // the host's handler runs too; it does not replace the follow rule's
      onScroll={(e) => {
        const following = onScroll()
        // following the end, a list that wants to follows on (no offset to keep)
        spot.current = {
          top: following && (followEnd || startAtEnd) ? null : e.currentTarget.scrollTop,
          following,
        }
        onScrollProp?.(e)
      }}
    >
      {children}
    </div>
  )
}

type MeasuredModule = typeof import('./MeasuredLines')
let measuredModule: MeasuredModule | null = null
let measuredLoading: Promise<MeasuredModule> | null = null

/** Loads the measured-rows list (once); resolves when wrapped lists can render it at once. */
export function loadMeasuredLines(): Promise<MeasuredModule> {
  measuredLoading ??= import('./MeasuredLines').then((m) => {
    measuredModule = m
    return m
  })
  return measuredLoading
}

/** Rows that fit the viewport (the first, or the last when starting at the end), not virtualized. */
function rows(
  count: number,
  startAtEnd: boolean,
  maxHeight: number,
  rowHeight: number,
  overscan: number,
  renderRow: (index: number) => ReactNode,
  getRowKey: ((index: number) => Key) | undefined,
  rowRole: string | undefined,
): ReactNode[] {
  const n = Math.min(count, Math.ceil(maxHeight / rowHeight) + overscan)
  const first = startAtEnd ? count - n : 0
  const out: ReactNode[] = []
  for (let i = first; i < first + n; i++) {
    out.push(
      <div key={getRowKey ? getRowKey(i) : i} className="tc-vrow" data-index={i} role={rowRole}>
        {renderRow(i)}
      </div>,
    )
  }
  return out
}

/**
 * Measured rows (wrapped text) through @tanstack/react-virtual, loaded on first use; until it has
 * loaded (a few milliseconds), the rows that fit the viewport render plainly in the same scroll area.
 */
function Measured({
  fallback,
  spot,
  ...props
}: import('./MeasuredLines').MeasuredProps & {
  fallback: ReactNode[]
  spot: RefObject<ScrollSpot | null>
}) {
  const [module, setModule] = useState(measuredModule)
  useEffect(() => {
    if (module) return
    let live = true
    loadMeasuredLines().then(
      (m) => {
        if (live) setModule(m)
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [module])
  if (module) return <module.MeasuredLines {...props} restore={spot.current} />
  const {
    count,
    followEnd,
    startAtEnd,
    maxHeight,
    className,
    style,
    renderRow: _r,
    rowHeight: _h,
    overscan: _o,
    getRowKey: _k,
    rowRole: _ro,
    ...rest
  } = props
  return (
    <ScrollArea
      {...rest}
      className={className}
      style={{ ...style, maxHeight }}
      followEnd={followEnd}
      startAtEnd={startAtEnd}
      count={count}
      spot={spot}
    >
      {fallback}
    </ScrollArea>
  )
}
