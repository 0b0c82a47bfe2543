import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { CardRenderer } from '../src/cards/CardRenderer'
import type { CardModel } from '../src/protocol'

function Thrower(): never {
  throw new Error('boom: the card could not read its data')
}

/** A list of cards, one of which throws while rendering. */
function CardList({ models }: { models: CardModel[] }) {
  return (
    <div>
      {models.map((m) => (
        <CardRenderer key={m.id} model={m} />
      ))}
    </div>
  )
}

const meta = {
  title: 'Cards/CardRenderer',
  component: CardRenderer,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof CardRenderer>

export default meta
type Story = StoryObj<typeof meta>

const base = {
  toolName: 'custom_tool',
  args: { query: 'status', verbose: true },
  status: 'completed',
} as const

export const NoIntent: Story = {
  args: { model: { ...base, id: 'no-intent' } },
  play: async ({ canvasElement }) => {
    const canvas = inLight(canvasElement)
    await expect(canvas.getByText('custom_tool')).toBeVisible()
    await expect(canvas.getByText('"status"', { exact: false })).toBeVisible()
  },
}

export const InvalidIntent: Story = {
  args: {
    model: {
      ...base,
      id: 'invalid',
      intent: { card: 'diff', files: [{ path: 'a.ts', patch: '' }, { path: 42 }] },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = inLight(canvasElement)
    await expect(canvas.getByText('$.files[1].path')).toBeVisible()
    await expect(canvas.getByText(/expected string, got number/)).toBeVisible()
  },
}

export const NotJson: Story = {
  args: { model: { ...base, id: 'not-json', intent: '{"card": "terminal", "command": ' } },
  play: async ({ canvasElement }) => {
    await expect(inLight(canvasElement).getByText(/is not valid JSON/)).toBeVisible()
  },
}

export const UnknownCard: Story = {
  args: { model: { ...base, id: 'unknown', intent: { card: 'hologram', scene: 'x' } } },
  play: async ({ canvasElement }) => {
    await expect(inLight(canvasElement).getByText(/unknown card "hologram"/)).toBeVisible()
  },
}

export const ThrowingCardBesideGoodOne: Story = {
  args: { model: { ...base, id: 'good' } },
  render: () => (
    <div>
      <CardList models={[{ ...base, id: 'first', toolName: 'first_tool' }]} />
      <CardRendererWithThrower />
      <CardList models={[{ ...base, id: 'third', toolName: 'third_tool' }]} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = inLight(canvasElement)
    await expect(canvas.getByText('first_tool')).toBeVisible()
    await expect(canvas.getByText('third_tool')).toBeVisible()
    await expect(canvas.getByText(/boom: the card could not read its data/)).toBeVisible()
    await expect(canvas.getByText('broken-1', { exact: false })).toBeVisible()
  },
}

import { CardErrorBoundary } from '../src/cards/frame/CardErrorBoundary'
import { inLight } from './_shared/panes'

function CardRendererWithThrower() {
  return (
    <CardErrorBoundary cardId="broken-1" label="broken_tool">
      <Thrower />
    </CardErrorBoundary>
  )
}
