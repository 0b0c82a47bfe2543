import { render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { awaitingPublish as awaiting } from '../../../stories/fixtures/approvals'
import { CardRenderer } from '../CardRenderer'
import { ToolcardsProvider } from '../host'

// The buttons' chunk refused (a CSP, offline): its import fails.
vi.mock('./ApprovalButtons', () => {
  throw new Error('chunk refused')
})

describe('approval buttons whose code cannot load', () => {
  it('keep the question and the options as text, and say that no decision can be sent from the card', async () => {
    render(
      <ToolcardsProvider onDecision={vi.fn()}>
        <CardRenderer model={awaiting} />
      </ToolcardsProvider>,
    )
    const group = screen.getByRole('group', { name: 'Approval needed' })
    const alert = await within(group).findByRole('alert')
    expect(alert).toHaveTextContent(/^Its buttons could not be loaded \(.+\)\.$/)
    expect(group).toHaveTextContent('Options offered: Allow once · Reject')
    expect(within(group).queryByRole('button')).toBeNull()
    // the rest of the card is there
    expect(screen.getByRole('article')).toHaveTextContent('npm publish')
  })
})
