import type { JsonValue, Limits, Problem, RenderIntent, SessionEvent, Spill } from '../protocol'

/**
 * A JSON Schema node as a tool declares it: `true`, `false` or a schema object (drafts 4, 7, 2019-09 and
 * 2020-12; the draft is read from `$schema`, default 2020-12). TypeBox schemas qualify.
 */
export type JsonSchemaNode = boolean | JsonSchemaObject

export interface JsonSchemaObject {
  $schema?: string
  type?: string | readonly string[]
  [keyword: string]: unknown
}

// ---------------------------------------------------------------------------------------------------
// Content blocks: what the model sees. Shaped like MCP's `CallToolResult.content` (and Anthropic's
// `tool_result` content), so a host can hand them on with at most a rename.
// ---------------------------------------------------------------------------------------------------

/** Plain text for the model. */
export type TextContent = { type: 'text'; text: string }

/** An image, base64-encoded (MCP `ImageContent`). */
export type ImageContent = { type: 'image'; data: string; mimeType: string }

/** Audio, base64-encoded (MCP `AudioContent`). */
export type AudioContent = { type: 'audio'; data: string; mimeType: string }

/** A link to a resource the model may read later (MCP `ResourceLink`). */
export type ResourceLinkContent = {
  type: 'resource_link'
  uri: string
  name: string
  title?: string
  description?: string
  mimeType?: string
}

/** A resource embedded with its contents (MCP `EmbeddedResource`): text or a base64 blob. */
export type EmbeddedResourceContent = {
  type: 'resource'
  resource:
    | { uri: string; mimeType?: string; text: string }
    | { uri: string; mimeType?: string; blob: string }
}

export type ContentBlock =
  | TextContent
  | ImageContent
  | AudioContent
  | ResourceLinkContent
  | EmbeddedResourceContent

export type ContentBlockType = ContentBlock['type']

// ---------------------------------------------------------------------------------------------------
// The output contract (the seed's nine lines) and the tool definition around it.
// ---------------------------------------------------------------------------------------------------

/**
 * Tool-owned canonical output contract used after the body returns a JSON value.
 *
 * Declare `Value` and `Meta` as `type` aliases (not `interface`s) so that they are assignable to `JsonValue`.
 */
export interface ToolOutputDefinition<Args = unknown, Value = JsonValue, Meta = JsonValue> {
  /** Raw supported JSON Schema enforced against every successful canonical value. */
  readonly schema: JsonSchemaNode
  /** Pure projection from validated arguments and value to the model's content. */
  render(args: Args, value: Value): ContentBlock[]
  /** Pure replayable presentation projection, computed only for top-level calls. */
  presentationMeta?(args: Args, value: Value): Meta
}

/** What `execute` gets besides its arguments. */
export interface ToolContext {
  /** The call's id (as in the session events). */
  readonly callId: string
  /** Aborted when the host cancels the call. */
  readonly signal?: AbortSignal
  /**
   * Streams progress to the card while the call runs: emitted as an `update` session event.
   * `appendOutput` appends to a terminal intent's output; `intent` replaces the card's intent.
   */
  update(update: { appendOutput?: string; intent?: RenderIntent }): void
}

/**
 * A tool: its body (`execute`), its output contract (`output`), and optional pure projections of the call
 * and its result into render intents. Without `presentCall`/`presentResult` the card is `generic`.
 */
export interface ToolDefinition<Args = unknown, Value = JsonValue, Meta = JsonValue> {
  /** The name the model calls the tool by. Shown in the UI only as the title of the generic fallback. */
  readonly name: string
  readonly description?: string
  /** When given, arguments are validated against it before `execute` runs. */
  readonly inputSchema?: JsonSchemaNode
  readonly output: ToolOutputDefinition<Args, Value, Meta>
  /** The body: does the work and returns one canonical JSON value. May do I/O. */
  execute(args: Args, context: ToolContext): Value | Promise<Value>
  /** Pure: the card shown while the call runs. */
  presentCall?(args: Args): RenderIntent
  /** Pure: the card for a successful result. `meta` is absent for calls that are not top-level. */
  presentResult?(args: Args, value: Value, meta: Meta | undefined): RenderIntent
}

/**
 * Any tool, as a registry holds it. Method parameters are checked bivariantly, so a
 * `ToolDefinition<ShellArgs, ShellValue>` is assignable here without casts.
 */
// biome-ignore lint/suspicious/noExplicitAny: the registry erases each tool's own argument and value types.
export type AnyToolDefinition = ToolDefinition<any, any, any>

// ---------------------------------------------------------------------------------------------------
// Post-execute plugins and their decisions.
// ---------------------------------------------------------------------------------------------------

/**
 * What a post-execute plugin decides. `accept` replaces the content OR the value, never both: the other
 * field is typed `never`, so a decision carrying both does not compile. `block` turns `feedback` into an
 * error result the model reads.
 */
export type PostToolDecision =
  | {
      readonly type: 'accept'
      /** New model content; value, meta and intent stay as they were. */
      readonly content: readonly ContentBlock[]
      readonly value?: never
      readonly feedback?: never
    }
  | {
      readonly type: 'accept'
      /** New canonical value: validated again, then content, meta and intent are recomputed from it. */
      readonly value: JsonValue
      readonly content?: never
      readonly feedback?: never
    }
  | {
      readonly type: 'block'
      /** Corrective feedback: becomes the error text the model sees. */
      readonly feedback: string
      readonly content?: never
      readonly value?: never
    }

