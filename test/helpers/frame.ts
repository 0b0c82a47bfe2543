/**
 * Resolves in the next frame's observer step: after the browser's layout and the ResizeObserver
 * callbacks made before it (those of the code under test), before the frame paints. Code after an
 * `await` of it runs in that step (a microtask of the callback), so what it reads is what that frame shows.
 */
export function inFirstFrameBeforePaint(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      new ResizeObserver((_, observer) => {
        observer.disconnect()
        resolve()
      }).observe(document.body)
    }),
  )
}
