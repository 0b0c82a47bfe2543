'use client'
import type { Virtualizer } from '@tanstack/react-virtual'
import { type RefObject, useContext, useEffect, useLayoutEffect, useRef } from 'react'
import { UiStateContext } from '../ui-state'

/** How long a saved scroll anchor waits for its card to arrive before the list may save a new one. */
const ANCHOR_WAIT_MS = 3000
/** Frames the restored position is corrected over, while the cards around it are measured. */
const SETTLE_FRAMES = 8
/** Frames the list may take to reach the anchored card when the cards before it were taller than estimated. */
const SEEK_FRAMES = 60
/** Milliseconds the restored position is held after mount (cards above may grow late), unless the user scrolls. */
const HOLD_MS = 3000

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
    let frame = 0
    const started = performance.now()
    // The user's own scroll ends the hold at once.
    const input = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const
    const done = () => {
      cancelAnimationFrame(frame)
      for (const type of input) el.removeEventListener(type, done)
      settling.current = false
      pending.current = null
    }
    for (const type of input) el.addEventListener(type, done, { passive: true })
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
      // Held for a while after the first frames: cards above that grow later (a web card whose code or
      // markdown loads after a slow chunk load) would otherwise push the anchored card down.
      if (frames < SETTLE_FRAMES || performance.now() - started < HOLD_MS)
        frame = requestAnimationFrame(settle)
      else done()
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
