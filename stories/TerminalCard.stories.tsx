import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { TerminalCard } from '../src/cards/terminal'
import type { TerminalIntent } from '../src/protocol'
import { Cards } from './_shared/Cards'
import { exampleIntent, intentDocs } from './_shared/intentDocs'
import { lightPane } from './_shared/panes'
import {
  corpusIntents,
  failingBuild,
  hostileOutput,
  hugeLog,
  npmInstall,
  passingTests,
  terminalModel,
} from './fixtures/terminal'

const LEAD =
  "A command and what it printed: ANSI colours and cursor movement applied as a terminal would (progress bars end as their last frame), standard error apart, the exit code, signal or timeout as the card's outcome, links clickable, long output virtualized."

const meta = {
  title: 'Cards/TerminalCard',
  // The docs page documents the card's own component; every story renders through CardRenderer, as a host does.
  component: TerminalCard as unknown as typeof Cards,
  tags: ['autodocs'],
  render: (args) => <Cards {...args} />,
  parameters: {
    layout: 'padded',
    docs: { description: { component: intentDocs('terminal', LEAD, exampleIntent('terminal')) } },
  },
  args: { models: [], onOpenPath: fn(), onOpenUrl: fn() },
} satisfies Meta<typeof Cards>

export default meta
type Story = StoryObj<typeof meta>

function lineTexts(pane: HTMLElement): string[] {
  return [...pane.querySelectorAll('[data-slot="terminal-line"]')].map((l) => l.textContent ?? '')
}

