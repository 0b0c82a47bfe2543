// Live == replay with approvals: a session with approval requests and decisions, shown live (one event
// at a time, with a host that takes decisions) and replayed from its JSONL log, gives the same DOM; and an
// AI SDK chat followed through its recorded useChat snapshots gives the DOM its logged events replay to.
import { act, render } from '@testing-library/react'
import { useMemo } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createReadFileTool,
  createScanSearchTool,
  createShellTool,
  demoFiles,
  fakeShellRunner,
  memoryFiles,
} from '../../examples/tools'
import { createEditFileTool } from '../../examples/web-chat/edit-file'
import { SessionView, ToolcardsProvider } from '../../src'
import { fromAcp } from '../../src/adapters'
import { fromAiSdk, presentCallsOf, useAiSdkSession } from '../../src/ai-sdk'
import { createSessionStore, readSessionLog, writeSessionLog } from '../../src/session'
import { APPROVAL_STATES, approvalEvents } from '../../stories/fixtures/approvals'
import snapshots from '../fixtures/ai-sdk/web-chat.json'
import { normalizeIds, withoutAnnouncements } from '../helpers/normalize-ids'

// As in SessionView.test.tsx: jsdom keeps any scrollTop; a browser clamps it to what can scroll.
const scrollTop = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')
beforeAll(() => {
  Object.defineProperty(Element.prototype, 'scrollTop', { configurable: true, get: () => 0, set: () => {} })
})
afterAll(() => {
  if (scrollTop) Object.defineProperty(Element.prototype, 'scrollTop', scrollTop)
})

const decide = () => {}

const acp = fromAcp([
  {
    jsonrpc: '2.0',
    method: 'session/update',
    params: {
      sessionId: 's',
      update: {
        sessionUpdate: 'tool_call',
        toolCallId: 'acp-1',
        title: 'Run rm',
        kind: 'execute',
        status: 'pending',
        rawInput: { command: 'rm -rf dist' },
      },
    },
  },
  {
    jsonrpc: '2.0',
    id: 4,
    method: 'session/request_permission',
    params: {
      sessionId: 's',
      toolCall: { toolCallId: 'acp-1' },
      options: [
        { optionId: 'ok', name: 'Allow', kind: 'allow_once' },
        { optionId: 'no', name: 'Deny', kind: 'reject_once' },
      ],
    },
  },
  { jsonrpc: '2.0', id: 4, result: { outcome: { outcome: 'selected', optionId: 'no' } } },
])

const SNAPSHOTS = snapshots as unknown as Array<Array<{ id: string; role: string; parts: unknown[] }>>
const presentCall = presentCallsOf([
  createShellTool(fakeShellRunner()),
  createReadFileTool(memoryFiles()),
  createScanSearchTool(demoFiles),
  createEditFileTool({}),
])

function Chat({ messages }: { messages: (typeof SNAPSHOTS)[number] }) {
  const options = useMemo(() => ({ presentCall, addToolApprovalResponse: () => {} }), [])
  const { state, onDecision } = useAiSdkSession(messages, options)
  return (
    <ToolcardsProvider onDecision={onDecision}>
      <SessionView state={state} virtualize={false} style={{ height: 600 }} />
    </ToolcardsProvider>
  )
}

describe('live == replay with approvals', () => {
  it('a session with requests and decisions, live one event at a time, equals its log replayed', () => {
    const events = [...APPROVAL_STATES.flatMap((state) => approvalEvents(state, `-${state}`)), ...acp]
    const store = createSessionStore()
    const live = render(
      <ToolcardsProvider onDecision={decide}>
        <SessionView store={store} virtualize={false} style={{ height: 600 }} />
      </ToolcardsProvider>,
    )
    for (const e of events) act(() => store.push(e))
    const log = writeSessionLog(events)
    const { events: read, problems } = readSessionLog(log)
    expect(problems).toEqual([])
    const replay = render(
      <ToolcardsProvider onDecision={decide}>
        <SessionView events={read} virtualize={false} style={{ height: 600 }} />
      </ToolcardsProvider>,
    )
    // the only difference: live announced the cards that finished while it watched, replay nothing
    const a = withoutAnnouncements(normalizeIds(live.container.innerHTML))
    expect(a).toBe(withoutAnnouncements(normalizeIds(replay.container.innerHTML)))
    // What the replay shows: who decided what, and the options still awaiting a decision.
    const statuses = [...replay.container.querySelectorAll('article')].map((c) =>
      c.getAttribute('data-status'),
    )
    expect(statuses.filter((s) => s === 'rejected')).toHaveLength(13)
    expect(statuses.filter((s) => s === 'awaiting-approval')).toHaveLength(6)
    expect(replay.container.textContent).toContain('Decision: Never allow by policy')
    expect(replay.container.textContent).toContain('Decision: Deny')
    expect(replay.container.querySelector('[data-slot="session-problems"]')).toBeNull()
  })

  it('an AI SDK chat followed snapshot by snapshot equals the replay of its logged events', () => {
    const live = render(<Chat messages={[]} />)
    for (const snapshot of SNAPSHOTS) act(() => live.rerender(<Chat messages={snapshot} />))
    const events = fromAiSdk(SNAPSHOTS.at(-1), { presentCall })
    const { events: read } = readSessionLog(writeSessionLog(events))
    const replay = render(
      <ToolcardsProvider onDecision={decide}>
        <SessionView events={read} virtualize={false} style={{ height: 600 }} />
      </ToolcardsProvider>,
    )
    expect(withoutAnnouncements(normalizeIds(live.container.innerHTML))).toBe(
      withoutAnnouncements(normalizeIds(replay.container.innerHTML)),
    )
    expect(
      [...replay.container.querySelectorAll('article')].map((c) => c.getAttribute('data-status')),
    ).toEqual(['completed', 'failed', 'completed', 'completed', 'rejected', 'completed'])
  })
})
