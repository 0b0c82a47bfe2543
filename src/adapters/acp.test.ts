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

/*
 * claude-code-acp (zed-industries/claude-code-acp, src/tools.ts): a failed tool's text is fenced
 * ("```\n<text>\n```"), a Read's text is `markdownEscape`d (a fence longer than any run of backticks that
 * starts a line of it) and keeps Claude Code's `     N→` line numbers; a Read's location is
 * `{path, line: offset ?? 0}`.
 */
describe('fromAcp with claude-code-acp shapes', () => {
  const text = (t: string) => [{ type: 'content', content: { type: 'text', text: t } }]
  const end = (events: ReturnType<typeof fromAcp>) => events.find((e) => e.type === 'result')

  it('a failed Bash: the error and output come from inside the fence, with the exit code', () => {
    const events = fromAcp([
      note({
        sessionUpdate: 'tool_call',
        toolCallId: 'b1',
        title: '`ls nope`',
        kind: 'execute',
        status: 'pending',
        rawInput: { command: 'ls nope', description: 'List nope' },
        content: text('List nope'),
      }),
      note({
        sessionUpdate: 'tool_call_update',
        toolCallId: 'b1',
        status: 'failed',
        content: text("```\nExit code 2\nls: cannot access 'nope': No such file or directory\n```"),
      }),
    ])
    expect(end(events)).toMatchObject({
      status: 'failed',
      error: 'Exit code 2',
      intent: {
        card: 'terminal',
        command: 'ls nope',
        exitCode: 2,
        output: "ls: cannot access 'nope': No such file or directory",
      },
    })
  })

  it('a failed Read keeps the read card of its path, with no file text, and the error', () => {
    const events = fromAcp([
      note({
        sessionUpdate: 'tool_call',
        toolCallId: 'r2',
        title: 'Read File',
        kind: 'read',
        status: 'pending',
        content: [],
        locations: [{ path: '/repo/missing.ts', line: 0 }],
        rawInput: { file_path: '/repo/missing.ts' },
      }),
      note({
        sessionUpdate: 'tool_call_update',
        toolCallId: 'r2',
        status: 'failed',
        rawOutput: '<tool_use_error>File does not exist.</tool_use_error>',
        content: text('```\n<tool_use_error>File does not exist.</tool_use_error>\n```'),
      }),
    ])
    expect(end(events)).toEqual({
      type: 'result',
      id: 'r2',
      status: 'failed',
      error: 'File does not exist.',
      intent: { card: 'read', path: '/repo/missing.ts', content: '' },
    })
  })

  it('a Read shows the file without the fence and the line-number arrows, from its first line number', () => {
    const read = (body: string) =>
      end(
        fromAcp([
          note({
            sessionUpdate: 'tool_call',
            toolCallId: 'r1',
            title: 'Read /repo/README.md',
            kind: 'read',
            status: 'pending',
            locations: [{ path: '/repo/README.md', line: 0 }],
          }),
          note({
            sessionUpdate: 'tool_call_update',
            toolCallId: 'r1',
            status: 'completed',
            content: text(body),
          }),
        ]),
      )?.intent
    expect(read('```\n     1→# Title\n     2→```js\n     3→let a = 1\n     4→```\n     5→end\n```')).toEqual({
      card: 'read',
      path: '/repo/README.md',
      content: '# Title\n```js\nlet a = 1\n```\nend',
      startLine: 1,
    })
    // A longer fence (the text has a line that starts with backticks), from line 40.
    expect(read('````\n    40→a\n```\n````')).toEqual({
      card: 'read',
      path: '/repo/README.md',
      content: 'a\n```',
      startLine: 40,
    })
  })
})
