import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterPaint } from './frameTurn'

// jsdom (no layout): where afterPaint waits for a frame and where it cannot. The browser test
// (frameTurn.browser.test.ts) covers the frame turns in Chromium.

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('afterPaint', () => {
  it('runs after the next frame, in a task of its own, not before', () => {
    vi.useFakeTimers()
    const fn = vi.fn()
    afterPaint(fn)
    vi.advanceTimersByTime(1) // tasks due now (a 0 ms timer fires at 1 ms here)
    expect(fn).not.toHaveBeenCalled()
    vi.advanceTimersToNextFrame()
    expect(fn).not.toHaveBeenCalled() // not in the frame itself
    vi.advanceTimersByTime(1)
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('cancelled before the frame or before its task, it does not run', () => {
    vi.useFakeTimers()
    const early = vi.fn()
    afterPaint(early)()
    const late = vi.fn()
    const cancel = afterPaint(late)
    vi.advanceTimersToNextFrame()
    cancel()
    vi.runAllTimers()
    expect(early).not.toHaveBeenCalled()
    expect(late).not.toHaveBeenCalled()
  })

  it('with no requestAnimationFrame (a bare DOM), it runs in the next task instead of throwing', () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestAnimationFrame', undefined)
    const fn = vi.fn()
    const cancel = afterPaint(fn)
    vi.advanceTimersByTime(1)
    expect(fn).toHaveBeenCalledTimes(1)
    const cancelled = vi.fn()
    afterPaint(cancelled)()
    vi.runAllTimers()
    expect(cancelled).not.toHaveBeenCalled()
    cancel()
  })
})
