// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { corpusText } from '../../test/helpers/corpus'
import { parseIntent } from '../protocol'
import { foldSession } from '../session'
import { fromMcp, fromMcpInterview } from './mcp'

const interview = JSON.parse(corpusText('mcp/mcp-interview.json'))
const events = fromMcpInterview(interview)
const resultOf = (id: string) =>
  events.find((e) => e.type === 'result' && e.id === id) as { intent: { output: unknown }; status: string }

describe('fromMcp', () => {
  it('gives all 20 calls of the corpus a result with a valid intent', () => {
    const results = events.filter((e) => e.type === 'result')
    expect(results).toHaveLength(20)
    for (const r of results) expect(parseIntent(r.intent).ok).toBe(true)
  })

  it('shows structuredContent as a JSON tree when it matches the outputSchema', () => {
    expect(resultOf('mcp-step-17').intent.output).toEqual({
      temperature: 22.5,
      conditions: 'Partly cloudy',
      humidity: 65,
    })
  })

  it('lists outputSchema problems when structuredContent does not match', () => {
    const [, end] = fromMcp({
      name: 'weather',
      result: { content: [], structuredContent: { temperature: 'hot' } },
      outputSchema: {
        type: 'object',
        properties: { temperature: { type: 'number' } },
        required: ['temperature', 'humidity'],
      },
    })
    const output = (end as { intent: { output: { outputSchemaProblems: string[] } } }).intent.output
    expect(output.outputSchemaProblems.join('\n')).toMatch(/humidity/)
    expect(output.outputSchemaProblems.join('\n')).toMatch(/temperature/)
  })

  it('makes PNG images data URLs and refuses other MIME types', () => {
    const out = resultOf('mcp-step-10').intent.output as {
      content: Array<{ type: string; dataUrl?: string }>
    }
    expect(out.content[1]?.dataUrl).toMatch(/^data:image\/png;base64,iVBOR/)
    const [, end] = fromMcp({
      name: 'x',
      result: { content: [{ type: 'image', mimeType: 'text/html', data: 'PGI+' }] },
    })
    const bad = (end as { intent: { output: { content: Array<Record<string, unknown>> } } }).intent.output
      .content[0]
    expect(bad).toEqual({
      type: 'image',
      mimeType: 'text/html',
      bytes: 3,
      note: 'not shown: not a picture type',
    })
  })

  it('keeps resource links and embedded resources (text, or the size of a blob)', () => {
    const links = resultOf('mcp-step-16').intent.output as { content: Array<{ type: string }> }
    expect(links.content.filter((b) => b.type === 'resource_link')).toHaveLength(10)
    const blob = resultOf('mcp-step-14').intent.output as { content: Array<Record<string, unknown>> }
    expect(blob.content[1]).toEqual({
      type: 'resource',
      uri: 'test://static/resource/100',
      name: 'Resource 100',
      mimeType: 'application/octet-stream',
      blobBytes: 35,
    })
  })

  it('hides content for the assistant only, unless asked', () => {
    const call = {
      name: 'x',
      result: {
        content: [
          { type: 'text', text: 'for you', annotations: { audience: ['user'] } },
          { type: 'text', text: 'for the model', annotations: { audience: ['assistant'] } },
        ],
      },
    }
    const hidden = (fromMcp(call)[1] as { intent: { output: unknown } }).intent.output
    // said in words on the card (it showed `hiddenForAssistantOnly: 1` as a JSON key)
    expect(hidden).toEqual({
      content: [
        { type: 'text', text: 'for you' },
        { type: 'text', text: '(1 content block for the assistant only, not shown)' },
      ],
    })
    // all of it for the assistant (the "everything" server's debug message): the note alone
    const none = fromMcp({
      name: 'annotatedMessage',
      result: { content: [{ type: 'text', text: 'debug', annotations: { audience: ['assistant'] } }] },
    })
    expect((none[1] as { intent: { output: unknown } }).intent.output).toEqual({
      content: [{ type: 'text', text: '(1 content block for the assistant only, not shown)' }],
    })
    const shown = (fromMcp(call, { showAssistantOnly: true })[1] as { intent: { output: unknown } }).intent
      .output
    expect(shown).toBe('for you\nfor the model')
  })

  // devhelmhq/mcp-recorder's cassette (MIT) holds `{type: "lifecycle", request: null, response: null}`
  // records for the HTTP session's GET and DELETE: each was a card named "tool" that never ended
  it('passes over records that are not calls', () => {
    const events = fromMcp([
      { type: 'lifecycle', request: null, response: null },
      {
        request: {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'add', arguments: { a: 1, b: 2 } },
        },
        response: { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: '3' }] } },
      },
      { type: 'lifecycle', request: null, response: null },
    ])
    expect(foldSession(events).cards.map((c) => [c.toolName, c.status])).toEqual([['add', 'completed']])
  })

  it('keeps a text block that says something else than structuredContent, not one that repeats it', () => {
    const output = (text: string) =>
      (
        fromMcp({
          name: 'multiply',
          result: { content: [{ type: 'text', text }], structuredContent: { result: 7 } },
        })[1] as { intent: { output: unknown } }
      ).intent.output
    // devhelmhq/mcp-recorder's cassette: the text was dropped
    expect(output('7.0')).toEqual({
      structuredContent: { result: 7 },
      content: [{ type: 'text', text: '7.0' }],
    })
    expect(output('{\n  "result": 7\n}')).toEqual({ result: 7 })
  })

  it('marks isError results and JSON-RPC errors as failed', () => {
    expect(
      fromMcp({ name: 'x', result: { content: [{ type: 'text', text: 'boom\nmore' }], isError: true } })[1],
    ).toMatchObject({
      status: 'failed',
      error: 'boom',
    })
    expect(
      fromMcp({
        request: { id: 7, method: 'tools/call', params: { name: 'y', arguments: {} } },
        response: { error: { code: -32602, message: 'bad args' } },
      }),
    ).toMatchObject([
      { type: 'call', id: 'mcp-7', toolName: 'y' },
      { type: 'result', status: 'failed', error: 'bad args' },
    ])
  })

  it('reads a transcript: a list of {request, response} pairs, one card per tools/call', () => {
    const pair = (id: number, name: string, text: string) => ({
      request: { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: { n: id } } },
      response: { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } },
    })
    expect(fromMcp([pair(2, 'echo', 'hi'), pair(3, 'add', '3'), pair(3, 'add', 'again')])).toMatchObject([
      { type: 'call', id: 'mcp-2', toolName: 'echo', args: { n: 2 } },
      { type: 'result', id: 'mcp-2', status: 'completed', intent: { card: 'generic', output: 'hi' } },
      { type: 'call', id: 'mcp-3', toolName: 'add' },
      { type: 'result', id: 'mcp-3', intent: { output: '3' } },
      { type: 'call', id: 'mcp-3-2', toolName: 'add' },
      { type: 'result', id: 'mcp-3-2', intent: { output: 'again' } },
    ])
  })

  it('reads JSON-RPC messages: a tools/call request ends with the response of the same id', () => {
    const events = fromMcp([
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18' } },
      { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} } } },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      {
        jsonrpc: '2.0',
        id: 2,
        result: {
          tools: [
            {
              name: 'weather',
              inputSchema: { type: 'object' },
              outputSchema: { type: 'object', required: ['humidity'] },
            },
          ],
        },
      },
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'read_file', arguments: { path: '/a' } },
      },
      {
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: { name: 'read_file', arguments: { path: '/b' } },
      },
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } },
      { jsonrpc: '2.0', id: 4, result: { content: [{ type: 'text', text: 'ENOENT' }], isError: true } },
      { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'hello' }] } },
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'nope', arguments: {} } },
      { jsonrpc: '2.0', id: 5, error: { code: -32602, message: 'Unknown tool: nope' } },
      { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'weather', arguments: {} } },
      { jsonrpc: '2.0', id: 6, result: { content: [], structuredContent: { temperature: 1 } } },
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'slow', arguments: {} } },
    ])
    expect(events.map((e) => `${e.type} ${e.id}`)).toEqual([
      'call mcp-3',
      'call mcp-4',
      'result mcp-4',
      'result mcp-3',
      'call mcp-5',
      'result mcp-5',
      'call mcp-6',
      'result mcp-6',
      'call mcp-7',
    ])
    expect(events[2]).toMatchObject({ status: 'failed', error: 'ENOENT' })
    expect(events[3]).toMatchObject({
      status: 'completed',
      intent: { input: { path: '/a' }, output: 'hello' },
    })
    expect(events[5]).toMatchObject({ status: 'failed', error: 'Unknown tool: nope' })
    // The outputSchema from tools/list checks the structured content.
    const weather = (events[7] as { intent: { output: { outputSchemaProblems?: string[] } } }).intent.output
    expect(weather.outputSchemaProblems?.join('\n')).toMatch(/humidity/)
  })
})
