// Found by a keyboard and narrow-panel sweep in Chromium (2026-12-05): typing in a search card's path
// filter after moving through its rows with j; j on a search row inside a SessionView; a checklist item
// holding a long path in a 320 px panel.
import { act, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import '../src/styles.css'
import { CardRenderer } from '../src/cards/CardRenderer'
import { SessionView } from '../src/cards/session/SessionView'
import type { CardModel } from '../src/protocol'
import { diffModel, manyFiles } from '../stories/fixtures/diff'
import { generatedTs, readModel } from '../stories/fixtures/read'
import { manyMatches, searchModel, smallGrep } from '../stories/fixtures/search'
import { mixedSessionEvents } from '../stories/fixtures/session'
import { longLog, terminalModel } from '../stories/fixtures/terminal'
import { settle } from './helpers/frame'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

let cleanup: (() => void) | undefined
afterEach(() => cleanup?.())

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

// A button that goes when pressed by keyboard ("Show all N lines", the last "Show more") left focus on
// <body>, so the next Tab started at the top of the page. Focus stays in the card now.
describe('a button that goes when pressed keeps focus in its card', () => {
  async function press(host: HTMLElement, name: RegExp): Promise<HTMLElement> {
    const button = [...host.querySelectorAll<HTMLButtonElement>('button')].find((b) =>
      name.test(b.textContent ?? ''),
    )
    expect(button, `a button named ${name}`).toBeDefined()
    button!.focus()
    await userEvent.keyboard('{Enter}')
    await settle(4)
    expect(button!.isConnected).toBe(false)
    const card = host.querySelector<HTMLElement>('article.tc-card')!
    expect(document.activeElement).not.toBe(document.body)
    expect(card.contains(document.activeElement)).toBe(true)
    return document.activeElement as HTMLElement
  }

  test('read: "Show all N lines" moves focus to the lines it showed', async () => {
    const host = await mount(
      <CardRenderer
        model={readModel('r', { card: 'read', path: 'src/big.ts', content: generatedTs(300) })}
      />,
      380,
    )
    const focused = await press(host, /^Show all 300 lines$/)
    expect(focused.getAttribute('tabindex')).toBe('0')
    expect(focused.closest('[data-slot="read-content"]')).not.toBeNull()
  })

  test('checklist: the last "Show N more" moves focus to the next control of the card', async () => {
    const items = Array.from({ length: 150 }, (_, i) => ({ text: `step ${i + 1}`, status: 'pending' }))
    const model: CardModel = {
      id: 'plan',
      toolName: 'update_plan',
      args: {},
      status: 'completed',
      intent: { card: 'generic', checklist: { items } },
    }
    const host = await mount(<CardRenderer model={model} />, 380)
    await press(host, /^Show 50 more$/)
    expect(host.textContent).toContain('step 150')
  })

  test('diff: the last "Show more files" moves focus to the first file it showed', async () => {
    const host = await mount(<CardRenderer model={diffModel('d', manyFiles(60, 2))} />, 450)
    await settle(20)
    const focused = await press(host, /^Show 10 more files/)
    // the first control at or below where the button was: the 51st file's toggle
    expect(focused.className).toBe('tc-diff-file-toggle')
    expect(focused.textContent).toContain('src/file50.ts')
  })
})

test('a focused search row scrolled out of view by the wheel keeps the focus, and j goes on from it', async () => {
  const host = await mount(<CardRenderer model={searchModel('s', manyMatches(2_000, 20))} />, 450)
  const row2 = host.querySelector<HTMLElement>('[data-row="2"]')!
  row2.focus()
  const scroller = host.querySelector<HTMLElement>('.tc-search-list')!
  // a wheel's scroll: far below, the focused row out of view and out of the rendered range
  scroller.scrollTop = 600 * 24
  scroller.dispatchEvent(new Event('scroll'))
  await settle(4)
  expect(host.querySelector('[data-row="1"]')).toBeNull()
  expect(document.activeElement).toBe(row2)
  expect(row2.isConnected).toBe(true)
  // the next key moves from the focused row, and brings it back to view
  await userEvent.keyboard('j')
  await settle(4)
  expect(document.activeElement?.getAttribute('data-row')).toBe('3')
})
