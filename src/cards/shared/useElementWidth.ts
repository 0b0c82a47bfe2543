import { type RefObject, useLayoutEffect, useState } from 'react'

/**
 * The content-box width of an element in px, kept current with a ResizeObserver; `undefined` where there
 * is no layout (server render, jsdom), so callers pick their wide default, and while `enabled` is false.
 *
 * The first width is read in a layout effect, so the first frame painted already fits it; that read
 * forces a layout of the whole new tree inside the task that renders it (15-23 ms for a big diff), so a
 * caller enables it only while the width can change what it renders.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, enabled = true): number | undefined {
  const [width, setWidth] = useState<number | undefined>(undefined)
  useLayoutEffect(() => {
    const el = ref.current
    if (!enabled || !el || typeof ResizeObserver === 'undefined') return
    const read = (w: number) => setWidth(w > 0 ? Math.round(w) : undefined)
    read(el.getBoundingClientRect().width)
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1]
      if (entry) read(entry.contentRect.width)
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref, enabled])
  return enabled ? width : undefined
}
