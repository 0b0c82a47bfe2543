// An ACP prompt turn built from the protocol's published schema shapes (schema v1,
// agentclientprotocol/agent-client-protocol schema/v1/schema.json at 064ee1ffe194cdb14e1d45d66875ce74a14933c3).
const note = (update: object) => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId: 'sess_demo', update },
})

export const ACP_SAMPLE: unknown[] = [
  note({
    sessionUpdate: 'tool_call',
    toolCallId: 'call_1',
    title: 'Read src/config.ts',
    kind: 'read',
    status: 'pending',
    locations: [{ path: '/repo/src/config.ts', line: 1 }],
  }),
  note({
    sessionUpdate: 'tool_call_update',
    toolCallId: 'call_1',
    status: 'completed',
    content: [
      {
        type: 'content',
        content: { type: 'text', text: 'export const config = {\n  debug: false,\n  port: 8080,\n}\n' },
      },
    ],
  }),
  note({
    sessionUpdate: 'tool_call',
    toolCallId: 'call_2',
    title: 'Enable debug',
    kind: 'edit',
    status: 'in_progress',
    rawInput: { path: '/repo/src/config.ts' },
  }),
  note({
    sessionUpdate: 'tool_call_update',
    toolCallId: 'call_2',
    status: 'completed',
    content: [
      {
        type: 'diff',
        path: '/repo/src/config.ts',
        oldText: 'export const config = {\n  debug: false,\n  port: 8080,\n}\n',
        newText: 'export const config = {\n  debug: true,\n  port: 8080,\n}\n',
      },
      {
        type: 'diff',
        path: '/repo/src/debug.ts',
        oldText: null,
        newText: "export const log = (...a: unknown[]) => console.log('[debug]', ...a)\n",
      },
    ],
  }),
  note({
    sessionUpdate: 'tool_call',
    toolCallId: 'call_3',
    title: 'npm test',
    kind: 'execute',
    status: 'in_progress',
    rawInput: { command: 'npm test', cwd: '/repo' },
    content: [{ type: 'terminal', terminalId: 'term_1' }],
  }),
  note({
    sessionUpdate: 'tool_call_update',
    toolCallId: 'call_3',
    status: 'failed',
    rawOutput: { output: '\u001b[31m1 failing\u001b[39m\n  config › debug is off by default\n', exitCode: 1 },
  }),
  note({
    sessionUpdate: 'tool_call',
    toolCallId: 'call_4',
    title: 'Fetch the changelog',
    kind: 'fetch',
    status: 'completed',
    rawInput: { url: 'https://agentclientprotocol.com/' },
    content: [
      {
        type: 'content',
        content: {
          type: 'text',
          text: '# Agent Client Protocol\n\nA protocol between editors and coding agents.',
        },
      },
    ],
  }),
]
