import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { ApprovalOption, CardModel } from '../../protocol'
import { CardRenderer } from '../CardRenderer'
import { ToolcardsProvider } from '../host'
import { loadApprovalButtons } from './Approval'

const options: ApprovalOption[] = [
  { optionId: 'yes', kind: 'allow_once', label: 'Allow once' },
  { optionId: 'always', kind: 'allow_always', label: 'Always allow npm' },
  { optionId: 'no', kind: 'reject_once', label: 'Reject' },
  { optionId: 'never', kind: 'reject_always', label: 'Never' },
]
const awaiting: CardModel = {
  id: 'c1',
  toolName: 'shell',
  args: { command: 'npm publish' },
  status: 'awaiting-approval',
  intent: { card: 'terminal', command: 'npm publish' },
  approval: { options, reason: 'Publishes a package' },
}

function renderCard(model: CardModel, onDecision?: (callId: string, optionId: string) => unknown) {
  return render(
    <ToolcardsProvider onDecision={onDecision as never}>
      <CardRenderer model={model} />
    </ToolcardsProvider>,
  )
}

describe("before the buttons' code has loaded (it loads on first use)", () => {
  it('the server renders the question and the options as text, no button', () => {
    const html = renderToString(
      <ToolcardsProvider onDecision={() => {}}>
        <CardRenderer model={awaiting} />
      </ToolcardsProvider>,
    )
    expect(html).toContain('Approval needed')
    expect(html).toContain('Waiting for a decision. Options offered:')
    expect(html).toContain('Never')
    expect(html).not.toContain('<button type="button" class="tc-button tc-approval-option')
  })

  it('the page shows the options as text, then the buttons, and focus goes to the reject option', async () => {
    renderCard(awaiting, vi.fn())
    const group = screen.getByRole('group', { name: 'Approval needed: Publishes a package' })
    expect(group).toHaveTextContent(
      'Waiting for a decision. Options offered: Allow once · Always allow npm · Reject · Never',
    )
    expect(within(group).queryByRole('button')).toBeNull()
    // the bar is rendered again with its buttons
    await screen.findByRole('button', { name: 'Never' })
    const buttons = within(
      screen.getByRole('group', { name: 'Approval needed: Publishes a package' }),
    ).getAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual(['Allow once', 'Always allow npm', 'Reject', 'Never'])
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reject' })))
  })
})

