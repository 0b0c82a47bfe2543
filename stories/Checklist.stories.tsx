import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { fromAcp } from '../src/adapters/acp'
import type { CardModel } from '../src/protocol'
import { foldSession } from '../src/session'
import { Cards } from './_shared/Cards'
import { inLight } from './_shared/panes'
import { ACP_SAMPLE } from './fixtures/acp-sample'
import { corpusCards } from './fixtures/adapter-corpus'

/** Plans and to-do lists from real sessions (test/fixtures/corpus through the adapters) as checklists. */
const meta = {
  title: 'Adapters/Plans and to-do lists',
  component: Cards,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Cards>

export default meta
type Story = StoryObj<typeof meta>

function firstOf(file: string, tool: string, nth = 0): CardModel {
  const card = corpusCards(file).filter((c) => c.toolName === tool)[nth]
  if (!card) throw new Error(`no ${tool} call in ${file}`)
  return card
}

export const ClaudeCodeTodoWrite: Story = {
  name: 'Claude Code TodoWrite (1.0.98)',
  args: { models: [firstOf('claude-code/fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl', 'TodoWrite', 1)] },
  play: async ({ canvasElement }) => {
    const canvas = inLight(canvasElement)
    const list = canvas.getByRole('list', { name: /^Plan, \d+ of \d+ done$/ })
    await expect(list).toBeVisible()
    await expect(canvas.getAllByRole('listitem').length).toBeGreaterThan(1)
    // The plan shows as a checklist, not as the input's JSON tree.
    await expect(canvas.queryByText('Input')).toBeNull()
  },
}

export const CodexUpdatePlan: Story = {
  name: 'Codex update_plan (rollout 0.39)',
  args: {
    models: [
      firstOf('codex/rollout-0.39-vibe-coding-tracker.jsonl', 'update_plan', 0),
      firstOf('codex/rollout-0.39-vibe-coding-tracker.jsonl', 'update_plan', 3),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = inLight(canvasElement)
    await expect(canvas.getAllByRole('list', { name: /^Plan, \d+ of \d+ done$/ })).toHaveLength(2)
    // The first plan starts the work (nothing done, one step in progress); the later one has done steps.
    await expect(canvas.getByRole('list', { name: /^Plan, 0 of \d+ done$/ })).toBeVisible()
    await expect(canvas.getByRole('list', { name: /^Plan, [1-9]\d* of \d+ done$/ })).toBeVisible()
    await expect(
      canvas.getAllByText('Scan repo for go.mod and version strings').length,
    ).toBeGreaterThanOrEqual(1)
  },
}

export const AcpPlan: Story = {
  name: 'ACP plan update (with priorities)',
  args: { models: foldSession(fromAcp(ACP_SAMPLE)).cards.filter((c) => c.toolName === 'plan') },
  play: async ({ canvasElement }) => {
    const canvas = inLight(canvasElement)
    await expect(canvas.getByRole('list', { name: 'Plan, 1 of 3 done' })).toBeVisible()
    await expect(canvas.getByText('high')).toBeVisible()
  },
}

export const Empty: Story = {
  name: 'An empty to-do list',
  args: {
    models: [
      {
        id: 'empty',
        toolName: 'TodoWrite',
        args: { todos: [] },
        status: 'completed',
        intent: { card: 'generic', title: 'To-do list', input: { todos: [] }, checklist: { items: [] } },
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(inLight(canvasElement).getByText('(no items)')).toBeVisible()
  },
}

export const HostileText: Story = {
  name: 'Item text with a bidi override and a very long word',
  args: {
    models: [
      {
        id: 'hostile',
        toolName: 'update_plan',
        args: {},
        status: 'completed',
        intent: {
          card: 'generic',
          checklist: {
            explanation: '<img src=x onerror=alert(1)> is text',
            items: [
              { text: `rename access\u202egnp.exe check`, status: 'in_progress' },
              { text: 'x'.repeat(300), status: 'cancelled' },
            ],
          },
        },
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = inLight(canvasElement)
    await expect(canvas.getByText('<img src=x onerror=alert(1)> is text')).toBeVisible()
    await expect(canvasElement.querySelector('img')).toBeNull()
  },
}
