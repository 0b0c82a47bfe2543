import {
  type JsonValue,
  LIMITS,
  type RenderIntent,
  type SessionEvent,
  type Spill,
  sanitizeJson,
} from '../protocol'
import { contentText, utf8Bytes } from './content'
import { copyJson } from './copy'
import { applyDecisions } from './decide'
import { executeTool, type LiveCall } from './execute'
import { checkedIntent, genericCard, projectValue } from './project'
import { SPILL_DEFAULTS, type SpillSettings, spillOutcome } from './spill'
import {
  type CallContext,
  deepFreeze,
  describeProblems,
  type Entry,
  errorMessage,
  type Outcome,
  type Report,
  StepError,
} from './steps'
import type {
  AnyToolDefinition,
  Projection,
  RegistryLogger,
  RegistryProblem,
  RunOptions,
  ToolCall,
  ToolDefinition,
  ToolRegistry,
  ToolRegistryOptions,
  ToolRunResult,
} from './types'
import { compileSchema, VALUE_LIMITS } from './validate'

export { errorMessage }

/** Identity with inference: `defineTool({ ... })` checks a tool against its own argument and value types. */
export function defineTool<Args, Value, Meta = JsonValue>(
  tool: ToolDefinition<Args, Value, Meta>,
): ToolDefinition<Args, Value, Meta> {
  return tool
}

/**
 * Creates a registry of tools. `run(call)` goes through these steps, each in its own module:
 *
 * 1. emits the `call` event (with `presentCall`'s intent when the tool has one: project.ts);
 * 2. validates the arguments (when the tool declares `inputSchema`), then runs `execute` and checks the value
 *    against `output.schema`, JSON-ness, size and depth first (execute.ts);
 * 3. `render` -> the model's content (a throw becomes an `isError` result carrying the message),
 *    `presentationMeta` for top-level calls only, `presentResult` -> the intent (an intent failing
 *    `parseIntent` falls back to generic, logged) (project.ts);
 * 4. post-execute plugins in order (an accepted value is validated and projected again; an accepted content
 *    replaces only the model's content; a block becomes an error result) (decide.ts);
 * 5. spill: a result larger than `spill.maxBytes` is written to `spill.store`; the model gets a preview and
 *    the path, the card a `spill` notice and a cut body (spill.ts);
 * 6. emits the `result` event.
 *
 * Never rejects: every failure becomes an error result the model can read.
 */
