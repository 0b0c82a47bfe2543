import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { expect, waitFor } from 'storybook/test'
import { createWebviewBridge, type VsCodeWebviewApi } from '../src/webview/bridge'
import { VsCodeSession } from '../src/webview/VsCodeSession'
import { inLight } from './_shared/panes'
import { mixedSessionEvents } from './fixtures/session'

/**
 * The page of a VS Code webview (`toolcards/webview`), outside VS Code: each pane gets its own message
 * channel (an EventTarget standing for the window) and a stand-in for `acquireVsCodeApi()` that keeps
 * what the page posts. In VS Code the extension sends the same messages (see docs/embedding.md).
 */
function WebviewPage({ messages }: { messages: unknown[] }) {
  const [bridge] = useState(() => {
    const api: VsCodeWebviewApi = { postMessage() {}, getState: () => undefined, setState: (s) => s }
    const target = new EventTarget()
    return { target, bridge: createWebviewBridge({ api, target }) }
  })
  useEffect(() => {
    for (const data of messages) bridge.target.dispatchEvent(new MessageEvent('message', { data }))
  }, [bridge, messages])
  return <VsCodeSession bridge={bridge.bridge} style={{ height: 420 }} />
}

const meta = {
  title: 'Session/VsCodeSession',
  component: WebviewPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof WebviewPage>
export default meta
type Story = StoryObj<typeof meta>

const events = mixedSessionEvents({ calls: 12, seed: 3 })

/** The session as the extension sends it: a `replace` with the log's title, then `append`s. */
export const Session: Story = {
  args: {
    messages: [
      { type: 'replace', title: 'agent.jsonl · Claude Code session (JSONL)', events: events.slice(0, 10) },
      { type: 'append', events: events.slice(10) },
    ],
  },
  play: async ({ canvasElement }) => {
    const pane = inLight(canvasElement)
    await waitFor(() => expect(pane.getByText(/^agent\.jsonl · Claude Code/)).toBeTruthy())
    await waitFor(() => expect(pane.getByText('12 tool calls')).toBeTruthy())
  },
}

/** Messages the page ignored are counted above the cards, each with its reason; the cards stay. */
export const IgnoredMessages: Story = {
  args: {
    messages: [
      { type: 'replace', title: 'agent.jsonl', events: events.slice(0, 6) },
      { type: 'delete', events: [] },
      { type: 'append', events: 'not a list' },
      42,
      { type: 'append', events: [{ type: 'result', id: 'never-started', status: 'completed' }] },
    ],
  },
  play: async ({ canvasElement }) => {
    const pane = inLight(canvasElement)
    await waitFor(() => expect(pane.getByText('3 messages ignored')).toBeTruthy())
    expect(pane.getByText(/unknown message type "delete"/)).toBeTruthy()
    expect(pane.getByText('1 event problem')).toBeTruthy()
  },
}
