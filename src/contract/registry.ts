import {
  errorMessage,
  type GenericIntent,
  type JsonValue,
  type Problem,
  parseIntent,
  type RenderIntent,
  type SessionEvent,
  type Spill,
} from '../protocol'
import { checkContent, contentText, cutUtf8, utf8Bytes } from './content'
import { copyJson } from './copy'
import { firstDifference } from './purity'
import { SPILL_DEFAULTS, spilledContent, trimIntent, truncatedContent } from './spill'
import type {
  AnyToolDefinition,
  ContentBlock,
  PostToolDecision,
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
import { compileSchema, VALUE_LIMITS, type ValueCheck } from './validate'

/** Identity with inference: `defineTool({ ... })` checks a tool against its own argument and value types. */
export function defineTool<Args, Value, Meta = JsonValue>(
  tool: ToolDefinition<Args, Value, Meta>,
): ToolDefinition<Args, Value, Meta> {
  return tool
}

interface Entry {
  tool: AnyToolDefinition
  checkOutput: ValueCheck
  checkInput?: ValueCheck
}

/** Thrown inside the pipeline when a step turns the call into an error result. */
class StepError extends Error {}

/**
 * Creates a registry of tools. `run(call)`:
 *
 * 1. emits the `call` event (with `presentCall`'s intent when the tool has one);
 * 2. validates the arguments (when the tool declares `inputSchema`), then runs `execute`;
 * 3. validates the value against `output.schema` (JSON-ness, size and depth first);
 * 4. `render` → the model's content (a throw becomes an `isError` result carrying the message);
 * 5. `presentationMeta`, for top-level calls only;
 * 6. `presentResult` → the intent (an intent failing `parseIntent` falls back to generic, logged);
 * 7. post-execute plugins in order (an accepted value is validated and projected again; an accepted content
 *    replaces only the model's content; a block becomes an error result);
 * 8. spill: a result larger than `spill.maxBytes` is written to `spill.store`; the model gets a preview and
 *    the path, the card a `spill` notice and a cut body;
 * 9. emits the `result` event.
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
    if (entries.has(tool.name)) throw new Error(`two tools are named ${JSON.stringify(tool.name)}`)
    const entry: Entry = { tool, checkOutput: compileSchema(tool.output.schema, limits) }
    if (tool.inputSchema !== undefined) entry.checkInput = compileSchema(tool.inputSchema, limits)
    entries.set(tool.name, entry)
  }
  const spill = options.spill && {
    store: options.spill.store,
    maxBytes: options.spill.maxBytes ?? SPILL_DEFAULTS.maxBytes,
    previewBytes: options.spill.previewBytes ?? SPILL_DEFAULTS.previewBytes,
    cardPreviewBytes: options.spill.cardPreviewBytes ?? SPILL_DEFAULTS.cardPreviewBytes,
  }

  /** Runs a pure projector; in development runs it twice and reports a difference. */
  function pure<T>(what: string, callId: string, toolName: string, report: Report, fn: () => T): T {
    const first = fn()
    if (!dev) return first
    let second: T
    try {
      second = fn()
    } catch (error) {
      report({
        kind: 'impure',
        callId,
        toolName,
        message: `${what} of tool ${JSON.stringify(toolName)} is not pure: it returned the first time and threw the second (${errorMessage(error)})`,
      })
      return first
    }
    const diff = firstDifference(first, second)
    if (diff) {
      report({
        kind: 'impure',
        callId,
        toolName,
        message: `${what} of tool ${JSON.stringify(toolName)} is not pure: two calls with the same input differ at ${diff.path} (${diff.message}); replay would not match the live session`,
        problems: [diff],
      })
    }
    return first
  }

  /** The pure projections of a validated value: content, meta (top-level only), intent. */
  function projectValue(
    entry: Entry,
    callId: string,
    args: JsonValue,
    value: JsonValue,
    topLevel: boolean,
    report: Report,
  ): Projection {
    const { tool } = entry
    if (dev) {
      deepFreeze(args)
      deepFreeze(value)
    }
    let rendered: unknown
    try {
      rendered = pure('render', callId, tool.name, report, () => tool.output.render(args, value))
    } catch (error) {
      throw new StepError(`render failed: ${errorMessage(error)}`)
    }
    const contentProblems = checkContent(rendered)
    const clean = contentProblems.length === 0 ? copyJson(rendered, limits) : undefined
    if (!clean?.ok) {
      throw new StepError(
        `render returned invalid content: ${describeProblems(clean?.problems ?? contentProblems)}`,
      )
    }
    const content = clean.value as unknown as ContentBlock[]

    let meta: JsonValue | undefined
    const metaFn = tool.output.presentationMeta
    if (topLevel && metaFn) {
      try {
        const raw = pure('presentationMeta', callId, tool.name, report, () =>
          metaFn.call(tool.output, args, value),
        )
        const m = copyJson(raw, limits)
        if (m.ok) meta = m.value
        else {
          report({
            kind: 'meta',
            callId,
            toolName: tool.name,
            message: `presentationMeta of tool ${JSON.stringify(tool.name)} returned a value that is not JSON; it is dropped`,
            problems: m.problems,
          })
        }
      } catch (error) {
        report({
          kind: 'meta',
          callId,
          toolName: tool.name,
          message: `presentationMeta of tool ${JSON.stringify(tool.name)} threw: ${errorMessage(error)}; it is dropped`,
        })
      }
    }

    const intent = resultIntent(tool, callId, args, value, meta, report)
    return meta === undefined ? { content, intent } : { content, meta, intent }
  }

  function resultIntent(
    tool: AnyToolDefinition,
    callId: string,
    args: JsonValue,
    value: JsonValue,
    meta: JsonValue | undefined,
    report: Report,
  ): RenderIntent {
    const fallback: GenericIntent = { card: 'generic', input: args, output: value }
    const present = tool.presentResult
    if (!present) return fallback
    return checkedIntent('presentResult', tool.name, callId, report, fallback, () =>
      present.call(tool, args, value, meta),
    )
  }

  function checkedIntent<F extends RenderIntent | undefined>(
    what: string,
    toolName: string,
    callId: string,
    report: Report,
    fallback: F,
    fn: () => unknown,
  ): RenderIntent | F {
    let raw: unknown
    try {
      raw = pure(what, callId, toolName, report, fn)
    } catch (error) {
      report({
        kind: 'present',
        callId,
        toolName,
        message: `${what} of tool ${JSON.stringify(toolName)} threw: ${errorMessage(error)}; showing the generic card`,
      })
      return fallback
    }
    const parsed = parseIntent(raw)
    if (parsed.ok) {
      // The wire limits cut a string over 16 MB; the card must say so (a spill policy avoids it).
      if (parsed.notices.length === 0 || parsed.intent.truncated !== undefined) return parsed.intent
      const reason = parsed.notices.map((n) => `${n.path}: ${n.message}`).join('; ')
      return { ...parsed.intent, truncated: { reason } }
    }
    report({
      kind: 'intent',
      callId,
      toolName,
      message: `${what} of tool ${JSON.stringify(toolName)} returned an invalid intent (${describeProblems(parsed.problems)}); showing the generic card`,
      problems: parsed.problems,
    })
    return fallback
  }

  async function run(call: ToolCall, runOptions: RunOptions = {}): Promise<ToolRunResult> {
    const started = now()
    const events: SessionEvent[] = []
    const problems: RegistryProblem[] = []
    const callId = String(call.id)
    const toolName = String(call.name)
    let finished = false
    const report: Report = (problem) => {
      problems.push(problem)
      try {
        logger.warn(problem)
      } catch {
        // A broken logger must not break the call.
      }
    }
    const emit = (event: SessionEvent) => {
      events.push(event)
      if (!options.onEvent) return
      try {
        options.onEvent(event)
      } catch (error) {
        report({ kind: 'event', callId, toolName, message: `onEvent threw: ${errorMessage(error)}` })
      }
    }

    const entry = entries.get(toolName)
    const argsClean = copyJson(call.args === undefined ? {} : call.args, limits)
    const args: JsonValue = argsClean.ok ? argsClean.value : null
    const topLevel = call.parentId === undefined

    // Arguments are checked once, here; `presentCall` only sees arguments that passed.
    const inputCheck = argsClean.ok && entry?.checkInput ? entry.checkInput(args) : undefined
    let callIntent: RenderIntent | undefined
    const presentCall = entry?.tool.presentCall
    if (entry && presentCall && argsClean.ok && inputCheck?.ok !== false) {
      if (dev) deepFreeze(args)
      callIntent = checkedIntent('presentCall', toolName, callId, report, undefined, () =>
        presentCall.call(entry.tool, args),
      )
    }
    // `appendOutput` only means something for a terminal card (the fold drops it otherwise).
    let liveCard = callIntent?.card
    emit({
      type: 'call',
      id: callId,
      toolName,
      args,
      status: 'running',
      ...(callIntent ? { intent: callIntent } : {}),
      ...(call.sidechain !== undefined ? { sidechain: call.sidechain } : {}),
    })

    const failIntent = (): RenderIntent => callIntent ?? { card: 'generic', input: args }
    let outcome: Outcome
    try {
      outcome = await pipeline()
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
    finished = true

    // Spill: the last step before the result leaves.
    let spillNotice: Spill | undefined
    if (spill) {
      const whole = contentText(outcome.content)
      const totalBytes = utf8Bytes(whole)
      if (totalBytes > spill.maxBytes) {
        const preview = cutUtf8(whole, spill.previewBytes)
        let path: string | undefined
        try {
          const written = await spill.store.write({ callId, toolName, text: whole, bytes: totalBytes })
          if (typeof written !== 'string' || written === '') throw new Error('the store returned no path')
          path = written
        } catch (error) {
          report({
            kind: 'spill',
            callId,
            toolName,
            message: `the spill store failed (${errorMessage(error)}); the result is cut to ${preview.bytes} bytes instead`,
          })
        }
        const trimmed = trimIntent(outcome.intent, spill.cardPreviewBytes)
        if (path !== undefined) {
          outcome.content = spilledContent(outcome.content, preview.text, preview.bytes, totalBytes, path)
          spillNotice = { path, totalBytes }
          if (trimmed.previewBytes !== undefined) spillNotice.previewBytes = trimmed.previewBytes
          outcome.intent = { ...trimmed.intent, spill: spillNotice }
        } else {
          outcome.content = truncatedContent(outcome.content, preview.text, preview.bytes, totalBytes)
          outcome.intent = {
            ...trimmed.intent,
            truncated: {
              totalBytes,
              ...(trimmed.previewBytes !== undefined ? { shownBytes: trimmed.previewBytes } : {}),
              reason: 'too large for the context, and the spill store failed',
            },
          }
        }
      }
    }

    const durationMs = Math.max(0, Math.round(now() - started))
    emit({
      type: 'result',
      id: callId,
      status: outcome.status,
      intent: outcome.intent,
      ...(outcome.error !== undefined ? { error: outcome.error } : {}),
      durationMs,
    })
    const result: ToolRunResult = {
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
    return result

    async function pipeline(): Promise<Outcome> {
      if (callId.length === 0 || callId.length > 1024) {
        throw new StepError(`the call id must be 1 to 1,024 characters, got ${callId.length}`)
      }
      if (!entry) {
        const known = [...entries.keys()].slice(0, 20).join(', ')
        throw new StepError(`unknown tool ${JSON.stringify(toolName.slice(0, 80))}; the tools are: ${known}`)
      }
      const { tool } = entry
      if (!argsClean.ok)
        throw new StepError(`the arguments are not JSON: ${describeProblems(argsClean.problems)}`)
      if (inputCheck && !inputCheck.ok) {
        throw new StepError(`invalid arguments: ${describeProblems(inputCheck.problems)}`)
      }
      if (runOptions.signal?.aborted) throw new Error('cancelled before it started')

      const raw = await tool.execute(args, {
        callId,
        ...(runOptions.signal ? { signal: runOptions.signal } : {}),
        update(update) {
          if (finished) return
          const event: SessionEvent = { type: 'update', id: callId }
          if (update.intent !== undefined) {
            const parsed = parseIntent(update.intent)
            if (parsed.ok) {
              event.intent = parsed.intent
              liveCard = parsed.intent.card
            } else {
              report({
                kind: 'intent',
                callId,
                toolName,
                message: `an update of tool ${JSON.stringify(toolName)} carried an invalid intent (${describeProblems(parsed.problems)}); it is dropped`,
                problems: parsed.problems,
              })
            }
          }
          if (typeof update.appendOutput === 'string' && update.appendOutput !== '') {
            if (liveCard === 'terminal') event.appendOutput = update.appendOutput
            else {
              report({
                kind: 'event',
                callId,
                toolName,
                message: `tool ${JSON.stringify(toolName)} appended output, but its card is not a terminal card; the text is dropped (give it a terminal presentCall)`,
              })
            }
          }
          if (event.appendOutput !== undefined || event.intent !== undefined) emit(event)
        },
      })
      if (runOptions.signal?.aborted) throw new Error('cancelled')

      const checked = entry.checkOutput(raw)
      if (!checked.ok) {
        throw new StepError(
          `the tool returned a value that fails its output schema: ${describeProblems(checked.problems)}`,
        )
      }
      let value = checked.value
      let { content, meta, intent } = projectValue(entry, callId, args, value, topLevel, report)

      for (const plugin of plugins) {
        let decision: PostToolDecision | undefined
        try {
          decision = await plugin.afterExecute({ call, tool, args, value, content, meta, intent })
        } catch (error) {
          throw new StepError(
            `post-execute plugin ${JSON.stringify(plugin.name)} failed: ${errorMessage(error)}`,
          )
        }
        if (decision === undefined || decision === null) continue
        const d = decision as { type?: unknown; content?: unknown; value?: unknown; feedback?: unknown }
        const by = `post-execute plugin ${JSON.stringify(plugin.name)}`
        if (d.type === 'block') {
          const feedback =
            typeof d.feedback === 'string' && d.feedback !== '' ? d.feedback : `blocked by ${by}`
          return {
            status: 'failed',
            content: [{ type: 'text', text: feedback }],
            intent: failIntent(),
            error: feedback,
          }
        }
        if (d.type !== 'accept') throw new StepError(`${by} returned an unknown decision`)
        if (d.value !== undefined && d.content !== undefined) {
          throw new StepError(
            `${by} replaced both the value and the content; a decision may replace only one`,
          )
        }
        if (d.value !== undefined) {
          const again = entry.checkOutput(d.value)
          if (!again.ok) {
            throw new StepError(
              `${by} replaced the value with one that fails the output schema: ${describeProblems(again.problems)}`,
            )
          }
          value = again.value
          ;({ content, meta, intent } = projectValue(entry, callId, args, value, topLevel, report))
        } else if (d.content !== undefined) {
          const p = checkContent(d.content)
          const copy = p.length === 0 ? copyJson(d.content, limits) : undefined
          if (!copy?.ok) {
            throw new StepError(
              `${by} replaced the content with invalid content: ${describeProblems(copy?.problems ?? p)}`,
            )
          }
          content = copy.value as unknown as ContentBlock[]
        }
      }
      const outcome: Outcome = { status: 'completed', content, intent, value }
      if (meta !== undefined) outcome.meta = meta
      return outcome
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
    const report: Report = (problem) => {
      try {
        logger.warn(problem)
      } catch {
        // ignored, as in run
      }
    }
    return projectValue(entry, '', a.value, checked.value, projectOptions.topLevel ?? true, report)
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

type Report = (problem: RegistryProblem) => void

interface Outcome {
  status: 'completed' | 'failed' | 'cancelled'
  content: ContentBlock[]
  intent: RenderIntent
  value?: JsonValue
  meta?: JsonValue
  error?: string
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

function describeProblems(problems: readonly Problem[]): string {
  const shown = problems.slice(0, 5).map((p) => `${p.path}: ${p.message}`)
  if (problems.length > 5) shown.push(`${problems.length - 5} more`)
  return shown.join('; ')
}

/** Freezes a JSON value in place, iteratively, so that a projector that mutates its input throws. */
function deepFreeze(value: JsonValue): void {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const v = stack.pop()
    if (v === null || typeof v !== 'object' || Object.isFrozen(v)) continue
    Object.freeze(v)
    for (const child of Object.values(v)) stack.push(child)
  }
}
