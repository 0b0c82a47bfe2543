import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../../styles.css'
import { badSessionEvents, mixedSessionEvents } from '../../../stories/fixtures/session'
import { inFirstFrameBeforePaint } from '../../../test/helpers/frame'
import { normalizeIds, withoutAnnouncements } from '../../../test/helpers/normalize-ids'
import type { SessionEvent } from '../../protocol'
import { createSessionStore } from '../../session'
import { frameTurnsWaiting } from '../shared/frameTurn'
import { SessionView } from './SessionView'

afterEach(() => cleanup())

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
/** `frames` frames, after the pieces of screen work waiting for their frame turn (colour, overscan rows). */
async function settle(frames = 4) {
  for (let i = 0; i < 600 && frameTurnsWaiting() > 0; i++) await act(frame)
  for (let i = 0; i < frames; i++) await act(frame)
}

function scroller(container: HTMLElement): HTMLElement {
  return container.querySelector<HTMLElement>('[data-slot="session-scroll"]')!
}

/** Scrolls from the top to the end in viewport steps, letting every card mount and be measured. */
async function visitAll(container: HTMLElement) {
  const el = scroller(container)
  el.scrollTop = 0
  await settle(2)
  while (el.scrollTop + el.clientHeight < el.scrollHeight - 1) {
    el.scrollTop += el.clientHeight
    await settle(2)
  }
  el.scrollTop = el.scrollHeight
  await settle(4)
}

/**
 * The two lists' DOM (ids normalized, live announcements left out) once both have settled: colour comes
 * from the highlighting worker with no frame turn to wait for, so under a loaded machine one list may
 * still wait for a reply when the other has it (a CI run failed so once). Equal within 10 s, or the
 * last difference fails the test.
 */
async function sameScreens(live: HTMLElement, replay: HTMLElement) {
  const screen = (c: HTMLElement) => withoutAnnouncements(normalizeIds(c.innerHTML))
  await vi.waitFor(() => expect(screen(live)).toBe(screen(replay)), { timeout: 10_000, interval: 100 })
}

function box(height: number) {
  const div = document.createElement('div')
  div.style.cssText = `width: 720px; height: ${height}px;`
  document.body.append(div)
  return div
}

describe('SessionView in Chromium: replay gives the DOM that live gave', () => {
  it('a session that fits the viewport: live one event at a time equals replay', async () => {
    // A long streamed output too (60 lines: over the terminal card's 24-line preview threshold).
    const long: SessionEvent[] = [
      {
        type: 'call',
        id: 'long',
        toolName: 'bash',
        status: 'running',
        intent: { card: 'terminal', command: 'make' },
      },
      ...Array.from(
        { length: 20 },
        (_, i): SessionEvent => ({
          type: 'update',
          id: 'long',
          appendOutput: `step ${i}.1\nstep ${i}.2\n\u001b[33mstep ${i}.3\u001b[0m\n`,
        }),
      ),
      { type: 'result', id: 'long', status: 'completed', durationMs: 5000 },
    ]
    const events = [...mixedSessionEvents({ calls: 12, seed: 9 }), ...long, ...badSessionEvents()]
    const store = createSessionStore()
    const live = render(<SessionView store={store} style={{ height: '100%' }} />, { container: box(6000) })
    for (const e of events) act(() => store.push(e))
    await settle()
    const replay = render(<SessionView events={events} style={{ height: '100%' }} />, {
      container: box(6000),
    })
    await settle()
    expect(live.container.querySelectorAll('[data-session-item]').length).toBe(15)
    expect(live.container.querySelector('[data-card-id="long"] [data-state="preview"]')).not.toBeNull()
    await sameScreens(live.container, replay.container)
  })

  it('a virtualized session of 40 cards: live (following the end) equals replay once both have seen every card', async () => {
    const events = mixedSessionEvents({ calls: 40, seed: 21 })
    const store = createSessionStore()
    const live = render(<SessionView store={store} style={{ height: '100%' }} />, { container: box(600) })
    for (const [i, e] of events.entries()) {
      act(() => store.push(e))
      if (i % 8 === 0) await settle(1)
    }
    await settle()
    const el = scroller(live.container)
    // It followed the end.
    expect(el.scrollTop + el.clientHeight).toBeGreaterThanOrEqual(el.scrollHeight - 2)
    const replay = render(<SessionView events={events} style={{ height: '100%' }} />, { container: box(600) })
    await settle()
    expect(replay.container.querySelectorAll('[data-session-item]').length).toBeLessThan(30)
    // Twice: a card first mounted in a pass may still wait for its card's code (a chunk of its own) when
    // the pass scrolls it out, and the list keeps the height it measured then (a CI run's lists differed
    // by 700 px so); in the second pass every card's code is there and each is measured as it stays.
    for (let pass = 0; pass < 2; pass++) {
      await visitAll(live.container)
      await visitAll(replay.container)
    }
    await sameScreens(live.container, replay.container)
  })
})

