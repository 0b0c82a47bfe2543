import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { badSessionEvents, mixedSessionEvents } from '../../../stories/fixtures/session'
import { normalizeIds, withoutAnnouncements } from '../../../test/helpers/normalize-ids'
import { createSessionStore, foldSession } from '../../session'
import { SessionView } from './SessionView'

const events = [...mixedSessionEvents({ calls: 12, seed: 3 }), ...badSessionEvents()]

// jsdom has no layout, yet keeps any scrollTop it is given; a browser clamps scrollTop to what can
// scroll, which without layout is nothing. Emulate that, so that a card that "scrolls to its end"
// while live (terminal output) behaves here as in a browser where its content fits.
const scrollTop = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')
beforeAll(() => {
  Object.defineProperty(Element.prototype, 'scrollTop', { configurable: true, get: () => 0, set: () => {} })
})
afterAll(() => {
  if (scrollTop) Object.defineProperty(Element.prototype, 'scrollTop', scrollTop)
})

describe('SessionView: replay gives the DOM that live gave', () => {
  it('events applied one at a time (growing array) and all at once give identical HTML', () => {
    const live = render(<SessionView events={[]} style={{ height: 600 }} />)
    for (let i = 1; i <= events.length; i++) {
      act(() => live.rerender(<SessionView events={events.slice(0, i)} style={{ height: 600 }} />))
    }
    const replay = render(<SessionView events={events} style={{ height: 600 }} />)
    const a = normalizeIds(live.container.innerHTML)
    const b = normalizeIds(replay.container.innerHTML)
    expect(a.length).toBeGreaterThan(2000)
    // the only difference: live announced the cards that finished while it watched, replay nothing
    expect(withoutAnnouncements(a)).toBe(withoutAnnouncements(b))
    const spoken = (c: HTMLElement) =>
      [...c.querySelectorAll('[data-slot="card-announcement"]')].map((e) => e.textContent).filter(Boolean)
    expect(spoken(replay.container)).toEqual([])
    expect(spoken(live.container).length).toBeGreaterThan(0)
    expect(spoken(live.container)).toContain('$ git status --short: Completed')
    // The fixture has every card kind, and the view shows the skipped events.
    const kinds = new Set(
      [...replay.container.querySelectorAll('article[data-card]')].map((e) => e.getAttribute('data-card')),
    )
    expect(kinds.size).toBeGreaterThanOrEqual(2)
    expect(replay.container.querySelector('[data-slot="session-problems"] summary')?.textContent).toBe(
      '5 event problems',
    )
  })

  it('a live store fed one event at a time gives the same HTML as a folded state', () => {
    const store = createSessionStore()
    const live = render(<SessionView store={store} style={{ height: 600 }} />)
    for (const e of events) act(() => store.push(e))
    const replay = render(<SessionView state={foldSession(events)} style={{ height: 600 }} />)
    expect(withoutAnnouncements(normalizeIds(live.container.innerHTML))).toBe(
      withoutAnnouncements(normalizeIds(replay.container.innerHTML)),
    )
  })

  it('the id normalisation keeps real differences', () => {
    const a = render(<SessionView events={events} />)
    const b = render(<SessionView events={events.slice(0, -3)} />)
    expect(normalizeIds(a.container.innerHTML)).not.toBe(normalizeIds(b.container.innerHTML))
    expect(normalizeIds('<a id="_r_1f_" aria-labelledby="_r_1f_"></a><b id="_r_2_">')).toBe(
      '<a id="id-1" aria-labelledby="id-1"></a><b id="id-2">',
    )
  })
})

describe('SessionView: virtualization', () => {
  it('mounts only the cards near the viewport of a 2,000-card session, in order', () => {
    const big = mixedSessionEvents({ calls: 2000 })
    const { container } = render(<SessionView events={big} followEnd={false} style={{ height: 800 }} />)
    const items = [...container.querySelectorAll<HTMLElement>('[data-session-item]')]
    expect(items.length).toBeGreaterThan(0)
    expect(items.length).toBeLessThan(20)
    expect(items.map((i) => i.dataset.cardId)).toEqual(
      items.map((_, n) => `call-${String(n + 1).padStart(4, '0')}`),
    )
    expect(items[0]!.getAttribute('aria-setsize')).toBe('2000')
    expect(screen.getByText('2,000 tool calls')).toBeInTheDocument()
  })

  it('mounts every card when virtualization is off', () => {
    const { container } = render(
      <SessionView events={mixedSessionEvents({ calls: 60 })} virtualize={false} />,
    )
    expect(container.querySelectorAll('[data-session-item]').length).toBe(60)
    expect(container.querySelector('.tc-session[data-virtual]')).toBeNull()
  })
})

