import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { DiffCard } from '../src/cards/diff'
import { Cards } from './_shared/Cards'
import { exampleIntent, intentDocs } from './_shared/intentDocs'
import { lightPane } from './_shared/panes'
import {
  acpShape,
  big10k,
  binaryFile,
  claudeEdits,
  codexPatchIntent,
  crlf,
  deletedFile,
  diffModel,
  hostile,
  malformed,
  mergeCommit,
  minifiedLine,
  newFile,
  notADiff,
  oneLineFix,
  openhandsEdits,
  otherTools,
  refactor20,
  renameWithChanges,
  streamingPatch,
  thousandFiles,
} from './fixtures/diff'

const LEAD =
  'Edits to one or more files, from a unified patch or from old and new texts: unified or split view, syntax colours, word-level marks, collapsed context, new, deleted, renamed and binary files; a failed edit keeps the change it asked for.'

const meta = {
  title: 'Cards/DiffCard',
  // The docs page documents the card's own component; every story renders through CardRenderer, as a host does.
  component: DiffCard as unknown as typeof Cards,
  tags: ['autodocs'],
  render: (args) => <Cards {...args} />,
  parameters: {
    layout: 'padded',
    docs: { description: { component: intentDocs('diff', LEAD, exampleIntent('diff')) } },
  },
  args: { onOpenPath: fn(), onDiffViewChange: fn() },
} satisfies Meta<typeof Cards>

export default meta
type Story = StoryObj<typeof meta>

export const OneLineFix: Story = {
  args: { models: [diffModel('fix', oneLineFix)] },
  play: async ({ canvasElement, args }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    await expect(
      canvas.getByText('1 added, 1 removed', { selector: '.tc-card-summary .tc-sr-only' }),
    ).toBeInTheDocument()
    // word-level marks: only "value + 1" → "value" differs
    await waitFor(() => expect(pane.querySelectorAll('mark.tc-diff-word').length).toBeGreaterThanOrEqual(1), {
      timeout: 10_000,
    })
    const marks = pane.querySelectorAll('mark.tc-diff-word')
    await expect([...marks].map((m) => m.textContent).join('')).toBe(' + 1')
    await userEvent.click(canvas.getByRole('button', { name: 'Open src/math.ts at line 13' }))
    await expect(args.onOpenPath).toHaveBeenCalledWith('src/math.ts', 13)
  },
}

export const OneLineFixSplit: Story = {
  args: { models: [diffModel('fix-split', oneLineFix)], defaultDiffView: 'split' },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(pane.querySelector('.tc-diff')).toHaveAttribute('data-view', 'split')
    await expect(pane.querySelectorAll('.tc-diff-half[data-kind="del"]')).toHaveLength(1)
    await expect(pane.querySelectorAll('.tc-diff-half[data-kind="add"]')).toHaveLength(1)
  },
}

export const ToggleView: Story = {
  args: { models: [diffModel('toggle', renameWithChanges)] },
  play: async ({ canvasElement, args }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    await userEvent.click(canvas.getByRole('button', { name: 'Split' }))
    await expect(pane.querySelector('.tc-diff')).toHaveAttribute('data-view', 'split')
    await expect(canvas.getByRole('button', { name: 'Split' })).toHaveAttribute('aria-pressed', 'true')
    await expect(args.onDiffViewChange).toHaveBeenCalledWith('split', 'toggle')
  },
}

export const NewFile: Story = { args: { models: [diffModel('new', newFile)] } }

export const DeletedFile: Story = { args: { models: [diffModel('deleted', deletedFile)] } }

