// A batch the browser fuzz (cards.browser.test.tsx) failed on, kept as a fixed case: seed 1743597241, batch
// 31, 25 mutated card models in a SessionView opened at its end (the default). The follow's own write to
// the bottom fired a scroll event that the pacing took for the user's fling, so every card at the end
// stayed a placeholder for the virtualizer's 150 ms (10 frames here; the fuzz, with 4 frames, saw no
// card at all). Now the cards at the end mount from the second frame.
import fc from 'fast-check'
import { createRoot } from 'react-dom/client'
import { expect, it } from 'vitest'
import '../../src/styles.css'
import { ToolcardsProvider } from '../../src/cards/host'
import { SessionView } from '../../src/cards/session'
import type { SessionState } from '../../src/session'
import { buildModel, modelArb } from './arbitraries'

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

it('a session opened at its end mounts the cards at the end within a few frames (fuzz seed 1743597241)', async () => {
  const models = fc.sample(modelArb, { seed: 1743597241, numRuns: 1000 }).slice(775, 800).map(buildModel)
  const host = document.createElement('div')
  host.style.cssText = 'width: 900px;'
  document.body.append(host)
  // as a host renders: outside act(), effects and scroll events in their own tasks
  const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
  env.IS_REACT_ACT_ENVIRONMENT = false
  const root = createRoot(host)
  try {
    const state = { cards: models, problems: [], problemCount: 0, eventCount: models.length }
    root.render(
      <ToolcardsProvider>
        <SessionView state={state as unknown as SessionState} style={{ height: 900 }} />
      </ToolcardsProvider>,
    )
    const mountedAtEnd = () => {
      const el = host.querySelector<HTMLElement>('[data-slot="session-scroll"]')
      if (!el) return []
      const view = el.getBoundingClientRect()
      return [...host.querySelectorAll<HTMLElement>('[data-session-item]:not([data-placeholder])')].filter(
        (i) => {
          const b = i.getBoundingClientRect()
          return b.bottom > view.top && b.top < view.bottom && Number(i.dataset.index) >= 16
        },
      )
    }
    let frames = 0
    while (mountedAtEnd().length === 0 && frames < 60) {
      await frame()
      frames++
    }
    // 11 frames before; 2-3 since (4 frames is what the fuzz gives a batch)
    expect(frames).toBeLessThanOrEqual(4)
  } finally {
    root.unmount()
    host.remove()
    env.IS_REACT_ACT_ENVIRONMENT = true
  }
})
