// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { corpusText } from '../../test/helpers/corpus'
import { parseIntent } from '../protocol'
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
    expect(hidden).toEqual({ content: [{ type: 'text', text: 'for you' }], hiddenForAssistantOnly: 1 })
    const shown = (fromMcp(call, { showAssistantOnly: true })[1] as { intent: { output: unknown } }).intent
      .output
    expect(shown).toBe('for you\nfor the model')
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
})
