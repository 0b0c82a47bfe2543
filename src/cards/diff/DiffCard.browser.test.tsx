import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, onTestFinished, test } from 'vitest'
import '../../styles.css'
import { diffModel, manyFiles, oneLineFix } from '../../../stories/fixtures/diff'
import { CardRenderer } from '../CardRenderer'
import { type ToolcardsHost, ToolcardsProvider } from '../host'
import { DIFF_EAGER_FILES, SPLIT_MIN_WIDTH } from './constants'

// Real Chromium (layout, container queries): where the diff card may show a split view, and that a unified
// diff does not force a layout to find out.

const host = document.createElement('div')
host.className = 'tc-root'
document.body.append(host)
const root = createRoot(host)
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
/** The next task: a diff of several files renders its files' sections in the task after its first render. */
const nextTask = () => act(() => new Promise<void>((r) => setTimeout(r, 0)))

async function show(width: number, options: ToolcardsHost = {}) {
  host.style.width = `${width}px`
  await act(async () =>
    root.render(
      <ToolcardsProvider highlighter={null} {...options}>
        <CardRenderer model={diffModel('d', oneLineFix)} />
      </ToolcardsProvider>,
    ),
  )
}

const body = () => host.querySelector<HTMLElement>('.tc-diff')!
/** The unified/split toggles a user can see (display: none ones have no box). */
const visibleToggles = () =>
  [...host.querySelectorAll<HTMLElement>('[data-action="diff-view"]')].filter(
    (b) => b.getClientRects().length > 0,
  )

afterEach(async () => {
  await act(async () => root.render(null))
})

describe('DiffCard width (Chromium)', () => {
  test('the view toggles show exactly where the body is at least SPLIT_MIN_WIDTH wide', async () => {
    // Find the card's own width around the body (borders), then try each side of the limit.
    await show(1000)
    const delta = 1000 - body().getBoundingClientRect().width
    for (const bodyWidth of [320, SPLIT_MIN_WIDTH - 1, SPLIT_MIN_WIDTH, SPLIT_MIN_WIDTH + 1, 900]) {
      await show(bodyWidth + delta)
      await frame()
      expect(Math.round(body().getBoundingClientRect().width)).toBe(bodyWidth)
      expect(visibleToggles().length, `body ${bodyWidth} px`).toBe(bodyWidth >= SPLIT_MIN_WIDTH ? 2 : 0)
    }
  })

  test('scrolled sideways in a side panel, every row keeps its colour and the hunk band its text to the end', async () => {
    // a short diff (not virtualized) whose lines are wider than a 320 px panel
    await show(320)
    for (let i = 0; i < 5; i++) await act(frame)
    const scroller = host.querySelector<HTMLElement>('.tc-diff-body .tc-virtual-lines')!
    const rows = [...scroller.querySelectorAll<HTMLElement>('.tc-diff-row')]
    expect(rows.length).toBeGreaterThan(3)
    expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth + 50)
    const left = scroller.getBoundingClientRect().left - scroller.scrollLeft
    for (const row of rows) {
      const right = row.getBoundingClientRect().right - left
      // each row (its background, the hunk band) reaches the end of what the box scrolls to
      expect(Math.round(right), row.textContent ?? '').toBeGreaterThanOrEqual(scroller.scrollWidth - 1)
    }
    const hunk = scroller.querySelector<HTMLElement>('[data-slot="diff-hunk"]')!
    expect(hunk.scrollWidth).toBeLessThanOrEqual(hunk.clientWidth + 1)
    // on a wide page the rows still fill the box
    await show(1400)
    await act(frame)
    const wide = host.querySelector<HTMLElement>('.tc-diff-body .tc-virtual-lines')!
    expect(wide.scrollWidth).toBe(wide.clientWidth)
    for (const row of wide.querySelectorAll<HTMLElement>('.tc-diff-row'))
      expect(Math.round(row.getBoundingClientRect().width)).toBe(wide.clientWidth)
  })

  test('a split view asked for in a narrow panel is unified from the first frame, split where wide', async () => {
    await show(400, { defaultDiffView: 'split' })
    // Right after the commit, before any frame: the layout effect has already read the width.
    expect(body().dataset.view).toBe('unified')
    expect(visibleToggles()).toHaveLength(0)
    await act(async () => root.render(null))
    await show(1000, { defaultDiffView: 'split' })
    expect(body().dataset.view).toBe('split')
    await frame()
    expect(visibleToggles()).toHaveLength(2)
  })

  test('a unified diff mounts without reading its own width (no forced layout in the render task)', async () => {
    const read: Element[] = []
    const original = Element.prototype.getBoundingClientRect
    Element.prototype.getBoundingClientRect = function (this: Element) {
      read.push(this)
      return original.call(this)
    }
    try {
      await show(1000)
    } finally {
      Element.prototype.getBoundingClientRect = original
    }
    expect(body().dataset.view).toBe('unified')
    expect(read.filter((el) => el.classList.contains('tc-diff'))).toEqual([])
  })
})

