/**
 * Type tests for `PostToolDecision` and the tool types. This file is only type-checked (`tsc -p tsconfig.json`,
 * run by `npm test`), never executed: each `@ts-expect-error` fails the type-check if the line below it
 * compiles. Lines without it must compile.
 */
import type { JsonValue } from '../protocol'
import { defineTool } from './registry'
import type {
  AnyToolDefinition,
  ContentBlock,
  PostToolDecision,
  PostToolPlugin,
  ToolOutputDefinition,
} from './types'

const content: ContentBlock[] = [{ type: 'text', text: 'redacted' }]
const value: JsonValue = { secret: null }

// The three legal decisions.
export const acceptContent: PostToolDecision = { type: 'accept', content }
export const acceptValue: PostToolDecision = { type: 'accept', value }
export const block: PostToolDecision = { type: 'block', feedback: 'Do not read .env files.' }

// @ts-expect-error a decision may replace the content or the value, never both
export const both: PostToolDecision = { type: 'accept', content, value }

// An explicit `undefined` in the other field compiles (TypeScript lets `undefined` into `?: never`); it
// carries nothing, and the registry treats it as absent.
export const contentAndUndefinedValue: PostToolDecision = { type: 'accept', content, value: undefined }

// @ts-expect-error an accept must replace something
export const acceptNothing: PostToolDecision = { type: 'accept' }

// @ts-expect-error a block carries feedback, not a replacement
export const blockWithContent: PostToolDecision = { type: 'block', feedback: 'no', content }

// @ts-expect-error a block needs its feedback
export const blockWithoutFeedback: PostToolDecision = { type: 'block' }

// @ts-expect-error the value must be JSON
export const acceptFunction: PostToolDecision = { type: 'accept', value: () => 1 }

// @ts-expect-error content blocks are typed
export const badBlock: PostToolDecision = { type: 'accept', content: [{ type: 'html', html: '<b>' }] }

// Building a decision from a variable of a wider type does not sneak both fields in either.
declare const wide: { type: 'accept'; content: ContentBlock[]; value: JsonValue }
// @ts-expect-error both fields, through a variable
export const fromWide: PostToolDecision = wide

// A plugin returns a decision or nothing.
export const plugin: PostToolPlugin = {
  name: 'redact',
  afterExecute: ({ value: v }) =>
    typeof v === 'string' ? { type: 'accept', value: v.replace(/\d/g, '#') } : undefined,
}

export const badPlugin: PostToolPlugin = {
  name: 'both',
  // @ts-expect-error a plugin's decision is checked too
  afterExecute: () => ({ type: 'accept', content, value }),
}

// The output contract: `schema` and `render` are required, `presentationMeta` is optional.
export const minimal: ToolOutputDefinition = { schema: { type: 'string' }, render: () => content }

// @ts-expect-error `schema` is required
export const noSchema: ToolOutputDefinition = { render: () => content }

// @ts-expect-error `render` is required
export const noRender: ToolOutputDefinition = { schema: true }

// A tool typed by its own arguments and value is assignable to the registry's tool list without casts,
// and its projectors see its own types.
type EchoArgs = { text: string }
type EchoValue = { echoed: string }
export const echo = defineTool<EchoArgs, EchoValue>({
  name: 'echo',
  output: {
    schema: { type: 'object', required: ['echoed'], properties: { echoed: { type: 'string' } } },
    render: (_args, v) => [{ type: 'text', text: v.echoed }],
  },
  execute: (args) => ({ echoed: args.text }),
  presentResult: (args, v) => ({ card: 'generic', input: args, output: v.echoed }),
})
export const tools: AnyToolDefinition[] = [echo]

export const badIntent = defineTool<EchoArgs, EchoValue>({
  name: 'bad',
  output: { schema: true, render: () => content },
  execute: (args) => ({ echoed: args.text }),
  // @ts-expect-error `presentResult` must return a render intent of the six cards
  presentResult: () => ({ card: 'chart' }),
})