describe('SessionView in Chromium: following the end', () => {
  // Cards arrive in batches of different sizes, a frame apart: each batch is followed, and cards measured
  // above the viewport meanwhile (at other sizes than assumed) never move the view back up.
  for (const batch of [1, 3, 5, 8, 13]) {
    it(`stays at the end while 40 cards arrive ${batch} at a time`, async () => {
      const store = createSessionStore()
      const { container } = render(<SessionView store={store} style={{ height: '100%' }} />, {
        container: box(600),
      })
      const el = scroller(container)
      const events = mixedSessionEvents({ calls: 40, seed: 21 + batch })
      for (let i = 0; i < events.length; i += batch) {
        act(() => store.pushAll(events.slice(i, i + batch)))
        await act(frame)
      }
      await settle()
      expect(el.scrollHeight).toBeGreaterThan(el.clientHeight * 4)
      expect(el.scrollTop + el.clientHeight).toBeGreaterThanOrEqual(el.scrollHeight - 2)
      expect(container.querySelector('[data-following]')).not.toBeNull()
    })
  }
})

function runningTerminals(n: number): SessionEvent[] {
  return Array.from({ length: n }, (_, i) => ({
    type: 'call' as const,
    id: `t${i}`,
    toolName: 'bash',
    status: 'running' as const,
    intent: { card: 'terminal', command: `step ${i}`, output: `line of step ${i}\n` },
  }))
}

/** A live list in a 400 px box that has followed `n` running terminal cards, one event at a time, to its end. */
async function liveTerminals(n: number) {
  const store = createSessionStore()
  const { container } = render(<SessionView store={store} style={{ height: '100%' }} />, {
    container: box(400),
  })
  const el = scroller(container)
  for (const e of runningTerminals(n)) act(() => store.push(e))
  await settle()
  return { store, container, el }
}

