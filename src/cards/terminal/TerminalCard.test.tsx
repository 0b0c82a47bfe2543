import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'
import {
  failingBuild,
  hostileOutput,
  longLog,
  passingTests,
  terminalModel,
} from '../../../stories/fixtures/terminal'
import type { CardModel, TerminalIntent } from '../../protocol'
import { createTerminalScreen } from '../../text/terminal'
import { type ToolcardsHost, ToolcardsProvider } from '../host'
import { TERMINAL_PREVIEW_LINES, TerminalCard } from './TerminalCard'
import {
  TERMINAL_PIECE,
  TERMINAL_SLICE_MS,
  TERMINAL_SLICE_WRITE,
  useTerminalScreen,
} from './useTerminalScreen'

function renderCard(intent: TerminalIntent, host: ToolcardsHost = {}, model?: CardModel) {
  const m = model ?? terminalModel('t1', intent)
  return render(
    <ToolcardsProvider {...host}>
      <TerminalCard model={m} intent={intent} />
    </ToolcardsProvider>,
  )
}

describe('header', () => {
  test('command, cwd and the duration; exit 0 is not news', () => {
    const { container } = renderCard(passingTests)
    expect(screen.getByText('$ npm test')).toBeInTheDocument()
    expect(container.querySelector('[data-slot="card-summary"]')).toHaveTextContent('/home/dev/toolcards')
    expect(container.textContent).not.toContain('exit 0')
    expect(container.querySelector('[data-slot="card-detail"]')).toBeNull()
    expect(container.querySelector('article')).toHaveAttribute('data-tone', 'success')
    expect(screen.getByTitle('Duration')).toHaveTextContent('4.2 s')
  })

  test('a non-zero exit code and its signal make one failure detail, next to one failed status', () => {
    const { container } = renderCard({ ...failingBuild, exitCode: 137, signal: 'SIGKILL' })
    const details = container.querySelectorAll('[data-slot="card-detail"]')
    expect(details).toHaveLength(1)
    expect(details[0]).toHaveTextContent('exit 137 · SIGKILL')
    expect(details[0]).toHaveAttribute('data-tone', 'failure')
    expect(container.textContent?.match(/SIGKILL/g)).toHaveLength(1)
    expect(container.querySelector('article')).toHaveAttribute('data-tone', 'failure')
    expect(container.querySelector('[data-slot="card-status"]')).toHaveTextContent('Failed')
  })

  test('a long command is shown in full in the body', () => {
    const command = `docker run --rm -v "$PWD":/src -w /src node:20 sh -c 'npm ci && npm test -- --reporter=verbose'`
    renderCard({ card: 'terminal', command, output: 'ok\n' })
    expect(screen.getByText(command)).toBeInTheDocument()
  })

  test('running: the status says so and empty output waits', () => {
    renderCard(
      { card: 'terminal', command: 'sleep 5' },
      {},
      terminalModel('r', { card: 'terminal', command: 'sleep 5' }, 'running'),
    )
    expect(screen.getByText('Running')).toBeInTheDocument()
    expect(screen.getByText('Waiting for output…')).toBeInTheDocument()
  })
})