export function createToolRegistry(options: ToolRegistryOptions): ToolRegistry {
  const dev = options.dev ?? isDevelopment()
  const logger: RegistryLogger = options.logger ?? consoleLogger
  const now = options.now ?? defaultNow
  const plugins = options.plugins ?? []
  const limits = { ...VALUE_LIMITS, ...options.limits }
  const entries = new Map<string, Entry>()
  for (const tool of options.tools) {
    checkDefinition(tool)
    if (entries.has(tool.name)) throw new Error(`two tools are named ${JSON.stringify(tool.name)}`)
    const entry: Entry = { tool, checkOutput: compileSchema(tool.output.schema, limits) }
    if (tool.inputSchema !== undefined) entry.checkInput = compileSchema(tool.inputSchema, limits)
    entries.set(tool.name, entry)
  }
  const spill: SpillSettings | undefined = options.spill && {
    store: options.spill.store,
    maxBytes: byteOption('maxBytes', options.spill.maxBytes),
    previewBytes: byteOption('previewBytes', options.spill.previewBytes),
    cardPreviewBytes: byteOption('cardPreviewBytes', options.spill.cardPreviewBytes),
  }
  if (spill && typeof spill.store?.write !== 'function') {
    throw new Error('spill.store must have a write(entry) method that returns where it kept the text')
  }
  const warn = (problem: RegistryProblem) => {
    try {
      logger.warn(problem)
    } catch {
      // A broken logger must not break the call.
    }
  }

  async function run(call: ToolCall, runOptions: RunOptions = {}): Promise<ToolRunResult> {
    try {
      return await runCall(readCall(call), runOptions)
    } catch (error) {
      // defence in depth: a host object that throws where nothing above expects it (a throwing `now`)
      const message = `the call could not be run: ${errorMessage(error)}`
      return {
        callId: '',
        toolName: '',
        content: [{ type: 'text', text: message }],
        isError: true,
        intent: { card: 'generic' },
        events: [],
        problems: [{ kind: 'event', callId: '', toolName: '', message }],
        durationMs: 0,
      }
    }
  }

  async function runCall(call: ToolCall, runOptions: RunOptions): Promise<ToolRunResult> {
    const started = now()
    const events: SessionEvent[] = []
    const problems: RegistryProblem[] = []
    const callId = String(call.id)
    const toolName = String(call.name)
    const report: Report = (problem) => {
      problems.push(problem)
      warn(problem)
    }
    const live: LiveCall = {
      card: undefined,
      finished: false,
      emit(event) {
        events.push(event)
        if (!options.onEvent) return
        try {
          options.onEvent(event)
        } catch (error) {
          report({ kind: 'event', callId, toolName, message: `onEvent threw: ${errorMessage(error)}` })
        }
      },
    }

    const entry = entries.get(toolName)
    const argsClean = copyJson(call.args === undefined ? {} : call.args, limits)
    const args: JsonValue = argsClean.ok ? argsClean.value : null
    const ctx: CallContext | undefined = entry && {
      entry,
      callId,
      toolName,
      args,
      // the model's own call: neither made by another tool nor by a sub-agent
      topLevel: call.parentId === undefined && call.sidechain === undefined,
      dev,
      limits,
      report,
    }

    // Step 1. Arguments are checked once, here; `presentCall` only sees arguments that passed.
    const inputCheck = argsClean.ok && entry?.checkInput ? entry.checkInput(args) : undefined
    let callIntent: RenderIntent | undefined
    const presentCall = entry?.tool.presentCall
    if (ctx && presentCall && argsClean.ok && inputCheck?.ok !== false) {
      deepFreeze(args)
      callIntent = checkedIntent(
        'presentCall',
        ctx,
        () => undefined,
        () => presentCall.call(ctx.entry.tool, args),
      )
    }
    // `appendOutput` only means something for a terminal card (the fold drops it otherwise).
    live.card = callIntent?.card
    live.emit({
      type: 'call',
      id: callId,
      toolName,
      args: wireArgs(args, { callId, toolName, report }),
      status: 'running',
      ...(callIntent ? { intent: callIntent } : {}),
      ...(call.sidechain !== undefined ? { sidechain: call.sidechain } : {}),
    })

    // Steps 2-4.
    const failIntent = (): RenderIntent => callIntent ?? genericCard(args)
    let outcome: Outcome
    try {
      if (callId.length === 0 || callId.length > 1024) {
        throw new StepError(`the call id must be 1 to 1,024 characters, got ${callId.length}`)
      }
      if (!ctx) {
        const known = [...entries.keys()].slice(0, 20).join(', ')
        throw new StepError(`unknown tool ${JSON.stringify(toolName.slice(0, 80))}; the tools are: ${known}`)
      }
      if (!argsClean.ok)
        throw new StepError(`the arguments are not JSON: ${describeProblems(argsClean.problems)}`)
      if (inputCheck && !inputCheck.ok)
        throw new StepError(`invalid arguments: ${describeProblems(inputCheck.problems)}`)
      const value = await executeTool(ctx, live, runOptions)
      outcome = await applyDecisions(ctx, call, plugins, value, projectValue(ctx, value), failIntent)
    } catch (error) {
      const cancelled = runOptions.signal?.aborted === true
      const message = error instanceof StepError ? error.message : `the tool failed: ${errorMessage(error)}`
      outcome = {
        status: cancelled ? 'cancelled' : 'failed',
        content: [{ type: 'text', text: cancelled ? 'The call was cancelled.' : message }],
        intent: failIntent(),
        error: cancelled ? 'cancelled' : message,
      }
    }
    live.finished = true

    // Step 5.
    const spillNotice: Spill | undefined = spill
      ? await spillOutcome(outcome, spill, { callId, toolName, report })
      : undefined
    if (!spill) {
      // no spill store: the whole result goes to the model; said when it is over the default limit
      const bytes = utf8Bytes(contentText(outcome.content))
      if (bytes > SPILL_DEFAULTS.maxBytes) {
        report({
          kind: 'spill',
          callId,
          toolName,
          message: `the result's text is ${bytes.toLocaleString('en-US')} bytes and went to the model whole (no spill option: give the registry a spill store to keep big results out of the context)`,
        })
      }
    }

    // Step 6.
    const durationMs = Math.max(0, Math.round(now() - started))
    live.emit({
      type: 'result',
      id: callId,
      status: outcome.status,
      intent: outcome.intent,
      ...(outcome.error !== undefined ? { error: outcome.error } : {}),
      durationMs,
    })
    return {
      callId,
      toolName,
      content: outcome.content,
      isError: outcome.status !== 'completed',
      intent: outcome.intent,
      events,
      problems,
      durationMs,
      ...(outcome.value !== undefined ? { value: outcome.value } : {}),
      ...(outcome.meta !== undefined ? { meta: outcome.meta } : {}),
      ...(spillNotice ? { spill: spillNotice } : {}),
    }
  }

  function project(
    toolName: string,
    args: unknown,
    value: unknown,
    projectOptions: { topLevel?: boolean } = {},
  ): Projection {
    const entry = entries.get(toolName)
    if (!entry) throw new Error(`unknown tool ${JSON.stringify(toolName)}`)
    const a = copyJson(args === undefined ? {} : args, limits)
    if (!a.ok) throw new Error(`the arguments are not JSON: ${describeProblems(a.problems)}`)
    const checked = entry.checkOutput(value)
    if (!checked.ok)
      throw new Error(`the value fails the output schema: ${describeProblems(checked.problems)}`)
    const ctx: CallContext = {
      entry,
      callId: '',
      toolName,
      args: a.value,
      topLevel: projectOptions.topLevel ?? true,
      dev,
      limits,
      report: warn,
    }
    return projectValue(ctx, checked.value)
  }

  return {
    run,
    project,
    get: (name) => entries.get(name)?.tool,
    describe: () =>
      [...entries.values()].map(({ tool }) => ({
        name: tool.name,
        ...(tool.description !== undefined ? { description: tool.description } : {}),
        ...(tool.inputSchema !== undefined ? { inputSchema: tool.inputSchema } : {}),
      })),
  }
}

