// A provider that numbers its calls per turn gives the same call id in each assistant message (ai 7's own
// stream keeps them apart). The whole-chat hook shows each as a card of its own, and a decision on the later
// one reaches that one's approval request.
import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useAiSdkSession } from '../../src/ai-sdk'

const bash = (state: string, command: string, approval?: object) => ({
  type: 'tool-bash',
  toolCallId: 'functions.bash:0',
  state,
  input: { command },
  ...(approval ? { approval } : {}),
  ...(state === 'output-available' ? { output: { stdout: 'ok' } } : {}),
})

describe('useAiSdkSession with a call id used again in a later message', () => {
  it('a decision on the later card answers its own request', async () => {
    const messages = [
      {
        id: 'a1',
        role: 'assistant',
        parts: [bash('output-available', 'ls', { id: 'ap-1', approved: true })],
      },
      { id: 'a2', role: 'assistant', parts: [bash('approval-requested', 'rm -rf build', { id: 'ap-2' })] },
    ]
    const addToolApprovalResponse = vi.fn()
    const { result } = renderHook(() => useAiSdkSession(messages, { addToolApprovalResponse }))
    expect(result.current.state.cards.map((c) => [c.id, c.status])).toEqual([
      ['functions.bash:0', 'completed'],
      ['functions.bash:0~2', 'awaiting-approval'],
    ])
    await result.current.onDecision?.('functions.bash:0~2', 'reject')
    expect(addToolApprovalResponse).toHaveBeenCalledWith({ id: 'ap-2', approved: false })
    // the first call awaits nothing
    await expect(result.current.onDecision?.('functions.bash:0', 'allow')).rejects.toThrow(
      /awaits no decision/,
    )
  })
})
