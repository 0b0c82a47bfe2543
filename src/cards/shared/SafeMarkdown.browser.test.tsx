import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { expect, test } from 'vitest'
import { markdownChunks } from '../../text/web/chunks'
import { MARKDOWN_PIECE_CHARS, SafeMarkdown } from './SafeMarkdown'

// Real Chromium (frames, ResizeObserver): a long page parses a piece per frame, not all in one task.

const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)))

test('a long page renders its first piece at once, then one more per frame, to the whole text', async () => {
  const paragraphs = 800
  const text = Array.from(
    { length: paragraphs },
    (_, i) => `Paragraph ${i}: *some* text and [a link](https://example.com/${i}).`,
  ).join('\n\n')
  const pieces = markdownChunks(text, MARKDOWN_PIECE_CHARS).chunks.length
  expect(pieces).toBeGreaterThan(10)
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  const count = () => host.querySelectorAll('[data-slot="markdown"] p').length
  flushSync(() => root.render(<SafeMarkdown text={text} label="page" />))
  const first = count()
  expect(first).toBeGreaterThan(0)
  expect(first).toBeLessThan(paragraphs / 5)
  const seen = [first]
  for (let f = 0; f < pieces * 4 && count() < paragraphs; f++) {
    await frame()
    seen.push(count())
  }
  expect(count()).toBe(paragraphs)
  // a piece at a time: never more than one piece's paragraphs (about a fifth of 800 / 17) in one frame
  const most = Math.max(...seen.slice(1).map((n, i) => n - seen[i]!))
  expect(most).toBeLessThanOrEqual(Math.ceil((2 * paragraphs) / pieces))
  expect(host.textContent).toContain(`Paragraph ${paragraphs - 1}: some text and a link.`)
  root.unmount()
  host.remove()
})
