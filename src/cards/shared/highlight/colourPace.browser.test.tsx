// Real Chromium (frames, ResizeObserver): a reply's colour reaches the page a few lines per frame.
import { render } from '@testing-library/react'
import { expect, test } from 'vitest'
import type { HighlightDocument, Highlighter } from '../../../text/highlight/types'
import { ToolcardsProvider } from '../../host'
import { HighlightedLine } from './TokenLine'
import { COLOUR_LINES_PER_FRAME, useHighlightedLines } from './useHighlightedLines'

const LINES = Array.from({ length: 48 }, (_, i) => `line ${i}`)

function Lines() {
  const { tokens } = useHighlightedLines(LINES, { path: 'a.x' })
  return (
    <div>
      {LINES.map((l, i) => (
        <HighlightedLine key={l} text={l} tokens={tokens[i]} />
      ))}
    </div>
  )
}

test('a 48-line reply is coloured a few lines per frame, not in one frame', async () => {
  const host: Highlighter = {
    resolveLanguage: () => 'x',
    async highlight(doc: HighlightDocument, start: number, end: number) {
      return doc.lines.slice(start, end).map((l) => [{ content: l, light: '#123456' }])
    },
  }
  const { container } = render(
    <ToolcardsProvider highlighter={host}>
      <Lines />
    </ToolcardsProvider>,
  )
  const coloured = () => container.querySelectorAll('[data-highlighted]').length
  // the count of coloured lines at each frame
  const seen: number[] = [coloured()]
  for (let f = 0; f < 200 && seen.at(-1)! < LINES.length; f++) {
    await new Promise((r) => requestAnimationFrame(() => r(undefined)))
    seen.push(coloured())
  }
  expect(seen.at(-1)).toBe(LINES.length)
  const steps = seen
    .slice(1)
    .map((n, i) => n - seen[i]!)
    .filter((d) => d > 0)
  expect(COLOUR_LINES_PER_FRAME).toBeLessThan(LINES.length)
  // One step per frame turn. On a loaded machine React commits the colour of two or three turns at once
  // (each is a transition; CI once saw 36 lines in one frame), never the whole reply in one frame.
  expect(steps.length).toBeGreaterThanOrEqual(2)
  expect(Math.max(...steps)).toBeLessThan(LINES.length)
})
