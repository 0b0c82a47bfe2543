import { Validator } from '@cfworker/json-schema'
import type { JsonValue, RenderIntent, SessionEvent } from '../protocol'
import {
  arr,
  callEvent,
  genericIntent,
  guard,
  isObj,
  json,
  type Obj,
  obj,
  resultEvent,
  str,
  tryParse,
} from './util'

/** One MCP tool call: the `tools/call` request (or its params) and the `CallToolResult` (or the response). */
export interface McpToolCall {
  /** The call's id (the JSON-RPC request id); default `mcp-1`. */
  id?: string | number
  /** The tool name (else from `request.params.name`). */
  name?: string
  arguments?: unknown
  /** A JSON-RPC `tools/call` request, or just its params `{name, arguments}`. */
  request?: unknown
  /** The `CallToolResult`. */
  result?: unknown
  /** A JSON-RPC response: `{result}` or `{error: {code, message}}`. */
  response?: unknown
  /** The tool's `outputSchema` (from `tools/list`); `structuredContent` is checked against it. */
  outputSchema?: unknown
  /** The tool's definition from `tools/list` (its `outputSchema` is used). */
  tool?: unknown
}

export interface McpOptions {
  /** Show content whose `annotations.audience` leaves the user out (default false: hidden, counted). */
  showAssistantOnly?: boolean
}

/** Image MIME types shown as pictures (SVG is left out: it is a document that can hold scripts). */
export const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|avif|bmp)$/

/**
 * An MCP `tools/call` and its `CallToolResult` → a call and a result event with a generic card:
 * `structuredContent` as a JSON tree (checked against the tool's `outputSchema` when given, problems
 * listed), else the content blocks: text, images as `data:` URLs (image MIME types only), audio (size only),
 * resource links, embedded resources (text, or the size of a blob). Content for the assistant only is
 * hidden unless `showAssistantOnly`. `isError` (or a JSON-RPC error) makes the call failed.
 */
export function fromMcp(
  call: McpToolCall | Obj | readonly unknown[],
  options: McpOptions = {},
): SessionEvent[] {
  return guard(() => {
    if (Array.isArray(call)) return fromMcpLog(call, options)
    const c = obj(call)
    if (isRpc(c)) return fromMcpLog([c], options)
    const req = obj(c.request)
    const params = isObj(req.params) ? req.params : req
    const name = str(c.name) ?? str(params.name) ?? str(c.tool_name) ?? str(obj(c.tool).name) ?? 'tool'
    const args = c.arguments ?? params.arguments ?? c.tool_arguments ?? {}
    const idRaw = c.id ?? req.id
    const id = typeof idRaw === 'number' || typeof idRaw === 'string' ? `mcp-${idRaw}` : 'mcp-1'
    const response = obj(c.response)
    const schema = c.outputSchema ?? obj(c.tool).outputSchema
    const events: SessionEvent[] = [callEvent({ id, toolName: name, args: json(args), status: 'running' })]
    const end = endEvent(
      id,
      args,
      { ...response, result: c.result ?? response.result ?? c.tool_output },
      schema,
      options,
    )
    if (end) events.push(end)
    return events
  })
}

/** The result event of a call from its JSON-RPC response (`{result}` or `{error}`); none when it has neither. */
function endEvent(
  id: string,
  args: unknown,
  response: Obj,
  schema: unknown,
  options: McpOptions,
): SessionEvent | undefined {
  if (isObj(response.error)) {
    const message = str(response.error.message) ?? 'error'
    return resultEvent({
      id,
      status: 'failed',
      intent: genericIntent(args, json(response.error)),
      error: message,
    })
  }
  const result = response.result
  if (!isObj(result)) return undefined
  const { output, errorText } = mcpOutput(result, schema, options)
  const failed = result.isError === true
  return resultEvent({
    id,
    status: failed ? 'failed' : 'completed',
    intent: genericIntent(args, output),
    ...(failed ? { error: errorText || 'the tool reported an error' } : {}),
  })
}

/** A JSON-RPC message (request, notification or response), not a call record. */
function isRpc(v: Obj): boolean {
  return v.jsonrpc === '2.0' || (typeof v.method === 'string' && !('request' in v))
}

/** A JSON-RPC message of an MCP session: a `tools/call` or `tools/list` request, or a tool result or list. */
export function isMcpRpcMessage(v: unknown): boolean {
  if (!isObj(v) || v.jsonrpc !== '2.0') return false
  if (v.method === 'tools/call' || v.method === 'tools/list') return true
  const result = obj(v.result)
  return Array.isArray(result.content) || Array.isArray(result.tools)
}

/**
 * An MCP transcript, in order → session events, one card per `tools/call`: call records (`{request,
 * response}` pairs, or `{name, arguments, result}`), or JSON-RPC messages (a `tools/call` request, then the
 * response with the same `id`, `result` or `error`). The `outputSchema`s of a `tools/list` result check the
 * calls after it. A request never answered stays running; card ids are `mcp-<request id>`, made unique.
 */