export const PassingTestRun: Story = {
  args: { models: [terminalModel('pass', passingTests)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(within(pane).getByText('$ npm test')).toBeVisible()
    await expect(lineTexts(pane)).toContain(' ✓ src/text/url.test.ts (12 tests) 8ms')
    const check = within(pane).getAllByText('✓')[0]!
    // the theme's green, not a hard-coded colour
    const probe = document.createElement('span')
    probe.style.color = 'var(--tc-ansi-2)'
    pane.append(probe)
    await expect(getComputedStyle(check).color).toBe(getComputedStyle(probe).color)
    probe.remove()
  },
}

export const FailingBuild: Story = {
  args: { models: [terminalModel('fail', failingBuild)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    // one outcome in the header: a failure, with the exit code as its one detail
    await expect(pane.querySelector('[data-card="terminal"]')).toHaveAttribute('data-tone', 'failure')
    await expect(within(pane).getByText('exit 2')).toHaveAttribute('data-slot', 'card-detail')
    await expect(pane.querySelector('[data-slot="card-status"]')).toHaveTextContent('Failed')
  },
}

export const NpmInstallWithProgressBars: Story = {
  args: { models: [terminalModel('npm', npmInstall)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const lines = lineTexts(pane)
    // 41 progress redraws and 4 multi-line redraws end as what the terminal shows last
    await expect(lines).toEqual([
      'packages/core: done',
      'packages/cli: done',
      'packages/web: done',
      '',
      'added 412 packages, and audited 413 packages in 7s',
      '',
      '98 packages are looking for funding',
      '  run `npm fund` for details',
      '',
      'found 0 vulnerabilities',
    ])
  },
}

export const HundredThousandLines: Story = {
  args: { models: [terminalModel('huge', hugeLog())] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const output = within(pane).getByRole('group', { name: 'Output' })
    await expect(output).toHaveAttribute('data-state', 'preview')
    await expect(lineTexts(output).at(-1)).toBe('error step 100000: connection reset by peer')
    await userEvent.click(within(output).getByRole('button', { name: 'Show all 100,000 lines' }))
    await waitFor(() => expect(lineTexts(output)).toContain('error step 100000: connection reset by peer'))
    // virtualized: only lines near the viewport are in the DOM
    await expect(output.querySelectorAll('[data-slot="terminal-line"]').length).toBeLessThan(120)
    const scroller = output.querySelector<HTMLElement>('[data-slot="terminal-lines"]')!
    scroller.scrollTop = 0
    await waitFor(() => expect(lineTexts(output)).toContain('info  step 1 processed 7919 records'))
  },
}

const streamSteps = [
  '\x1b[1mvite v8.3.8\x1b[22m building for production...\n',
  'transforming (1) \x1b[2msrc/index.ts\x1b[22m',
  '\r\x1b[Ktransforming (118) \x1b[2msrc/cards/terminal/TerminalCard.tsx\x1b[22m',
  '\r\x1b[K\x1b[32m✓\x1b[39m 412 modules transformed.\n',
  'rendering chunks...\n',
  'dist/\x1b[36mindex.js\x1b[39m   \x1b[1m\x1b[2m141.20 kB\x1b[22m\x1b[1m\x1b[22m\x1b[2m │ gzip: 38.10 kB\x1b[22m\n',
  '\x1b[32m✓ built in 2.41s\x1b[39m\n',
]

/** Receives output step by step while the status is running, then completes. */
function StreamingCommand({ onOpenPath }: { onOpenPath?: (path: string) => void }) {
  const [step, setStep] = useState(1)
  useEffect(() => {
    if (step >= streamSteps.length) return
    const t = setTimeout(() => setStep(step + 1), 120)
    return () => clearTimeout(t)
  }, [step])
  const done = step >= streamSteps.length
  const intent: TerminalIntent = {
    card: 'terminal',
    command: 'npx vite build',
    cwd: '/home/dev/toolcards',
    output: streamSteps.slice(0, step).join(''),
    ...(done ? { exitCode: 0, durationMs: 2410 } : {}),
  }
  const model = terminalModel('stream', intent, done ? 'completed' : 'running')
  return <Cards models={[model]} {...(onOpenPath ? { onOpenPath } : {})} />
}

export const RunningCommandReceivingOutput: Story = {
  render: () => <StreamingCommand />,
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await waitFor(() => expect(within(pane).getByText('Running')).toBeVisible())
    await waitFor(() => expect(lineTexts(pane)).toContain('✓ built in 2.41s'), { timeout: 5000 })
    await expect(lineTexts(pane)).toContain('✓ 412 modules transformed.')
    await expect(lineTexts(pane).some((l) => l.startsWith('transforming'))).toBe(false)
  },
}

export const HostileOutput: Story = {
  args: { models: [terminalModel('hostile', hostileOutput)] },
  play: async ({ canvasElement, args }) => {
    const pane = lightPane(canvasElement)
    await expect(pane.querySelector('[data-slot="card-body"] img, [data-slot="card-body"] script')).toBeNull()
    await expect(within(pane).getByText('<img src=x onerror=alert(1)>')).toBeVisible()
    const bank = within(pane).getByText('https://bank.example/').closest('a')!
    await expect(bank).toHaveAttribute('title', 'https://evil.example/login')
    await userEvent.click(bank)
    await expect(args.onOpenUrl).toHaveBeenCalledWith('https://evil.example/login')
    await expect(document.title).not.toContain('pwned')
    await expect(lineTexts(pane).at(-1)).toBe('the end')
  },
}

export const ExitSignalAndTimeout: Story = {
  args: {
    models: [
      terminalModel('sig', {
        card: 'terminal',
        command: 'node server.js',
        exitCode: 143,
        signal: 'SIGTERM',
        interrupted: true,
        durationMs: 600_000,
        output: 'listening on :3000\n\x1b[33mshutting down\x1b[39m\n',
      }),
      terminalModel('timeout', {
        card: 'terminal',
        command: 'pytest -x tests/slow',
        exitCode: null,
        timedOut: true,
        durationMs: 120_000,
        output:
          '============ test session starts ============\ncollected 12 items\n\ntests/slow/test_io.py ..',
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    // exit code, signal and timeout as one detail each card, never three badges
    const details = [...pane.querySelectorAll('[data-slot="card-detail"]')].map((d) => d.textContent)
    await expect(details).toEqual(['exit 143 · SIGTERM', 'timed out'])
    await expect(pane.textContent?.match(/SIGTERM/g)).toHaveLength(1)
    for (const card of pane.querySelectorAll('article'))
      await expect(card).toHaveAttribute('data-tone', 'failure')
  },
}

export const ColoursAndAttributes: Story = {
  args: {
    models: [
      terminalModel('colours', {
        card: 'terminal',
        command: 'colortest',
        exitCode: 0,
        output: [
          Array.from({ length: 8 }, (_, i) => `\x1b[${30 + i}m color${i} \x1b[0m`).join(''),
          Array.from({ length: 8 }, (_, i) => `\x1b[${90 + i}m bright${i} \x1b[0m`).join(''),
          Array.from({ length: 8 }, (_, i) => `\x1b[${40 + i}m bg${i} \x1b[0m`).join(''),
          Array.from({ length: 12 }, (_, i) => `\x1b[38;5;${16 + i * 18}m c${16 + i * 18} \x1b[0m`).join(''),
          Array.from(
            { length: 8 },
            (_, i) => `\x1b[38;2;${i * 36};${255 - i * 30};${i * 20}m rgb${i} \x1b[0m`,
          ).join(''),
          '\x1b[48;5;226mpale background, default text\x1b[0m \x1b[31;48;2;255;220;220mred on a pink tint\x1b[0m',
          '\x1b[1mbold\x1b[0m \x1b[2mdim\x1b[0m \x1b[3mitalic\x1b[0m \x1b[4munderline\x1b[0m \x1b[7minverse\x1b[0m \x1b[9mstrike\x1b[0m \x1b[32;7m PASS \x1b[0m',
          'wide: 中文字符 한국어 ｆｕｌｌ, combining: e\u0301 n\u0303, emoji: \ud83d\ude80',
          '\x1b]8;;https://github.com/xtermjs/xterm.js\x1b\\a link to xterm.js\x1b]8;;\x1b\\ and \x1b]8;;mailto:dev@example.com\x1b\\mail\x1b]8;;\x1b\\',
        ].join('\n'),
      }),
    ],
  },
}

export const CutAndSpilled: Story = {
  args: {
    models: [
      terminalModel('spill', {
        card: 'terminal',
        command: 'npx vitest run 2>&1',
        exitCode: 0,
        output: corpusIntents[0]!.intent.output!.slice(0, 30_720),
        truncated: { shownBytes: 30_720, totalBytes: 144_356, reason: 'output limit' },
        spill: { path: '/home/USER/.claude/tool-results/vitest-run.txt', totalBytes: 144_356 },
      }),
    ],
  },
  play: async ({ canvasElement, args }) => {
    const pane = lightPane(canvasElement)
    await expect(within(pane).getByText(/Output cut \(output limit\)/)).toBeVisible()
    await userEvent.click(within(pane).getByRole('button', { name: 'Open' }))
    await expect(args.onOpenPath).toHaveBeenCalledWith(
      '/home/USER/.claude/tool-results/vitest-run.txt',
      undefined,
    )
  },
}

/** Real outputs from the corpus: Claude Code, Codex, SWE-agent, OpenHands. */
export const RealOutputsFromTheCorpus: Story = {
  args: {
    models: corpusIntents.map((c, i) => terminalModel(`corpus-${i}`, c.intent)),
  },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(pane.querySelectorAll('[data-card="terminal"]')).toHaveLength(corpusIntents.length)
    await expect(pane.textContent).not.toContain('\x1b')
  },
}
