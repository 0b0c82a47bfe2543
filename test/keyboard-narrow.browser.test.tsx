// Found by a keyboard and narrow-panel sweep in Chromium (2026-12-05): typing in a search card's path
// filter after moving through its rows with j; j on a search row inside a SessionView; a checklist item
// holding a long path in a 320 px panel.
import { act, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import '../src/styles.css'
import { CardRenderer } from '../src/cards/CardRenderer'
import { SessionView } from '../src/cards/session/SessionView'
import type { CardModel } from '../src/protocol'
import { searchModel, smallGrep } from '../stories/fixtures/search'
import { mixedSessionEvents } from '../stories/fixtures/session'
import { longLog, terminalModel } from '../stories/fixtures/terminal'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

let cleanup: (() => void) | undefined
afterEach(() => cleanup?.())

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)))
async function settle(n = 6) {
  for (let i = 0; i < n; i++) await act(() => frame())
  await act(() => new Promise((r) => setTimeout(r, 80)))
}

async function mount(node: ReactNode, width: number, height?: number): Promise<HTMLElement> {
  const host = document.createElement('div')
  host.style.width = `${width}px`
  if (height) host.style.height = `${height}px`
  document.body.append(host)
  const root = createRoot(host)
  act(() => root.render(node))
  await settle()
  cleanup = () => {
    act(() => root.unmount())
    host.remove()
  }
  return host
}

test('typing in the path filter after moving through the rows with j keeps focus and every letter in the filter', async () => {
  const host = await mount(<CardRenderer model={searchModel('s', smallGrep)} />, 380)
  host.querySelector<HTMLElement>('[data-row="0"]')!.focus()
  await userEvent.keyboard('j')
  await settle(2)
  expect(document.activeElement?.getAttribute('data-row')).toBe('1')
  const input = host.querySelector<HTMLInputElement>('input[type="search"]')!
  input.focus()
  await userEvent.keyboard('frame')
  await settle(3)
  expect(document.activeElement).toBe(input)
  expect(input.value).toBe('frame')
})

test('in a SessionView, j on a search result moves to the next result, not to the next card', async () => {
  const events = mixedSessionEvents({ calls: 12, seed: 42 })
  const host = await mount(<SessionView events={events} followEnd={false} />, 380, 900)
  await settle(20)
  const row0 = host.querySelector<HTMLElement>('[data-card="search"] [data-row="0"]')
  expect(row0).not.toBeNull()
  row0!.focus()
  await userEvent.keyboard('j')
  await settle(3)
  expect(document.activeElement?.getAttribute('data-row')).toBe('1')
})

test.each([320, 380])('a checklist item holding a long path wraps inside a %i px card', async (width) => {
  const model = {
    id: 'plan',
    toolName: 'update_plan',
    args: {},
    status: 'completed',
    intent: {
      card: 'generic',
      checklist: {
        items: [
          {
            text: 'Update src/checkout/discounts/very/long/path/module-3.ts and its tests',
            status: 'in_progress',
          },
        ],
      },
    },
  } as CardModel
  const host = await mount(<CardRenderer model={model} />, width)
  const card = host.querySelector<HTMLElement>('article')!
  const text = host.querySelector<HTMLElement>('.tc-checklist-text')!
  expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth)
  expect(text.getBoundingClientRect().right).toBeLessThanOrEqual(card.getBoundingClientRect().right)
})

test('a terminal card\'s "Show all" and "Show the last lines" keep focus on the button that was pressed', async () => {
  const host = await mount(
    <CardRenderer model={terminalModel('t', { card: 'terminal', command: 'make', output: longLog(500) })} />,
    380,
  )
  const output = () => host.querySelector('[data-slot="terminal-output"]')!.getAttribute('data-state')
  const button = () => host.querySelector<HTMLElement>('.tc-terminal-more button')!
  button().focus()
  await userEvent.keyboard('{Enter}')
  await settle(3)
  expect(output()).toBe('full')
  expect(document.activeElement).toBe(button())
  await userEvent.keyboard('{Enter}')
  await settle(3)
  expect(output()).toBe('preview')
  expect(document.activeElement).toBe(button())
})
