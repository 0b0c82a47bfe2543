import { act } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, test, vi } from 'vitest'
import '../../styles.css'
import { inFirstFrameBeforePaint } from '../../../test/helpers/frame'
import { FixedRows, type FixedRowsProps } from './FixedRows'
import { FOLLOW_END_SLACK_PX, isAtEnd } from './useFollowEnd'
import { loadMeasuredLines, VIRTUALIZE_ABOVE, VirtualLines } from './VirtualLines'

// Real Chromium (layout, scrolling): the one fixed-row list and the one follow-the-end rule.

const host = document.createElement('div')
host.className = 'tc-root'
host.style.width = '600px'
document.body.append(host)
const root = createRoot(host)
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
const row = (i: number) => <span>row {i}</span>

async function show(props: Partial<FixedRowsProps> & { count: number }) {
  await act(async () =>
    root.render(<FixedRows data-testid="list" maxHeight={200} rowHeight={20} renderRow={row} {...props} />),
  )
  await frame()
}

const list = () => host.querySelector<HTMLElement>('[data-testid="list"]')!
const shown = () => [...list().querySelectorAll('.tc-vrow')].map((r) => Number(r.getAttribute('data-index')))

async function scrollTo(top: number) {
  const el = list()
  el.scrollTop = top
  el.dispatchEvent(new Event('scroll'))
  await frame()
}

afterEach(async () => {
  await act(async () => root.render(null))
})

describe('FixedRows', () => {
  test('100,000 rows: the DOM holds the rows in view plus overscan; the scroll area is sized for all', async () => {
    await show({ count: 100_000, overscan: 5 })
    expect(list().scrollHeight).toBe(100_000 * 20)
    // 200 px of 20 px rows = 10 rows, plus 5 below (none above at the top)
    expect(shown()).toEqual(Array.from({ length: 15 }, (_, i) => i))
    await scrollTo(50_000 * 20)
    const ids = shown()
    expect(ids).toContain(50_000)
    expect(ids.length).toBeLessThanOrEqual(21)
    expect(list().textContent).toContain('row 50000')
    // the rows are where they say they are: row 50,000 is at the top of the viewport
    const r = list().querySelector<HTMLElement>('[data-index="50000"]')!
    expect(Math.round(r.getBoundingClientRect().top - list().getBoundingClientRect().top)).toBe(0)
  })

  test('the first frame holds the rows in view only; the overscan rows come a frame later', async () => {
    // (the synchronous act runs the render and its effects, no frame)
    act(() =>
      root.render(
        <FixedRows
          data-testid="list"
          maxHeight={200}
          rowHeight={20}
          renderRow={row}
          count={1000}
          overscan={5}
        />,
      ),
    )
    expect(shown()).toEqual(Array.from({ length: 10 }, (_, i) => i))
    for (let i = 0; i < 10 && shown().length === 10; i++) await act(frame)
    expect(shown()).toEqual(Array.from({ length: 15 }, (_, i) => i))
  })

  test('following the end: added rows keep the view at the end until the user scrolls up; back at the end it follows again', async () => {
    await show({ count: 100, followEnd: true })
    expect(isAtEnd(list())).toBe(true)
    expect(shown()).toContain(99)
    await show({ count: 1_000, followEnd: true })
    expect(isAtEnd(list())).toBe(true)
    expect(list().textContent).toContain('row 999')
    await scrollTo(0)
    await show({ count: 2_000, followEnd: true })
    expect(list().scrollTop).toBe(0)
    expect(list().textContent).toContain('row 0')
    expect(list().textContent).not.toContain('row 1999')
    // within the slack of the end counts as the end
    await scrollTo(2_000 * 20 - 200 - (FOLLOW_END_SLACK_PX - 2))
    await show({ count: 3_000, followEnd: true })
    expect(isAtEnd(list())).toBe(true)
    expect(list().textContent).toContain('row 2999')
  })

  test('a list that neither follows nor starts at the end never moves by itself', async () => {
    await show({ count: 1_000 })
    await scrollTo(1_000 * 20)
    expect(isAtEnd(list())).toBe(true)
    await show({ count: 2_000 })
    expect(isAtEnd(list())).toBe(false)
    expect(list().scrollTop).toBe(1_000 * 20 - 200)
  })

  test('startAtEnd opens at the last rows', async () => {
    await show({ count: 5_000, startAtEnd: true })
    expect(isAtEnd(list())).toBe(true)
    expect(shown()).toContain(4_999)
    expect(shown()).not.toContain(0)
  })

  /** 1,000 rows 32 px high in a list that assumes 20 px and measures. */
  const tallRows = () => (
    <FixedRows
      data-testid="list"
      count={1_000}
      maxHeight={200}
      rowHeight={20}
      measureRowHeight
      renderRow={(i) => <span style={{ display: 'block', height: 32 }}>row {i}</span>}
    />
  )

  test('measureRowHeight takes the height of a rendered row', async () => {
    await act(async () => root.render(tallRows()))
    await frame()
    expect(list().scrollHeight).toBe(1_000 * 32)
  })

  test('measureRowHeight reads no layout in the task that renders, and the first frame has the height', async () => {
    await act(async () => root.render(<span />))
    const read = vi.spyOn(Element.prototype, 'getBoundingClientRect')
    const heights: number[] = []
    // the height comes in an observer's callback, outside any act()
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
    env.IS_REACT_ACT_ENVIRONMENT = false
    try {
      flushSync(() => root.render(tallRows()))
      expect(read).not.toHaveBeenCalled()
      await inFirstFrameBeforePaint()
      heights.push(list().querySelector<HTMLElement>('.tc-vrow')!.offsetHeight)
    } finally {
      read.mockRestore()
      env.IS_REACT_ACT_ENVIRONMENT = true
    }
    await frame()
    expect(heights).toEqual([32])
    expect(list().scrollHeight).toBe(1_000 * 32)
  })
})

