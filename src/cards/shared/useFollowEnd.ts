'use client'
import { type RefObject, useCallback, useLayoutEffect, useRef } from 'react'

/** A scroll area counts as "at the end" within this many pixels of its bottom (the one threshold). */
export const FOLLOW_END_SLACK_PX = 8

/** True when `el` is scrolled to its bottom (within `FOLLOW_END_SLACK_PX`). */
export function isAtEnd(el: HTMLElement): boolean {
  return el.scrollTop + el.clientHeight >= el.scrollHeight - FOLLOW_END_SLACK_PX
}

/**
 * Where a scroll area was scrolled, and whether it was following the end: handed from a list to the one
 * that replaces it (`VirtualLines` turns plain rows into a virtual list as they pass its threshold).
 */
export interface ScrollSpot {
  /** The offset to start at; null when the list followed the end and the next one follows on. */
  top: number | null
  following: boolean
}

export interface FollowEndOptions {
  /** Keep the view at the end while rows are added, unless the user scrolled away from it. */
  followEnd: boolean
  /** Start scrolled to the end (and stay there while at the end). */
  startAtEnd: boolean
  /** What changes when rows are added or resized: the hook scrolls to the end when it changes. */
  trigger: readonly unknown[]
  /** Scrolls to the end; default sets `scrollTop` to the bottom. */
  scrollToEnd?: (el: HTMLElement) => void
  /** Following at mount (a list that replaces another takes over its `ScrollSpot`); default `wants`. */
  initialFollowing?: boolean
}

/**
 * The one follow-the-end rule for every scroll area of the kit: a list that follows (or starts at) the
 * end stays at the end while rows are added, until the user scrolls away from it; scrolling back to
 * the end resumes following. Returns `following` (read it while rendering, to render the last rows
 * without reading the layout) and the `onScroll` handler to put on the scroll area, which also returns
 * whether the area is at its end.
 */
export function useFollowEnd(
  ref: RefObject<HTMLElement | null>,
  { followEnd, startAtEnd, trigger, scrollToEnd, initialFollowing }: FollowEndOptions,
): { following: boolean; onScroll: () => boolean } {
  const atEnd = useRef(initialFollowing ?? (startAtEnd || followEnd))
  const wants = followEnd || startAtEnd
  // returns whether the area is at its end now (read once, here)
  const onScroll = useCallback(() => {
    const el = ref.current
    if (el) atEnd.current = isAtEnd(el)
    return atEnd.current
  }, [ref])
  const scroll = useRef(scrollToEnd)
  scroll.current = scrollToEnd
  // biome-ignore lint/correctness/useExhaustiveDependencies: `trigger` lists what moves the end
  useLayoutEffect(() => {
    const el = ref.current
    if (!el || !wants || !atEnd.current) return
    if (scroll.current) scroll.current(el)
    else {
      const target = el.scrollHeight - el.clientHeight
      if (Math.abs(el.scrollTop - target) > 1) el.scrollTop = target
    }
  }, [wants, ...trigger])
  return { following: wants && atEnd.current, onScroll }
}