describe('the approval bar', () => {
  beforeAll(async () => {
    await loadApprovalButtons()
  })

  it('shows the preview (the command) and the options as buttons in the host order', () => {
    renderCard(awaiting, vi.fn())
    const card = screen.getByRole('article')
    expect(card).toHaveAttribute('data-status', 'awaiting-approval')
    expect(card).toHaveTextContent('npm publish')
    const group = within(card).getByRole('group', { name: 'Approval needed: Publishes a package' })
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Allow once', 'Always allow npm', 'Reject', 'Never'])
    expect(within(card).getByText('Awaiting approval')).toBeInTheDocument()
  })

  it('puts focus on the first reject option when nothing has focus, never on an allow option', () => {
    renderCard(awaiting, vi.fn())
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reject' }))
  })

  it('takes a reject_always option as the default when there is no reject_once', () => {
    renderCard({ ...awaiting, approval: { options: [options[0]!, options[3]!] } }, vi.fn())
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Never' }))
  })

  it('leaves focus where it is when something has it (a prompt field)', () => {
    const field = document.createElement('input')
    document.body.append(field)
    field.focus()
    renderCard(awaiting, vi.fn())
    expect(document.activeElement).toBe(field)
    field.remove()
  })

  it('with only allow options, focuses nothing', () => {
    renderCard({ ...awaiting, approval: { options: options.slice(0, 2) } }, vi.fn())
    expect(document.activeElement).toBe(document.body)
  })

  it('sends one decision per request, however often the options are pressed', async () => {
    const onDecision = vi.fn()
    renderCard(awaiting, onDecision)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Allow once' }))
    await user.click(screen.getByRole('button', { name: 'Allow once' }))
    await user.keyboard('{Enter}')
    await user.click(screen.getByRole('button', { name: 'Reject' }))
    expect(onDecision).toHaveBeenCalledTimes(1)
    expect(onDecision).toHaveBeenCalledWith('c1', 'yes')
    expect(screen.getByRole('status')).toHaveTextContent('Sending “Allow once”…')
    for (const b of screen.getAllByRole('button').filter((x) => x.closest('.tc-approval')))
      expect(b).toHaveAttribute('aria-disabled', 'true')
  })

  it('two clicks in the same task (before React re-renders) still send one decision', () => {
    const onDecision = vi.fn()
    renderCard(awaiting, onDecision)
    const reject = screen.getByRole('button', { name: 'Reject' })
    act(() => {
      reject.click()
      reject.click()
      screen.getByRole('button', { name: 'Allow once' }).click()
    })
    expect(onDecision).toHaveBeenCalledTimes(1)
    expect(onDecision).toHaveBeenCalledWith('c1', 'no')
  })

  it('a host that rejects gets the problem shown in the card, and the options back', async () => {
    const onDecision = vi.fn(async () => {
      throw new Error('socket closed')
    })
    renderCard(awaiting, onDecision)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Reject' }))
    expect(await screen.findByText('Sending the decision failed: socket closed')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reject' })).not.toHaveAttribute('aria-disabled')
    await user.click(screen.getByRole('button', { name: 'Never' }))
    expect(onDecision).toHaveBeenCalledTimes(2)
  })

  it('without onDecision, lists the options and offers no button', () => {
    renderCard(awaiting)
    const bar = document.querySelector('.tc-approval')!
    expect(bar.querySelectorAll('button')).toHaveLength(0)
    expect(bar).toHaveTextContent('Options offered: Allow once · Always allow npm · Reject · Never')
  })

  it('shows the decision, by whom and why, and no button, once decided', () => {
    const onDecision = vi.fn()
    renderCard(
      {
        ...awaiting,
        status: 'rejected',
        approval: { options, decision: { optionId: 'no', by: 'ada', reason: 'not today' } },
      },
      onDecision,
    )
    const card = screen.getByRole('article')
    expect(card).toHaveAttribute('data-status', 'rejected')
    expect(within(card).getByText('Rejected')).toBeInTheDocument()
    expect(within(card).queryByText('Failed')).toBeNull()
    expect(card.querySelector('.tc-approval')).toHaveTextContent('Decision: Reject by ada — not today')
    expect(card.querySelectorAll('.tc-approval button')).toHaveLength(0)
  })

  it('a status that moved on without a decision offers no button (nobody awaits one)', () => {
    for (const status of ['running', 'pending', 'completed', 'cancelled'] as const) {
      const { unmount } = renderCard({ ...awaiting, status }, vi.fn())
      expect(document.querySelectorAll('.tc-approval button')).toHaveLength(0)
      unmount()
    }
  })

  it('the buttons come back for a new request after the status moved on (a host that asks again)', () => {
    const onDecision = vi.fn()
    const { rerender } = renderCard(awaiting, onDecision)
    act(() => screen.getByRole('button', { name: 'Allow once' }).click())
    const decided = {
      ...awaiting,
      status: 'running' as const,
      approval: { options, decision: { optionId: 'yes' } },
    }
    rerender(
      <ToolcardsProvider onDecision={onDecision}>
        <CardRenderer model={decided} />
      </ToolcardsProvider>,
    )
    rerender(
      <ToolcardsProvider onDecision={onDecision}>
        <CardRenderer model={{ ...awaiting, approval: { options } }} />
      </ToolcardsProvider>,
    )
    expect(screen.getByRole('button', { name: 'Allow once' })).not.toHaveAttribute('aria-disabled')
  })

  it('survives an untrusted envelope: unknown decision option, hostile labels', () => {
    renderCard(
      {
        ...awaiting,
        status: 'completed',
        approval: { options, decision: { optionId: 'ghost\u202e' } },
      },
      vi.fn(),
    )
    expect(document.querySelector('.tc-approval')).toHaveTextContent('Decision: ghost')
    renderCard(
      {
        ...awaiting,
        approval: { options: [{ optionId: 'x', kind: 'allow_once', label: '<img src=x onerror=alert(1)>' }] },
      },
      vi.fn(),
    )
    expect(screen.getByRole('button', { name: '<img src=x onerror=alert(1)>' })).toBeInTheDocument()
    expect(document.querySelector('img')).toBeNull()
  })

  it('makes hidden characters visible in labels, reason and who decided (bidi, NUL, lone surrogates)', () => {
    renderCard(
      {
        ...awaiting,
        approval: {
          options: [{ optionId: '__proto__', kind: 'reject_once', label: 'Re\u202eject\u0000' }],
          reason: 'runs \ud800 now',
        },
      },
      vi.fn(),
    )
    const button = document.querySelector('.tc-approval button')!
    // The bidi override and the NUL are shown as markers, not applied or dropped.
    expect(button.textContent).toBe('Re<U+202E>ject<U+0000>')
    expect(document.querySelector('.tc-approval-heading')?.textContent).not.toContain('\ud800')
  })

  it('server-renders the same bar once its code has loaded (no effect runs on the server)', () => {
    const html = renderToString(
      <ToolcardsProvider onDecision={() => {}}>
        <CardRenderer model={awaiting} />
      </ToolcardsProvider>,
    )
    expect(html).toContain('data-status="awaiting-approval"')
    expect(html).toContain('data-kind="reject_always">Never</button>')
  })
})
