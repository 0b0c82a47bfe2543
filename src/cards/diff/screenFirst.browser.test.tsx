import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { expect, test } from 'vitest'
import '../../styles.css'
import { diffModel, manyFiles } from '../../../stories/fixtures/diff'
import type { HighlightDocument, Highlighter } from '../../text/highlight/types'
import { CardRenderer } from '../CardRenderer'
import { ToolcardsProvider } from '../host'
import { DIFF_BODY_MAX_HEIGHT, DIFF_ROW_HEIGHT, HIGHLIGHT_MARGIN } from './constants'

// Real Chromium (layout, IntersectionObserver, frames): until the page has first been idle, a big diff
// renders and colours what is on screen only; the files below it and the colour margin around a file's
// rows wait for the page's first idle period of 30 ms or more. The page's idle periods are played by
// hand here: this file's own page (Vitest runs each browser test file in its own frame) gets a
// `requestIdleCallback` that answers only when the test says so, with as much time left as it says.

const waiting: IdleRequestCallback[] = []
window.requestIdleCallback = (cb: IdleRequestCallback) => waiting.push(cb)
window.cancelIdleCallback = () => {}
/** Answers every waiting idle callback with an idle period of `room` ms. */
function idlePeriod(room: number) {
  for (const cb of waiting.splice(0)) cb({ didTimeout: false, timeRemaining: () => room })
}

const host = document.createElement('div')
host.className = 'tc-root'
host.style.width = '900px'
document.body.append(host)
const root = createRoot(host)
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const frame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))))

test('a big diff renders and colours the screen first, and what is beyond it once the page is idle', async () => {
  /** Every range of lines the cards asked to colour. */
  const asked: Array<{ start: number; end: number }> = []
  const highlighter: Highlighter = {
    resolveLanguage: () => 'ts',
    async highlight(doc: HighlightDocument, start: number, end: number) {
      asked.push({ start, end })
      return doc.lines.slice(start, end).map((l) => [{ content: l, light: '#123456' }])
    },
  }
  window.scrollTo(0, 0)
  await act(async () =>
    root.render(
      <ToolcardsProvider highlighter={highlighter}>
        <CardRenderer model={diffModel('screen-first', manyFiles(12, 30))} />
      </ToolcardsProvider>,
    ),
  )
  const sections = () => [...host.querySelectorAll<HTMLElement>('[data-slot="diff-file"]')]
  const hasRows = (el: HTMLElement) => el.querySelector('[data-slot="diff-line"]') !== null
  const h = window.innerHeight
  /** Open files below the screen, within one screen's height of it. */
  const belowScreen = () =>
    sections().filter((s) => {
      const r = s.getBoundingClientRect()
      return r.top > h && r.top < 2 * h && s.dataset.state !== 'collapsed'
    })

  // The page stays busy: short idle periods only (enough for the first colour request, which waits
  // for any idle moment; not for the margins, which wait for 30 ms).
  for (let i = 0; i < 30; i++) {
    await frame()
    idlePeriod(10)
  }
  const onScreen = sections().filter((s) => s.getBoundingClientRect().top < h)
  expect(onScreen.length, 'files on screen').toBeGreaterThan(0)
  expect(onScreen.every(hasRows), 'files on screen have their rows').toBe(true)
  const near = belowScreen()
  expect(near.length, 'files just below the screen').toBeGreaterThan(0)
  expect(near.map(hasRows), 'files below the screen wait').toEqual(near.map(() => false))
  // colour asked for the rows in view only: a file's box shows this many rows
  const rowsInView = Math.ceil(DIFF_BODY_MAX_HEIGHT / DIFF_ROW_HEIGHT)
  expect(asked.length, 'colour asked for').toBeGreaterThan(0)
  expect(Math.max(...asked.map((a) => a.end)), 'lines asked for while busy').toBeLessThanOrEqual(rowsInView)
  expect(rowsInView + HIGHLIGHT_MARGIN, 'a margin reaches past the 30 lines of a file').toBeGreaterThan(60)

  // The page's first idle period of 30 ms or more: the files below the screen get their rows, and
  // colour for the margin around the rows in view (each file has 30 lines a side, 61 rows).
  idlePeriod(50)
  for (let i = 0; i < 60 && !belowScreen().every(hasRows); i++) await frame()
  expect(belowScreen().map(hasRows)).toEqual(belowScreen().map(() => true))
  for (let i = 0; i < 60 && !asked.some((a) => a.end === 30); i++) await frame()
  expect(Math.max(...asked.map((a) => a.end)), 'lines asked for once idle').toBe(30)

  await act(async () => root.unmount())
})
