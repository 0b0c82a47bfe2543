import { type RefObject, useEffect, useState } from 'react'
import { inFrameTurn, usePageIdle } from './frameTurn'

/** How far beyond the viewport an element counts as near: one viewport height above and below. */
const NEAR_MARGIN = '100% 0px'

/**
 * Whether an element has come near the viewport (within one viewport height of it): false until then,
 * true from then on. Elements that come near together turn true one per animation frame, in the order
 * they came (`inFrameTurn`). Until the page has first been idle (`usePageIdle`) only the viewport itself
 * counts, so that the first second's work is the screen's. True at once when `eager`, and where there is
 * no IntersectionObserver (server render, jsdom), so that everything renders there. While `watch` is
 * false the element is not watched (it is not in its final place yet).
 */
export function useNearViewport(ref: RefObject<Element | null>, eager: boolean, watch = true): boolean {
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === 'undefined')
  // Until the page has first been idle, only what is on screen counts: the screen's rows come first.
  const idle = usePageIdle()
  useEffect(() => {
    if (near || !watch) return
    const el = ref.current
    if (!el) return
    // The root is the element's own document, not the top-level page: inside an iframe (a VS Code
    // webview) the implicit root clips at the frame's edge, and a margin around it would never count.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect()
          inFrameTurn(() => setNear(true))
        }
      },
      { root: el.ownerDocument, rootMargin: idle ? NEAR_MARGIN : '0px' },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [near, ref, watch, idle])
  return near || eager
}
