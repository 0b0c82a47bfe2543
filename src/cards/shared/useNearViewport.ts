import { type RefObject, useEffect, useState } from 'react'

/** How far beyond the viewport an element counts as near: one viewport height above and below. */
const NEAR_MARGIN = '100% 0px'

/**
 * Whether an element has come near the viewport (within one viewport height of it): false until then,
 * true from then on. True at once when `eager`, and where there is no IntersectionObserver (server render,
 * jsdom), so that everything renders there.
 */
export function useNearViewport(ref: RefObject<Element | null>, eager: boolean): boolean {
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    if (near) return
    const el = ref.current
    if (!el) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect()
          setNear(true)
        }
      },
      { rootMargin: NEAR_MARGIN },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [near, ref])
  return near || eager
}
