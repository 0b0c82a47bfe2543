import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { CardRenderer } from '../src/cards/CardRenderer'
import { ToolcardsProvider } from '../src/cards/host'
import type { CardModel } from '../src/protocol'
import { Cards, type CardsProps } from './_shared/Cards'
import { lightPane } from './_shared/panes'
import { refactor20 } from './fixtures/diff'
import {
  failedReadModel,
  mcpErrorModel,
  sameToolCalls,
  subAgentModel,
  tallOutputModel,
} from './fixtures/generic'
import {
  completedButFailed,
  crlfFiles,
  devServer,
  everyEnd,
  failedAndEmpty,
  invalidDiff,
  longPaths,
  pureChanges,
} from './fixtures/glance'
import { showcaseModels } from './fixtures/showcase'

/** Cards in a panel of a given width (an editor side panel, a chat column, a full page). */
function Panel({ width, ...props }: CardsProps & { width?: number }) {
  return (
    <div style={{ width: width ?? '100%', maxWidth: '100%' }}>
      <Cards {...props} />
    </div>
  )
}

const meta = {
  title: 'Cards/At a glance',
  component: Panel,
  parameters: { layout: 'padded' },
  args: { models: [], onOpenPath: fn(), onOpenUrl: fn() },
} satisfies Meta<typeof Panel>

export default meta
type Story = StoryObj<typeof meta>

function headers(pane: HTMLElement) {
  return [...pane.querySelectorAll<HTMLElement>('article > [data-slot="card-header"]')]
}

async function titlesKeepTheirRoom(pane: HTMLElement) {
  for (const header of headers(pane)) {
    const title = header.querySelector('[data-slot="card-title"]')!
    const h = header.getBoundingClientRect().width
    await expect(title.getBoundingClientRect().width).toBeGreaterThanOrEqual(0.4 * h)
  }
}

/** An editor side panel, 320 px: titles keep their room, actions are icons, cards still collapse. */
export const SidePanel320: Story = {
  args: { width: 320, models: showcaseModels },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await titlesKeepTheirRoom(pane)
    // the diff is too narrow to split: no Split toggle
    await expect(within(pane).queryByRole('button', { name: 'Split' })).toBeNull()
    // icon buttons keep their words for assistive technology
    await expect(within(pane).getAllByRole('button', { name: 'Copy output' })[0]).toBeVisible()
    const toggle = pane.querySelector<HTMLButtonElement>('[data-card="read"] .tc-card-toggle')!
    await userEvent.click(toggle)
    await expect(pane.querySelector('[data-card="read"]')).toHaveAttribute('data-state', 'collapsed')
  },
}

/** A chat column, 420 px. */
export const ChatColumn420: Story = {
  args: { width: 420, models: showcaseModels },
  play: async ({ canvasElement }) => titlesKeepTheirRoom(lightPane(canvasElement)),
}

/** Exit 1, a timeout, SIGTERM, HTTP 404 and 500, permission denied: each reads as failed, once. */
export const CompletedButFailed: Story = {
  args: { models: completedButFailed },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const cards = [...pane.querySelectorAll('article')]
    await expect(cards).toHaveLength(completedButFailed.length)
    for (const card of cards) {
      await expect(card).toHaveAttribute('data-tone', 'failure')
      await expect(card.querySelector('[data-glyph="success"]')).toBeNull()
      await expect(card.querySelectorAll('[data-slot="card-detail"]').length).toBeLessThanOrEqual(1)
    }
    // SIGTERM once: one detail, not three badges
    await expect(pane.textContent?.match(/SIGTERM/g)).toHaveLength(1)
    await expect(within(pane).getByText('exit 143 · SIGTERM')).toBeVisible()
  },
}

/** Every way a call ends, each with its own look: success, running, failed, cancelled, rejected, waiting. */
export const EveryEnd: Story = {
  args: { models: everyEnd },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const tones = [...pane.querySelectorAll('article')].map((a) => a.getAttribute('data-tone'))
    await expect(tones).toEqual(['success', 'busy', 'failure', 'cancelled', 'cancelled', 'waiting'])
    const cancelled = pane.querySelectorAll('article')[3]!
    await expect(getComputedStyle(cancelled).borderTopStyle).toBe('dashed')
    await expect(within(pane).getByText('Rejected')).toBeVisible()
    // the success shows an icon; its word is there for screen readers
    const ok = pane.querySelector('article [data-slot="card-status"]')!
    await expect(ok).toHaveTextContent('Completed')
    await expect(ok.querySelector('[data-glyph="success"]')).not.toBeNull()
  },
}

/** Long paths in a 360 px panel: the directories shrink, the file name stays, the whole path on hover. */
export const LongPaths: Story = {
  args: { width: 360, models: longPaths },
  play: async (context) => longPathsPlay(context.canvasElement),
}