describe('DiffCard with many files (Chromium)', () => {
  test('rows render for the first files at once and for the others as they come near the screen', async () => {
    host.style.width = '900px'
    await act(async () =>
      root.render(
        <ToolcardsProvider highlighter={null}>
          <CardRenderer model={diffModel('m', manyFiles(8, 30))} />
        </ToolcardsProvider>,
      ),
    )
    for (let i = 0; i < 10; i++) await frame()
    const sections = () => [...host.querySelectorAll<HTMLElement>('[data-slot="diff-file"]')]
    const hasRows = (el: HTMLElement) => el.querySelector('[data-slot="diff-line"]') !== null
    expect(sections()).toHaveLength(8)
    for (let i = 0; i < DIFF_EAGER_FILES; i++) expect(hasRows(sections()[i]!), `file ${i}`).toBe(true)
    // The last file is far below the viewport: a box of about its rows' height stands in.
    const last = sections()[7]!
    expect(hasRows(last)).toBe(false)
    const later = last.querySelector<HTMLElement>('[data-slot="diff-later"]')!
    expect(later).not.toBeNull()
    const before = last.getBoundingClientRect().height
    last.scrollIntoView({ block: 'center' })
    for (let i = 0; i < 6 && !hasRows(last); i++) await act(frame)
    expect(hasRows(last)).toBe(true)
    // The stand-in had the rows' height, give or take a row.
    expect(Math.abs(last.getBoundingClientRect().height - before)).toBeLessThanOrEqual(20)
    window.scrollTo(0, 0)
  })

  test('a file not read yet holds the place of its rows: the files below it do not move', async () => {
    host.style.width = '900px'
    // Off screen, content-visibility gives every file its intrinsic size anyway; the box matters on screen,
    // where the file renders. Render all of them, so that the layout measured before the first frame is real.
    const visible = document.createElement('style')
    visible.textContent = '.tc-diff-file { content-visibility: visible !important }'
    document.head.append(visible)
    onTestFinished(() => visible.remove())
    // A small file, then one over the first read (read a slice later, on screen below the first), then one more.
    const small = manyFiles(1, 10).files[0]!
    const big = { ...manyFiles(1, 2_000).files[0]!, path: 'src/big.ts' }
    const after = { ...manyFiles(1, 10).files[0]!, path: 'src/after.ts' }
    // Frames are held back until the place is measured: the slices are read after a frame, and shown in
    // one (the synchronous act runs the render and its effects; the next task, the files' sections).
    const held: FrameRequestCallback[] = []
    const raf = window.requestAnimationFrame
    window.requestAnimationFrame = (cb) => held.push(cb)
    try {
      act(() =>
        root.render(
          <ToolcardsProvider highlighter={null}>
            <CardRenderer model={diffModel('r', { card: 'diff', files: [small, big, after] })} />
          </ToolcardsProvider>,
        ),
      )
      await nextTask()
    } finally {
      window.requestAnimationFrame = raf
    }
    const diff = host.querySelector<HTMLElement>('.tc-diff')!
    const sections = () => [...host.querySelectorAll<HTMLElement>('[data-slot="diff-file"]')]
    expect(sections()[1]!.querySelector('[data-slot="diff-pending"]')).not.toBeNull()
    const top = () => sections()[2]!.getBoundingClientRect().top - diff.getBoundingClientRect().top
    const before = top()
    for (const cb of held) raf(cb)
    const rows = () => sections()[1]!.querySelector('[data-slot="diff-line"]')
    for (let i = 0; i < 40 && (diff.hasAttribute('aria-busy') || !rows()); i++) await act(frame)
    expect(diff.hasAttribute('aria-busy')).toBe(false)
    expect(rows()).not.toBeNull()
    // The box stood in at the height the rows took.
    expect(Math.abs(top() - before)).toBeLessThanOrEqual(20)
  })

  test('files still being read far below wait in one box as high as their sections will be', async () => {
    host.style.width = '900px'
    // 20 files of 1,000 changed lines: the first read takes two, the rest are read a slice at a time;
    // the first 8 are open, the others closed.
    const intent = manyFiles(20, 1_000)
    act(() =>
      root.render(
        <ToolcardsProvider highlighter={null}>
          <CardRenderer model={diffModel('g', intent)} />
        </ToolcardsProvider>,
      ),
    )
    const sections = () => [...host.querySelectorAll<HTMLElement>('[data-slot="diff-file"]')]
    // The first task: the first file, and the box stands in for every other file; the next: the files
    // read, and the box for the rest.
    expect(sections()).toHaveLength(DIFF_EAGER_FILES)
    const whole = host.querySelector<HTMLElement>('[data-slot="diff-pending-files"]')!
    expect(whole.dataset.files).toBe(String(20 - DIFF_EAGER_FILES))
    const wholeHeight = whole.getBoundingClientRect().height
    await nextTask()
    const group = host.querySelector<HTMLElement>('[data-slot="diff-pending-files"]')!
    expect(group).not.toBeNull()
    const named = sections().length
    expect(named).toBeLessThan(20)
    expect(group.textContent).toBe(`Reading ${20 - named} more files…`)
    const height = group.getBoundingClientRect().height
    const diff = host.querySelector<HTMLElement>('.tc-diff')!
    // (a slice every other frame, one frame turn a frame page-wide: up to 300 frames on a loaded machine)
    for (let i = 0; i < 300 && diff.hasAttribute('aria-busy'); i++) await act(frame)
    expect(diff.hasAttribute('aria-busy')).toBe(false)
    expect(host.querySelector('[data-slot="diff-pending-files"]')).toBeNull()
    expect(sections()).toHaveLength(20)
    // The sections that came in its place take its height, give or take a px per file (they are off
    // screen: content-visibility sizes them). (Where they start depends on the files above, which grow
    // or shrink by a few px as they are read: CI once saw 4 px.)
    const first = sections()[named]!.getBoundingClientRect()
    const last = sections()[19]!.getBoundingClientRect()
    expect(Math.abs(last.bottom - first.top - height)).toBeLessThanOrEqual(20 - named)
    // and the first box, for all but the first, stood in for all of them (the first files are open and
    // over 21 rows long: a full box each)
    const top0 = sections()[DIFF_EAGER_FILES]!.getBoundingClientRect().top
    expect(Math.abs(last.bottom - top0 - wholeHeight)).toBeLessThanOrEqual(20)
  })

  test('the first file in the first render, its rows and the other files in the next task, the names a frame after the first paint', async () => {
    host.style.width = '900px'
    // (the synchronous act runs the render and its effects, no frame)
    act(() =>
      root.render(
        <ToolcardsProvider highlighter={null}>
          <CardRenderer model={diffModel('l', manyFiles(20, 10))} />
        </ToolcardsProvider>,
      ),
    )
    const names = () => host.querySelectorAll('[data-slot="diff-filelist"] button').length
    const files = () =>
      host.querySelector<HTMLElement>('[data-slot="diff-pending-files"], [data-slot="diff-file"]')!
    // The first render: the first file, its header and a box as high as its 21 rows (they come in the
    // next task, before the frame: useRowsNow), one box for the other files (their sections come in the
    // next task too), no names yet.
    expect(names()).toBe(0)
    const sections = () => host.querySelectorAll('[data-slot="diff-file"]').length
    expect(sections()).toBe(DIFF_EAGER_FILES)
    const firstFile = files()
    expect(firstFile.dataset.slot).toBe('diff-file')
    expect(firstFile.querySelector('[data-slot="diff-file-header"] [data-slot="diff-path"]')).not.toBeNull()
    expect(firstFile.querySelector('[data-slot="diff-line"]')).toBeNull()
    expect(firstFile.querySelector('[data-slot="diff-later"]')).not.toBeNull()
    expect(host.querySelector('[data-slot="diff-pending-files"]')).not.toBeNull()
    const bottom = firstFile.getBoundingClientRect().bottom
    const top = firstFile.getBoundingClientRect().top
    await nextTask()
    expect(firstFile.querySelectorAll('[data-slot="diff-line"]').length).toBeGreaterThan(0)
    expect(firstFile.querySelector('[data-slot="diff-later"]')).toBeNull()
    expect(sections()).toBe(20)
    expect(host.querySelector('[data-slot="diff-pending-files"]')).toBeNull()
    expect(firstFile.isConnected).toBe(true)
    expect(firstFile.getBoundingClientRect().top).toBe(top)
    // the box was as high as the rows: what is below the file did not move when they came
    expect(Math.abs(firstFile.getBoundingClientRect().bottom - bottom)).toBeLessThanOrEqual(2)
    for (let i = 0; i < 10 && names() === 0; i++) await act(frame)
    expect(names()).toBe(20)
    // The list's box had its height from the start: the files below it did not move.
    expect(firstFile.getBoundingClientRect().top).toBe(top)
  })
})

