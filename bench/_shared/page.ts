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
