import { act } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, test, vi } from 'vitest'
import '../../styles.css'
import { terminalModel } from '../../../stories/fixtures/terminal'
import type { TerminalIntent } from '../../protocol'
import { ToolcardsProvider } from '../host'
import { TERMINAL_PREVIEW_LINES, TerminalCard } from './TerminalCard'
import { TERMINAL_DEFER_ABOVE } from './useTerminalScreen'

// Real Chromium (layout and scrolling): the full view follows the end of a running command's output
// unless the user scrolled up.

const host = document.createElement('div')
host.className = 'tc-root'
host.dataset.theme = 'light'
host.style.width = '800px'
document.body.append(host)
const root = createRoot(host)
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function lines(n: number, from = 1): string {
  let s = ''
  for (let i = from; i < from + n; i++) s += `line ${i}\n`
  return s
}

async function show(output: string) {
  const intent: TerminalIntent = { card: 'terminal', command: 'tail -f app.log', output }
  await act(async () =>
    root.render(
      <ToolcardsProvider>
        <TerminalCard model={terminalModel('f', intent, 'running')} intent={intent} />
      </ToolcardsProvider>,
    ),
  )
}

const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))

function scroller(): HTMLElement {
  return host.querySelector<HTMLElement>('[data-slot="terminal-lines"]')!
}

function atEnd(el: HTMLElement): boolean {
  return el.scrollTop + el.clientHeight >= el.scrollHeight - 24
}

afterEach(async () => {
  await act(async () => root.render(null))
})

describe.each([100, 1000])('following the end of %i streamed lines', (n) => {
  test('follows while at the end, stays put once scrolled up', async () => {
    let out = lines(n)
    await show(out)
    const button = [...host.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Show all'))!
    await act(async () => button.click())
    await frame()
    expect(atEnd(scroller())).toBe(true)
    out += lines(50, n + 1)
    await show(out)
    await frame()
    await frame()
    expect(atEnd(scroller())).toBe(true)
    expect(host.textContent).toContain(`line ${n + 50}`)
    // the user scrolls up: new output no longer moves the view
    scroller().scrollTop = 0
    scroller().dispatchEvent(new Event('scroll'))
    await frame()
    out += lines(50, n + 51)
    await show(out)
    await frame()
    await frame()
    expect(scroller().scrollTop).toBeLessThan(40)
    expect(host.textContent).toContain('line 1')
  })
})

describe('"Show all" keeps the end in view (errors are at the end)', () => {
  test.each([false, true])(
    'a finished 100,000-line output opens at its last line (wrap %s)',
    async (wrap) => {
      const intent: TerminalIntent = {
        card: 'terminal',
        command: 'make',
        output: lines(100_000),
        exitCode: 2,
      }
      await act(async () =>
        root.render(
          <ToolcardsProvider>
            <TerminalCard model={terminalModel('end', intent, 'completed')} intent={intent} />
          </ToolcardsProvider>,
        ),
      )
      if (wrap) {
        const toggle = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Wrap')!
        await act(async () => toggle.click())
      }
      // the preview shows the last lines
      expect(host.textContent).toContain('line 100000')
      const button = [...host.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Show all'))!
      expect(button.textContent).toBe('Show all 100,000 lines')
      await act(async () => button.click())
      for (let i = 0; i < 4; i++) await frame()
      expect(atEnd(scroller())).toBe(true)
      expect(host.textContent).toContain('line 100000')
      // only lines near the end are in the page
      const first = host.querySelector('[data-slot="terminal-line"]')?.textContent ?? ''
      expect(Number(first.replace('line ', ''))).toBeGreaterThan(99_000)
    },
  )
})

describe('a big output parses after the first render (a new page compiles the card in that task)', () => {
  function render(output: string) {
    const intent: TerminalIntent = { card: 'terminal', command: 'cat build.log', output }
    // no act(): the first render alone, before any later task
    flushSync(() =>
      root.render(
        <ToolcardsProvider>
          <TerminalCard model={terminalModel('big', intent, 'completed')} intent={intent} />
        </ToolcardsProvider>,
      ),
    )
  }

  test('over TERMINAL_DEFER_ABOVE: no lines and no "no output" in the first render, busy; then its last lines', async () => {
    const out = lines(20_000)
    expect(out.length).toBeGreaterThan(TERMINAL_DEFER_ABOVE)
    render(out)
    const group = host.querySelector('[data-slot="terminal-output"]')!
    expect(group.getAttribute('aria-busy')).toBe('true')
    expect(host.querySelector('[data-slot="terminal-empty"]')).toBeNull()
    expect(host.querySelector('.tc-terminal-lines')).toBeNull()
    expect(host.textContent).not.toContain('line 1')
    await vi.waitFor(() => expect(host.textContent).toContain('line 20000'), { timeout: 10_000 })
    await vi.waitFor(() => expect(host.querySelector('[aria-busy]')).toBeNull(), { timeout: 10_000 })
    expect(host.textContent).toContain(
      `${(20_000 - TERMINAL_PREVIEW_LINES).toLocaleString('en')} earlier lines hidden`,
    )
  })

  test('at most TERMINAL_DEFER_ABOVE: its lines in the first render', () => {
    const out = lines(200)
    expect(out.length).toBeLessThanOrEqual(TERMINAL_DEFER_ABOVE)
    render(out)
    expect(host.textContent).toContain('line 200')
    expect(host.querySelector('[aria-busy]')).toBeNull()
  })
})
