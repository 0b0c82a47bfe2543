// toolcards/ai-sdk/server: a tool written with toolcards/contract, as an AI SDK tool (no React, no DOM).
import { jsonSchema, type Tool, tool } from 'ai'
import { isToolcardsOutput, type ToolcardsOutput } from '../adapters/aiSdk'
import {
  type ContentBlock,
  contentText,
  createToolRegistry,
  errorMessage,
  type ToolDefinition,
  type ToolRegistryOptions,
} from '../contract'
import type { JsonValue } from '../protocol'

export type { ToolcardsOutput } from '../adapters/aiSdk'
export { isToolcardsOutput } from '../adapters/aiSdk'

export interface AiSdkToolOptions<Args> {
  /**
   * Ask the user before the tool runs: passed to the AI SDK tool as its `needsApproval` (the page then
   * gets the call in state `approval-requested` and answers with `addToolApprovalResponse`). The AI SDK
   * also takes approvals per call in `streamText({ toolApproval })`, which works with these tools as well.
   */
  needsApproval?: boolean | ((input: Args) => boolean | PromiseLike<boolean>)
  /** Options for the registry that runs the tool (development checks, logger, limits, clock). */
  registry?: Omit<ToolRegistryOptions, 'tools' | 'plugins' | 'spill' | 'onEvent'>
}

/** What the AI SDK's `toModelOutput` returns (its `ToolResultOutput`), for the branches used here. */
type ModelOutput =
  | { type: 'content'; value: ModelContentPart[] }
  | { type: 'json'; value: JsonValue }
  | { type: 'error-text'; value: string }

type ModelContentPart =
  | { type: 'text'; text: string }
  | { type: 'file'; mediaType: string; data: { type: 'data'; data: string } }

/**
 * A toolcards tool (`ToolDefinition`: schemas, `execute`, `render`, `presentCall`, `presentResult`) as an
 * AI SDK `tool()`. `execute` runs through a toolcards registry (arguments and value checked against the
 * tool's schemas, `presentResult` checked with `parseIntent`); its UI output is `{ toolcards: 1, value,
 * intent }`: the canonical value and the tool's own render intent, which `fromAiSdk` and `AiSdkToolParts`
 * render as the tool's card. The model never sees that object: `toModelOutput` gives it `render`'s content
 * blocks, recomputed from the value (pure, so a conversation sent back later gives the same text). A
 * failed call throws with the registry's error text, which the AI SDK shows the model as the error.
 *
 * Post-execute plugins and spill are not applied on this path: the model's text is `render(args, value)`.
 */
export function toAiSdkTool<Args, Value, Meta>(
  definition: ToolDefinition<Args, Value, Meta>,
  options: AiSdkToolOptions<Args> = {},
): Tool<Args, ToolcardsOutput> {
  const registry = createToolRegistry({ ...options.registry, tools: [definition] })
  const schema = definition.inputSchema ?? { type: 'object' }
  const made = tool({
    ...(definition.description !== undefined ? { description: definition.description } : {}),
    inputSchema: jsonSchema<unknown>(schema as never),
    ...(options.needsApproval !== undefined ? { needsApproval: options.needsApproval as never } : {}),
    async execute(input: unknown, { toolCallId, abortSignal }): Promise<ToolcardsOutput> {
      const result = await registry.run(
        { id: toolCallId, name: definition.name, args: input },
        abortSignal ? { signal: abortSignal } : {},
      )
      if (result.isError || result.value === undefined)
        throw new Error(contentText(result.content) || 'the tool failed')
      return { toolcards: 1 as const, value: result.value, intent: result.intent }
    },
    toModelOutput({ input, output }): ModelOutput {
      if (!isToolcardsOutput(output)) return { type: 'json', value: (output ?? null) as JsonValue }
      try {
        return modelOutput(definition.output.render(input as Args, output.value as Value))
      } catch (error) {
        return { type: 'error-text', value: `render failed: ${errorMessage(error)}` }
      }
    },
  })
  // The AI SDK infers its own input type from the schema object; the tool's arguments are `Args`.
  return made as unknown as Tool<Args, ToolcardsOutput>
}

/** Several tools at once, keyed by their names (the shape `streamText({ tools })` takes). */
export function toAiSdkTools(
  // biome-ignore lint/suspicious/noExplicitAny: each tool keeps its own argument and value types.
  definitions: ReadonlyArray<ToolDefinition<any, any, any>>,
  // biome-ignore lint/suspicious/noExplicitAny: the same options apply to tools of any argument type.
  options: AiSdkToolOptions<any> & { needApproval?: readonly string[] } = {},
): Record<string, Tool<unknown, ToolcardsOutput>> {
  const { needApproval = [], ...rest } = options
  const out: Record<string, Tool<unknown, ToolcardsOutput>> = {}
  for (const definition of definitions) {
    const own = needApproval.includes(definition.name) ? { ...rest, needsApproval: true } : rest
    out[definition.name] = toAiSdkTool(definition, own) as Tool<unknown, ToolcardsOutput>
  }
  return out
}

/** Content blocks (MCP-shaped) → the AI SDK's tool result content. */
export function modelOutput(content: readonly ContentBlock[]): ModelOutput {
  const value: ModelContentPart[] = []
  for (const block of content) {
    switch (block.type) {
      case 'text':
        value.push({ type: 'text', text: block.text })
        break
      case 'image':
      case 'audio':
        value.push({ type: 'file', mediaType: block.mimeType, data: { type: 'data', data: block.data } })
        break
      case 'resource_link':
        value.push({ type: 'text', text: `${block.title ?? block.name}: ${block.uri}` })
        break
      case 'resource':
        if ('text' in block.resource) value.push({ type: 'text', text: block.resource.text })
        else
          value.push({
            type: 'file',
            mediaType: block.resource.mimeType ?? 'application/octet-stream',
            data: { type: 'data', data: block.resource.blob },
          })
        break
      default:
        block satisfies never
    }
  }
  return { type: 'content', value }
}
