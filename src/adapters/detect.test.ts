// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { corpusText } from '../../test/helpers/corpus'
import { detectFormat, fromAny } from './detect'

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
    expect(fromAny('hello')).toEqual({ format: 'unknown', events: [] })
  })
})
