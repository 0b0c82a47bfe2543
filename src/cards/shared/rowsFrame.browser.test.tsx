import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, test } from 'vitest'
import '../../styles.css'
import { diffModel, manyFiles } from '../../../stories/fixtures/diff'
import { readModel, tenThousand } from '../../../stories/fixtures/read'
import { CardRenderer } from '../CardRenderer'
import { ToolcardsProvider } from '../host'
import { READ_PREVIEW_LINES } from '../read/ReadCard'

// Real Chromium, no act(): React and the browser schedule as on a page. A big card leaves its rows to the
// task after its first (`useRowsNow`); when that first task is long enough for a frame to come before
// the rows' task (a new tab, whose first render compiles the kit), the rows must be in that frame.

const host = document.createElement('div')
host.className = 'tc-root'
host.style.width = '900px'
document.body.append(host)
let root = createRoot(host)

afterEach(() => {
  flushSync(() => root.unmount())
  root = createRoot(host)
})

/**
 * Renders `element` in this task, then holds the task 50 ms (past the next vsync, so a frame is due
 * before any task queued by the render), and resolves with what `count` finds in the next animation
 * frame, before that frame's layout and paint. Callbacks run in the order they were asked for: the
 * kit's, asked for during the render, before this one.
 */
function atFirstFrame(
  element: React.ReactElement,
  count: () => number,
): Promise<{ before: number; at: number }> {
  return new Promise((resolve) => {
    flushSync(() => root.render(element))
    const before = count()
    const until = performance.now() + 50
    while (performance.now() < until) {
      // a long first task, as a cold renderer process's
    }
    requestAnimationFrame(() => resolve({ before, at: count() }))
  })
}

describe('a frame that comes before the rows task shows the rows', () => {
  test('read card: the first frame after a long first task has the preview rows', async () => {
    const rows = () => host.querySelectorAll('[data-slot="code-line"]').length
    const { before, at } = await atFirstFrame(
      <ToolcardsProvider highlighter={null}>
        <CardRenderer model={readModel('big', tenThousand())} />
      </ToolcardsProvider>,
      rows,
    )
    expect(before).toBe(0)
    expect(at).toBe(READ_PREVIEW_LINES)
    expect(host.querySelector('[data-slot="read-later"]')).toBeNull()
  })

  test("diff card: the first frame after a long first task has the first file's rows", async () => {
    const rows = () => host.querySelectorAll('[data-slot="diff-line"]').length
    const { before, at } = await atFirstFrame(
      <ToolcardsProvider highlighter={null}>
        <CardRenderer model={diffModel('d', manyFiles(1, 60))} />
      </ToolcardsProvider>,
      rows,
    )
    expect(before).toBe(0)
    expect(at).toBeGreaterThan(0)
    expect(host.querySelector('[data-slot="diff-later"]')).toBeNull()
  })
})
