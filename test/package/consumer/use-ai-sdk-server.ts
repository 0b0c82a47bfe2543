// Type-checked by test/package/consumer.test.ts like use-every-entry.tsx, but only with skipLibCheck: the
// AI SDK's own declarations (which this entry's types refer to) need @types/node and @types/json-schema,
// which a server project using the AI SDK has and this scratch project does not.
import { type ToolcardsOutput, toAiSdkTool, toAiSdkTools } from 'toolcards/ai-sdk/server'
import type { ToolDefinition } from 'toolcards/contract'

const echo: ToolDefinition<{ text: string }, string> = {
  name: 'echo',
  output: { schema: { type: 'string' }, render: (_args, v) => [{ type: 'text', text: v }] },
  execute: (args) => args.text,
}
export const tool = toAiSdkTool(echo, { needsApproval: (input) => input.text.length > 10 })
export const tools = toAiSdkTools([echo], { needApproval: ['echo'] })
// @ts-expect-error needsApproval reads the tool's own arguments
export const badApproval = toAiSdkTool(echo, { needsApproval: (input: { n: number }) => input.n > 1 })
export const output: ToolcardsOutput = { toolcards: 1, value: 'hi', intent: { card: 'generic' } }
// @ts-expect-error a toolcards output is tagged 1
export const badOutput: ToolcardsOutput = { toolcards: 2, value: 'hi', intent: {} }
