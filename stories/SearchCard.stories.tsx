import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { SearchCard } from '../src/cards/search'
import { Cards } from './_shared/Cards'
import { exampleIntent, intentDocs } from './_shared/intentDocs'
import { lightPane } from './_shared/panes'
import {
  badRanges,
  corpusSearches,
  countResult,
  emptyResult,
  globListing,
  grepWithContext,
  hostileSearch,
  longLines,
  manyMatches,
  searchModel,
  smallGrep,
  trojanSource,
} from './fixtures/search'

const LEAD =
  'Matches grouped by file with their line numbers and highlighted ranges, context lines, a filter by path, files-only and count results, and what was cut.'

const meta = {
  title: 'Cards/SearchCard',
  // The docs page documents the card's own component; every story renders through CardRenderer, as a host does.
  component: SearchCard as unknown as typeof Cards,
  tags: ['autodocs'],
  render: (args) => <Cards {...args} />,
  parameters: {
    layout: 'padded',
    docs: { description: { component: intentDocs('search', LEAD, exampleIntent('search')) } },
  },
  args: { onOpenPath: fn() },
} satisfies Meta<typeof Cards>

export default meta
type Story = StoryObj<typeof meta>

export const SmallGrep: Story = {
  args: { models: [searchModel('small', smallGrep)] },
  play: async ({ canvasElement, args }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    await expect(
      canvas.getByText('5 matches in 3 files', { selector: '[data-slot="card-summary"]' }),
    ).toBeVisible()
    // the query is found literally and highlighted in each matched line
    await expect(pane.querySelectorAll('mark[data-slot="search-mark"]')).toHaveLength(5)
    await userEvent.click(canvas.getByTitle('Open src/cards/host.tsx at line 96'))
    await expect(args.onOpenPath).toHaveBeenCalledWith('src/cards/host.tsx', 96)
  },
}

export const KeyboardNavigation: Story = {
  args: { models: [searchModel('keys', smallGrep)] },
  play: async ({ canvasElement, args }) => {
    const pane = lightPane(canvasElement)
    const first = pane.querySelector<HTMLElement>('[data-row="0"]')!
    await expect(first).toHaveAttribute('tabindex', '0')
    first.focus()
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(document.activeElement).toBe(pane.querySelector('[data-row="1"]')))
    await userEvent.keyboard('jj')
    await waitFor(() => expect(document.activeElement).toBe(pane.querySelector('[data-row="3"]')))
    await expect(pane.querySelector('[data-row="3"]')).toHaveAttribute('tabindex', '0')
    await expect(pane.querySelector('[data-row="1"]')).toHaveAttribute('tabindex', '-1')
    await userEvent.keyboard('k')
    await waitFor(() => expect(document.activeElement).toBe(pane.querySelector('[data-row="2"]')))
    await userEvent.keyboard('{ArrowLeft}') // to the file row
    const fileRow = pane.querySelector<HTMLElement>('[data-row="2"]')!
    await waitFor(() => expect(document.activeElement?.getAttribute('data-slot')).toBe('search-file'))
    await userEvent.keyboard('{ArrowLeft}') // collapse it
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-expanded', 'false'))
    await expect(fileRow).toBeTruthy()
    await userEvent.keyboard('{ArrowRight}{ArrowDown}{Enter}')
    await expect(args.onOpenPath).toHaveBeenCalledWith('src/cards/frame/CardFrame.tsx', 15)
  },
}