/**
 * The same in a 320 px panel: the directories and then the verb ("Edit") give way, the file name stays
 * (at 320 px it was cut: the verb kept its width).
 */
export const LongPathsNarrow: Story = {
  args: { width: 320, models: longPaths },
  play: async (context) => longPathsPlay(context.canvasElement),
}

async function longPathsPlay(canvasElement: HTMLElement) {
  const pane = lightPane(canvasElement)
  const names = [...pane.querySelectorAll<HTMLElement>('[data-slot="card-header"] .tc-pathtext-name')]
  await expect(names.length).toBeGreaterThanOrEqual(3)
  for (const name of names) {
    // not cut: its whole text fits in its box
    await expect(name.scrollWidth).toBeLessThanOrEqual(name.clientWidth + 1)
    const path = name.closest('[data-slot="path"]')!
    await expect(path.getAttribute('title')?.endsWith(name.textContent ?? '')).toBe(true)
  }
  await expect(
    within(pane).getByText('session_live_recorder.rs', {
      selector: '[data-slot="card-title"] .tc-pathtext-name',
    }),
  ).toBeVisible()
}

/** Failed and empty results say so in their own words: no "(empty)", no language badge, no error twice. */
export const FailedAndEmpty: Story = {
  args: { models: failedAndEmpty },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const [missing, stderrOnly, editFailed, emptyNew, emptyRead, noMatches] = [
      ...pane.querySelectorAll('article'),
    ]
    await expect(missing!.querySelector('[data-slot="read-language"]')).toBeNull()
    await expect(within(missing as HTMLElement).queryByRole('button', { name: 'Wrap' })).toBeNull()
    await expect(missing!.textContent).not.toContain('(empty)')
    await expect(missing!.textContent?.match(/File does not exist\./g)).toHaveLength(1)
    await expect(stderrOnly!.textContent).not.toContain('No output')
    await expect(stderrOnly!.textContent).toContain('No such file or directory')
    await expect(editFailed!.textContent?.match(/String to replace not found/g)).toHaveLength(1)
    await expect(emptyNew!.textContent).toContain('Created as an empty file.')
    await expect(emptyRead!.querySelector('[data-slot="card-summary"]')).toHaveTextContent('Empty file')
    await expect(noMatches!.textContent?.match(/no matches/gi)).toHaveLength(1)
  },
}

/** A CRLF file: "CRLF" once in the header, no marker on every line. */
export const CrlfFiles: Story = {
  args: { models: crlfFiles },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(pane.textContent).not.toContain('<U+000D>')
    await expect(pane.querySelectorAll('[data-slot="crlf"]')).toHaveLength(2)
  },
}

/** A pure addition and a pure deletion never split, even when the host asks for split. */
export const PureAdditionNeverSplits: Story = {
  args: { models: pureChanges, defaultDiffView: 'split' },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(within(pane).queryByRole('button', { name: 'Split' })).toBeNull()
    for (const body of pane.querySelectorAll('[data-slot="diff-body"]'))
      await expect(body).toHaveAttribute('data-view', 'unified')
  },
}

/** Split view falls back to unified in a card narrower than 640 px. */
export const SplitFallsBackWhenNarrow: Story = {
  args: { width: 560, models: [{ ...refactor20Model() }], defaultDiffView: 'split' },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await waitFor(() => expect(pane.querySelector('.tc-diff')).toHaveAttribute('data-view', 'unified'))
    await expect(within(pane).queryByRole('button', { name: 'Split' })).toBeNull()
  },
}

function refactor20Model(): CardModel {
  return { id: 'refactor', toolName: 'edit', args: {}, status: 'completed', intent: refactor20 }
}

/** Plain URLs in terminal output become safe links; other schemes stay text. */
export const TerminalUrls: Story = {
  args: { models: [devServer] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(lightPane(canvasElement))
    const local = canvas.getByRole('link', { name: 'http://localhost:5173/' })
    await expect(local).toHaveAttribute('rel', 'noopener noreferrer')
    await userEvent.click(local)
    await expect(args.onOpenUrl).toHaveBeenCalledWith('http://localhost:5173/')
    await expect(canvas.getByRole('link', { name: 'https://vite.dev/guide/' })).toBeVisible()
    await expect(canvas.queryByRole('link', { name: /javascript/ })).toBeNull()
  },
}