describe('SessionView in Chromium: scrolling', () => {
  it('keeps what the user looks at in place when a card above it grows', async () => {
    const store = createSessionStore()
    store.pushAll(runningTerminals(60))
    const { container } = render(<SessionView store={store} followEnd={false} style={{ height: '100%' }} />, {
      container: box(500),
    })
    await settle()
    const el = scroller(container)
    el.scrollTop = 3000
    await settle()
    const items = [...container.querySelectorAll<HTMLElement>('[data-session-item]')]
    const viewTop = el.getBoundingClientRect().top
    // The first card fully in view, and a mounted card above the viewport.
    const anchor = items.find((i) => i.getBoundingClientRect().top >= viewTop)!
    const above = items.find((i) => i.getBoundingClientRect().bottom < viewTop)!
    expect(anchor).toBeDefined()
    expect(above).toBeDefined()
    const before = anchor.getBoundingClientRect().top
    const heightBefore = above.getBoundingClientRect().height
    act(() => store.push({ type: 'update', id: above.dataset.cardId!, appendOutput: 'more\n'.repeat(12) }))
    await settle()
    const grown = container.querySelector<HTMLElement>(`[data-card-id="${above.dataset.cardId}"]`)!
    expect(grown.getBoundingClientRect().height).toBeGreaterThan(heightBefore + 50)
    const anchorNow = container.querySelector<HTMLElement>(`[data-card-id="${anchor.dataset.cardId}"]`)!
    expect(Math.abs(anchorNow.getBoundingClientRect().top - before)).toBeLessThan(1.5)
  })

  it('keeps following when the cards grow between its scroll to the end and that scroll event', async () => {
    const { container, el } = await liveTerminals(20)
    expect(container.querySelector('[data-following]')).not.toBeNull()
    // A card in view grows by itself (its code loaded, say), after the follow's last write and before the
    // scroll event that write queued: the event finds the list short of its end, though nobody scrolled.
    const item = [...el.querySelectorAll<HTMLElement>('[data-session-item]')].at(-1)!
    const grow = document.createElement('div')
    grow.style.height = '600px'
    item.append(grow)
    el.dispatchEvent(new Event('scroll'))
    expect(container.querySelector('[data-following]')).not.toBeNull()
    await settle()
    expect(el.scrollTop + el.clientHeight).toBeGreaterThanOrEqual(el.scrollHeight - 2)
    grow.remove()
  })

  it('keeps following when the browser moves the view up because content shrank, and more grew in that frame', async () => {
    const { container, el } = await liveTerminals(20)
    // Content past the last card that no card's size accounts for (as a card's content is, laid out
    // before its new size is measured): the view follows it to the end.
    const below = document.createElement('div')
    below.style.cssText = 'position: absolute; top: 100%; width: 1px; height: 300px;'
    el.querySelector('ul')!.append(below)
    el.scrollTop = el.scrollHeight
    await settle()
    expect(container.querySelector('[data-following]')).not.toBeNull()
    const end = el.scrollTop
    // It shrinks: the browser clamps the offset (up 300 px) and queues a scroll event. Before that event,
    // more grows: the event finds the view moved up, in a list whose height changed. Nobody scrolled.
    below.style.height = '0px'
    expect(el.scrollTop).toBeLessThan(end - 250)
    below.style.height = '600px'
    await act(frame)
    expect(container.querySelector('[data-following]')).not.toBeNull()
    await settle()
    expect(el.scrollTop + el.clientHeight).toBeGreaterThanOrEqual(el.scrollHeight - 2)
    // The same change while the user turns the wheel up: following stops, and the view stays up.
    el.dispatchEvent(new WheelEvent('wheel', { deltaY: -200, bubbles: true }))
    el.scrollTop -= 200
    below.style.height = '900px'
    await settle()
    expect(container.querySelector('[data-following]')).toBeNull()
    expect(el.scrollTop + el.clientHeight).toBeLessThan(el.scrollHeight - 400)
    below.remove()
  })

  it('follows the end while live, and stops when the user scrolls up', async () => {
    const { store, container, el } = await liveTerminals(20)
    const atEnd = () => el.scrollTop + el.clientHeight >= el.scrollHeight - 2
    expect(el.scrollHeight).toBeGreaterThan(1000)
    expect(atEnd()).toBe(true)
    expect(container.querySelector('[data-following]')).not.toBeNull()
    act(() => store.push({ type: 'update', id: 't19', appendOutput: 'x\n'.repeat(20) }))
    await settle()
    expect(atEnd()).toBe(true)
    el.scrollTop = 100
    await settle()
    expect(container.querySelector('[data-following]')).toBeNull()
    // Where the user is once the cards there are mounted and measured (the first cards, mounted and
    // unmounted while the list followed the end, get their real sizes now, and the view keeps its place
    // relative to them); cards added at the end must not move it.
    const away = el.scrollTop
    expect(away).toBeLessThan(el.scrollHeight - el.clientHeight - 500)
    for (const e of runningTerminals(30).slice(20)) act(() => store.push(e))
    await settle()
    expect(el.scrollTop).toBe(away)
    // Back at the end: following again.
    el.scrollTop = el.scrollHeight
    await settle()
    act(() =>
      store.push({
        type: 'call',
        id: 'last',
        toolName: 'bash',
        intent: { card: 'terminal', command: 'last' },
      }),
    )
    await settle()
    expect(atEnd()).toBe(true)
    expect(container.querySelector('[data-card-id="last"]')).not.toBeNull()
  })
})

