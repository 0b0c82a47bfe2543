// Found by the keyboard sweep at 320/450/1,280 px (2026-12-06): when the host can open files, every line
// number of a read or diff card was a Tab stop, so Tab walked a 10,000-line file one line at a time (the
// virtualized list mounting more rows as Tab scrolled it) and never left the card. Now the lines' scroll
// area is the one stop; Enter there reaches the line numbers, arrows move between them.
import { act, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import '../src/styles.css'
import { CardRenderer } from '../src/cards/CardRenderer'
import { ToolcardsProvider } from '../src/cards/host'
import { diffModel, oneLineFix } from '../stories/fixtures/diff'
import { generatedTs, readModel } from '../stories/fixtures/read'
import { settle } from './helpers/frame'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

let cleanup: (() => void) | undefined
afterEach(() => cleanup?.())

async function mount(
  node: ReactNode,
): Promise<{ host: HTMLElement; before: HTMLElement; after: HTMLElement }> {
  const before = document.createElement('button')
  before.textContent = 'before'
  const after = document.createElement('button')
  after.textContent = 'after'
  const host = document.createElement('div')
  host.style.width = '450px'
  document.body.append(before, host, after)
  const root = createRoot(host)
  act(() => root.render(node))
  await settle()
  cleanup = () => {
    act(() => root.unmount())
    host.remove()
    before.remove()
    after.remove()
  }
  return { host, before, after }
}

const active = () => document.activeElement as HTMLElement

// The keys' code is a chunk loaded when the lines area first takes focus (a person's first key comes
// later than that); a test's key comes at once, so the chunk is loaded here first.
beforeAll(() => import('../src/cards/shared/lineNumberKeys'))

test('a 10,000-line read card: Tab crosses the card in a few stops; Enter, arrows and Enter open line 3; Escape goes back; arrows cross the virtualized rows', async () => {
  const onOpenPath = vi.fn()
  const content = generatedTs(10_000)
  const { host, before, after } = await mount(
    <ToolcardsProvider onOpenPath={onOpenPath} highlighter={null}>
      <CardRenderer
        model={readModel('r', {
          card: 'read',
          path: 'src/big.ts',
          content,
          startLine: 1,
          totalLines: 10_000,
        })}
      />
    </ToolcardsProvider>,
  )
  expect(host.querySelectorAll('button[data-slot="line-number"]').length).toBeGreaterThan(20)
  before.focus()
  // Tab leaves the card within the few stops of its header and its lines' area (it walked every line)
  let stops = 0
  const seen: string[] = []
  while (active() !== after && stops < 30) {
    await userEvent.keyboard('{Tab}')
    stops++
    seen.push(active().getAttribute('data-slot') ?? active().tagName)
  }
  expect(active()).toBe(after)
  expect(seen).not.toContain('line-number')
  // back to the lines' area, then into its line numbers
  const area = host.querySelector<HTMLElement>('[role="group"][aria-label^="Contents of"]')!
  area.focus()
  await userEvent.keyboard('{Enter}')
  expect(active().dataset.slot).toBe('line-number')
  expect(active().textContent).toBe('1')
  await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
  expect(active().textContent).toBe('4')
  await userEvent.keyboard('{ArrowUp}')
  expect(active().textContent).toBe('3')
  await userEvent.keyboard('{Enter}')
  expect(onOpenPath).toHaveBeenCalledWith('src/big.ts', 3)
  await userEvent.keyboard('{Escape}')
  expect(active()).toBe(area)
  // the preview ends at its last line
  for (let i = 0; i < 30; i++) await userEvent.keyboard(i === 0 ? '{Enter}{ArrowDown}' : '{ArrowDown}')
  await settle(2)
  const previewLast = Number(active().textContent)
  expect(previewLast).toBe(host.querySelectorAll('button[data-slot="line-number"]').length)
  // every line: a virtualized list; 60 lines down goes past the rows it mounted at first, and the list
  // scrolls with the focus
  const all = [...host.querySelectorAll('button')].find((b) => /^Show all/.test(b.textContent ?? ''))!
  act(() => all.click())
  await settle()
  const list = host.querySelector<HTMLElement>('[role="group"][aria-label^="Contents of"]')!
  expect(list.scrollHeight).toBeGreaterThan(list.clientHeight * 10)
  list.focus()
  await userEvent.keyboard('{Enter}')
  expect(active().textContent).toBe('1')
  for (let i = 0; i < 60; i++) await userEvent.keyboard('{ArrowDown}')
  await settle(3)
  expect(active().textContent).toBe('61')
  const box = active().getBoundingClientRect()
  const view = list.getBoundingClientRect()
  expect(box.top).toBeGreaterThanOrEqual(view.top - 1)
  expect(box.bottom).toBeLessThanOrEqual(view.bottom + 1)
  for (let i = 0; i < 5; i++) await userEvent.keyboard('{ArrowUp}')
  await settle(2)
  expect(active().textContent).toBe('56')
})

test('a diff: the line numbers are out of the Tab order; left and right move between a row old and new numbers', async () => {
  const onOpenPath = vi.fn()
  const { host } = await mount(
    <ToolcardsProvider onOpenPath={onOpenPath} highlighter={null}>
      <CardRenderer model={diffModel('d', oneLineFix)} />
    </ToolcardsProvider>,
  )
  const numbers = [...host.querySelectorAll<HTMLElement>('button[data-slot="line-number"]')]
  expect(numbers.length).toBeGreaterThan(4)
  for (const b of numbers) expect(b.tabIndex).toBe(-1)
  const area = host.querySelector<HTMLElement>('[role="group"][aria-label^="Changes to"]')!
  area.focus()
  await userEvent.keyboard('{Enter}')
  // the first row is a context line: its old number first
  expect(active().dataset.side).toBe('old')
  expect(active().textContent).toBe('10')
  await userEvent.keyboard('{ArrowRight}')
  expect(active().dataset.side).toBe('new')
  expect(active().textContent).toBe('10')
  // down the new column: the removed line has no new number, so 13 is the added line's
  await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
  expect(active().textContent).toBe('13')
  expect(active().closest('[data-slot="diff-line"]')).toHaveAttribute('data-kind', 'add')
  await userEvent.keyboard('{Enter}')
  expect(onOpenPath).toHaveBeenLastCalledWith('src/math.ts', 13)
})
