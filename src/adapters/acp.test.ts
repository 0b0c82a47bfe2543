// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { parseIntent } from '../protocol'
import { foldSession } from '../session'
import { fromAcp } from './acp'

/*
 * Shapes from the Agent Client Protocol's published JSON Schema, schema v1:
 * agentclientprotocol/agent-client-protocol `schema/v1/schema.json` at commit 064ee1ffe194cdb14e1d45d66875ce74a14933c3
 * (protocol version 1; the schema changelog read at commit 161faee lists v1 schema releases up to 1.13.7). `SessionNotification {sessionId, update}` sent with method
 * `session/update`; `update.sessionUpdate` is `tool_call` (`ToolCall`: required `toolCallId`, `title`; optional
 * `kind` (read|edit|delete|move|search|execute|think|fetch|switch_mode|other), `status`
 * (pending|in_progress|completed|failed), `content: ToolCallContent[]`, `locations: ToolCallLocation[]
 * {path, line?}`, `rawInput`, `rawOutput`) or `tool_call_update` (same fields, only `toolCallId` required).
 * `ToolCallContent` is `{type:"content", content: ContentBlock}` | `{type:"diff", path, oldText?, newText}` |
 * `{type:"terminal", terminalId}`.
 */
const note = (update: object) => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId: 'sess_1', update },
})