describe('SessionView in Chromium: opening a long session', () => {
  it('reads no layout in the task that renders, and its first frame has every card at its real place', async () => {
    const store = createSessionStore()
    // Cards far from the estimated height: one line, and 20 lines of output.
    store.pushAll(
      Array.from({ length: 200 }, (_, i) => ({
        type: 'call' as const,
        id: `t${i}`,
        toolName: 'bash',
        status: 'running' as const,
        intent: {
          card: 'terminal',
          command: `step ${i}`,
          output: `line ${i}\n`.repeat(i % 3 === 1 ? 20 : 1),
        },
      })),
    )
    // Each of these lays the page out when called in the task that renders. (A running terminal card
    // reads its own scroll height to follow its output: only the session's own scroll area is checked.)
    const read = vi.spyOn(Element.prototype, 'getBoundingClientRect')
    const onList = [
      vi.spyOn(Element.prototype, 'scrollTo'),
      vi.spyOn(Element.prototype, 'clientHeight', 'get'),
      vi.spyOn(Element.prototype, 'clientWidth', 'get'),
      vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get'),
    ]
    const restore = () => {
      for (const r of [read, ...onList]) r.mockRestore()
    }
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
    env.IS_REACT_ACT_ENVIRONMENT = false // the first frame runs here, outside act()
    let boxes: Array<{ top: number; bottom: number }> = []
    let container: HTMLElement
    try {
      ;({ container } = render(<SessionView store={store} followEnd={false} style={{ height: '100%' }} />, {
        container: box(900),
      }))
      expect(read).not.toHaveBeenCalled()
      const scrollArea = scroller(container)
      for (const r of onList) expect(r.mock.contexts.filter((c) => c === scrollArea)).toEqual([])
      restore()
      await inFirstFrameBeforePaint()
      boxes = [...container.querySelectorAll<HTMLElement>('[data-session-item]')].map((i) => {
        const b = i.getBoundingClientRect()
        return { top: b.top, bottom: b.bottom }
      })
    } finally {
      restore()
      env.IS_REACT_ACT_ENVIRONMENT = true
    }
    expect(boxes.length).toBeGreaterThan(1)
    for (let k = 1; k < boxes.length; k++) expect(boxes[k]!.top).toBeCloseTo(boxes[k - 1]!.bottom, 0)
    await settle()
  })

  it('mounts a few cards in the task that renders, and fills the viewport over the next frames', async () => {
    const store = createSessionStore()
    store.pushAll(runningTerminals(200))
    // Small cards (one output line each): about 15 fit a 900 px view, so the first screen takes frames.
    const { container } = render(<SessionView store={store} followEnd={false} style={{ height: '100%' }} />, {
      container: box(900),
    })
    const mounted = () =>
      container.querySelectorAll('[data-session-item]:not([data-placeholder]) [data-card]')
    // Right after the render task: a handful of cards, the rest of the range waits as placeholders.
    expect(mounted().length).toBeGreaterThan(0)
    expect(mounted().length).toBeLessThanOrEqual(2)
    await settle(12)
    // Then every card in view is mounted, in order, and no placeholder is left in view.
    const el = scroller(container)
    const view = el.getBoundingClientRect()
    const inView = [...container.querySelectorAll<HTMLElement>('[data-session-item]')].filter((i) => {
      const b = i.getBoundingClientRect()
      return b.bottom > view.top && b.top < view.bottom
    })
    expect(inView.length).toBeGreaterThan(8)
    expect(inView.filter((i) => i.hasAttribute('data-placeholder'))).toEqual([])
    expect(inView.map((i) => Number(i.dataset.index))).toEqual(inView.map((_, k) => k))
  })
})
