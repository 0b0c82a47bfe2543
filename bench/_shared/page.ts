// What the bench pages (bench/scenarios, bench/huge) share in the browser.

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Resolves in a task after the next frame, with its time. */
export function nextPaint(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)),
  )
}

/**
 * When the first element matching `selector` entered `container`, in `performance.now()` time (-1 until
 * then): a MutationObserver's callback runs at the end of the task that inserted it, so the first frame
 * after that time is the first that can show it. Polling after each frame (`nextPaint`) cannot tell: a
 * task that runs between a frame and the poll (a scheduler's, a timer's) inserts content that frame did
 * not show.
 */
export function watchFor(container: Element, selector: string): { at: () => number; stop: () => void } {
  let at = container.querySelector(selector) ? performance.now() : -1
  const observer = new MutationObserver(() => {
    if (at >= 0 || !container.querySelector(selector)) return
    at = performance.now()
    observer.disconnect()
  })
  if (at < 0) observer.observe(container, { childList: true, subtree: true })
  return { at: () => at, stop: () => observer.disconnect() }
}
