import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterAll, describe, expect, test } from 'vitest'
import '../../styles.css'
import { longPaths } from '../../../stories/fixtures/glance'
import type { CardModel } from '../../protocol'
import { CardRenderer } from '../CardRenderer'
import { ToolcardsProvider } from '../host'

// Real Chromium: in a side panel, a file's row shows the file's name, its directories shrinking first, even
// when the rows around it are wider than the panel.

const host = document.createElement('div')
host.className = 'tc-root'
document.body.append(host)
const root = createRoot(host)
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
afterAll(async () => {
  await act(async () => root.render(null))
  host.remove()
})
const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))

async function show(model: CardModel, width: number) {
  host.style.width = `${width}px`
  await act(async () =>
    root.render(
      <ToolcardsProvider highlighter={null}>
        <CardRenderer model={model} />
      </ToolcardsProvider>,
    ),
  )
  for (let i = 0; i < 4; i++) await act(frame)
}

const findFiles = longPaths.find((m) => (m.intent as { card?: string } | undefined)?.card === 'search')!
const grep: CardModel = {
  id: 'grep',
  toolName: 'grep',
  args: {},
  status: 'completed',
  intent: {
    card: 'search',
    mode: 'content',
    query: 'record',
    matches: [
      {
        path: '/Users/easong/code/codex/codex-rs/core/src/conversation/live/session_live_recorder.rs',
        line: 12,
        text: `    pub fn record(&mut self, event: &Event) -> Result<(), RecorderError> { ${'x'.repeat(200)} }`,
      },
    ],
  },
}

describe('SearchCard in a side panel (Chromium)', () => {
  test.each([
    ['find files', findFiles],
    ['lines wider than the panel', grep],
  ])(
    '%s: every file row shows the whole file name inside the list, scrolled or not',
    async (_name, model) => {
      await show(model, 320)
      const list = host.querySelector<HTMLElement>('.tc-search-list')!
      const names = [...list.querySelectorAll<HTMLElement>('[data-slot="search-file"] .tc-pathtext-name')]
      expect(names.length).toBeGreaterThan(0)
      for (const left of [0, 400]) {
        list.scrollLeft = left
        await act(frame)
        const box = list.getBoundingClientRect()
        for (const name of names) {
          const r = name.getBoundingClientRect()
          expect(r.left, name.textContent ?? '').toBeGreaterThanOrEqual(box.left - 1)
          expect(r.right, name.textContent ?? '').toBeLessThanOrEqual(box.right + 1)
          // the name itself is not cut: the directories gave way first
          expect(name.scrollWidth).toBeLessThanOrEqual(name.clientWidth + 1)
        }
      }
    },
  )
})
