import { act } from 'react'

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

/** Resolves in a task after the next frame (its paint done). */
export function afterFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
}

/** Lets React and the page settle: `n` frames, each inside `act`, then 80 ms more. */
export async function settle(n = 6): Promise<void> {
  for (let i = 0; i < n; i++) await act(() => afterFrame())
  await act(() => new Promise((r) => setTimeout(r, 80)))
}
