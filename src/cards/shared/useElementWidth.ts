import { type RefObject, useLayoutEffect, useState } from 'react'

/**
 * The content-box width of an element in px, kept current with a ResizeObserver; `undefined` where there
 * is no layout (server render, jsdom), so callers pick their wide default.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number | undefined>(undefined)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const read = (w: number) => setWidth(w > 0 ? Math.round(w) : undefined)
    read(el.getBoundingClientRect().width)
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1]
      if (entry) read(entry.contentRect.width)
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref])
  return width
}