describe('SessionView: keyboard', () => {
  const small = mixedSessionEvents({ calls: 6, seed: 11 })

  function headers(container: HTMLElement) {
    return [...container.querySelectorAll<HTMLElement>('[data-slot="card-header"] button[aria-expanded]')]
  }

  it('moves between card headers with ArrowDown/ArrowUp, j/k, Home/End', () => {
    const { container } = render(<SessionView events={small} />)
    const h = headers(container)
    expect(h.length).toBe(6)
    act(() => h[0]!.focus())
    fireEvent.keyDown(h[0]!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(headers(container)[1])
    fireEvent.keyDown(document.activeElement!, { key: 'j' })
    expect(document.activeElement).toBe(headers(container)[2])
    fireEvent.keyDown(document.activeElement!, { key: 'k' })
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(headers(container)[0])
    fireEvent.keyDown(document.activeElement!, { key: 'End' })
    expect(document.activeElement).toBe(headers(container)[5])
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(headers(container)[5])
    fireEvent.keyDown(document.activeElement!, { key: 'Home' })
    expect(document.activeElement).toBe(headers(container)[0])
  })

  it('expands and collapses one card with ArrowRight/ArrowLeft, and all with Shift', () => {
    const { container } = render(<SessionView events={small} />)
    const states = () =>
      [...container.querySelectorAll('article[data-card]')].map((a) => a.getAttribute('data-state'))
    const h = headers(container)
    act(() => h[1]!.focus())
    fireEvent.keyDown(h[1]!, { key: 'ArrowLeft' })
    expect(states()[1]).toBe('collapsed')
    fireEvent.keyDown(h[1]!, { key: 'ArrowRight' })
    expect(states()[1]).toBe('expanded')
    fireEvent.keyDown(h[1]!, { key: 'ArrowLeft', shiftKey: true })
    expect(states()).toEqual(Array(6).fill('collapsed'))
    fireEvent.keyDown(h[1]!, { key: 'ArrowRight', shiftKey: true })
    expect(states()).toEqual(Array(6).fill('expanded'))
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }))
    expect(states()).toEqual(Array(6).fill('collapsed'))
  })

  it('a card mounted after "collapse all" (scrolled into view) is collapsed too', () => {
    const big = mixedSessionEvents({ calls: 300, seed: 5 })
    const { container } = render(<SessionView events={big} followEnd={false} style={{ height: 800 }} />)
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }))
    const first = headers(container)[0]!
    act(() => first.focus())
    fireEvent.keyDown(first, { key: 'End' })
    const last = container.querySelector<HTMLElement>('[data-card-id="call-0300"]')
    expect(last).not.toBeNull()
    expect(last!.querySelector('article')!.getAttribute('data-state')).toBe('collapsed')
    expect(document.activeElement).toBe(last!.querySelector('button[aria-expanded]'))
  })

  it('a card the user collapsed stays collapsed after it is unmounted and mounted again', () => {
    const big = mixedSessionEvents({ calls: 300, seed: 5 })
    const { container } = render(<SessionView events={big} followEnd={false} style={{ height: 800 }} />)
    const first = headers(container)[0]!
    fireEvent.click(first)
    expect(container.querySelector('[data-card-id="call-0001"] article')!.getAttribute('data-state')).toBe(
      'collapsed',
    )
    act(() => first.focus())
    fireEvent.keyDown(first, { key: 'End' })
    fireEvent.keyDown(document.activeElement!, { key: 'Home' })
    expect(container.querySelector('[data-card-id="call-0001"] article')!.getAttribute('data-state')).toBe(
      'collapsed',
    )
  })
})

describe('SessionView: events a host made that throw when read', () => {
  it('an array whose length or items throw: no throw into the page; what was shown stays', () => {
    const throwing = (what: 'length' | 'item') =>
      new Proxy(Array.from({ length: 5 }, () => ({})) as unknown[], {
        get(target, key) {
          if (what === 'length' && key === 'length') throw new Error('length trap')
          if (what === 'item' && key === '0') throw new Error('item trap')
          return Reflect.get(target, key)
        },
        has: () => true,
      })
    expect(() => render(<SessionView events={throwing('length')} />)).not.toThrow()
    const events = mixedSessionEvents({ calls: 3, seed: 1 })
    const { rerender, container } = render(<SessionView events={events} />)
    const before = container.querySelectorAll('[data-card]').length
    expect(before).toBeGreaterThan(0)
    expect(() => rerender(<SessionView events={throwing('item')} />)).not.toThrow()
    expect(container.querySelectorAll('[data-card]').length).toBe(before)
  })
})
