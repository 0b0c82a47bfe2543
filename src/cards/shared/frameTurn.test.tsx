import { act, render } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterPaint, useNextTask, usePageIdle, whenIdle } from './frameTurn'

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

function Probe({ on = true }: { on?: boolean }) {
  return <p>{useNextTask(on) ? 'now' : 'soon'}</p>
}

describe('whenIdle', () => {
  /** A stub `requestIdleCallback` that answers when told, and the timeouts it was asked for. */
  function idleStub() {
    const waiting: IdleRequestCallback[] = []
    const timeouts: number[] = []
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback, o?: IdleRequestOptions) => {
      waiting.push(cb)
      timeouts.push(o?.timeout ?? Number.NaN)
      return waiting.length
    })
    const answer = (room: number, didTimeout = false) => {
      for (const cb of waiting.splice(0)) cb({ didTimeout, timeRemaining: () => room })
    }
    return { waiting, timeouts, answer }
  }
  const settled = async (p: Promise<void>) => {
    let done = false
    p.then(() => {
      done = true
    })
    await Promise.resolve()
    await Promise.resolve()
    return done
  }

  it('resolves at once where there is no requestIdleCallback (Safari, jsdom)', async () => {
    expect(typeof requestIdleCallback).toBe('undefined')
    expect(await settled(whenIdle(2000, 30))).toBe(true)
  })

  it('waits for an idle period with `room` ms left, asking again after shorter ones', async () => {
    const idle = idleStub()
    const p = whenIdle(2000, 30)
    idle.answer(12)
    idle.answer(29)
    expect(await settled(p)).toBe(false)
    expect(idle.waiting.length, 'asked again').toBe(1)
    idle.answer(30)
    expect(await settled(p)).toBe(true)
    // any idle period will do without `room`
    const q = whenIdle(300)
    idle.answer(0)
    expect(await settled(q)).toBe(true)
  })

  it('resolves when its timeout passes, and asks again with what is left of it', async () => {
    const idle = idleStub()
    const p = whenIdle(2000, 30)
    expect(idle.timeouts[0]).toBeGreaterThan(1900)
    expect(idle.timeouts[0]).toBeLessThanOrEqual(2000)
    idle.answer(5)
    expect(idle.timeouts[1]).toBeLessThanOrEqual(idle.timeouts[0]!)
    idle.answer(0, true)
    expect(await settled(p)).toBe(true)
  })
})

let idleSeen: boolean[] = []
function IdleProbe() {
  idleSeen.push(usePageIdle())
  return null
}

describe('usePageIdle', () => {
  it('is true at once where work is not paced (jsdom, server render)', () => {
    idleSeen = []
    render(<IdleProbe />)
    expect(idleSeen).toEqual([true])
    idleSeen = []
    renderToString(<IdleProbe />)
    expect(idleSeen).toEqual([true])
  })
})

describe('useNextTask', () => {
  const layout = () =>
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    )

  it('is false in the first render where there is layout, true from the next task', async () => {
    vi.useFakeTimers()
    layout()
    const { container } = render(<Probe />)
    expect(container.textContent).toBe('soon')
    await act(async () => void vi.advanceTimersByTime(1))
    expect(container.textContent).toBe('now')
  })

  it('is true at once when off, with no layout (jsdom), and on the server', () => {
    layout()
    expect(render(<Probe on={false} />).container.textContent).toBe('now')
    vi.unstubAllGlobals()
    expect(render(<Probe />).container.textContent).toBe('now')
    layout()
    expect(renderToString(<Probe />)).toContain('now')
  })

  it('hydrates server HTML without a mismatch, and keeps what the server rendered', async () => {
    layout()
    const host = document.createElement('div')
    host.innerHTML = renderToString(<Probe />)
    document.body.append(host)
    const errors: unknown[] = []
    let root: ReturnType<typeof hydrateRoot> | undefined
    await act(async () => {
      root = hydrateRoot(host, <Probe />, { onRecoverableError: (e) => errors.push(e) })
    })
    expect(errors).toEqual([])
    expect(host.textContent).toBe('now')
    // unmounted inside act: nothing of this root runs after the environment is gone
    await act(async () => root?.unmount())
    host.remove()
  })
})
