import { useChat } from '@ai-sdk/react'
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses, type UIMessage } from 'ai'
import { type FormEvent, useEffect, useState } from 'react'
import { AiSdkToolParts, presentCallsOf } from '../../../src/ai-sdk'
import { ToolcardsProvider } from '../../../src/cards/host'
import { createRemoteHighlighter } from '../../../src/text'
import {
  createReadFileTool,
  createScanSearchTool,
  createShellTool,
  demoFiles,
  fakeShellRunner,
  memoryFiles,
} from '../../tools'
import { createEditFileTool } from '../edit-file'

/**
 * The cards a call shows before its output arrives, from the same tool definitions the server runs (their
 * `presentCall` is pure; nothing here executes a tool).
 */
const presentCall = presentCallsOf([
  createShellTool(fakeShellRunner()),
  createReadFileTool(memoryFiles()),
  createScanSearchTool(demoFiles),
  createEditFileTool({}),
])

const highlighter = createRemoteHighlighter(
  new Worker(new URL('./highlight.worker.ts', import.meta.url), { type: 'module' }),
)

declare global {
  interface Window {
    /** With `?record` in the URL: every messages array useChat gave, in order (for fixtures and tests). */
    __webChatSnapshots?: UIMessage[][]
  }
}
const recording = typeof location !== 'undefined' && new URLSearchParams(location.search).has('record')

export function App() {
  const { messages, sendMessage, addToolApprovalResponse, status, error } = useChat({
    transport: new DefaultChatTransport({ api: '/api/chat' }),
    // After the user answers every approval of a step, send the answers back so the model can go on.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  })
  const [input, setInput] = useState('')

  useEffect(() => {
    if (!recording) return
    window.__webChatSnapshots ??= []
    window.__webChatSnapshots.push(structuredClone(messages))
  }, [messages])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const text = input.trim()
    if (!text) return
    void sendMessage({ text })
    setInput('')
  }

  return (
    <ToolcardsProvider highlighter={highlighter}>
      <main className="chat tc-root">
        <h1>toolcards × AI SDK</h1>
        <p className="chat-hint">
          A scripted model (no network) works on a tiny in-memory project; its edit asks for your approval.
        </p>
        <ol className="chat-messages" aria-label="Conversation">
          {messages.map((m) => (
            <li key={m.id} className="chat-message" data-role={m.role}>
              <p className="chat-role">{m.role === 'user' ? 'You' : 'Agent'}</p>
              {m.parts.map((part, i) =>
                part.type === 'text' ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: parts of a message only ever grow at the end
                  <p key={i} className="chat-text">
                    {part.text}
                  </p>
                ) : null,
              )}
              <AiSdkToolParts
                message={m}
                addToolApprovalResponse={addToolApprovalResponse}
                presentCall={presentCall}
              />
            </li>
          ))}
        </ol>
        <form className="chat-form" onSubmit={submit}>
          <input
            aria-label="Message"
            value={input}
            placeholder="Ask the agent to fix the greeting"
            onChange={(e) => setInput(e.target.value)}
          />
          <button type="submit" disabled={status !== 'ready' && status !== 'error'}>
            Send
          </button>
        </form>
        <p className="chat-status" role="status" data-status={status}>
          {status === 'ready'
            ? 'Ready'
            : status === 'error'
              ? `Error: ${error?.message ?? 'unknown'}`
              : 'Working…'}
        </p>
      </main>
    </ToolcardsProvider>
  )
}
