import { type RefObject, useEffect, useState } from 'react'

/** How far beyond the viewport an element counts as near: one viewport height above and below. */
const NEAR_MARGIN = '100% 0px'

/**
 * Elements that came near, waiting for their turn: one is let in per animation frame, so that several
 * files that come near at once (a big diff read in slices) do not all render and lay out in one task.
 */
const waiting: Array<() => void> = []
let pumping = false

function letIn(): void {
  const next = waiting.shift()
  next?.()
  if (waiting.length > 0) requestAnimationFrame(letIn)
  else pumping = false
}

/** (An element that unmounts before its turn only costs its turn: setting its state then does nothing.) */
function enqueue(fn: () => void): void {
  waiting.push(fn)
  if (!pumping) {
    pumping = true
    requestAnimationFrame(letIn)
  }
}

/**
 * Whether an element has come near the viewport (within one viewport height of it): false until then,
 * true from then on. Elements that come near together turn true one per animation frame, in the order
 * they came. True at once when `eager`, and where there is no IntersectionObserver (server render,
 * jsdom), so that everything renders there. While `watch` is false the element is not watched (it is not
 * in its final place yet).
 */
export function useNearViewport(ref: RefObject<Element | null>, eager: boolean, watch = true): boolean {
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    if (near || !watch) return
    const el = ref.current
    if (!el) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect()
          enqueue(() => setNear(true))
        }
      },
      { rootMargin: NEAR_MARGIN },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [near, ref, watch])
  return near || eager
}
