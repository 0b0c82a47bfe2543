'use client'
import {
  defaultRangeExtractor,
  elementScroll,
  type Range,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual'
import {
  type ComponentProps,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type WheelEvent,
} from 'react'
import type { CardModel } from '../../protocol'
import type { FoldOptions, SessionProblem, SessionState, SessionStore } from '../../session'
import { CardRenderer } from '../CardRenderer'
import { useCheckedSession } from '../checked'
import { CardExpansionContext } from '../frame/CardFrame'
import { cx } from '../shared/format'
import { RowsLaterContext } from '../shared/frameTurn'
import { InlineCode } from '../shared/InlineCode'
import { isAtEnd } from '../shared/useFollowEnd'
import { useScrollMemory } from '../ui-state'
import { useSessionTexts } from './texts'
import { useSessionEvents, useSessionStore } from './useSession'

const NO_EVENTS: readonly unknown[] = []

/** Cards that come into view while scrolling and mount in the same frame; the rest wait a frame. */
const MOUNTS_PER_FRAME = 2
/**
 * New cards mounted in one frame when not scrolling (the first screen of a session, cards that arrive):
 * the rest wait for the next frame, so that opening a long session never renders, measures and lays out
 * a screenful of cards in one task. 2, not 4: in a new renderer process (a new tab, a webview) the first
 * render also compiles each card kind's code; 4 cards made it a 38 ms task, 2 make it 30 ms (medians of
 * 8 runs of the scenarios bench's session), and the first paint comes sooner (56 against 77 ms).
 */
const MOUNTS_AT_ONCE = 2

/** Height a card is assumed to have before it is measured, in px. */
export const ESTIMATED_CARD_HEIGHT = 160

interface SessionViewBaseProps extends Omit<ComponentProps<'div'>, 'children'> {
  /**
   * Keep the view at the last card as cards arrive or grow, unless the user has scrolled up (scrolling
   * back to the end resumes it). Scrolling up means a move up after wheel, touch, key or pointer input in
   * the list, or in a list that kept its height (a host's own `scrollTop` write counts then); the
   * browser moving the offset because content at the end shrank does not.
   * @default true
   */
  followEnd?: boolean
  /**
   * Keep only the cards near the viewport mounted. Default `true`; `false` mounts every card (baseline).
   * @default true
   */
  virtualize?: boolean
  /**
   * Cards mounted beyond each side of the viewport.
   * @default 3
   */
  overscan?: number
  /**
   * Px assumed for a card not yet measured.
   * @default ESTIMATED_CARD_HEIGHT
   */
  estimatedCardHeight?: number
  /** Name of the list for assistive technology. Default: the labels' `toolCallsLabel` ("Tool calls"). */
  label?: string
  /** Called when a card throws while rendering (its error boundary shows it). */
  onCardError?: (error: unknown, cardId: string) => void
  /** Limits for checking events (with `events`). */
  foldOptions?: FoldOptions
}

export type SessionViewProps = SessionViewBaseProps &
  (
    | {
        /** The session's events so far (untrusted); append to grow it. */ events: readonly unknown[]
        store?: never
        state?: never
      }
    | { /** A live store (`createSessionStore`). */ store: SessionStore; events?: never; state?: never }
    | { /** A folded state. */ state: SessionState; events?: never; store?: never }
  )

/**
 * The cards of a session, in order. Give it `events` (replay, or a growing array), a live `store`, or a
 * folded `state`: the same events give the same DOM either way. Virtualized: only cards near the
 * viewport are mounted and each is measured; a card above the viewport that changes size does not move
 * what you are looking at. Keyboard, with focus on a card header: ArrowDown / ArrowUp move between cards,
 * Home / End go to the first / last, ArrowRight / ArrowLeft expand / collapse the card,
 * Shift+ArrowRight / Shift+ArrowLeft expand / collapse all; `j` / `k` move between cards from anywhere in
 * a card but a text field or a part that uses those keys itself (a search card's rows).
 *
 * The view is its own scroll container: give it a height (it fills its parent by default).
 * @selector [data-following] while it keeps to the end.
 */
export function SessionView(props: SessionViewProps) {
  if (props.store !== undefined) return <StoreSession {...props} store={props.store} />
  if (props.events !== undefined) return <EventsSession {...props} events={props.events} />
  const { state, ...rest } = props
  return <SessionList {...rest} state={state} />
}

function StoreSession({ store, ...rest }: SessionViewBaseProps & { store: SessionStore }) {
  return <SessionList {...rest} state={useSessionStore(store)} />
}

function EventsSession({
  events,
  foldOptions,
  ...rest
}: SessionViewBaseProps & { events: readonly unknown[] }) {
  return (
    <SessionList
      {...rest}
      state={useSessionEvents(Array.isArray(events) ? events : NO_EVENTS, foldOptions)}
    />
  )
}

/** The viewport assumed where there is no layout (server render, jsdom): the first cards that fit render. */
const NO_LAYOUT_RECT = { width: 800, height: 800 }

/**
 * The scroll area's size, from a ResizeObserver only. The virtualizer's own `observeElementRect` reads the
 * size at once, in the task that mounts the list: a forced layout of the whole page inside that task (20 ms
 * of a 2,000-card session's first render in a new tab). The observer reports it after the browser's own
 * layout, before the paint; meanwhile (and where there is no layout: server render, jsdom) the list assumes
 * `NO_LAYOUT_RECT`.
 */
function observeRectOrAssume(
  instance: Virtualizer<HTMLDivElement, Element>,
  callback: (rect: { width: number; height: number }) => void,
) {
  const el = instance.scrollElement
  const Observer = instance.targetWindow?.ResizeObserver
  if (!el || !Observer) return
  const observer = new Observer(() => {
    const width = el.clientWidth
    const height = el.clientHeight
    callback(width === 0 && height === 0 ? NO_LAYOUT_RECT : { width, height })
  })
  observer.observe(el)
  return () => observer.disconnect()
}

const neverAdjust = () => false

type ExpandAll = { expanded: boolean; generation: number } | null

function SessionList({
  state,
  followEnd = true,
  virtualize = true,
  overscan = 3,
  estimatedCardHeight = ESTIMATED_CARD_HEIGHT,
  label,
  onCardError,
  foldOptions: _foldOptions,
  className,
  ...props
}: SessionViewBaseProps & { state: SessionState }) {
  const t = useSessionTexts()
  const listLabel = label ?? t.text('toolCallsLabel')
  // Checked cards, unique keys, readable problems (a host may hand over a state it made).
  const { cards, ids, keys, problems, problemCount } = useCheckedSession(state)
  const count = cards.length
  const scrollRef = useRef<HTMLDivElement>(null)
  const following = useRef(followEnd)
  const [followingShown, setFollowingShown] = useState(followEnd)
  // Expand/collapse all, and what the user chose per card since (kept while a card is unmounted).
  const [expandAll, setExpandAll] = useState<ExpandAll>(null)
  const chosen = useRef(new Map<string, boolean>())
  // The card that has (or should get) keyboard focus: kept mounted even when scrolled away.
  const [active, setActive] = useState<{ index: number; focus: boolean } | null>(null)
  const activeIndex = active !== null && active.index < count ? active.index : -1
  // Ids of the cards mounted in full at the last commit (see "mount a few per frame" below).
  const shown = useRef(new Set<string>())
  // New cards mounted since the last frame began (see MOUNTS_AT_ONCE).
  const spent = useRef(0)
  const [mountTick, setMountTick] = useState(0)
  // The virtualizer has written a scroll offset (see scrollToFn).
  const met = useRef(false)
  // The scroll offset and height last seen or written: following stops when the user scrolls up from
  // it, not when the cards change size under it (see onScroll).
  const lastTop = useRef(0)
  const lastHeight = useRef(0)
  // The user has wheeled, touched, pressed a key or a pointer in the list since the last scroll event.
  const userInput = useRef(false)
  const pointerDown = useRef(false)

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      if (activeIndex >= 0 && !indexes.includes(activeIndex)) {
        indexes.push(activeIndex)
        indexes.sort((a, b) => a - b)
      }
      return indexes
    },
    [activeIndex],
  )
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedCardHeight,
    getItemKey: (index) => keys[index] ?? index,
    overscan,
    rangeExtractor,
    // Without layout (server render, jsdom) the first cards that fit this rect are rendered.
    initialRect: NO_LAYOUT_RECT,
    observeElementRect: observeRectOrAssume,
    // The virtualizer scrolls to its offset (0) when it meets its element, where a new element already is;
    // the write would lay the page out in the task that renders. Later scrolls go through.
    scrollToFn: (offset, options, instance) => {
      const first = !met.current
      met.current = true
      if (!first || offset !== 0 || options.adjustments) elementScroll(offset, options, instance)
    },
    // Sizes come from the ResizeObserver, which reports them after the browser's own layout. A card is
    // not measured in the task that mounts it: reading its size there forced a layout of every new card
    // inside that task (14-16 ms of a 2,000-card session's first render). Cards are laid out in flow
    // (below), so they sit at their real places in the first frame whatever size is assumed meanwhile.
    measureElement: (element, entry, instance) => {
      const height = entry
        ? (entry.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height)
        : (instance.measurementsCache[instance.indexFromElement(element)]?.size ?? 0)
      return height > 0 ? height : estimatedCardHeight
    },
    enabled: virtualize,
  })

  // While following, the list is put at its end after every change of size (below), so a card measured
  // above the viewport needs no correction of its own. The virtualizer's correction would start from the
  // offset of its last scroll event, which is stale after the follow wrote scrollTop: it would move the
  // view back up there and stop the following. Not following, the virtualizer's own rule applies (it
  // applies when this property is undefined). Defined once on the instance, which lives as long as the list.
  if (!Object.hasOwn(virtualizer, 'shouldAdjustScrollPositionOnItemSizeChange')) {
    Object.defineProperty(virtualizer, 'shouldAdjustScrollPositionOnItemSizeChange', {
      get: () => (following.current ? neverAdjust : undefined),
    })
  }
  const totalSize = virtualize ? virtualizer.getTotalSize() : 0
  // Follow the end: after every change of cards or sizes, while following, go to the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `cards` and `totalSize` are the triggers
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (!el || !following.current || count === 0) return
    el.scrollTop = el.scrollHeight
    lastTop.current = el.scrollTop
    lastHeight.current = el.scrollHeight
  }, [cards, totalSize, count])

  const stopFollowing = useCallback(() => {
    following.current = false
    setFollowingShown(false)
  }, [])
  useScrollMemory({
    scrollRef,
    ids,
    virtualizer: virtualize ? virtualizer : null,
    following,
    stopFollowing,
  })

  const onScroll = useCallback(() => {
    const el = scrollRef.current
    if (!el) return
    const atEnd = isAtEnd(el)
    const top = el.scrollTop
    const height = el.scrollHeight
    // A move up is the user's when they gave input, or when the list kept its height. Otherwise it may
    // be the browser's: content at the end shrank (a card measured shorter than it was laid out) and
    // the browser clamped the offset, then other cards grew in the same frame.
    const byUser =
      top < lastTop.current - 1 && (userInput.current || pointerDown.current || height === lastHeight.current)
    lastTop.current = top
    lastHeight.current = height
    userInput.current = false
    if (!followEnd) return
    if (following.current && !atEnd && !byUser) {
      // Not the user: the cards changed size between the follow's write and this event (a card whose
      // code loaded, output that arrived). Still following: back to the end.
      el.scrollTop = height
      lastTop.current = el.scrollTop
      return
    }
    if (atEnd !== following.current) {
      following.current = atEnd
      setFollowingShown(atEnd)
    }
  }, [followEnd])
  useEffect(() => {
    following.current = followEnd
    setFollowingShown(followEnd)
  }, [followEnd])

  // Keyboard: move focus to a card's header, scrolling it into view (and mounting it) first.
  useEffect(() => {
    if (active === null || !active.focus) return
    const el = scrollRef.current
    const toggle = el?.querySelector<HTMLElement>(
      `[data-index="${active.index}"] [data-slot="card-header"] button[aria-expanded]`,
    )
    if (toggle) {
      toggle.focus({ preventScroll: !virtualize })
      if (!virtualize) toggle.scrollIntoView?.({ block: 'nearest' })
      setActive({ index: active.index, focus: false })
    }
  })

  const goTo = useCallback(
    (index: number) => {
      if (count === 0) return
      const target = Math.max(0, Math.min(count - 1, index))
      if (target < count - 1) following.current = false
      if (virtualize) virtualizer.scrollToIndex(target, { align: 'auto' })
      setActive({ index: target, focus: true })
    },
    [count, virtualize, virtualizer],
  )

  const setAll = useCallback((expanded: boolean) => {
    chosen.current.clear()
    setExpandAll((prev) => ({ expanded, generation: (prev?.generation ?? 0) + 1 }))
  }, [])

  // What the user does to scroll (see onScroll). A scrollbar drag holds the pointer down until it ends.
  const onWheel = useCallback((event: WheelEvent<HTMLDivElement>) => {
    if (event.deltaY < 0) userInput.current = true
  }, [])
  const onTouchMove = useCallback(() => {
    userInput.current = true
  }, [])
  const onPointerDown = useCallback(() => {
    pointerDown.current = true
    const up = () => {
      pointerDown.current = false
      window.removeEventListener('pointerup', up)
      window.removeEventListener('pointercancel', up)
    }
    window.addEventListener('pointerup', up)
    window.addEventListener('pointercancel', up)
  }, [])

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      userInput.current = true
      const target = event.target as HTMLElement
      const item = target.closest<HTMLElement>('[data-session-item]')
      // a key the card used itself (a search card's rows move with j / k) is the card's
      if (!item || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      const onHeader = target.matches('[data-slot="card-header"] button[aria-expanded]')
      const editable = target.matches(
        'input, textarea, select, [contenteditable=""], [contenteditable="true"]',
      )
      const index = Number(item.dataset.index)
      const key = event.key
      let handled = true
      if ((key === 'ArrowDown' && onHeader) || (key === 'j' && !editable)) goTo(index + 1)
      else if ((key === 'ArrowUp' && onHeader) || (key === 'k' && !editable)) goTo(index - 1)
      else if (key === 'Home' && onHeader) goTo(0)
      else if (key === 'End' && onHeader) goTo(count - 1)
      else if ((key === 'ArrowRight' || key === 'ArrowLeft') && onHeader && event.shiftKey)
        setAll(key === 'ArrowRight')
      else if ((key === 'ArrowRight' || key === 'ArrowLeft') && onHeader) {
        const want = key === 'ArrowRight'
        if ((target.getAttribute('aria-expanded') === 'true') !== want) target.click()
      } else handled = false
      if (handled) event.preventDefault()
    },
    [count, goTo, setAll],
  )

  // The card holding focus stays mounted while scrolled away, so focus is not lost.
  const onFocus = useCallback((event: FocusEvent<HTMLDivElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[data-session-item]')
    if (!item) return
    const index = Number(item.dataset.index)
    setActive((prev) => (prev !== null && prev.index === index ? prev : { index, focus: false }))
  }, [])

  // Remember a card's state when the user toggles it, so that it survives being scrolled away.
  const onClick = useCallback((event: MouseEvent<HTMLDivElement>) => {
    const toggle = (event.target as HTMLElement).closest?.('[data-slot="card-header"] button[aria-expanded]')
    const item = toggle?.closest<HTMLElement>('[data-session-item]')
    const id = item?.dataset.cardId
    if (toggle && id !== undefined) chosen.current.set(id, toggle.getAttribute('aria-expanded') !== 'true')
  }, [])

  const renderItem = (index: number, start: number | null): ReactNode => {
    const model = cards.at(index)
    if (model === undefined) return null
    return (
      <SessionItem
        key={keys[index]}
        model={model}
        index={index}
        count={count}
        start={start}
        measure={virtualize ? virtualizer.measureElement : undefined}
        want={chosen.current.get(model.id) ?? expandAll?.expanded}
        expandAll={expandAll}
        onCardError={onCardError}
      />
    )
  }

  // While the user scrolls, cards that come into view mount a few per frame (placeholders of their
  // known or estimated height stand in meanwhile), so that a fling never mounts many cards in one task.
  // While the list follows its end, its scroll events are the follow's own writes, not a fling: taken
  // for one, they held every card at the end as a placeholder for the virtualizer's 150 ms after each.
  const scrolling = virtualize && virtualizer.isScrolling && !following.current
  const nextShown = new Set<string>()
  const waiting: string[] = []
  // Without layout (server render, jsdom) measuring costs nothing and there may be no next frame: every
  // card in range renders at once.
  const paced = typeof ResizeObserver !== 'undefined'
  let budget = scrolling ? 0 : paced ? Math.max(0, MOUNTS_AT_ONCE - spent.current) : Number.POSITIVE_INFINITY
  let mountedNew = 0
  let items: ReactNode
  if (virtualize) {
    // The cards in range are laid out in flow, one after another, below a padding that stands for the
    // cards above them: the browser places each card by its real height, so a card that is mounted, grows
    // or is not measured yet never overlaps its neighbours. The card kept mounted for focus, when it is
    // away from the range, is placed on its own at its offset.
    const virtualItems = virtualizer.getVirtualItems()
    const apart =
      virtualItems.length > 1 && !virtualItems.some((o) => Math.abs(o.index - activeIndex) === 1)
        ? activeIndex
        : -1
    const runStart = virtualItems.find((item) => item.index !== apart)?.start ?? 0
    items = (
      <ul
        className="tc-session-space"
        aria-label={listLabel}
        style={{ height: totalSize, paddingTop: runStart }}
      >
        {virtualItems.map((item) => {
          const id = ids[item.index]
          if (id === undefined) return null
          const known = shown.current.has(id) || item.index === activeIndex
          if (known || budget > 0) {
            if (!known) {
              budget--
              mountedNew++
            }
            nextShown.add(id)
            return renderItem(item.index, item.index === apart ? item.start : null)
          }
          waiting.push(id)
          return (
            <li
              key={keys[item.index]}
              className="tc-session-item"
              aria-posinset={item.index + 1}
              aria-setsize={count}
              aria-busy="true"
              data-index={item.index}
              data-card-id={id}
              data-session-item=""
              data-placeholder=""
              style={{ height: item.size }}
            />
          )
        })}
      </ul>
    )
  } else {
    const all: ReactNode[] = []
    for (let i = 0; i < count; i++) all.push(renderItem(i, null))
    items = (
      <ul className="tc-session-space" aria-label={listLabel}>
        {all}
      </ul>
    )
  }

  useLayoutEffect(() => {
    shown.current = nextShown
    if (mountedNew > 0) {
      spent.current += mountedNew
      requestAnimationFrame(() => {
        spent.current = 0
      })
    }
  })
  const waitingKey = waiting.join('\n')
  // biome-ignore lint/correctness/useExhaustiveDependencies: `mountTick` re-arms the frame while cards still wait
  useEffect(() => {
    if (waitingKey === '') return
    const next = waitingKey.split('\n').slice(0, MOUNTS_PER_FRAME)
    const handle = requestAnimationFrame(() => {
      for (const id of next) shown.current.add(id)
      setMountTick((n) => n + 1)
    })
    return () => cancelAnimationFrame(handle)
  }, [waitingKey, mountTick])

  // Cards mounted after the first frame mount inside frames (scrolling): their rows come at once.
  const rowsLater = useRef(true)
  useEffect(() => {
    const handle = requestAnimationFrame(() => {
      rowsLater.current = false
    })
    return () => cancelAnimationFrame(handle)
  }, [])

  return (
    <div
      {...props}
      className={cx('tc-session', className)}
      data-slot="session"
      data-virtual={virtualize ? '' : undefined}
      data-following={followingShown ? '' : undefined}
    >
      <SessionToolbar count={count} problems={problems} problemCount={problemCount} onExpandAll={setAll} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: keyboard and clicks are delegated from the cards' own buttons */}
      <div
        ref={scrollRef}
        className="tc-session-scroll"
        data-slot="session-scroll"
        onScroll={onScroll}
        onWheel={onWheel}
        onTouchMove={onTouchMove}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        onClick={onClick}
        onFocus={onFocus}
      >
        <RowsLaterContext.Provider value={rowsLater}>{items}</RowsLaterContext.Provider>
      </div>
    </div>
  )
}