describe('DiffCard with one patch of megabytes (Chromium)', () => {
  test('an 8 MB single-hunk patch: its head at once, all of it after, the raw text counted by the parser', async () => {
    const n = 150_000
    const body: string[] = []
    for (let i = 0; i < n; i++) body.push(`+  const value${i} = compute(${i}, 'item') // ${i}`)
    // the header says more lines than there are (a patch cut short): the card shows the raw text too
    const patch = `--- /dev/null\n+++ b/src/big.ts\n@@ -0,0 +1,${n + 10} @@\n${body.join('\n')}\n`
    expect(patch.length).toBeGreaterThan(7_000_000)
    host.style.width = '900px'
    await act(async () =>
      root.render(
        <ToolcardsProvider highlighter={null}>
          <CardRenderer model={diffModel('big', { card: 'diff', files: [{ path: 'src/big.ts', patch }] })} />
        </ToolcardsProvider>,
      ),
    )
    const added = () =>
      Number(
        host.querySelector('[data-slot="diff-counts"] .tc-diff-plus')!.textContent!.replace(/[^\d]/g, ''),
      )
    const head = added()
    expect(head).toBeGreaterThan(0)
    expect(head).toBeLessThan(n)
    // the rest comes in later tasks (how many: useFileViews.test.tsx, with a mocked clock)
    for (let i = 0; i < 400 && added() !== n; i++) await act(() => new Promise((r) => setTimeout(r, 10)))
    expect(added()).toBe(n)
    // the cut is said, and the raw text is counted, not split whole
    expect(host.textContent).toMatch(/ends early: 0 old and 10 new lines missing/)
    expect(host.querySelector('[data-slot="diff-raw"]')!.textContent).toContain(
      `${(n + 3 - 2_000).toLocaleString('en')} more lines`,
    )
  })
})