export const RenameWithChanges: Story = {
  args: { models: [diffModel('rename', renameWithChanges)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(pane.querySelector('[data-slot="diff-file"]')).toHaveAttribute('data-status', 'renamed')
    await expect(pane.querySelector('[data-slot="diff-path"]')?.textContent).toBe(
      'src/helpers.ts →  renamed to src/utils/strings.ts',
    )
  },
}

export const Refactor20Files: Story = {
  args: { models: [diffModel('refactor', refactor20)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    // the list's names come in its frame turn after the first paint (DiffFiles): wait for them
    await waitFor(() => expect(pane.querySelectorAll('.tc-diff-filelist-jump')).toHaveLength(20))
    const sections = pane.querySelectorAll('[data-slot="diff-file"]')
    await expect(sections).toHaveLength(20)
    await expect(pane.querySelectorAll('[data-slot="diff-file"][data-state="expanded"]')).toHaveLength(8)
    const last = sections[19]!.querySelector('button.tc-diff-file-toggle')!
    await userEvent.click(last)
    await expect(sections[19]).toHaveAttribute('data-state', 'expanded')
  },
}

export const TenThousandLines: Story = {
  args: { models: [diffModel('big', big10k)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    // 2 x 20,000 lines of whole text are aligned after the first paint, in tasks of 8 ms
    await expect(
      await within(pane).findByText(
        '10,000 added, 10,000 removed',
        { selector: '.tc-card-summary .tc-sr-only' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument()
    // virtualized: a screenful of rows in the DOM, not 20,000
    await waitFor(() => expect(pane.querySelectorAll('[data-slot="diff-line"]').length).toBeGreaterThan(0))
    await expect(pane.querySelectorAll('[data-slot="diff-line"]').length).toBeLessThan(120)
  },
}

export const TenThousandLinesSplit: Story = {
  args: { models: [diffModel('big-split', big10k)], defaultDiffView: 'split' },
}

export const MinifiedLine: Story = {
  args: { models: [diffModel('min', minifiedLine)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(pane.querySelectorAll('.tc-diff-cut').length).toBeGreaterThan(0)
    // Wrap: the long line breaks inside the card instead of running off its edge
    const body = pane.querySelector<HTMLElement>('[data-slot="diff-body"]')!
    // unwrapped, the rows run past the card's edge: the body scrolls sideways
    const lines = body.querySelector<HTMLElement>('.tc-virtual-lines')!
    await expect(lines.scrollWidth).toBeGreaterThan(lines.clientWidth)
    await userEvent.click(within(pane).getByRole('button', { name: 'Wrap' }))
    await expect(body).toHaveAttribute('data-wrap', '')
    const wrapped = body.querySelector<HTMLElement>('[data-kind="add"] [data-slot="code-line"]')!
    await expect(wrapped.getBoundingClientRect().height).toBeGreaterThan(40)
  },
}

export const Crlf: Story = {
  args: { models: [diffModel('crlf', crlf)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(pane.textContent).not.toContain('<U+000D>')
    await expect(pane.querySelector('[data-slot="crlf"]')).not.toBeNull()
  },
}

export const FromOldAndNewText: Story = {
  args: { models: [diffModel('acp', acpShape)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    const expand = canvas.getByRole('button', { name: 'Expand 16 unchanged lines' })
    const before = pane.querySelectorAll('[data-slot="diff-line"]').length
    await userEvent.click(expand)
    await waitFor(() => expect(pane.querySelectorAll('[data-slot="diff-line"]').length).toBe(before + 16))
  },
}

export const Malformed: Story = {
  args: { models: [diffModel('bad', malformed)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(pane.querySelector('[data-slot="diff-problems"]')).not.toBeNull()
    await expect(pane.querySelector('[data-slot="diff-raw"]')).not.toBeNull()
    await expect(pane.querySelectorAll('[data-slot="diff-line"]').length).toBeGreaterThan(0)
  },
}

export const NotADiff: Story = {
  args: { models: [diffModel('notdiff', notADiff)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(within(pane).getByText(/could not be read/)).toBeVisible()
    await expect(within(pane).getByText('I could not apply the patch: permission denied')).toBeVisible()
  },
}

/** `git show` of a merge: its combined diff read against the first parent, with a notice saying so. */
export const MergeCommit: Story = {
  args: { models: [diffModel('merge', mergeCommit)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    // each file says so (the second once its section has come)
    await waitFor(() =>
      expect(within(pane).getAllByText(/A merge: its changes against the first parent/)).toHaveLength(2),
    )
    // a merge is not a malformed patch: no problem list, no raw text
    await expect(pane.querySelector('[data-slot="diff-problems"]')).toBeNull()
    await expect(pane.querySelector('[data-slot="diff-raw"]')).toBeNull()
    const lines = [...pane.querySelectorAll<HTMLElement>('[data-slot="code-line"]')]
    const kinds = (text: string) =>
      lines.filter((l) => l.textContent === text).map((l) => l.getAttribute('role'))
    // the hand-made line is added, the first parent's own lines 5 and 8 removed; the second's not shown
    await expect(kinds('line 5 both')).toEqual(['insertion'])
    await expect(kinds('line 5 main')).toEqual(['deletion'])
    await expect(kinds('line 5 side')).toEqual([])
    await expect(kinds('line 2 main')).toEqual([null])
  },
}

export const Binary: Story = {
  args: { models: [diffModel('bin', binaryFile)] },
  play: async ({ canvasElement }) => {
    await expect(
      within(lightPane(canvasElement)).getByText('Binary file: its contents are not shown.'),
    ).toBeVisible()
  },
}

/** Diffs from Subversion, Mercurial and BusyBox: their added, deleted and binary files read as such. */
export const FromOtherTools: Story = {
  args: { models: [diffModel('vcs', otherTools)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const names = [...pane.querySelectorAll('[data-slot="diff-path"]')].map((p) => p.textContent)
    await expect(names).toEqual(
      expect.arrayContaining(['add.txt', 'del.txt', 'bin.dat', 'edit.txt', 'B/bin.dat']),
    )
    // the files after the first come in the next task
    await waitFor(() =>
      expect(within(pane).getAllByText('Binary file: its contents are not shown.')).toHaveLength(3),
    )
  },
}

export const HostilePathsAndHeaders: Story = {
  args: { models: [diffModel('hostile', hostile)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(pane.querySelector('svg[onload], img[onerror], script')).toBeNull()
    await expect(within(pane).getAllByText('"><svg onload=alert(1)>.ts').length).toBeGreaterThan(0)
    await expect(pane.querySelector('[data-slot="diff-hunk"]')?.textContent).toContain(
      '<img src=x onerror=alert(1)>',
    )
    await expect(pane.querySelectorAll('[data-slot="invisible-marker"][data-bidi]').length).toBeGreaterThan(0)
    await expect(within(pane).getByText(/bidirectional control characters/)).toBeVisible()
  },
}

export const ThousandFiles: Story = {
  args: { models: [diffModel('thousand', thousandFiles)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(pane.querySelectorAll('[data-slot="diff-file"]')).toHaveLength(50)
    await userEvent.click(within(pane).getByRole('button', { name: /Show 50 more files/ }))
    await expect(pane.querySelectorAll('[data-slot="diff-file"]')).toHaveLength(100)
  },
}

export const Streaming: Story = {
  args: { models: [diffModel('stream', streamingPatch, 'running')] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(pane.querySelectorAll('[data-slot="diff-line"]').length).toBe(5)
    await expect(pane.querySelector('[data-slot="diff-problems"]')).toBeNull()
  },
}

export const ClaudeCodeEdits: Story = { args: { models: [diffModel('cc', claudeEdits)] } }

export const CodexPatch: Story = { args: { models: [diffModel('codex', codexPatchIntent)] } }

export const OpenHandsEdits: Story = {
  args: { models: [diffModel('oh', openhandsEdits)], defaultDiffView: 'split' },
}