interface SessionItemProps {
  model: CardModel
  index: number
  count: number
  /** Offset from the top of the list for a card placed on its own (see `apart`), or null (in flow). */
  start: number | null
  measure: ((element: Element | null) => void) | undefined
  /** The expansion this card should have (user choice, else the last expand/collapse all), if any. */
  want: boolean | undefined
  expandAll: ExpandAll
  onCardError: ((error: unknown, cardId: string) => void) | undefined
}

/** One card in the list; re-renders only when its model (or its place) changes. */
const SessionItem = memo(function SessionItem({
  model,
  index,
  count,
  start,
  measure,
  want,
  expandAll,
  onCardError,
}: SessionItemProps) {
  const ref = useRef<HTMLLIElement>(null)
  const setRef = useCallback(
    (el: HTMLLIElement | null) => {
      ref.current = el
      measure?.(el)
    },
    [measure],
  )
  // A card mounted after "collapse all" (or after the user toggled it and it was scrolled away) starts
  // in its frame's default state; bring it to the wanted one before the browser paints.
  const [sync, setSync] = useState(0)
  useLayoutEffect(() => {
    if (want === undefined) return
    const state = ref.current?.querySelector(':scope > article')?.getAttribute('data-state')
    if (state && (state === 'expanded') !== want) setSync((n) => n + 1)
  }, [want])
  const expansion = useMemo(
    () =>
      want === undefined
        ? expandAll
        : { expanded: want, generation: (expandAll?.generation ?? 0) * 1024 + sync },
    [want, expandAll, sync],
  )
  return (
    <li
      ref={setRef}
      className="tc-session-item"
      aria-posinset={index + 1}
      aria-setsize={count}
      data-index={index}
      data-card-id={model.id}
      data-session-item=""
      data-apart={start === null ? undefined : ''}
      style={start === null ? undefined : { transform: `translateY(${start}px)` }}
    >
      <CardExpansionContext.Provider value={expansion}>
        <CardRenderer model={model} {...(onCardError ? { onCardError } : {})} />
      </CardExpansionContext.Provider>
    </li>
  )
})