function fromMcpLog(values: readonly unknown[], options: McpOptions): SessionEvent[] {
  const events: SessionEvent[] = []
  const schemas = new Map<string, unknown>()
  const used = new Set<string>()
  const open = new Map<string, { id: string; args: unknown; schema: unknown }>()
  const cardId = (raw: unknown, i: number): string => {
    const base = typeof raw === 'number' || typeof raw === 'string' ? String(raw) : String(i + 1)
    let id = base
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`
    used.add(id)
    return id
  }
  const learnTools = (result: unknown) => {
    for (const t of arr(obj(result).tools)) {
      const name = str(obj(t).name)
      if (name && obj(t).outputSchema !== undefined) schemas.set(name, obj(t).outputSchema)
    }
  }
  values.forEach((v, i) => {
    if (!isObj(v)) return
    const m = isObj(v.message) && v.message.jsonrpc === '2.0' ? v.message : v
    if (!isRpc(m)) {
      // A call record: a `{request, response}` pair (a `tools/list` pair only tells the output schemas).
      const req = obj(m.request)
      if (req.method === 'tools/list') {
        learnTools(m.result ?? obj(m.response).result)
        return
      }
      if (typeof req.method === 'string' && req.method !== 'tools/call') return
      const params = isObj(req.params) ? req.params : req
      const name = str(m.name) ?? str(params.name) ?? str(m.tool_name)
      // a record of something else than a call (a recorder's `{type: "lifecycle", request: null}`)
      if (name === undefined && req.method !== 'tools/call') return
      const schema = m.outputSchema ?? obj(m.tool).outputSchema ?? (name ? schemas.get(name) : undefined)
      events.push(...fromMcp({ ...m, id: cardId(m.id ?? req.id, i), outputSchema: schema }, options))
      return
    }
    const rpcId = typeof m.id === 'number' || typeof m.id === 'string' ? String(m.id) : undefined
    if (typeof m.method === 'string') {
      if (m.method !== 'tools/call' || rpcId === undefined) return
      const params = obj(m.params)
      const name = str(params.name) ?? 'tool'
      const args = params.arguments ?? {}
      const id = `mcp-${cardId(m.id, i)}`
      events.push(callEvent({ id, toolName: name, args: json(args), status: 'running' }))
      open.set(rpcId, { id, args, schema: schemas.get(name) })
      return
    }
    if (rpcId === undefined) return
    const call = open.get(rpcId)
    if (!call) {
      learnTools(m.result)
      return
    }
    const end = endEvent(call.id, call.args, m, call.schema, options)
    if (!end) return
    open.delete(rpcId)
    events.push(end)
  })
  return events
}

/** The output shown for a `CallToolResult`, and its text (for the error line of a failed call). */
export function mcpOutput(
  result: Obj,
  schema: unknown,
  options: McpOptions = {},
): { output: JsonValue; errorText: string } {
  const blocks: JsonValue[] = []
  const texts: string[] = []
  let hidden = 0
  for (const b of arr(result.content)) {
    const block = obj(b)
    const audience = arr(obj(block.annotations).audience)
    if (audience.length > 0 && !audience.includes('user') && !options.showAssistantOnly) {
      hidden++
      continue
    }
    const shown = contentBlock(block)
    if (shown === undefined) continue
    if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text)
    blocks.push(shown)
  }
  const errorText = texts.join('\n').split('\n', 1)[0] ?? ''
  const structured = result.structuredContent
  if (structured !== undefined && structured !== null) {
    const problems = isObj(schema) || typeof schema === 'boolean' ? checkOutput(schema, structured) : []
    // text blocks are the same JSON again (as the spec asks, for older clients), unless they say
    // something else (`"7.0"` beside `{"result": 7}`): those stay
    const same = JSON.stringify(structured)
    const nonText = blocks.filter((b) => {
      const text = obj(b).type === 'text' ? str(obj(b).text) : undefined
      return text === undefined || JSON.stringify(tryParse(text) ?? null) !== same
    })
    if (problems.length === 0 && nonText.length === 0 && hidden === 0)
      return { output: json(structured), errorText }
    const out: Obj = { structuredContent: structured }
    if (problems.length > 0) out.outputSchemaProblems = problems
    if (nonText.length > 0 || hidden > 0) out.content = withHiddenNote(nonText, hidden)
    return { output: json(out), errorText }
  }
  if (
    hidden === 0 &&
    blocks.length === 1 &&
    typeof obj(blocks[0]).text === 'string' &&
    obj(blocks[0]).type === 'text'
  ) {
    return { output: obj(blocks[0]).text as string, errorText }
  }
  if (hidden === 0 && blocks.length > 0 && blocks.every((b) => obj(b).type === 'text')) {
    return { output: texts.join('\n'), errorText }
  }
  return { output: json({ content: withHiddenNote(blocks, hidden) }), errorText }
}

/** The blocks shown, then a line that says how many were for the assistant only (none: the blocks). */
function withHiddenNote(blocks: JsonValue[], hidden: number): JsonValue[] {
  if (hidden === 0) return blocks
  const what = hidden === 1 ? '1 content block' : `${hidden} content blocks`
  return [...blocks, { type: 'text', text: `(${what} for the assistant only, not shown)` }]
}

function contentBlock(b: Obj): JsonValue | undefined {
  const type = str(b.type)
  switch (type) {
    case 'text':
      return typeof b.text === 'string' ? { type, text: b.text } : undefined
    case 'image': {
      const mimeType = str(b.mimeType) ?? ''
      const data = str(b.data) ?? ''
      const bytes = base64Bytes(data)
      return imageBlock(mimeType, data, bytes)
    }
    case 'audio':
      return { type, mimeType: str(b.mimeType) ?? '', bytes: base64Bytes(str(b.data) ?? '') }
    case 'resource_link': {
      const out: Obj = { type, uri: str(b.uri) ?? '', name: str(b.name) ?? '' }
      for (const k of ['title', 'description', 'mimeType', 'size'] as const)
        if (b[k] !== undefined && b[k] !== null) out[k] = b[k]
      return json(out)
    }
    case 'resource': {
      const r = obj(b.resource)
      const out: Obj = { type, uri: str(r.uri) ?? '' }
      if (str(r.name)) out.name = r.name
      if (str(r.mimeType)) out.mimeType = r.mimeType
      if (typeof r.text === 'string') out.text = r.text
      else if (typeof r.blob === 'string') out.blobBytes = base64Bytes(r.blob)
      return json(out)
    }
    default:
      return json(b)
  }
}

/** An image for a card: a `data:` URL only for picture MIME types and clean base64; else its size only. */
export function imageBlock(mimeType: string, data: string, bytes = base64Bytes(data)): JsonValue {
  if (IMAGE_TYPES.test(mimeType) && /^[A-Za-z0-9+/]*={0,2}$/.test(data)) {
    return { type: 'image', mimeType, bytes, dataUrl: `data:${mimeType};base64,${data}` }
  }
  return { type: 'image', mimeType, bytes, note: 'not shown: not a picture type' }
}

export function base64Bytes(data: string): number {
  const pad = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0
  return Math.max(0, Math.floor((data.length * 3) / 4) - pad)
}

/** Checks a value against a JSON Schema (by interpretation: no code generation, CSP-safe). */
export function checkOutput(schema: unknown, value: unknown): string[] {
  try {
    const v = new Validator(schema as never, '2020-12', false)
    const r = v.validate(value)
    if (r.valid) return []
    return r.errors
      .filter((e) => e.keyword !== 'properties' && e.keyword !== 'allOf' && e.keyword !== '$ref')
      .slice(0, 20)
      .map((e) => `${e.instanceLocation.replace(/^#/, '$').replace(/\//g, '.')}: ${e.error}`)
  } catch (error) {
    return [`the output schema could not be used: ${error instanceof Error ? error.message : String(error)}`]
  }
}

/**
 * An MCP interview report (`functional_test_scorecard.steps[]` of `{tool_name, tool_arguments,
 * tool_output}`, with the server's `tools` list) → session events, one card per step.
 */
export function fromMcpInterview(report: unknown, options: McpOptions = {}): SessionEvent[] {
  return guard(() => {
    const r = obj(report)
    const tools = new Map<string, unknown>()
    for (const t of arr(r.tools)) {
      const n = str(obj(t).name)
      if (n) tools.set(n, t)
    }
    const events: SessionEvent[] = []
    arr(obj(r.functional_test_scorecard).steps).forEach((s, i) => {
      const step = obj(s)
      const name = str(step.tool_name) ?? 'tool'
      const callEvents = fromMcp(
        {
          id: `step-${i + 1}`,
          name,
          arguments: step.tool_arguments ?? {},
          result: step.tool_output,
          tool: tools.get(name),
        },
        options,
      )
      events.push(...callEvents)
      // A step that raised instead of returning a result still ends its card.
      if (callEvents.length === 1 && step.exception) {
        events.push(resultEvent({ id: `mcp-step-${i + 1}`, status: 'failed', error: String(step.exception) }))
      }
    })
    return events
  })
}

/** A render intent for one `CallToolResult` (for hosts that have no call event). */
export function mcpResultIntent(
  result: unknown,
  args: unknown = {},
  outputSchema?: unknown,
  options: McpOptions = {},
): RenderIntent {
  return genericIntent(args, mcpOutput(obj(result), outputSchema, options).output)
}