/**
 * The call's fields, each read once and safely: a getter or a Proxy trap that throws gives `undefined`
 * (an id or name that cannot be written as a string gives ''), so the call becomes an error result.
 */
function readCall(call: ToolCall): ToolCall {
  const get = (key: keyof ToolCall): unknown => {
    try {
      return (call as unknown as Record<string, unknown>)[key]
    } catch {
      return undefined
    }
  }
  const text = (v: unknown): string => {
    try {
      return String(v)
    } catch {
      return ''
    }
  }
  const parentId = get('parentId')
  const sidechain = get('sidechain')
  return {
    id: text(get('id')),
    name: text(get('name')),
    args: get('args'),
    // null is no parent (JSON has no undefined)
    ...(parentId != null ? { parentId: text(parentId) } : {}),
    ...(sidechain != null ? { sidechain: text(sidechain) } : {}),
  } as ToolCall
}

const consoleLogger: RegistryLogger = {
  warn(problem) {
    console.warn(`toolcards/contract: ${problem.message}`)
  },
}

function defaultNow(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now()
}

/** `process.env.NODE_ENV !== 'production'`, read so that it neither crashes in a browser nor hides from bundlers. */
export function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production'
  } catch {
    return true
  }
}

/**
 * The arguments as a call event carries them: the registry takes arguments the wire would refuse (nested
 * deeper than 64 levels, more than 4M values), and a session fold drops an event it refuses, card and all.
 * Those go as their JSON text (cut by the wire limits if need be), and the problem is reported.
 */
function wireArgs(args: JsonValue, call: { callId: string; toolName: string; report: Report }): JsonValue {
  // the fast copy first (one pass, no paths); the careful one only when it refuses (a string over 16 MB
  // is cut by the wire, and said so, so the event still carries it)
  if (copyJson(args, LIMITS).ok) return args
  const wire = sanitizeJson(args, LIMITS)
  if (wire.ok) return args
  call.report({
    kind: 'event',
    callId: call.callId,
    toolName: call.toolName,
    message: `the arguments are beyond what a session event carries (${describeProblems(wire.problems)}); the call event holds them as JSON text`,
    problems: wire.problems,
  })
  return JSON.stringify(args) ?? null
}

/** A spill size: its default when not given; a whole number of bytes, 0 or more, else an error at once. */
function byteOption(name: keyof typeof SPILL_DEFAULTS, value: number | undefined): number {
  if (value === undefined) return SPILL_DEFAULTS[name]
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new Error(`spill.${name} must be a whole number of bytes, 0 or more; got ${String(value)}`)
  }
  return value
}

/** A definition written in JavaScript (the types require all of this): a clear error at once, naming the tool. */
function checkDefinition(tool: AnyToolDefinition): void {
  const name = typeof tool?.name === 'string' && tool.name !== '' ? tool.name : undefined
  const which = name === undefined ? 'a tool' : `tool ${JSON.stringify(name)}`
  const missing =
    name === undefined
      ? 'a name (a non-empty string)'
      : typeof tool.execute !== 'function'
        ? 'an execute function'
        : tool.output === null || typeof tool.output !== 'object'
          ? 'an output definition ({schema, render})'
          : tool.output.schema === undefined
            ? 'an output schema (output.schema; `true` takes any JSON value)'
            : typeof tool.output.render !== 'function'
              ? 'a render function (output.render)'
              : undefined
  if (missing) throw new Error(`${which} needs ${missing}`)
}