export const WithContextLines: Story = {
  args: { models: [searchModel('context', grepWithContext)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(
      within(pane).getByText('3 matches in 2 files', { selector: '[data-slot="card-summary"]' }),
    ).toBeVisible()
    await expect(pane.querySelectorAll('[data-slot="search-line"][data-context]')).toHaveLength(3)
    // matched lines stand out from their dimmed context: a bar at the start, a darker number
    const match = pane.querySelector<HTMLElement>('[data-slot="search-line"]:not([data-context])')!
    const context = pane.querySelector<HTMLElement>('[data-slot="search-line"][data-context]')!
    await expect(getComputedStyle(match).boxShadow).not.toBe('none')
    await expect(getComputedStyle(context).boxShadow).toBe('none')
    await expect(getComputedStyle(context.querySelector('.tc-search-text')!).color).not.toBe(
      getComputedStyle(match.querySelector('.tc-search-text')!).color,
    )
    await expect(pane.querySelectorAll('[data-slot="search-gap"]')).toHaveLength(1)
    await expect([...pane.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'TODO',
      'FIXME',
      'TODO',
      'TODO',
    ])
  },
}

export const GlobListing: Story = {
  args: { models: [searchModel('glob', globListing)] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(lightPane(canvasElement))
    await expect(canvas.getByText('6 files', { selector: '[data-slot="card-summary"]' })).toBeVisible()
    await userEvent.click(canvas.getByTitle('Open src/theme/tokens.css'))
    await expect(args.onOpenPath).toHaveBeenCalledWith('src/theme/tokens.css', undefined)
  },
}

export const Count: Story = {
  args: { models: [searchModel('count', countResult)] },
  play: async ({ canvasElement }) => {
    const canvas = within(lightPane(canvasElement))
    await expect(
      canvas.getByText('22 matches in 3 files', { selector: '[data-slot="card-summary"]' }),
    ).toBeVisible()
    await expect(canvas.getByText('12 matches')).toBeVisible()
  },
}

export const NoMatches: Story = {
  args: { models: [searchModel('empty', emptyResult)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    // said once, in the header
    await expect(
      within(pane).getByText('No matches', { selector: '[data-slot="card-summary"]' }),
    ).toBeVisible()
    await expect(pane.textContent?.match(/no matches/gi)).toHaveLength(1)
    await expect(pane.querySelector('[data-card="search"]')).toHaveAttribute('data-status', 'completed')
    await expect(pane.querySelector('[role="alert"]')).toBeNull()
  },
}

export const HundredThousandMatches: Story = {
  args: { models: [searchModel('many', manyMatches(100_000, 1000, 112_408))] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    await expect(
      // CardRenderer checks the 100,000 matches in slices first
      await canvas.findByText(
        'showing the first 100,000 of 112,408',
        { selector: '[data-slot="search-cut"]' },
        { timeout: 30_000 },
      ),
    ).toBeVisible()
    // virtualized: a window of rows, not 101,000
    await expect(pane.querySelectorAll('[data-row]').length).toBeLessThan(120)
    await userEvent.type(canvas.getByLabelText('Filter by path'), 'module-0999')
    await waitFor(() => expect(canvas.getByText('1 of 1,000 files')).toBeVisible())
    await expect(pane.querySelector('[data-row="0"]')?.textContent).toContain('module-0999.ts')
  },
}

export const LongLines: Story = {
  args: { models: [searchModel('long', longLines)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const marks = [...pane.querySelectorAll('mark')].map((m) => m.textContent)
    await expect(marks).toEqual(['sourceMappingURL', 'sourceMappingURL'])
    await expect(pane.querySelector('[data-row="1"]')!.textContent!.length).toBeLessThan(1200)
  },
}

export const OutOfRangeRanges: Story = {
  args: { models: [searchModel('ranges', badRanges)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const marks = [...pane.querySelectorAll('mark')].map((m) => m.textContent)
    // [-5,8] [8,2]->[2,8] [9,9999]->[9,13] [50,60] dropped, [2.4,7.6]->[2,8], [0,3]+[2,8]->[0,8], emoji pair kept whole
    await expect(marks).toEqual(['a needle', 'needle', 'here', 'needle', 'a needle', '😀 n'])
  },
}

export const TrojanSource: Story = {
  args: { models: [searchModel('trojan', trojanSource)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(within(pane).getByText(/bidirectional control characters/)).toBeVisible()
    await expect(within(pane).getAllByText('<U+202E>').length).toBeGreaterThan(0)
    await expect(within(pane).getAllByText('<U+200B>').length).toBe(2)
    await expect(pane.textContent).not.toContain('\u202e')
  },
}

export const HostileText: Story = {
  args: { models: [searchModel('hostile', hostileSearch)] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(pane.querySelector('img, script, iframe, svg:not([data-slot]), a')).toBeNull()
    await expect(within(pane).getByText('<svg onload=alert(3)>.ts')).toBeVisible()
  },
}

export const RealSearches: Story = {
  args: { models: corpusSearches.map((c) => c.model) },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await expect(pane.querySelectorAll('[data-card="search"]')).toHaveLength(corpusSearches.length)
    await expect(pane.querySelectorAll('[data-card="generic"]')).toHaveLength(0)
    await expect(within(pane).getAllByText('No matches').length).toBeGreaterThan(0)
  },
}

export const Running: Story = {
  args: { models: [searchModel('running', { ...emptyResult, query: 'pending' }, { status: 'running' })] },
  play: async ({ canvasElement }) => {
    await expect(within(lightPane(canvasElement)).getByText('Searching…')).toBeVisible()
  },
}

export const KeyboardThroughManyMatches: Story = {
  args: { models: [searchModel('many-keys', manyMatches(20_000, 200))] },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await within(pane).findByText('20,000 matches in 200 files', { selector: '[data-slot="card-summary"]' })
    pane.querySelector<HTMLElement>('[data-row="0"]')!.focus()
    await userEvent.keyboard('{End}')
    // the last row (200 file rows + 20,000 lines - 1) is scrolled into view, rendered and focused
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-row', '20199'))
    await expect(document.activeElement).toHaveAttribute('tabindex', '0')
    await userEvent.keyboard('{PageUp}k{Home}')
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-row', '0'))
  },
}
