// Every AI SDK tool part state, from real useChat snapshots recorded from the example chat
// (test/fixtures/ai-sdk/web-chat.json, see its README), mapped to card models by `fromAiSdk` + `foldSession`,
// and rendered by `AiSdkToolParts` with approvals sent back through `addToolApprovalResponse`.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import {
  createReadFileTool,
  createScanSearchTool,
  createShellTool,
  demoFiles,
  fakeShellRunner,
  memoryFiles,
} from '../../examples/tools'
import { createEditFileTool } from '../../examples/web-chat/edit-file'
import { AI_SDK_TOOL_STATES, AiSdkToolParts, fromAiSdk, presentCallsOf } from '../../src/ai-sdk'
import type { CardModel } from '../../src/protocol'
import { foldSession } from '../../src/session'
import snapshots from '../fixtures/ai-sdk/web-chat.json'

type Part = {
  type: string
  toolCallId: string
  state: string
  input?: Record<string, unknown>
  output?: { toolcards?: number; intent?: { card?: string } }
  errorText?: string
  approval?: { id: string; approved?: boolean }
}
type Message = { id: string; role: string; parts: Part[] }
const SNAPSHOTS = snapshots as unknown as Message[][]

const presentCall = presentCallsOf([
  createShellTool(fakeShellRunner()),
  createReadFileTool(memoryFiles()),
  createScanSearchTool(demoFiles),
  createEditFileTool({}),
])

/** Each tool's own card, as its presentCall/presentResult make it. */
const KIND: Record<string, string> = {
  shell: 'terminal',
  read_file: 'read',
  search: 'search',
  edit_file: 'diff',
}
/** Fields a tool's call card needs before it is a valid intent (while the input streams). */
const NEEDS: Record<string, string[]> = {
  shell: ['command'],
  read_file: ['path'],
  search: ['query'],
  edit_file: ['path'],
}

function toolParts(snapshot: Message[]): Part[] {
  return snapshot.flatMap((m) => m.parts.filter((p) => p.type.startsWith('tool-')))
}

/** What the card of a part must be, from the AI SDK's documented meaning of each state. */
function expected(part: Part): Partial<CardModel> & { kind: string | undefined } {
  const tool = part.type.slice('tool-'.length)
  const complete = NEEDS[tool]!.every((k) => typeof part.input?.[k] === 'string')
  const callKind = part.state === 'input-streaming' && !complete ? undefined : KIND[tool]
  switch (part.state) {
    case 'input-streaming':
      return { status: 'pending', kind: callKind }
    case 'input-available':
      return { status: 'running', kind: callKind }
    case 'approval-requested':
      return { status: 'awaiting-approval', kind: callKind }
    case 'approval-responded':
      return { status: part.approval?.approved ? 'running' : 'rejected', kind: callKind }
    case 'output-available':
      return { status: 'completed', kind: KIND[tool] }
    case 'output-error':
      return { status: 'failed', kind: callKind, error: part.errorText! }
    case 'output-denied':
      return { status: 'rejected', kind: callKind }
    default:
      throw new Error(`unexpected state ${part.state}`)
  }
}

describe('recorded useChat snapshots → card models', () => {
  it('the recording holds every tool part state of the AI SDK', () => {
    const states = new Set(SNAPSHOTS.flatMap((s) => toolParts(s).map((p) => p.state)))
    expect([...states].sort()).toEqual([...AI_SDK_TOOL_STATES].sort())
  })

  it('every part of every snapshot becomes one card with the status, kind, approval and error its state means', () => {
    let checked = 0
    for (const snapshot of SNAPSHOTS) {
      const state = foldSession(fromAiSdk(snapshot, { presentCall }))
      expect(state.problems).toEqual([])
      const parts = toolParts(snapshot)
      expect(state.cards.map((c) => c.id)).toEqual(parts.map((p) => p.toolCallId))
      for (const [i, part] of parts.entries()) {
        const card = state.cards[i]!
        const { kind, ...envelope } = expected(part)
        expect(card, `${part.toolCallId} ${part.state}`).toMatchObject(envelope)
        expect((card.intent as { card?: string } | undefined)?.card, `${part.toolCallId} ${part.state}`).toBe(
          kind,
        )
        expect(card.toolName).toBe(part.type.slice('tool-'.length))
        if (part.approval) {
          expect(card.approval?.options.map((o) => o.kind)).toEqual(['allow_once', 'reject_once'])
          const decided = part.approval.approved
          expect(card.approval?.decision?.optionId).toBe(
            decided === undefined ? undefined : decided ? 'allow' : 'reject',
          )
        } else expect(card.approval).toBeUndefined()
        checked++
      }
    }
    expect(checked).toBeGreaterThan(100)
  })

  it('the final cards carry what the tools returned: output, the file, the matches, the edited file', () => {
    const last = SNAPSHOTS.at(-1)!
    const cards = foldSession(fromAiSdk(last, { presentCall })).cards
    const byId = Object.fromEntries(cards.map((c) => [c.id, c]))
    expect(byId.call_1).toMatchObject({
      status: 'completed',
      intent: {
        card: 'terminal',
        command: 'ls src',
        output: 'format.ts\ngreet.test.ts\ngreet.ts\n',
        exitCode: 0,
      },
    })
    expect(byId.call_2).toMatchObject({ status: 'failed', intent: { card: 'read', path: 'src/greeting.ts' } })
    expect(byId.call_2!.error).toMatch(/ENOENT/)
    expect(byId.call_3).toMatchObject({
      status: 'completed',
      intent: { card: 'read', path: 'src/greet.ts', totalLines: 7 },
    })
    expect((byId.call_4!.intent as { matches: unknown[] }).matches).toHaveLength(7)
    expect(byId.call_5).toMatchObject({ status: 'rejected', approval: { decision: { optionId: 'reject' } } })
    // The rejected edit still shows what it would have done.
    expect(JSON.stringify(byId.call_5!.intent)).toContain('Nice to see you.')
    expect(byId.call_6).toMatchObject({ status: 'completed', approval: { decision: { optionId: 'allow' } } })
    const edited = (byId.call_6!.intent as { files: Array<{ oldText: string; newText: string }> }).files[0]!
    expect(edited.oldText).toContain('return format(`Hello, ')
    expect(edited.newText).toContain('return format(`Hi, ')
  })

  it('without presentCall, a call shows the generic card (tool name, raw arguments) until its output', () => {
    const snapshot = SNAPSHOTS.find((s) => toolParts(s).some((p) => p.state === 'approval-requested'))!
    const card = foldSession(fromAiSdk(snapshot)).cards.find((c) => c.status === 'awaiting-approval')!
    expect(card.intent).toBeUndefined()
    expect(card.args).toMatchObject({ path: 'src/greet.ts' })
  })
})

