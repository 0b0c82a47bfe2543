import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { CardRenderer } from '../src/cards/CardRenderer'
import { GenericCard } from '../src/cards/generic'
import { intentDocs } from './_shared/intentDocs'
import { inLight } from './_shared/panes'
import { contentBlocksModel, failedModel, hostileModel, largeModel, smallModel } from './fixtures/generic'

const LEAD =
  'Any other tool, and the fallback of every card: the tool name, a summary and a tree of the raw arguments, the output as text, JSON, MCP content blocks or a checklist; an invalid intent shows its problems here.'

const meta = {
  title: 'Cards/GenericCard',
  // The docs page documents the card's own component; every story renders through CardRenderer, as a host does.
  component: GenericCard as unknown as typeof CardRenderer,
  tags: ['autodocs'],
  render: (args) => <CardRenderer {...args} />,
  parameters: {
    layout: 'padded',
    docs: { description: { component: intentDocs('generic', LEAD, smallModel.intent) } },
  },
} satisfies Meta<typeof CardRenderer>

export default meta
type Story = StoryObj<typeof meta>

export const Small: Story = {
  args: { model: smallModel },
  play: async ({ canvasElement }) => {
    const canvas = inLight(canvasElement)
    await expect(canvas.getByText('lookup_weather')).toBeVisible()
    await expect(canvas.getAllByText('"Lisbon"')).toHaveLength(2)
  },
}

export const Failed: Story = {
  args: { model: failedModel },
  play: async ({ canvasElement }) => {
    const canvas = inLight(canvasElement)
    await expect(canvas.getByText(/permission denied/)).toBeVisible()
    await expect(canvas.getByText('Failed')).toBeVisible()
  },
}

export const Large: Story = {
  args: { model: largeModel() },
  play: async ({ canvasElement }) => {
    const canvas = inLight(canvasElement)
    await expect(canvas.getByText('[ 1,000,000 items ]')).toBeVisible()
    // Only the first page of 100 is in the DOM.
    await expect(canvas.getByText('100 of 1,000,000 shown.')).toBeVisible()
    await userEvent.click(canvas.getAllByRole('button', { name: 'Show 100 more' })[1]!)
    await expect(canvas.getByText('200 of 1,000,000 shown.')).toBeVisible()
  },
}

export const Collapsed: Story = {
  args: { model: smallModel },
  play: async ({ canvasElement }) => {
    const canvas = inLight(canvasElement)
    const toggle = canvas.getByRole('button', { name: /lookup_weather/ })
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    toggle.focus()
    await userEvent.keyboard('{Enter}')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  },
}

export const HostileText: Story = {
  args: { model: hostileModel },
  play: async ({ canvasElement }) => {
    const pane = canvasElement.querySelector<HTMLElement>('[data-theme="light"]')!
    await expect(pane.querySelector('img, script, iframe, svg:not([data-slot]), style')).toBeNull()
    await expect(within(pane).getByText('<img src=x onerror="alert(1)">')).toBeVisible()
  },
}

export const ContentBlockOutput: Story = {
  args: { model: contentBlocksModel },
  play: async ({ canvasElement }) => {
    const pane = canvasElement.querySelector<HTMLElement>('[data-theme="light"]')!
    const images = pane.querySelectorAll('img')
    await expect(images).toHaveLength(1)
    await expect(images[0]!.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    await expect(within(pane).getByRole('link', { name: 'The spec' })).toHaveAttribute(
      'href',
      'https://example.com/spec',
    )
    await expect(within(pane).queryByRole('link', { name: 'evil link' })).toBeNull()
    await expect(within(pane).getByText('Resource 1: plain text')).toBeVisible()
  },
}

/** An MCP result at the 500-block limit: a page of 20 blocks, the rest behind "Show more". */
export const ManyContentBlocks: Story = {
  args: {
    model: {
      id: 'mcp-many-blocks',
      toolName: 'mcp__docs__search',
      args: { query: 'retry policy' },
      status: 'completed',
      durationMs: 840,
      intent: {
        card: 'generic',
        input: { query: 'retry policy' },
        output: {
          content: Array.from({ length: 500 }, (_, i) => ({
            type: 'text',
            text: `Result ${i + 1}: section ${i + 1} of the operations handbook mentions the retry policy.`,
          })),
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const pane = inLight(canvasElement)
    await expect(pane.getByText('Result 20:', { exact: false })).toBeVisible()
    await expect(pane.queryByText('Result 21:', { exact: false })).toBeNull()
    await userEvent.click(pane.getByRole('button', { name: 'Show 20 more' }))
    await expect(pane.getByText('Result 40:', { exact: false })).toBeInTheDocument()
  },
}
