'use client'
import type { Virtualizer } from '@tanstack/react-virtual'
import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react'

/**
 * The UI state a host may keep across a re-mount of the whole view (a VS Code webview is destroyed when
 * its panel is hidden): which cards are expanded, each diff card's view, where the list was scrolled.
 * Cards read it through `UiStateContext` when it is present and write to it when the user changes
 * something; without a provider nothing is kept (the default, as before).
 */
export interface CardUiState {
  expanded?: boolean
  diffView?: 'unified' | 'split'
}

/**
 * Where a session list was scrolled: the card at the top of the viewport and how far into it (px), or
 * the end of the list (it was following new cards).
 */
export type ScrollAnchor = { cardId: string; offset: number } | { atEnd: true }

/** A plain-JSON picture of the state (what a host saves, e.g. with VS Code's `setState`). */
export interface UiStateSnapshot {
  cards: Record<string, CardUiState>
  scroll?: ScrollAnchor
}

export interface UiStateStore {
  card(id: string): CardUiState | undefined
  setCard(id: string, patch: CardUiState): void
  scroll(): ScrollAnchor | undefined
  setScroll(anchor: ScrollAnchor): void
  snapshot(): UiStateSnapshot
}

/** Cards remembered at most; the oldest entries are dropped first, so a saved state stays small. */
export const MAX_REMEMBERED_CARDS = 2000

/**
 * A store for `UiStateContext`. `initial` is untrusted (it comes back from storage): anything that is not
 * the expected shape is dropped. `onChange` is called after every change with the new snapshot.
 */
export function createUiStateStore(
  initial?: unknown,
  onChange?: (snapshot: UiStateSnapshot) => void,
): UiStateStore {
  const cards = new Map<string, CardUiState>()
  let scroll: ScrollAnchor | undefined
  const start = readSnapshot(initial)
  for (const [id, s] of Object.entries(start.cards)) cards.set(id, s)
  scroll = start.scroll
  const snapshot = (): UiStateSnapshot => {
    const out: UiStateSnapshot = { cards: Object.fromEntries(cards) }
    if (scroll) out.scroll = scroll
    return out
  }
  return {
    card: (id) => cards.get(id),
    setCard(id, patch) {
      const next = { ...cards.get(id), ...patch }
      cards.delete(id)
      cards.set(id, next)
      while (cards.size > MAX_REMEMBERED_CARDS) cards.delete(cards.keys().next().value as string)
      onChange?.(snapshot())
    },
    scroll: () => scroll,
    setScroll(anchor) {
      const same =
        scroll !== undefined &&
        ('atEnd' in anchor
          ? 'atEnd' in scroll
          : 'cardId' in scroll && scroll.cardId === anchor.cardId && scroll.offset === anchor.offset)
      if (same) return
      scroll = anchor
      onChange?.(snapshot())
    },
    snapshot,
  }
}