describe('VirtualLines follows the end by the same rule', () => {
  const lines = (count: number, measure: boolean) => (
    <VirtualLines
      data-testid="list"
      count={count}
      maxHeight={200}
      followEnd
      measure={measure}
      renderRow={(i) => <span>line {i}</span>}
    />
  )
  for (const [name, count, more, measure] of [
    ['a short list (plain rows)', 20, 40, false],
    ['a long list of measured rows', 500, 800, true],
  ] as const) {
    test(name, async () => {
      // measured rows load @tanstack/react-virtual on first use; here it is loaded first
      if (measure) await loadMeasuredLines()
      await act(async () => root.render(lines(count, measure)))
      await frame()
      await frame()
      expect(isAtEnd(list())).toBe(true)
      await act(async () => root.render(lines(more, measure)))
      await frame()
      await frame()
      expect(isAtEnd(list())).toBe(true)
      expect(list().textContent).toContain(`line ${more - 1}`)
      await scrollTo(0)
      await act(async () => root.render(lines(more + 100, measure)))
      await frame()
      expect(list().scrollTop).toBe(0)
    })
  }
})

describe('VirtualLines: plain rows that grow past VIRTUALIZE_ABOVE become a virtual list where they were', () => {
  const lines = (count: number, measure: boolean, followEnd: boolean) => (
    <VirtualLines
      data-testid="list"
      count={count}
      maxHeight={200}
      followEnd={followEnd}
      measure={measure}
      renderRow={(i) => <span>line {i}</span>}
    />
  )
  const plain = VIRTUALIZE_ABOVE - 10
  const grown = VIRTUALIZE_ABOVE * 2
  /** Renders `count` lines and waits `frames` frames. */
  const showLines = async (count: number, measure: boolean, followEnd: boolean, frames: number) => {
    await act(async () => root.render(lines(count, measure, followEnd)))
    for (let f = 0; f < frames; f++) await frame()
  }
  for (const measure of [false, true]) {
    const kind = measure ? 'wrapped (measured) rows' : 'fixed rows'
    test(`${kind}: scrolled up in the middle, the view stays on the same rows`, async () => {
      if (measure) await loadMeasuredLines()
      await showLines(plain, measure, true, 1)
      expect(list().hasAttribute('data-virtual')).toBe(false)
      await scrollTo(300)
      const top = list().scrollTop
      expect(top).toBe(300)
      await showLines(grown, measure, true, 2)
      // now virtual, at the same offset, showing the same row (20 px rows: line 15 at 300 px)
      expect(list().hasAttribute('data-virtual')).toBe(true)
      expect(list().scrollTop).toBe(top)
      expect(isAtEnd(list())).toBe(false)
      const row = list().querySelector<HTMLElement>('[data-index="15"]')
      expect(row?.textContent).toBe('line 15')
      expect(Math.round(row!.getBoundingClientRect().top - list().getBoundingClientRect().top)).toBe(0)
    })
    test(`${kind}: at the end and following, it follows on to the new end`, async () => {
      if (measure) await loadMeasuredLines()
      await showLines(plain, measure, true, 1)
      await scrollTo(list().scrollHeight)
      expect(isAtEnd(list())).toBe(true)
      await showLines(grown, measure, true, 2)
      expect(list().hasAttribute('data-virtual')).toBe(true)
      expect(isAtEnd(list())).toBe(true)
      expect(list().textContent).toContain(`line ${grown - 1}`)
    })
    test(`${kind}: not following, scrolled to the end, it stays on the same rows`, async () => {
      if (measure) await loadMeasuredLines()
      await showLines(plain, measure, false, 1)
      await scrollTo(list().scrollHeight)
      const top = list().scrollTop
      expect(top).toBeGreaterThan(0)
      await showLines(grown, measure, false, 2)
      expect(list().hasAttribute('data-virtual')).toBe(true)
      expect(list().scrollTop).toBe(top)
    })
  }
})

describe('VirtualLines: a host onScroll runs beside the follow rule, not instead of it', () => {
  for (const [name, count, measure] of [
    ['plain rows', VIRTUALIZE_ABOVE - 10, false],
    ['fixed rows', VIRTUALIZE_ABOVE * 2, false],
    ['measured rows', VIRTUALIZE_ABOVE * 2, true],
  ] as const) {
    test(name, async () => {
      if (measure) await loadMeasuredLines()
      const onScroll = vi.fn()
      const lines = (n: number) => (
        <VirtualLines
          data-testid="list"
          count={n}
          maxHeight={200}
          followEnd
          measure={measure}
          onScroll={onScroll}
          renderRow={(i) => <span>line {i}</span>}
        />
      )
      await act(async () => root.render(lines(count)))
      await frame()
      await frame()
      expect(isAtEnd(list())).toBe(true)
      // the user scrolls up: the host hears it, and the list stops following
      await scrollTo(100)
      expect(onScroll).toHaveBeenCalled()
      await act(async () => root.render(lines(count + 5)))
      await frame()
      await frame()
      expect(list().scrollTop).toBe(100)
    })
  }
})
