import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { ReadCard } from '../src/cards/read'
import { Cards } from './_shared/Cards'
import { exampleIntent, intentDocs } from './_shared/intentDocs'
import { lightPane } from './_shared/panes'
import {
  binaryLooking,
  corpusIntents,
  dockerfile,
  emptyFile,
  hostileLanguage,
  middleRange,
  minified,
  nonLatin,
  readModel,
  smallTs,
  tenThousand,
  trojanSource,
  truncatedRead,
  unknownLanguage,
} from './fixtures/read'

const LEAD =
  'A file or a range of it, with its real line numbers, syntax colours, a language badge and what was cut; images, binary and empty files say what they are.'

const meta = {
  title: 'Cards/ReadCard',
  // The docs page documents the card's own component; every story renders through CardRenderer, as a host does.
  component: ReadCard as unknown as typeof Cards,
  tags: ['autodocs'],
  render: (args) => <Cards {...args} />,
  parameters: {
    layout: 'padded',
    docs: { description: { component: intentDocs('read', LEAD, exampleIntent('read')) } },
  },
  args: { onOpenPath: fn(), onCopy: fn() },
} satisfies Meta<typeof Cards>

export default meta
type Story = StoryObj<typeof meta>

async function highlighted(pane: HTMLElement) {
  await waitFor(() => expect(pane.querySelector('[data-tk]')).not.toBeNull(), { timeout: 10_000 })
}

export const SmallTypeScript: Story = {
  args: { models: [readModel('small', smallTs)] },
  play: async ({ canvasElement, args }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    await expect(pane.querySelector('[data-slot="card-title"] [data-slot="path"]')).toHaveAttribute(
      'title',
      'src/lib/retry.ts',
    )
    await expect(canvas.getByText('15 lines')).toBeVisible()
    // the language shows once the languages' table has loaded (import(), a few ms): never "Plain text" first
    await expect(canvas.queryByText('Plain text')).toBeNull()
    await expect(await canvas.findByText('TypeScript')).toBeVisible()
    await highlighted(pane)
    await expect(pane.querySelector('[data-tk="keyword"]')?.textContent).toBe('import')
    // a line number opens the file at that line
    await userEvent.click(canvas.getByRole('button', { name: 'Open src/lib/retry.ts at line 4' }))
    await expect(args.onOpenPath).toHaveBeenCalledWith('src/lib/retry.ts', 4)
    // Copy gives the original text
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }))
    await expect(args.onCopy).toHaveBeenCalledWith(smallTs.content)
  },
}

export const RangeFromTheMiddle: Story = {
  args: { models: [readModel('middle', middleRange)] },
  play: async ({ canvasElement, args }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    await expect(canvas.getByText('lines 120–180 of 2,400')).toBeVisible()
    await expect(pane.querySelector('[data-line="120"]')).not.toBeNull()
    await expect(pane.querySelector('[data-line="119"]')).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Open' }))
    await expect(args.onOpenPath).toHaveBeenCalledWith('src/server/handlers.ts', 120)
    await highlighted(pane)
  },
}

export const TenThousandLines: Story = {
  args: { models: [readModel('10k', tenThousand())] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    await expect(canvas.getByText('10,000 lines')).toBeVisible()
    // a preview first; all lines on demand, virtualized
    await userEvent.click(canvas.getByRole('button', { name: 'Show all 10,000 lines' }))
    await waitFor(() =>
      expect(pane.querySelector('[data-slot="read-content"]')).toHaveAttribute('data-view', 'all'),
    )
    const rows = pane.querySelectorAll('.tc-read-row')
    await expect(rows.length).toBeGreaterThan(10)
    await expect(rows.length).toBeLessThan(120)
    await highlighted(pane)
    // scroll far down: the rows there render and get colour too
    const scroller = pane.querySelector<HTMLElement>('[data-virtual]')
    if (scroller) {
      scroller.scrollTop = 9_000 * 20
      scroller.dispatchEvent(new Event('scroll'))
    }
    await waitFor(() => expect(pane.querySelector('[data-line="9001"]')).not.toBeNull())
    await waitFor(() => expect(pane.querySelector('[data-line="9001"] [data-tk]')).not.toBeNull(), {
      timeout: 10_000,
    })
  },
}