/** Reads a saved snapshot defensively: wrong types, too many entries and odd keys are dropped. */
export function readSnapshot(value: unknown): UiStateSnapshot {
  const out: UiStateSnapshot = { cards: Object.create(null) as Record<string, CardUiState> }
  if (!isRecord(value)) return out
  const cards = value.cards
  if (isRecord(cards)) {
    let n = 0
    for (const id of Object.keys(cards)) {
      if (n >= MAX_REMEMBERED_CARDS) break
      const c = cards[id]
      if (!isRecord(c) || id.length > 1024) continue
      const s: CardUiState = {}
      if (typeof c.expanded === 'boolean') s.expanded = c.expanded
      if (c.diffView === 'unified' || c.diffView === 'split') s.diffView = c.diffView
      if (s.expanded === undefined && s.diffView === undefined) continue
      out.cards[id] = s
      n++
    }
  }
  const scroll = value.scroll
  if (isRecord(scroll)) {
    if (scroll.atEnd === true) out.scroll = { atEnd: true }
    else if (
      typeof scroll.cardId === 'string' &&
      scroll.cardId.length <= 1024 &&
      typeof scroll.offset === 'number' &&
      Number.isFinite(scroll.offset)
    )
      out.scroll = { cardId: scroll.cardId, offset: Math.max(-1e7, Math.min(scroll.offset, 1e7)) }
  }
  return out
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

export const UiStateContext = createContext<UiStateStore | null>(null)

/** Gives the cards below it a place to keep their UI state (see `createUiStateStore`). */
export function UiStateProvider({ store, children }: { store: UiStateStore; children?: ReactNode }) {
  return <UiStateContext.Provider value={store}>{children}</UiStateContext.Provider>
}

/** A card's remembered state (read once, at mount) and a function to record a change; both no-ops without a store. */
export function useCardUiState(id: string): [CardUiState | undefined, (patch: CardUiState) => void] {
  const store = useContext(UiStateContext)
  const set = useCallback((patch: CardUiState) => store?.setCard(id, patch), [store, id])
  return [store?.card(id), set]
}

/** How long a saved scroll anchor waits for its card to arrive before the list may save a new one. */
const ANCHOR_WAIT_MS = 3000
/** Frames the restored position is corrected over, while the cards around it are measured. */
const SETTLE_FRAMES = 8
/** Frames the list may take to reach the anchored card when the cards before it were taller than estimated. */
const SEEK_FRAMES = 60

/**
 * Keeps a session list's scroll position in the `UiStateContext` store and restores it once the card it
 * was anchored to is in the list. Used by `SessionView`; does nothing without a store.
 */
export function useScrollMemory({
  scrollRef,
  ids,
  virtualizer,
  following,
  stopFollowing,
}: {
  scrollRef: RefObject<HTMLDivElement | null>
  /** Each card's id (a new array when the list changes). */
  ids: readonly string[]
  /** The list's virtualizer, or null when every card is mounted. */
  virtualizer: Virtualizer<HTMLDivElement, Element> | null
  following: RefObject<boolean>
  stopFollowing: () => void
}): void {
  const store = useContext(UiStateContext)
  // `pending`: a saved anchor still to restore; saving waits meanwhile, so it is not overwritten.
  const pending = useRef<{ cardId: string; offset: number } | null | undefined>(undefined)
  const since = useRef(0)
  const settling = useRef(false)
  if (pending.current === undefined) {
    const saved = store?.scroll()
    pending.current = saved && 'cardId' in saved ? saved : null
  }

  useLayoutEffect(() => {
    const anchor = pending.current
    const el = scrollRef.current
    if (!anchor || !el || ids.length === 0 || settling.current) return
    const index = ids.indexOf(anchor.cardId)
    if (index < 0) {
      if (since.current === 0) since.current = performance.now()
      else if (performance.now() - since.current > ANCHOR_WAIT_MS) pending.current = null
      return
    }
    stopFollowing()
    // First bring the card near the top (mounting it), then correct from where it really is, a few frames
    // running while the cards around it are measured.
    if (virtualizer) {
      const [start] = virtualizer.getOffsetForIndex(index, 'start') ?? [0]
      virtualizer.scrollToOffset(start + anchor.offset)
    }
    settling.current = true
    let frames = 0
    let seeking = 0
    const settle = () => {
      const item = el.querySelector<HTMLElement>(`[data-session-item][data-index="${index}"]`)
      if (item) {
        const off = el.getBoundingClientRect().top - item.getBoundingClientRect().top
        if (Math.abs(off - anchor.offset) >= 1) el.scrollTop += anchor.offset - off
        frames++
      } else if (virtualizer && ++seeking < SEEK_FRAMES) {
        // Not mounted: the cards above were taller than estimated. Go to where the card is now
        // estimated to be; the cards mounted there are measured, and the estimate gets closer.
        const [start] = virtualizer.getOffsetForIndex(index, 'start') ?? [0]
        virtualizer.scrollToOffset(start + anchor.offset)
      } else frames++
      if (frames < SETTLE_FRAMES) requestAnimationFrame(settle)
      else {
        settling.current = false
        pending.current = null
      }
    }
    settle()
  }, [ids, scrollRef, virtualizer, stopFollowing])

  useEffect(() => {
    const el = scrollRef.current
    if (!store || !el) return
    let frame = 0
    const save = () => {
      frame = 0
      if (pending.current) return
      if (following.current) {
        store.setScroll({ atEnd: true })
        return
      }
      const items = el.querySelectorAll<HTMLElement>('[data-session-item]')
      const base = el.getBoundingClientRect().top
      for (const item of items) {
        const box = item.getBoundingClientRect()
        if (box.bottom - base > 0 && item.dataset.cardId !== undefined) {
          store.setScroll({ cardId: item.dataset.cardId, offset: Math.round(base - box.top) })
          return
        }
      }
    }
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(save)
    }
    el.addEventListener('scroll', onScroll, { passive: true })
    // A card that collapses or grows moves the cards below it without a scroll event: save again when the
    // list's size changes, or a hidden panel would come back to where the anchor card used to be.
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(onScroll) : null
    const list = el.firstElementChild
    if (resized && list) resized.observe(list)
    return () => {
      el.removeEventListener('scroll', onScroll)
      resized?.disconnect()
      if (frame !== 0) cancelAnimationFrame(frame)
    }
  }, [store, scrollRef, following])
}
