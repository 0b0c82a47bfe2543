import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, test } from 'vitest'
import '../../styles.css'
import { readModel, smallTs, tenThousand } from '../../../stories/fixtures/read'
import { createSessionStore } from '../../session'
import { CardRenderer } from '../CardRenderer'
import { ToolcardsProvider } from '../host'
import { SessionView } from '../session/SessionView'
import { READ_PREVIEW_LINES } from './ReadCard'

// Real Chromium (layout, ResizeObserver, frames): a read card with more than a box of rows builds its
// frame and a box as high as the rows in its first task, and the rows in the next one (`useRowsNow`),
// so that no one task builds the whole card; a card mounted inside a frame (a session scrolled) has its
// rows at once.

const host = document.createElement('div')
host.className = 'tc-root'
host.style.width = '900px'
document.body.append(host)
let root = createRoot(host)
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  act(() => root.unmount())
  root = createRoot(host)
})

const nextTask = () => act(() => new Promise<void>((r) => setTimeout(r, 0)))
const frame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))))
const rows = (el: ParentNode = host) => el.querySelectorAll('[data-slot="code-line"]').length

describe('ReadCard in Chromium: the rows of a long read in the task after the first', () => {
  test('a 10,000-line read: the header and a box as high as the preview first, its rows in the next task', async () => {
    // (the synchronous act runs the render and its effects, no task after it)
    act(() =>
      root.render(
        <ToolcardsProvider highlighter={null}>
          <CardRenderer model={readModel('big', tenThousand())} />
        </ToolcardsProvider>,
      ),
    )
    expect(host.querySelector('[data-slot="card-title"]')!.textContent).toContain('.ts')
    expect(rows()).toBe(0)
    const box = host.querySelector<HTMLElement>('[data-slot="read-later"]')!
    expect(box).not.toBeNull()
    const more = host.querySelector<HTMLElement>('.tc-read-more button')!
    expect(more.textContent).toMatch(/^Show all/)
    const boxHeight = box.getBoundingClientRect().height
    const moreTop = more.getBoundingClientRect().top
    await nextTask()
    expect(rows()).toBe(READ_PREVIEW_LINES)
    expect(host.querySelector('[data-slot="read-later"]')).toBeNull()
    // the box was as high as the rows: the button below them did not move when they came
    const lines = host.querySelector<HTMLElement>('.tc-read-lines')!
    expect(lines.getBoundingClientRect().height).toBeCloseTo(boxHeight, 0)
    expect(host.querySelector<HTMLElement>('.tc-read-more button')!.getBoundingClientRect().top).toBeCloseTo(
      moreTop,
      0,
    )
    // "Show all" renders its rows at once (the card is mounted: its first task is long past)
    act(() => host.querySelector<HTMLElement>('.tc-read-more button')!.click())
    expect(host.querySelector('[data-slot="read-content"]')!.getAttribute('data-view')).toBe('all')
    expect(host.querySelector('[data-slot="read-later"]')).toBeNull()
    expect(rows()).toBeGreaterThan(0)
  })

  test('a short read (a box of rows or fewer) has its rows in the first task', () => {
    act(() =>
      root.render(
        <ToolcardsProvider highlighter={null}>
          <CardRenderer model={readModel('small', smallTs)} />
        </ToolcardsProvider>,
      ),
    )
    expect(host.querySelector('[data-slot="read-later"]')).toBeNull()
    expect(rows()).toBe(smallTs.content.trimEnd().split('\n').length)
  })

  test('in a session: the first cards leave their rows to the next task, cards mounted after its first frame do not', async () => {
    host.style.height = '1200px'
    const store = createSessionStore()
    store.push({ type: 'call', id: 'a', toolName: 'read-file', status: 'running', intent: tenThousand() })
    store.push({ type: 'result', id: 'a', status: 'completed' })
    act(() =>
      root.render(
        <ToolcardsProvider highlighter={null}>
          <SessionView store={store} style={{ height: '100%' }} />
        </ToolcardsProvider>,
      ),
    )
    const card = (id: string) => host.querySelector<HTMLElement>(`[data-card-id="${id}"]`)!
    expect(rows(card('a'))).toBe(0)
    await nextTask()
    expect(rows(card('a'))).toBe(READ_PREVIEW_LINES)
    await frame()
    await frame()
    // The rows card b has in the task that mounts it (a mutation observer's callback runs at the end of
    // that task, before any other).
    const atMount = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!card('b')?.querySelector('article')) return
        observer.disconnect()
        resolve(rows(card('b')))
      })
      observer.observe(host, { childList: true, subtree: true })
    })
    act(() => {
      store.push({ type: 'call', id: 'b', toolName: 'read-file', status: 'running', intent: tenThousand() })
      store.push({ type: 'result', id: 'b', status: 'completed' })
    })
    for (let i = 0; i < 20 && !card('b')?.querySelector('article'); i++) await frame()
    expect(await atMount).toBe(READ_PREVIEW_LINES)
    host.style.height = ''
  })
})