export const MinifiedOneLine: Story = {
  args: { models: [readModel('min', minified(300))] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    await expect(canvas.getByText(/line cut: 307,2\d\d characters/)).toBeVisible()
    // the line is over the highlighting limit: plain text, no freeze
    await expect(pane.querySelector('[data-tk]')).toBeNull()
  },
}

export const NonLatinText: Story = {
  args: { models: [readModel('i18n', nonLatin)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    await expect(await canvas.findByText('Python')).toBeVisible()
    await highlighted(pane)
    await expect(pane.textContent).toContain('"こんにちは、世界"')
    await expect(pane.textContent).toContain('مرحبا بالعالم')
  },
}

export const TrojanSource: Story = {
  args: { models: [readModel('trojan', trojanSource)] },
  play: async ({ canvasElement, args }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    await expect(canvas.getByText(/bidirectional control characters/)).toBeVisible()
    await expect(pane.textContent).toContain('<U+202E>')
    await expect(pane.textContent).toContain('<U+200B>')
    await expect(pane.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B]/)
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }))
    await expect(args.onCopy).toHaveBeenCalledWith(trojanSource.content)
  },
}

export const UnknownLanguage: Story = {
  args: { models: [readModel('unknown', unknownLanguage), readModel('hostile', hostileLanguage)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    await expect(canvas.getAllByText('Plain text')).toHaveLength(2)
    await expect(canvas.getByText('step 2: change it')).toBeVisible()
    await expect(pane.querySelector('[data-tk]')).toBeNull()
  },
}

export const BinaryLooking: Story = {
  args: { models: [readModel('binary', binaryLooking)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    // "binary, N bytes", not a wall of markers; the text on request
    await expect(canvas.getByText(/^Binary data, [\d.,]+ B: not shown\./)).toBeVisible()
    await expect(pane.textContent).not.toContain('<U+0000>')
    await userEvent.click(canvas.getByRole('button', { name: 'Show as text' }))
    await expect(pane.textContent).toContain('<U+0000>')
    await expect(pane.textContent).not.toContain('\u0000')
  },
}

export const WrapToggle: Story = {
  args: {
    models: [
      readModel('wrap', { ...smallTs, content: `${'const long = "'.concat('x'.repeat(400), '"')}\n` }),
    ],
  },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    const wrap = canvas.getByRole('button', { name: 'Wrap' })
    await expect(wrap).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(wrap)
    await expect(wrap).toHaveAttribute('aria-pressed', 'true')
    await expect(pane.querySelector('[data-slot="read-content"]')).toHaveAttribute('data-wrap', '')
  },
}

export const TruncatedAndSpilled: Story = {
  args: { models: [readModel('cut', truncatedRead)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(pane.querySelector('[data-slot="cut-notice"]')).not.toBeNull()
    await expect(within(pane).getByText('lines 1–40 of 50,000')).toBeVisible()
  },
}

export const EmptyAndDockerfile: Story = {
  args: { models: [readModel('empty', emptyFile), readModel('docker', dockerfile)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    await expect(canvas.getByText('Empty file')).toBeVisible()
    // an empty file has no language, no Wrap, no "(empty)" body
    await expect(pane.querySelectorAll('[data-slot="read-language"]')).toHaveLength(1)
    await expect(pane.textContent).not.toContain('(empty)')
    await expect(canvas.getByText('Dockerfile', { selector: '[data-slot="read-language"]' })).toBeVisible()
    await highlighted(pane)
  },
}

export const WithoutHostOpen: Story = {
  args: { models: [readModel('noopen', smallTs)], onOpenPath: undefined },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(within(pane).queryByRole('button', { name: /at line/ })).toBeNull()
    await expect(within(pane).queryByRole('button', { name: 'Open' })).toBeNull()
  },
}

export const RealReads: Story = {
  args: { models: corpusIntents.map((intent, i) => readModel(`corpus-${i}`, intent, { toolName: 'read' })) },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    await expect(canvas.getByText('lines 438–467 of 630')).toBeVisible()
    await expect(canvas.getAllByText('Elixir').length).toBeGreaterThan(0)
    await highlighted(pane)
  },
}