describe('output', () => {
  test('colours become theme variables and attributes, escape codes never show', () => {
    const { container } = renderCard(passingTests)
    expect(container.textContent).not.toContain('\x1b')
    expect(container.textContent).not.toContain('[39m')
    const check = screen.getAllByText('✓')[0]!
    expect(check.closest('[style]')).toHaveStyle({ color: 'var(--tc-ansi-2)' })
    const run = screen.getByText('RUN')
    expect(run.closest('.tc-terminal-run')).toHaveAttribute('data-bold', '')
    expect(run.closest('.tc-terminal-run')).toHaveAttribute('data-bg', 'solid')
  })

  test('copy output gives the plain text; copy command gives the command', async () => {
    const onCopy = vi.fn()
    renderCard(failingBuild, { onCopy })
    await userEvent.click(screen.getByRole('button', { name: 'Copy output' }))
    expect(onCopy).toHaveBeenLastCalledWith(
      [
        "src/cards/terminal/TerminalCard.tsx:41:9 - error TS2322: Type 'string' is not assignable to type 'number'.",
        '',
        '41   const width: number = line.text',
        '           ~~~~~',
        '',
        'src/text/terminal/screen.ts:88:3 - error TS2554: Expected 1 arguments, but got 2.',
        '',
        '88   write(chunk, true)',
        '                  ~~~~',
        '',
        '',
        'Found 2 errors in 2 files.',
        '',
        'Errors  Files',
        '     1  src/cards/terminal/TerminalCard.tsx:41',
        '     1  src/text/terminal/screen.ts:88',
      ].join('\n'),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Copy command' }))
    expect(onCopy).toHaveBeenLastCalledWith('npx tsc -p tsconfig.json')
  })

  test('a progress bar redrawn with \\r is one line', () => {
    renderCard({ card: 'terminal', command: 'dl', output: '10%\r50%\r100%\ndone\n' })
    const lines = document.querySelectorAll('[data-slot="terminal-line"]')
    expect([...lines].map((l) => l.textContent)).toEqual(['100%', 'done'])
  })

  test('wrap toggle', async () => {
    renderCard(passingTests)
    const wrap = screen.getByRole('button', { name: 'Wrap' })
    expect(wrap).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(wrap)
    expect(wrap).toHaveAttribute('aria-pressed', 'true')
    expect(document.querySelector('[data-slot="terminal-output"]')).toHaveAttribute('data-wrap', '')
  })

  test('long output: a preview of the last lines, then all of them, virtualized', async () => {
    renderCard({ card: 'terminal', command: 'replay', output: longLog(100_000), exitCode: 1 })
    const output = screen.getByRole('group', { name: 'Output' })
    // 5 MB: parsed a slice per task, then the preview shows the real last lines
    await waitFor(() => expect(output).not.toHaveAttribute('aria-busy'), { timeout: 20_000 })
    expect(output).toHaveAttribute('data-state', 'preview')
    const preview = within(output).getAllByText(/step|connection reset/)
    expect(preview).toHaveLength(TERMINAL_PREVIEW_LINES)
    expect(preview.at(-1)!.closest('[data-slot="terminal-line"]')).toHaveTextContent(
      'error step 100000: connection reset by peer',
    )
    expect(within(output).getByText('99,988 earlier lines hidden')).toBeInTheDocument()
    await userEvent.click(within(output).getByRole('button', { name: 'Show all 100,000 lines' }))
    expect(output).toHaveAttribute('data-state', 'full')
    const scroller = output.querySelector('[data-slot="terminal-lines"]')!
    expect(scroller).toHaveAttribute('data-virtual', '')
    expect(output.querySelectorAll('.tc-vrow').length).toBeLessThan(100)
  })

  test('truncation and spill notices, with the host opening the kept file', async () => {
    const onOpenPath = vi.fn()
    renderCard(
      {
        card: 'terminal',
        command: 'cat big.log',
        output: 'head of it\n',
        truncated: { shownBytes: 30_720, totalBytes: 144_691 },
        spill: { path: '/tmp/tool-results/big.txt', totalBytes: 144_691 },
      },
      { onOpenPath },
    )
    expect(screen.getByText(/Output cut: showing 30 KB of 141 KB/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    expect(onOpenPath).toHaveBeenCalledWith('/tmp/tool-results/big.txt', undefined)
  })

  test('stderr kept apart is shown under its own heading and copied after the output', async () => {
    const onCopy = vi.fn()
    renderCard(
      { card: 'terminal', command: 'x', output: 'out\n', stderr: '\x1b[31mbad\x1b[0m\n', exitCode: 1 },
      { onCopy },
    )
    expect(screen.getByRole('group', { name: 'Standard error' })).toHaveTextContent('bad')
    await userEvent.click(screen.getByRole('button', { name: 'Copy output' }))
    expect(onCopy).toHaveBeenLastCalledWith('out\nbad')
  })
})

describe('hostile output (BAD-INPUTS rows 7 to 12)', () => {
  test('markup stays text, unsafe links are labels, safe links show their target', async () => {
    const { container } = renderCard(hostileOutput)
    // (the output is over TERMINAL_SLICE_WRITE: its end is read in tasks after the first render)
    await waitFor(() => expect(container.textContent).toContain('the end'))
    expect(container.querySelector('img, script, b, iframe')).toBeNull()
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument()
    const row8 = [...container.querySelectorAll('[data-slot="terminal-line"]')].find((l) =>
      l.textContent?.startsWith('row 8'),
    )!
    expect(row8.textContent).toBe('row 8: javascript link, data link, file link, vscode link, command link')
    expect(row8.querySelector('a')).toBeNull()
    const quoted = screen.getByText('a quote in a link').closest('a')!
    expect(quoted).toHaveAttribute('href', 'https://example.com/%22%3E%3Cscript%3Ealert(1)%3C/script%3E')
    expect(quoted).toHaveAttribute('rel', 'noopener noreferrer')
    const bank = screen.getByText('https://bank.example/').closest('a')!
    expect(bank).toHaveAttribute('title', 'https://evil.example/login')
    expect(container.textContent).toContain('title, clipboard, clear and alternate screen had no effect')
    expect(container.textContent).not.toContain('pwned')
    expect(container.textContent).toContain('the text after a 200 KB OSC')
    expect(container.textContent).toContain('the text after a CSI with 5,000 parameters')
    expect(screen.getByText('<U+202E>')).toBeInTheDocument()
  })

  test('a 5 MB line renders cut, with a notice; copy output still gives all of it', async () => {
    const onCopy = vi.fn()
    const line = 'x'.repeat(5 * 1024 * 1024)
    renderCard({ card: 'terminal', command: 'cat min.js', output: line }, { onCopy })
    expect(
      await screen.findByText(/5,237,880 more characters/, undefined, { timeout: 20_000 }),
    ).toBeInTheDocument()
    const rendered = document.querySelector('[data-slot="terminal-line"]')!
    expect(rendered.textContent!.length).toBeLessThan(6_000)
    await userEvent.click(screen.getByRole('button', { name: 'Copy output' }))
    expect(onCopy.mock.calls[0]![0]).toHaveLength(5 * 1024 * 1024)
  })

  test('dropped lines are counted and marked', async () => {
    renderCard({ card: 'terminal', command: 'yes', output: 'y\n'.repeat(100_050) })
    expect(await screen.findByText(/were dropped in the middle/)).toHaveTextContent('50 lines were dropped')
  })
})

describe('streaming', () => {
  test('appended output is written alone: the same screen, one more write', () => {
    const { result, rerender } = renderHook(({ out }) => useTerminalScreen(out).screen, {
      initialProps: { out: 'line 1\n' },
    })
    const first = result.current
    const v = first.version
    rerender({ out: 'line 1\nline 2\n' })
    expect(result.current).toBe(first)
    expect(result.current.version).toBe(v + 1)
    expect(result.current.toPlainText()).toBe('line 1\nline 2')
    rerender({ out: 'line 1\nline 2\n' })
    expect(result.current.version).toBe(v + 1)
    rerender({ out: 'other\n' })
    expect(result.current).not.toBe(first)
    expect(result.current.toPlainText()).toBe('other')
  })

  /** A screen that was written `text` at once: what slicing must end as. */
  const writtenAtOnce = (text: string) => {
    const screen = createTerminalScreen()
    screen.write(text)
    return screen
  }

  test('a big output is parsed a slice per task, and ends as the whole parsed at once', async () => {
    // Coloured lines, a progress bar redrawn with \r, and slice ends that fall inside escape sequences.
    const unit = 'step \u001b[32mok\u001b[0m 12%\r\u001b[1;33mstep done\u001b[0m\n'
    const out = unit.repeat(Math.ceil((2.5 * TERMINAL_SLICE_WRITE) / unit.length))
    const whole = writtenAtOnce(out)
    const head = writtenAtOnce(out.slice(0, TERMINAL_SLICE_WRITE))
    const piece = writtenAtOnce(out.slice(0, TERMINAL_PIECE))
    const { result } = renderHook(() => useTerminalScreen(out))
    expect(result.current.reading).toBe(true)
    // (renderHook's act runs the effects of the first render, not the slices that follow a task later)
    // one piece at least, one slice at most: the slice ends early when it takes longer than its time
    expect(result.current.screen.lineCount).toBeGreaterThanOrEqual(piece.lineCount)
    expect(result.current.screen.lineCount).toBeLessThanOrEqual(head.lineCount)
    await waitFor(() => expect(result.current.reading).toBe(false), { timeout: 20_000 })
    expect(result.current.screen.lineCount).toBe(whole.lineCount)
    expect(result.current.screen.toPlainText()).toBe(whole.toPlainText())
    for (const i of [0, 1, whole.lineCount >> 1, whole.lineCount - 1])
      expect(result.current.screen.line(i)).toEqual(whole.line(i))
  })

  test('a slice that takes longer than TERMINAL_SLICE_MS ends after its piece; the end is the same', async () => {
    // each link costs a URL parse: output dense in links is slow per character
    const unit = '\u001b]8;;https://example.com/a\u001b\\link\u001b]8;;\u001b\\ text\n'
    const out = unit.repeat(Math.ceil((1.5 * TERMINAL_SLICE_WRITE) / unit.length))
    const whole = writtenAtOnce(out)
    const piece = writtenAtOnce(out.slice(0, TERMINAL_PIECE))
    // a clock that moves a slice's time on at every reading: each slice writes one piece
    let now = 0
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += TERMINAL_SLICE_MS))
    try {
      const { result } = renderHook(() => useTerminalScreen(out))
      expect(result.current.screen.lineCount).toBe(piece.lineCount)
      await waitFor(() => expect(result.current.reading).toBe(false), { timeout: 20_000 })
      expect(result.current.screen.toPlainText()).toBe(whole.toPlainText())
      expect(result.current.screen.line(whole.lineCount - 1)).toEqual(whole.line(whole.lineCount - 1))
    } finally {
      clock.mockRestore()
    }
  })

  test('Copy gives the whole output while it is still being parsed', async () => {
    const onCopy = vi.fn()
    const out = `${'x'.repeat(100)}\n`
    const big = out.repeat(Math.ceil((3 * TERMINAL_SLICE_WRITE) / out.length))
    renderCard({ card: 'terminal', command: 'cat big', output: big }, { onCopy })
    expect(document.querySelector('[data-slot="terminal-output"]')).toHaveAttribute('aria-busy', 'true')
    act(() => screen.getByRole('button', { name: 'Copy output' }).click())
    expect(onCopy.mock.calls[0]![0]).toBe(big.trimEnd())
    await waitFor(
      () => expect(document.querySelector('[data-slot="terminal-output"]')).not.toHaveAttribute('aria-busy'),
      { timeout: 20_000 },
    )
  })

  test('a running card shows new output as it arrives', () => {
    const base: TerminalIntent = { card: 'terminal', command: 'npm run build' }
    const view = (out: string) => (
      <ToolcardsProvider>
        <TerminalCard
          model={terminalModel('s', { ...base, output: out }, 'running')}
          intent={{ ...base, output: out }}
        />
      </ToolcardsProvider>
    )
    const { rerender } = render(view('building…\r'))
    act(() => rerender(view('building…\rbuilt 1/2\n')))
    act(() => rerender(view('building…\rbuilt 1/2\nbuilt 2/2\n')))
    const lines = document.querySelectorAll('[data-slot="terminal-line"]')
    expect([...lines].map((l) => l.textContent)).toEqual(['built 1/2', 'built 2/2'])
  })
})

describe('the output area, named for assistive tech', () => {
  test('the full output is a group named by its line count (a name without a role was dropped)', () => {
    const { container } = renderCard({ card: 'terminal', command: 'ls', output: 'a\nb\nc\n', exitCode: 0 })
    const lines = container.querySelector('[data-slot="terminal-lines"]')!
    expect(lines).toHaveAttribute('role', 'group')
    expect(screen.getByRole('group', { name: lines.getAttribute('aria-label')! })).toBe(lines)
    expect(lines.getAttribute('aria-label')).toMatch(/3 lines/)
  })
})