describe('fromAcp', () => {
  it('folds a tool_call and its updates into one card; content of an update replaces the old content', () => {
    const events = fromAcp([
      note({
        sessionUpdate: 'tool_call',
        toolCallId: 'call_1',
        title: 'Reading configuration file',
        kind: 'read',
        status: 'pending',
        locations: [{ path: '/home/u/project/config.json', line: 3 }],
      }),
      note({
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call_1',
        status: 'in_progress',
        content: [{ type: 'content', content: { type: 'text', text: 'partial' } }],
      }),
      note({
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call_1',
        status: 'completed',
        content: [{ type: 'content', content: { type: 'text', text: '{\n  "debug": true\n}' } }],
      }),
    ])
    const state = foldSession(events)
    expect(state.problems).toEqual([])
    expect(state.cards).toHaveLength(1)
    expect(state.cards[0]).toMatchObject({
      id: 'call_1',
      status: 'completed',
      intent: {
        card: 'read',
        path: '/home/u/project/config.json',
        content: '{\n  "debug": true\n}',
        startLine: 3,
      },
    })
  })

  it('maps diff content: oldText null or absent is a new file', () => {
    const events = fromAcp([
      note({
        sessionUpdate: 'tool_call',
        toolCallId: 'call_2',
        title: 'Write files',
        kind: 'edit',
        status: 'completed',
        content: [
          { type: 'diff', path: '/p/new.ts', oldText: null, newText: 'export {}\n' },
          { type: 'diff', path: '/p/old.ts', oldText: 'a\n', newText: 'b\n' },
          { type: 'diff', path: '/p/other.ts', newText: 'c\n' },
        ],
      }),
    ])
    expect(events.at(-1)).toMatchObject({
      type: 'result',
      status: 'completed',
      intent: {
        card: 'diff',
        files: [
          { path: '/p/new.ts', oldText: null, newText: 'export {}\n', status: 'added' },
          { path: '/p/old.ts', oldText: 'a\n', newText: 'b\n', status: 'modified' },
          { path: '/p/other.ts', oldText: null, status: 'added' },
        ],
      },
    })
  })

  it('maps terminal content with the output the host supplies, and failed status', () => {
    const events = fromAcp(
      [
        note({
          sessionUpdate: 'tool_call',
          toolCallId: 'call_3',
          title: 'Run tests',
          kind: 'execute',
          status: 'in_progress',
          rawInput: { command: 'npm test', cwd: '/p' },
          content: [{ type: 'terminal', terminalId: 'term_1' }],
        }),
        note({ sessionUpdate: 'tool_call_update', toolCallId: 'call_3', status: 'failed' }),
      ],
      { terminals: { term_1: { output: '1 failing\n', exitCode: 1 } } },
    )
    expect(events.map((e) => e.type)).toEqual(['call', 'update', 'result'])
    expect(events[2]).toMatchObject({
      status: 'failed',
      intent: { card: 'terminal', command: 'npm test', cwd: '/p', output: '1 failing\n', exitCode: 1 },
    })
  })

  it('reads terminal command, output and exit status from the terminal/* requests and answers in the log', () => {
    const events = fromAcp([
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'terminal/create',
        params: { sessionId: 's', command: 'cargo', args: ['test', '-q'], cwd: '/w', outputByteLimit: 1000 },
      },
      { jsonrpc: '2.0', id: 1, result: { terminalId: 'term_9' } },
      note({
        sessionUpdate: 'tool_call',
        toolCallId: 'c',
        title: 'Run tests',
        kind: 'execute',
        status: 'in_progress',
        content: [{ type: 'terminal', terminalId: 'term_9' }],
      }),
      { jsonrpc: '2.0', id: 2, method: 'terminal/output', params: { sessionId: 's', terminalId: 'term_9' } },
      {
        jsonrpc: '2.0',
        id: 2,
        result: { output: 'test result: ok', truncated: true, exitStatus: { exitCode: 0, signal: null } },
      },
      note({ sessionUpdate: 'tool_call_update', toolCallId: 'c', status: 'completed' }),
    ])
    expect(events.at(-1)).toMatchObject({
      status: 'completed',
      intent: {
        card: 'terminal',
        command: 'cargo test -q',
        cwd: '/w',
        output: 'test result: ok',
        exitCode: 0,
        truncated: { reason: expect.any(String) },
      },
    })
  })

  it('maps fetch and search kinds, and other kinds to generic with rawInput and rawOutput', () => {
    const events = fromAcp([
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'f',
        title: 'Fetch',
        kind: 'fetch',
        status: 'completed',
        rawInput: { url: 'https://example.com' },
        content: [{ type: 'content', content: { type: 'text', text: '# Example' } }],
      },
      {
        sessionUpdate: 'tool_call',
        toolCallId: 's',
        title: 'Find',
        kind: 'search',
        status: 'completed',
        rawInput: { pattern: '*.ts' },
        locations: [{ path: '/a.ts' }, { path: '/b.ts' }],
      },
      {
        sessionUpdate: 'tool_call',
        toolCallId: 't',
        title: 'Think',
        kind: 'think',
        status: 'completed',
        rawInput: { q: 1 },
        rawOutput: { a: 2 },
      },
      { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'not a call' } },
    ])
    const results = events.filter((e) => e.type === 'result').map((e) => e.intent)
    expect(results).toEqual([
      { card: 'web', url: 'https://example.com', excerpt: '# Example', excerptFormat: 'markdown' },
      {
        card: 'search',
        query: '*.ts',
        mode: 'files',
        matches: [{ path: '/a.ts' }, { path: '/b.ts' }],
        totalFiles: 2,
      },
      { card: 'generic', input: { q: 1 }, output: { a: 2 } },
    ])
    for (const e of events) if (e.intent !== undefined) expect(parseIntent(e.intent).ok).toBe(true)
  })
})

describe('fromAcp plan updates', () => {
  it('shows each plan update as a checklist card with priorities', () => {
    const events = fromAcp([
      {
        jsonrpc: '2.0',
        method: 'session/update',
        params: {
          sessionId: 's',
          update: {
            sessionUpdate: 'plan',
            entries: [
              { content: 'Read the spec', priority: 'high', status: 'completed' },
              { content: 'Write code', priority: 'medium', status: 'in_progress' },
            ],
          },
        },
      },
      {
        sessionUpdate: 'plan',
        entries: [{ content: 'Write code', priority: 'medium', status: 'completed' }],
      },
    ])
    const ends = events.filter((e) => e.type === 'result')
    expect(ends.map((e) => e.id)).toEqual(['plan-1', 'plan-2'])
    expect(ends[0]?.intent).toMatchObject({
      card: 'generic',
      title: 'Plan',
      checklist: {
        items: [
          { text: 'Read the spec', status: 'completed', priority: 'high' },
          { text: 'Write code', status: 'in_progress', priority: 'medium' },
        ],
      },
    })
  })
})
