import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { Cards } from './_shared/Cards'
import { inLight, lightPane } from './_shared/panes'
import { APPROVAL_CALLS, approvalModels } from './fixtures/approvals'

// Every approval state of every card kind (terminal, diff, read, search, web, generic), each state one
// story with the six cards, folded from session events (stories/fixtures/approvals.ts).

const meta = {
  title: 'Cards/Approvals',
  component: Cards,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Cards>

export default meta
type Story = StoryObj<typeof meta>

const KINDS = Object.keys(APPROVAL_CALLS)

function cardsIn(canvasElement: HTMLElement): HTMLElement[] {
  return [...lightPane(canvasElement).querySelectorAll<HTMLElement>('article.tc-card')]
}

/** The host takes decisions: each card shows its preview and the four options as buttons. */
export const Awaiting: Story = {
  args: { models: approvalModels('awaiting'), onDecision: fn() },
  play: async ({ canvasElement, args }) => {
    // the buttons' code loads on first use: the options show as text for that moment
    await inLight(canvasElement).findAllByRole('button', { name: 'Reject' })
    const cards = cardsIn(canvasElement)
    await expect(cards.map((c) => c.dataset.card)).toEqual(KINDS)
    for (const card of cards) {
      await expect(card.dataset.status).toBe('awaiting-approval')
      const group = card.querySelector('.tc-approval')!
      await expect(group).toHaveAccessibleName(/Approval needed/)
      const labels = [...group.querySelectorAll('button')].map((b) => b.textContent)
      await expect(labels).toEqual(['Allow once', 'Always allow', 'Reject', 'Never allow'])
    }
    // The previews: the command, the diff, the path, the query, the URL, the arguments.
    const previews = [
      'rm -rf build && npm run build',
      "'Hi, ' + name",
      'config/secrets.txt',
      'API_KEY',
      'example.com/install.sh',
      '"ACME Ltd"',
    ]
    for (const [i, text] of previews.entries()) await expect(cards[i]).toHaveTextContent(text)
    // Keyboard: from the terminal card's reject option, Tab walks the options in order; nothing is sent.
    const [terminal] = cards
    const buttons = [...terminal!.querySelectorAll<HTMLButtonElement>('.tc-approval button')]
    await expect(buttons.filter((b) => b.hasAttribute('data-default')).map((b) => b.textContent)).toEqual([
      'Reject',
    ])
    buttons[0]!.focus()
    for (const expected of buttons.slice(1)) {
      await userEvent.tab()
      await expect(document.activeElement).toBe(expected)
    }
    await expect(args.onDecision).not.toHaveBeenCalled()
    // One decision per request: pressing Reject twice (mouse, then keyboard) sends it once.
    await userEvent.click(buttons[2]!)
    buttons[2]!.focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(buttons[0]!)
    await expect(args.onDecision).toHaveBeenCalledTimes(1)
    await expect(args.onDecision).toHaveBeenCalledWith('ask-terminal', 'reject')
    await expect(terminal!.querySelector('[role="status"]')).toHaveTextContent('Sending “Reject”…')
  },
}

/** A host whose callback throws: the card says so and the options come back. */
export const SendingFails: Story = {
  args: {
    models: approvalModels('awaiting').slice(0, 1),
    onDecision: fn(() => {
      throw new Error('the agent has gone away')
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = inLight(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Allow once' }))
    await expect(
      await canvas.findByText(/Sending the decision failed: the agent has gone away/),
    ).toBeVisible()
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Allow once' })).not.toHaveAttribute('aria-disabled'),
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Reject' }))
    await expect(args.onDecision).toHaveBeenCalledTimes(2)
  },
}

/** No `onDecision` (a replay, a read-only viewer): the options are listed, no button could send one. */
export const AwaitingReadOnly: Story = {
  args: { models: approvalModels('awaiting') },
  play: async ({ canvasElement }) => {
    for (const card of cardsIn(canvasElement)) {
      await expect(card.querySelectorAll('.tc-approval button')).toHaveLength(0)
      await expect(card.querySelector('.tc-approval')).toHaveTextContent(
        'Waiting for a decision. Options offered: Allow once · Always allow · Reject · Never allow',
      )
    }
  },
}

export const Allowed: Story = {
  args: { models: approvalModels('allowed'), onDecision: fn() },
  play: async ({ canvasElement }) => {
    for (const card of cardsIn(canvasElement)) {
      await expect(card.dataset.status).toBe('running')
      await expect(card.querySelectorAll('.tc-approval button')).toHaveLength(0)
      await expect(card.querySelector('.tc-approval')).toHaveTextContent('Decision: Allow once by ada')
    }
  },
}

export const AllowedThenCompleted: Story = {
  args: { models: approvalModels('allowed-completed'), onDecision: fn() },
  play: async ({ canvasElement }) => {
    for (const card of cardsIn(canvasElement)) {
      await expect(card.dataset.status).toBe('completed')
      await expect(card.querySelector('.tc-approval')).toHaveTextContent('Decision: Always allow by ada')
    }
  },
}

export const AllowedThenFailed: Story = {
  args: { models: approvalModels('allowed-failed'), onDecision: fn() },
  play: async ({ canvasElement }) => {
    for (const card of cardsIn(canvasElement)) await expect(card.dataset.status).toBe('failed')
  },
}

/** Rejected, not failed: the status says Rejected and the decision names who and why. */
export const Rejected: Story = {
  args: { models: approvalModels('rejected'), onDecision: fn() },
  play: async ({ canvasElement }) => {
    for (const card of cardsIn(canvasElement)) {
      await expect(card.dataset.status).toBe('rejected')
      await expect(card.querySelector('[data-slot="card-status"]')).toHaveTextContent('Rejected')
      await expect(card.querySelector('[data-slot="card-status"]')).not.toHaveTextContent('Failed')
      await expect(card.querySelector('.tc-approval')).toHaveTextContent(
        'Decision: Reject by ada — Not this one',
      )
      await expect(card.querySelectorAll('.tc-approval button')).toHaveLength(0)
    }
  },
}

export const RejectedAlways: Story = {
  args: { models: approvalModels('rejected-always'), onDecision: fn() },
  play: async ({ canvasElement }) => {
    for (const card of cardsIn(canvasElement)) {
      await expect(card.dataset.status).toBe('rejected')
      await expect(card.querySelector('.tc-approval')).toHaveTextContent('Decision: Never allow by policy')
    }
  },
}

/** Asked, then cancelled before anyone decided: no button is left that would send a decision. */
export const EndedUndecided: Story = {
  args: { models: approvalModels('undecided'), onDecision: fn() },
  play: async ({ canvasElement }) => {
    for (const card of cardsIn(canvasElement)) {
      await expect(card.dataset.status).toBe('cancelled')
      await expect(card.querySelector('.tc-approval')).toHaveTextContent('No decision was made.')
      await expect(card.querySelectorAll('.tc-approval button')).toHaveLength(0)
    }
  },
}