/** What a plugin sees: the result so far (after earlier plugins). */
export interface PostToolContext {
  readonly call: ToolCall
  readonly tool: AnyToolDefinition
  readonly args: JsonValue
  readonly value: JsonValue
  readonly content: readonly ContentBlock[]
  readonly meta: JsonValue | undefined
  readonly intent: RenderIntent
}

export interface PostToolPlugin {
  readonly name: string
  /** Runs after a successful execute, in registry order. `undefined`: no change. */
  afterExecute(context: PostToolContext): PostToolDecision | undefined | Promise<PostToolDecision | undefined>
}

// ---------------------------------------------------------------------------------------------------
// Spill: results too big for the model's context are written elsewhere.
// ---------------------------------------------------------------------------------------------------

export interface SpillEntry {
  readonly callId: string
  readonly toolName: string
  /** The whole text the model would have got (text blocks and text resources, joined by newlines). */
  readonly text: string
  /** `text`'s size in UTF-8 bytes. */
  readonly bytes: number
}

/** Host-supplied storage for spilled results. */
export interface SpillStore {
  /** Keeps the whole result; returns where it is (a path or URI the host can open). */
  write(entry: SpillEntry): string | Promise<string>
}

export interface SpillOptions {
  readonly store: SpillStore
  /**
   * A result whose text is larger than this (UTF-8 bytes) is spilled; exactly this size is not.
   * @default 100000
   */
  readonly maxBytes?: number
  /**
   * Size of the preview the model gets (UTF-8 bytes, cut on a character boundary; at most `maxBytes`).
   * @default 2000
   */
  readonly previewBytes?: number
  /**
   * Budget for the preview a spilled result's card carries (UTF-8 bytes).
   * @default 65536
   */
  readonly cardPreviewBytes?: number
}

// ---------------------------------------------------------------------------------------------------
// The registry.
// ---------------------------------------------------------------------------------------------------

/** One call as the model made it. */
export interface ToolCall {
  /** Unique within the session; becomes the session events' `id`. */
  readonly id: string
  readonly name: string
  readonly args: unknown
  /** Set when another tool made this call: such calls are not top-level and get no `presentationMeta`. */
  readonly parentId?: string
  /** Set for calls made by a sub-agent; copied onto the `call` event. */
  readonly sidechain?: string
}

/** Something the registry noticed that is not the tool's error: a bad intent, an impure projector. */
export interface RegistryProblem {
  readonly kind: 'intent' | 'impure' | 'meta' | 'present' | 'spill' | 'event'
  readonly callId: string
  readonly toolName: string
  readonly message: string
  readonly problems?: readonly Problem[]
}

export interface RegistryLogger {
  warn(problem: RegistryProblem): void
}

export interface ToolRegistryOptions {
  readonly tools: readonly AnyToolDefinition[]
  readonly plugins?: readonly PostToolPlugin[]
  readonly spill?: SpillOptions
  /**
   * Development mode: render and the projectors run twice and a difference is reported (like React's
   * StrictMode). Default: `process.env.NODE_ENV !== 'production'` (true where `process` does not exist).
   */
  readonly dev?: boolean
  /** Where problems go. Default: `console.warn`. */
  readonly logger?: RegistryLogger
  /** Every session event, as it happens (`call`, `update`s, then `result`). */
  readonly onEvent?: (event: SessionEvent) => void
  /**
   * Clock for `durationMs`.
   * @default performance.now()
   */
  readonly now?: () => number
  /**
   * Limits for arguments, values and content (size, depth, nodes).
   * @default VALUE_LIMITS
   */
  readonly limits?: Partial<Limits>
}

export interface RunOptions {
  readonly signal?: AbortSignal
}

/** What `run` returns. */
export interface ToolRunResult {
  readonly callId: string
  readonly toolName: string
  /** What the model sees. */
  readonly content: ContentBlock[]
  readonly isError: boolean
  /** The canonical value (absent when the call failed or was blocked). */
  readonly value?: JsonValue
  /** The presentation meta (top-level successful calls of tools that define it). */
  readonly meta?: JsonValue
  /** The card's render intent; always valid (checked with `parseIntent`). */
  readonly intent: RenderIntent
  /** Set when the result was spilled. */
  readonly spill?: Spill
  /** The session events of this call, in order: `call`, any `update`s, `result`. */
  readonly events: SessionEvent[]
  /** Problems reported through the logger during this call. */
  readonly problems: RegistryProblem[]
  readonly durationMs: number
}

/** The pure projections of one value, as replay recomputes them. */
export interface Projection {
  readonly content: ContentBlock[]
  readonly meta?: JsonValue
  readonly intent: RenderIntent
}

export interface ToolRegistry {
  /** execute → validate → render → presentationMeta → presentResult → plugins → spill → events. */
  run(call: ToolCall, options?: RunOptions): Promise<ToolRunResult>
  /**
   * The replay path: recomputes content, meta and intent from a logged value with the same pure projections
   * `run` uses. Throws when the tool is unknown, the value fails the schema or render throws.
   */
  project(toolName: string, args: unknown, value: unknown, options?: { topLevel?: boolean }): Projection
  /** The tool, by name. */
  get(name: string): AnyToolDefinition | undefined
  /** Names, descriptions and input schemas, for the model's tool list. */
  describe(): Array<{ name: string; description?: string; inputSchema?: JsonSchemaNode }>
}
