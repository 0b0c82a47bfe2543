import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import '../../styles.css'
import {
  crlf,
  diffModel,
  minifiedLine,
  newFile,
  oneLineFix,
  refactor20,
  renameWithChanges,
} from '../../../stories/fixtures/diff'
import type { DiffIntent } from '../../protocol'
import { CardRenderer } from '../CardRenderer'
import { ToolcardsProvider } from '../host'
import { frameTurnsWaiting } from '../shared/frameTurn'
import { loadWordDiff } from './useDiffHighlight'

// The rows of a diff are flex boxes, which Chromium lays out for about a third less than the per-row grids
// they replaced (benchmarks). The grid is the oracle: with its old rules put back over the new ones, every
// box of every row (numbers, sign, code, word marks, the rows, their scroll areas) must stay where it was,
// in both views, wrapped or not, in a side panel and on a wide page.
const GRID_ORACLE = `
.tc-diff-row:not(.tc-diff-hunk):not(.tc-diff-gap):not(.tc-diff-split-row) {
  display: grid !important;
  grid-template-columns: var(--tc-diff-no-width) var(--tc-diff-no-width) 2ch minmax(0, 1fr) !important;
}
.tc-diff-row.tc-diff-split-row { display: grid !important; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) !important; }
.tc-diff-half { display: grid !important; grid-template-columns: var(--tc-diff-no-width) 2ch minmax(0, 1fr) !important; }
`

const host = document.createElement('div')
host.className = 'tc-root'
document.body.append(host)
const root = createRoot(host)
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
// the word differ loads by import() after the first paint: loaded first, the marks are there when measured
beforeAll(() => loadWordDiff())
afterAll(async () => {
  await act(async () => root.render(null))
  host.remove()
})

const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
/** Nothing more to come: no piece waits for its frame turn, and the diff is read whole. */
const quiet = () => frameTurnsWaiting() === 0 && !host.querySelector('.tc-diff[aria-busy]')
async function settle() {
  for (let i = 0; i < 300 && !quiet(); i++) await act(frame)
  for (let i = 0; i < 3; i++) await act(frame)
}

/** Every box in the diff's rows, and each scroll area's scroll size, relative to the card. */
function boxes(): string[] {
  const card = host.querySelector('.tc-diff')!.getBoundingClientRect()
  const out: string[] = []
  const r = (el: Element, row: Element | null = null) => {
    const b = el.getBoundingClientRect()
    const height = row ? Math.min(b.height, row.getBoundingClientRect().height) : b.height
    return [b.left - card.left, b.top - card.top, b.width, height].map((v) => v.toFixed(1)).join(' ')
  }
  for (const scroller of host.querySelectorAll('.tc-diff-body .tc-virtual-lines')) {
    out.push(`scroll ${scroller.scrollWidth}x${scroller.scrollHeight} ${r(scroller)}`)
  }
  for (const row of host.querySelectorAll('[data-slot="diff-line"]')) {
    out.push(`row ${r(row)}`)
    for (const el of row.querySelectorAll('*'))
      out.push(`  ${el.tagName} ${el.className} ${r(el, cellOf(el))}`)
  }
  return out
}

/**
 * A cell of a row (a number, the sign, the code, a half of a split row): its height is told apart only
 * up to the row's. A grid's cell grows past its 20 px row with a taller badge inside ("… more
 * characters"); a flex box's cell is the row's height, and the badge overflows it the same.
 */
function cellOf(el: Element): Element | null {
  const parent = el.parentElement
  return parent?.matches('[data-slot="diff-line"], .tc-diff-half') ? parent : null
}

async function show(intent: DiffIntent, width: number, view: 'unified' | 'split', wrap: boolean) {
  host.style.width = `${width}px`
  await act(async () => root.render(null))
  await act(async () =>
    root.render(
      <ToolcardsProvider highlighter={null} defaultDiffView={view}>
        <CardRenderer model={diffModel('d', intent)} />
      </ToolcardsProvider>,
    ),
  )
  await settle()
  if (wrap) {
    const button = [...host.querySelectorAll<HTMLButtonElement>('button')].find(
      (b) => b.getAttribute('aria-label') === 'Wrap' || b.textContent === 'Wrap',
    )
    expect(button, 'the wrap toggle').toBeDefined()
    await act(async () => button!.click())
    await settle()
  }
}

const fixtures: Array<[string, DiffIntent]> = [
  ['one-line fix', oneLineFix],
  ['rename with changes (word marks)', renameWithChanges],
  ['new file', newFile],
  ['a minified line (scrolls sideways)', minifiedLine],
  ['CRLF', crlf],
  ['20-file refactor', refactor20],
]

describe('diff rows: flex boxes at the places the grid gave (Chromium)', () => {
  for (const [name, intent] of fixtures) {
    for (const [width, view, wrap] of [
      [360, 'unified', false],
      [360, 'unified', true],
      [1000, 'unified', false],
      [1000, 'split', false],
      [1000, 'split', true],
    ] as const) {
      test(`${name}: ${view}${wrap ? ', wrapped' : ''}, ${width} px`, async () => {
        await show(intent, width, view, wrap)
        // the boxes once they stay put from one frame to the next
        let now = boxes()
        for (let i = 0; i < 20; i++) {
          await act(frame)
          const again = boxes()
          if (again.join('\n') === now.join('\n') && quiet()) break
          now = again
        }
        expect(now.filter((b) => b.startsWith('row ')).length).toBeGreaterThan(0)
        // every cell fits its row
        for (const row of host.querySelectorAll('[data-slot="diff-line"]')) {
          const height = row.getBoundingClientRect().height
          for (const cell of row.querySelectorAll(':scope > *, .tc-diff-half > *')) {
            expect(cell.getBoundingClientRect().height).toBeLessThanOrEqual(height)
          }
        }
        const oracle = document.createElement('style')
        oracle.textContent = GRID_ORACLE
        document.head.append(oracle)
        try {
          await act(frame)
          const grid = boxes()
          // the oracle did apply: the rows are grids now
          const row = host.querySelector('[data-slot="diff-line"]')!
          expect(getComputedStyle(row).display).toBe('grid')
          expect(now).toEqual(grid)
        } finally {
          oracle.remove()
        }
      })
    }
  }
})
