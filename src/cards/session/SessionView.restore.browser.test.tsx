// A saved scroll position far down a session whose cards are much taller than the list's estimate (web
// cards; in this file's own module registry their code has not loaded yet, so they also grow from their
// frame to the page when it arrives): the list must still come back to the saved card and offset, not stop
// where the estimate put it.
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import '../../styles.css'
import { docsPage, webSearch } from '../../../stories/fixtures/web'
import type { SessionEvent } from '../../protocol'
import { frameTurnsWaiting } from '../shared/frameTurn'
import { createUiStateStore, UiStateProvider } from '../ui-state'
import { SessionView } from './SessionView'

afterEach(() => cleanup())

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
async function settle(frames: number) {
  for (let i = 0; i < 600 && frameTurnsWaiting() > 0; i++) await act(frame)
  for (let i = 0; i < frames; i++) await act(frame)
}

/** 40 cards: web pages and searches, with a terminal card every third one. */
function events(): SessionEvent[] {
  const out: SessionEvent[] = []
  for (let i = 0; i < 40; i++) {
    const id = `c${i}`
    const intent =
      i % 3 === 2
        ? { card: 'terminal' as const, command: `echo ${i}`, output: `line ${i}\n`, exitCode: 0 }
        : i % 2
          ? webSearch
          : docsPage
    out.push({ type: 'call', id, toolName: 'tool', args: {}, intent, status: 'running' })
    out.push({ type: 'result', id, status: 'completed' })
  }
  return out
}

/** The first card whose bottom is below the top of the scroll area, and how far into it the view starts. */
function anchorOf(container: HTMLElement) {
  const el = container.querySelector<HTMLElement>('[data-slot="session-scroll"]')!
  const top = el.getBoundingClientRect().top
  const items = [...el.querySelectorAll<HTMLElement>('[data-session-item]')]
  const first = items.find((i) => i.getBoundingClientRect().bottom - top > 0)!
  return { cardId: first.dataset.cardId, offset: Math.round(top - first.getBoundingClientRect().top) }
}

describe('SessionView restores a saved position over cards taller than estimated', () => {
  it('comes back to the saved card and offset once the web cards above it have grown', async () => {
    const saved = { cardId: 'c25', offset: 30 }
    const store = createUiStateStore({ cards: {}, scroll: saved })
    const host = document.createElement('div')
    host.style.cssText = 'width: 720px; height: 500px;'
    document.body.append(host)
    const { container } = render(
      <UiStateProvider store={store}>
        <SessionView events={events()} followEnd={false} style={{ height: 500 }} />
      </UiStateProvider>,
      { container: host },
    )
    // until every web card in the DOM shows the page (its code loaded) and the list has settled
    for (let i = 0; i < 100; i++) {
      await settle(2)
      const web = container.querySelectorAll('[data-card="web"]')
      if (web.length > 0 && container.querySelectorAll('[data-card="web"][data-loading]').length === 0) break
    }
    await settle(12)
    expect(container.querySelectorAll('[data-card="web"][data-loading]')).toHaveLength(0)
    const now = anchorOf(container)
    expect(now.cardId).toBe(saved.cardId)
    expect(Math.abs(now.offset - saved.offset)).toBeLessThanOrEqual(2)
    host.remove()
  })
})
