import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { ToolcardsProvider } from '../src/cards/host'
import { CheckingCard } from '../src/cards/shared/checkedIntent'
import type { CardModel, SearchIntent } from '../src/protocol'
import { inLight } from './_shared/panes'

// A state that keeps a page responsive: a big intent checked in slices (the header shows meanwhile).

const matches = Array.from({ length: 100_000 }, (_, i) => ({
  path: `src/module${i % 1000}/file.ts`,
  line: (i % 400) + 1,
  text: `export const value${i} = compute(${i})`,
  ranges: [[13, 18]] as [number, number][],
}))

const bigSearch: CardModel = {
  id: 'big-search',
  toolName: 'grep',
  args: { pattern: 'value' },
  status: 'completed',
  intent: { card: 'search', query: 'value', mode: 'content', matches } satisfies SearchIntent,
}

const meta = {
  title: 'Cards/Performance',
  parameters: { layout: 'padded' },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** The frame while a big intent is checked in slices: the header at once, a status line in the body. */
export const CheckingABigIntent: Story = {
  render: () => (
    <ToolcardsProvider>
      <CheckingCard model={bigSearch} />
    </ToolcardsProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = inLight(canvasElement)
    await expect(canvas.getByRole('status')).toHaveTextContent('Checking the call…')
    await expect(canvas.getByText('grep')).toBeInTheDocument()
  },
}
