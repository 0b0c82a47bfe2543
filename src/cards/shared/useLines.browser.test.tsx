import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { expect, test } from 'vitest'
import { LINES_PER_TASK_CHARS, useLines } from './useLines'

// Real Chromium (ResizeObserver): a long text is split a slice per task, the first in the render.

function Probe({ text }: { text: string }) {
  const { lines, reading } = useLines(text, true)
  return <output data-lines={lines.length} data-reading={reading ? '' : undefined} data-last={lines.at(-1)} />
}

test('a 4 MB text: the first slice in the render, the rest a slice per task, the same lines as one split', async () => {
  const text = `${Array.from({ length: 200_000 }, (_, i) => `line ${i} of the log`).join('\r\n')}\r\n`
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  flushSync(() => root.render(<Probe text={text} />))
  const out = () => host.querySelector('output') as HTMLOutputElement
  const first = Number(out().dataset.lines)
  expect(out().dataset.reading).toBe('')
  expect(first).toBeGreaterThan(0)
  expect(first * 'line 199999 of the log\r\n'.length).toBeLessThanOrEqual(LINES_PER_TASK_CHARS * 1.1)
  for (let i = 0; i < 200 && out().dataset.reading !== undefined; i++)
    await new Promise((r) => setTimeout(r, 5))
  expect(out().dataset.reading).toBeUndefined()
  expect(Number(out().dataset.lines)).toBe(200_000)
  expect(out().dataset.last).toBe('line 199999 of the log')
  root.unmount()
  host.remove()
})
