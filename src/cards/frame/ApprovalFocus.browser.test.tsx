// In Chromium, with layout: the reject option takes focus when nothing has it and the bar is in view, and
// not when the bar is below the fold (a sweep at 320 px found focus moved to an off-screen "Reject": a
// user pressing Space to scroll the page would have sent it for a call never seen).
import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { awaitingPublish as awaiting } from '../../../stories/fixtures/approvals'
import { CardRenderer } from '../CardRenderer'
import { ToolcardsProvider } from '../host'
import { loadApprovalButtons } from './Approval'

function page(spacer: number) {
  ;(document.activeElement as HTMLElement | null)?.blur?.()
  return render(
    <ToolcardsProvider onDecision={() => {}}>
      <div style={{ height: spacer }} />
      <CardRenderer model={awaiting} />
    </ToolcardsProvider>,
  )
}

describe('the approval bar takes focus only where the user can see it', () => {
  it('in view: the reject option has focus', async () => {
    await loadApprovalButtons()
    const { unmount } = page(0)
    const reject = await screen.findByRole('button', { name: 'Reject' })
    await waitFor(() => expect(document.activeElement).toBe(reject))
    unmount()
  })

  it('below the fold: nothing takes focus', async () => {
    await loadApprovalButtons()
    const { unmount } = page(window.innerHeight + 400)
    await screen.findByRole('button', { name: 'Reject' })
    await new Promise((r) => setTimeout(r, 50))
    expect(document.activeElement).toBe(document.body)
    unmount()
  })
})