describe('AiSdkToolParts on the recorded snapshots', () => {
  const asking = SNAPSHOTS.find((s) => toolParts(s).some((p) => p.state === 'approval-requested'))!
  const message = asking.at(-1)!
  const part = message.parts.find((p) => p.state === 'approval-requested')!

  it('renders the message tool parts as cards, in order, the edit with its diff and the options', async () => {
    render(<AiSdkToolParts message={message} presentCall={presentCall} addToolApprovalResponse={vi.fn()} />)
    // the buttons' code loads on first use
    await screen.findByRole('button', { name: 'Reject' })
    const cards = screen.getAllByRole('article')
    expect(cards.map((c) => `${c.dataset.card}:${c.dataset.status}`)).toEqual([
      'terminal:completed',
      'read:failed',
      'read:completed',
      'search:completed',
      'diff:awaiting-approval',
    ])
    const group = within(cards[4]!).getByRole('group', { name: /Approval needed/ })
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Allow once', 'Reject'])
  })

  it('sends the decision through addToolApprovalResponse with the AI SDK approval id, once', async () => {
    const respond = vi.fn()
    render(<AiSdkToolParts message={message} presentCall={presentCall} addToolApprovalResponse={respond} />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Reject' }))
    await user.click(screen.getByRole('button', { name: 'Reject' }))
    await user.click(screen.getByRole('button', { name: 'Allow once' }))
    expect(respond).toHaveBeenCalledTimes(1)
    expect(respond).toHaveBeenCalledWith({ id: part.approval!.id, approved: false })
  })

  it('a second card mounted for the same request does not send a second answer', async () => {
    const respond = vi.fn()
    const { rerender } = render(
      <AiSdkToolParts message={message} presentCall={presentCall} addToolApprovalResponse={respond} />,
    )
    await act(async () => (await screen.findByRole('button', { name: 'Allow once' })).click())
    // The same message again, as a new object (useChat re-renders): the card remounts, the request is answered.
    rerender(
      <AiSdkToolParts
        key="again"
        message={structuredClone(message)}
        presentCall={presentCall}
        addToolApprovalResponse={respond}
      />,
    )
    await act(async () => screen.getByRole('button', { name: 'Allow once' }).click())
    expect(respond).toHaveBeenCalledTimes(1)
    expect(respond).toHaveBeenCalledWith({ id: part.approval!.id, approved: true })
  })

  it('without addToolApprovalResponse, lists the options and offers no button', () => {
    render(<AiSdkToolParts message={message} presentCall={presentCall} />)
    const bar = document.querySelector('.tc-approval')!
    expect(bar.querySelectorAll('button')).toHaveLength(0)
    expect(bar).toHaveTextContent('Options offered: Allow once · Reject')
  })

  it('a part in an unknown state is reported under the cards and changes nothing', () => {
    const odd = {
      ...message,
      parts: message.parts.map((p) => (p.toolCallId === 'call_4' ? { ...p, state: 'output-paused' } : p)),
    }
    render(<AiSdkToolParts message={odd} presentCall={presentCall} />)
    expect(screen.getAllByRole('article').map((c) => `${c.dataset.card}:${c.dataset.status}`)).toContain(
      'search:running',
    )
    const problems = document.querySelector('[data-slot="ai-sdk-problems"]')!
    expect(problems).toHaveTextContent('1 problem in the tool parts')
    expect(problems).toHaveTextContent('call_4 $.status')
    expect(problems).toHaveTextContent('output-paused')
  })
})