describe('DiffCard in an iframe (Chromium)', () => {
  test('a file just below the edge of the frame renders its rows before it is scrolled to', async () => {
    // These tests run in an iframe, as a VS Code webview does: there the implicit root of an
    // IntersectionObserver clips at the frame's edge, and its margin never counted.
    expect(window.self).not.toBe(window.top)
    host.style.width = '900px'
    window.scrollTo(0, 0)
    await act(async () =>
      root.render(
        <ToolcardsProvider highlighter={null}>
          <CardRenderer model={diffModel('n', manyFiles(12, 30))} />
        </ToolcardsProvider>,
      ),
    )
    const sections = () => [...host.querySelectorAll<HTMLElement>('[data-slot="diff-file"]')]
    const hasRows = (el: HTMLElement) => el.querySelector('[data-slot="diff-line"]') !== null
    for (let i = 0; i < 10; i++) await act(frame)
    const h = window.innerHeight
    // below the frame, within one frame's height of it: near, not on screen
    const near = sections().filter((s) => {
      const r = s.getBoundingClientRect()
      return r.top > h && r.top < 2 * h && s.dataset.state !== 'collapsed'
    })
    expect(near.length, 'files just below the frame').toBeGreaterThan(0)
    for (let i = 0; i < 60 && !near.every(hasRows); i++) await act(frame)
    expect(near.map(hasRows)).toEqual(near.map(() => true))
  })
})
