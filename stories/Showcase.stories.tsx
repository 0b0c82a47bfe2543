import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { LABELS_ZH_CN } from '../src/cards/labels-zh-cn'
import { Cards } from './_shared/Cards'
import { lightPane } from './_shared/panes'
import { showcaseModels } from './fixtures/showcase'

const meta = {
  title: 'Overview/All cards',
  component: Cards,
  parameters: { layout: 'padded' },
  args: { models: showcaseModels },
  decorators: [(Story) => <div style={{ maxWidth: 860 }}>{Story()}</div>],
} satisfies Meta<typeof Cards>

export default meta
type Story = StoryObj<typeof meta>

/** One card of each kind, as a session would show them. */
export const AllCards: Story = {
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    for (const kind of ['terminal', 'search', 'read', 'diff', 'web', 'generic']) {
      await expect(pane.querySelector(`[data-card="${kind}"]`)).not.toBeNull()
    }
    // the failing test run (exit 1) reads as failed at a glance, whatever the call's status said
    await expect(pane.querySelector('[data-card="terminal"]')).toHaveAttribute('data-tone', 'failure')
  },
}

/**
 * The same cards with the kit's Simplified Chinese labels and numbers formatted for `zh-CN`
 * (`<ToolcardsProvider labels={LABELS_ZH_CN} locale="zh-CN">`). Screenshots need CJK fonts on the machine (Debian:
 * fonts-noto-cjk).
 */
export const AllCardsInChinese: Story = {
  args: { labels: LABELS_ZH_CN, locale: 'zh-CN' },
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    const canvas = within(pane)
    await expect(canvas.getByText('失败')).toBeVisible()
    await expect(canvas.getByText('运行中', { selector: '.tc-status-label' })).toBeInTheDocument()
    await expect(canvas.getAllByRole('button', { name: '复制输出' }).length).toBeGreaterThan(0)
  },
}

/** A host's own words for a few labels (`labels` on the provider); the rest stay the kit's. */
export const HostLabels: Story = {
  args: {
    labels: {
      status: { failed: 'Broken', running: 'Working…' },
      copyOutput: 'Copy log',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(lightPane(canvasElement))
    await expect(canvas.getByText('Broken')).toBeVisible()
    await expect(canvas.getByText('Working…')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Copy log' })).toBeVisible()
  },
}