/** A sub-agent's markdown answer reads as markdown (same safe rules as the web card); raw on request. */
export const SubAgentMarkdown: Story = {
  args: { models: [subAgentModel] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    await expect(canvas.getByText('Findings')).toHaveClass('tc-md-heading')
    await expect(pane.querySelector('[data-slot="markdown"] ol')).not.toBeNull()
    const toggle = canvas.getByRole('button', { name: 'Text (markdown)' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(toggle)
    await expect(pane.querySelector('[data-slot="markdown"]')).toBeNull()
    await expect(pane.textContent).toContain('## Findings')
  },
}

/** Calls of one tool differ in their headers by their arguments; collapsed, they keep only Copy. */
export const SameToolCalls: Story = {
  args: { models: sameToolCalls },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const summaries = [...pane.querySelectorAll('[data-slot="card-summary"]')].map((s) => s.textContent)
    await expect(new Set(summaries).size).toBe(sameToolCalls.length)
    await expect(summaries[0]).toBe('src/cart.ts · false')
    for (const toggle of pane.querySelectorAll<HTMLButtonElement>('.tc-card-toggle'))
      await userEvent.click(toggle)
    await expect(pane.querySelectorAll('article[data-state="collapsed"]')).toHaveLength(sameToolCalls.length)
    await expect(pane.querySelectorAll('[data-slot="card-action"]')).toHaveLength(0)
    await expect(pane.querySelectorAll('[data-slot="card-copy"]')).toHaveLength(sameToolCalls.length)
  },
}

/** A tall output is capped with "Show all" (no 10,000 px page). */
export const TallGenericOutput: Story = {
  args: { models: [tallOutputModel()] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const cap = [...pane.querySelectorAll<HTMLElement>('[data-slot="height-cap"]')].at(-1)!
    await waitFor(() => expect(cap).toHaveAttribute('data-state', 'capped'))
    await expect(pane.querySelector('article')!.getBoundingClientRect().height).toBeLessThan(700)
    await userEvent.click(within(cap).getByRole('button', { name: 'Show all' }))
    await expect(cap).toHaveAttribute('data-state', 'full')
  },
}

/** A failed read whose output repeats the error says it once; an MCP error result reads as failed. */
export const GenericFailures: Story = {
  args: { models: [failedReadModel, mcpErrorModel] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const [read, mcp] = [...pane.querySelectorAll('article')]
    await expect(read!.textContent?.match(/File does not exist\./g)).toHaveLength(1)
    await expect(read!.querySelector('[data-slot="card-summary"]')).toHaveTextContent(
      '/Users/dev/code/shop/src/missing.ts',
    )
    await expect(mcp).toHaveAttribute('data-tone', 'failure')
  },
}

/** Problems quote field names as code, not as raw backticks. */
export const ProblemsAsCode: Story = {
  args: { models: [invalidDiff] },
  play: async ({ canvasElement }) => {
    const problems = lightPane(canvasElement).querySelector('[data-slot="problems"]')!
    await expect(problems.textContent).not.toContain('`')
    await expect([...problems.querySelectorAll('li code')].map((c) => c.textContent)).toContain('patch')
  },
}

/** Pressed toggles are unmistakable: fill, border and weight differ from unpressed ones. */
export const PressedToggles: Story = {
  args: { models: [showcaseModels[3]!] },
  play: async ({ canvasElement }) => {
    const canvas = within(lightPane(canvasElement))
    const unified = getComputedStyle(canvas.getByRole('button', { name: 'Unified' }))
    const split = getComputedStyle(canvas.getByRole('button', { name: 'Split' }))
    await expect(unified.backgroundColor).not.toBe(split.backgroundColor)
    await expect(unified.borderTopColor).not.toBe(split.borderTopColor)
    await expect(Number(unified.fontWeight)).toBeGreaterThan(Number(split.fontWeight))
  },
}

const RUNNING: CardModel = {
  id: 'finishing',
  toolName: 'run',
  args: {},
  status: 'running',
  intent: { card: 'terminal', command: 'npm test', output: 'running…\n' },
}

/** A card that runs, then finishes: its outcome is announced once in its polite live region. */
function FinishingCard() {
  const [model, setModel] = useState(RUNNING)
  useEffect(() => {
    const timer = setTimeout(
      () =>
        setModel({
          ...RUNNING,
          status: 'completed',
          durationMs: 5230,
          intent: { card: 'terminal', command: 'npm test', output: '1 failed\n', exitCode: 1 },
        }),
      300,
    )
    return () => clearTimeout(timer)
  }, [])
  return (
    <ToolcardsProvider>
      <CardRenderer model={model} />
    </ToolcardsProvider>
  )
}

export const AnnouncesWhenItFinishes: Story = {
  render: () => <FinishingCard />,
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const region = pane.querySelector('[data-slot="card-announcement"]')!
    await expect(region).toHaveAttribute('aria-live', 'polite')
    await waitFor(() => expect(region).toHaveTextContent('$ npm test: Failed (exit 1)'))
  },
}
