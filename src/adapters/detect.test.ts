// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { corpusText } from '../../test/helpers/corpus'
import { detectFormat, fromAny } from './detect'
import { splitUnifiedDiff } from './util'

describe('detectFormat', () => {
  it.each([
    ['claude-code/8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl', 'claude-code'],
    ['claude-code/subagent.jsonl', 'claude-code'],
    ['claude-code/tool_heavy.jsonl', 'claude-code'],
    ['codex/binary-size-log.events.jsonl', 'codex'],
    ['openhands/basic.json', 'openhands'],
    ['openhands/basic_gui_mode.json', 'openhands'],
    ['swe-agent/pydicom__pydicom-1458.traj', 'swe-agent'],
    ['mcp/mcp-interview.json', 'mcp'],
  ])('%s is %s', (file, format) => {
    const text = corpusText(file)
    expect(detectFormat(text)).toBe(format)
    expect(fromAny(text).events.length).toBeGreaterThan(0)
  })

  it('knows ACP messages, MCP calls and toolcards events; anything else is unknown', () => {
    const acp = JSON.stringify([
      {
        jsonrpc: '2.0',
        method: 'session/update',
        params: { sessionId: 's', update: { sessionUpdate: 'tool_call', toolCallId: 'a', title: 't' } },
      },
    ])
    expect(detectFormat(acp)).toBe('acp')
    expect(
      detectFormat(
        JSON.stringify({ request: { method: 'tools/call', params: { name: 'x' } }, result: { content: [] } }),
      ),
    ).toBe('mcp')
    expect(
      detectFormat(
        '{"type":"call","id":"1","toolName":"x"}\n{"type":"result","id":"1","status":"completed"}',
      ),
    ).toBe('toolcards')
    for (const junk of ['', 'hello', '{}', '[]', '{"a":1}', '\u0000\u0001', '[1,2,3]'])
      expect(detectFormat(junk)).toBe('unknown')
    expect(fromAny('hello')).toMatchObject({ format: 'unknown', events: [] })
  })
})

describe('MCP transcripts', () => {
  const call = (id: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'echo', arguments: { m: id } },
  })
  const answer = (id: number) => ({
    jsonrpc: '2.0',
    id,
    result: { content: [{ type: 'text', text: `r${id}` }] },
  })

  it('are detected and read: a JSON array of {request, response} pairs, JSON-RPC as an array or JSONL', () => {
    const texts = [
      JSON.stringify([
        { request: call(2), response: answer(2) },
        { request: call(3), response: answer(3) },
      ]),
      JSON.stringify([call(2), answer(2), call(3), answer(3)]),
      [{ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }, call(2), answer(2), call(3), answer(3)]
        .map((m) => JSON.stringify(m))
        .join('\n'),
    ]
    for (const text of texts) {
      const r = fromAny(text)
      expect(r.format).toBe('mcp')
      expect(r.events.filter((e) => e.type === 'result').map((e) => [e.id, e.status])).toEqual([
        ['mcp-2', 'completed'],
        ['mcp-3', 'completed'],
      ])
      expect(r.report).toMatchObject({ calls: 2, likelyCalls: 2 })
      expect(r.report.problem).toBeUndefined()
    }
  })
})

describe('a file that starts with a byte-order mark (as Windows tools save UTF-8)', () => {
  it.each([
    'openhands/basic.json',
    'gemini-cli/session-vibe-coding-tracker.json',
    'mcp/mcp-interview.json',
    'swe-agent/pydicom__pydicom-1458.traj',
    'swe-agent/function-calling-simple-history-only.traj',
    'claude-code/tool_heavy.jsonl',
    'codex/rollout-0.39-vibe-coding-tracker.jsonl',
  ])('%s reads the same with one', (file) => {
    const text = corpusText(file)
    const plain = fromAny(text)
    const marked = fromAny(`\uFEFF${text}`)
    expect(plain.format).not.toBe('unknown')
    expect(marked.format).toBe(plain.format)
    expect(marked.events).toEqual(plain.events)
    expect(marked.report.calls).toBeGreaterThan(0)
  })
})

describe('fromAny report', () => {
  it('says "1 line", not "1 lines"', () => {
    expect(fromAny('{"a":1}').report.problem).toMatch(/^Not a format this viewer knows \(1 line\)\./)
  })

  it('says which formats it knows and what it saw when the format is unknown', () => {
    const r = fromAny('hello\nworld\n{"a":1}')
    expect(r.format).toBe('unknown')
    expect(r.report).toMatchObject({ lines: 3, skippedLines: 2, calls: 0 })
    expect(r.report.knownFormats).toContain('Gemini CLI session (JSON or JSONL)')
    expect(r.report.problem).toMatch(
      /^Not a format this viewer knows \(3 lines\)\. 2 of 3 lines are not JSON/,
    )
  })

  it('says so when the format is detected but the tool calls in it could not be read', () => {
    // ACP tool calls without a toolCallId: detected, 2 things look like calls, 0 cards.
    const text = [
      { sessionId: 's', update: { sessionUpdate: 'tool_call', title: 'a' } },
      { sessionId: 's', update: { sessionUpdate: 'tool_call', title: 'b' } },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n')
    const r = fromAny(text)
    expect(r.format).toBe('acp')
    expect(r.report).toMatchObject({ calls: 0, likelyCalls: 2 })
    expect(r.report.problem).toBe(
      'Read as Agent Client Protocol session/update messages, but none of the 2 things that look like tool calls could be read.',
    )
  })

  it('says how many lines of another format were left out of a log with two formats', () => {
    const claude = [
      { type: 'user', sessionId: 's', message: { role: 'user', content: 'hi' } },
      {
        type: 'assistant',
        sessionId: 's',
        message: {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } }],
        },
      },
    ]
    const codex = [
      { type: 'session_meta', payload: { cli_version: '0.40.0' } },
      {
        type: 'response_item',
        payload: { type: 'function_call', name: 'shell', arguments: '{}', call_id: 'c1' },
      },
    ]
    const r = fromAny([...claude, ...codex].map((l) => JSON.stringify(l)).join('\n'))
    expect(r.format).toBe('claude-code')
    expect(r.report.calls).toBe(1)
    expect(r.report.problem).toBe(
      '2 of 4 lines are Codex log (JSONL), not Claude Code session (JSONL), and were left out (1 things that look like tool calls).',
    )
  })

  it('counts lines cut in the middle, and has no problem when everything was read', () => {
    const good = JSON.stringify({
      type: 'response_item',
      payload: { type: 'function_call', name: 'shell', arguments: '{}', call_id: 'c' },
    })
    expect(fromAny(good).report.problem).toBeUndefined()
    const cut = `${good}\n{"type":"response_item","payl`
    expect(fromAny(cut).report).toMatchObject({
      calls: 1,
      skippedLines: 1,
      problem: '1 of 2 lines are not JSON and were skipped.',
    })
  })
})

describe('splitUnifiedDiff agrees with parseUnifiedDiff', () => {
  it('keeps the second file after a blank context line at the end of a hunk (issue 13)', () => {
    const text = [
      '--- a/x',
      '+++ b/x',
      '@@ -0,0 +1,3 @@',
      '+one',
      '',
      '--- a/y',
      '+++ b/y',
      '@@ -1 +1 @@',
      '-a',
      '+b',
    ].join('\n')
    expect(splitUnifiedDiff(text).map((f) => f.path)).toEqual(['x', 'y'])
  })
})