/** Memoised: the list re-renders on every scroll frame; the toolbar only when the session changes. */
const SessionToolbar = memo(function SessionToolbar({
  count,
  problems,
  problemCount,
  onExpandAll,
}: {
  count: number
  problems: readonly SessionProblem[]
  problemCount: number
  onExpandAll: (expanded: boolean) => void
}) {
  const t = useSessionTexts()
  return (
    <div className="tc-session-toolbar" data-slot="session-toolbar">
      <span className="tc-session-count" data-slot="session-count">
        {count === 0 ? t.text('emptySession') : t.count('toolCalls', count)}
      </span>
      {problemCount > 0 ? <SessionProblems problems={problems} total={problemCount} /> : null}
      {count === 0 ? null : (
        <span className="tc-session-actions">
          <button
            type="button"
            className="tc-button"
            onClick={() => onExpandAll(true)}
            aria-keyshortcuts="Shift+ArrowRight"
          >
            {t.text('expandAll')}
          </button>
          <button
            type="button"
            className="tc-button"
            onClick={() => onExpandAll(false)}
            aria-keyshortcuts="Shift+ArrowLeft"
          >
            {t.text('collapseAll')}
          </button>
        </span>
      )}
    </div>
  )
})

/** "3 events skipped", with the reasons on demand. */
function SessionProblems({ problems, total }: { problems: readonly SessionProblem[]; total: number }) {
  const t = useSessionTexts()
  return (
    <details className="tc-session-problems" data-slot="session-problems">
      <summary>{t.count('eventProblems', total)}</summary>
      <ul>
        {problems.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: problems are only ever appended
          <li key={i}>
            {t.text('eventProblem', {
              n: t.number(p.index + 1),
              call: p.id !== undefined ? t.text('eventProblemCall', { id: p.id }) : '',
              path: p.path === '$' ? '' : `${p.path}: `,
            })}
            <InlineCode text={p.message} />
          </li>
        ))}
      </ul>
      {total > problems.length ? <p>{t.count('moreNotListed', total - problems.length)}</p> : null}
    </details>
  )
}
