// Step: the pure projections of a validated value (content, presentation meta, intent), and the check of
// every intent a tool presents. Projectors run twice in development; a difference is reported as impure.
import { type GenericIntent, type JsonValue, type Problem, parseIntent, type RenderIntent } from '../protocol'
import { checkContent } from './content'
import { copyJson } from './copy'
import { firstDifference } from './purity'
import { type CallContext, deepFreeze, describeProblems, errorMessage, type Report, StepError } from './steps'
import type { ContentBlock, Projection } from './types'

/** Runs a pure projector; in development runs it twice and reports a difference. */
export function pure<T>(
  what: string,
  ctx: Pick<CallContext, 'callId' | 'toolName' | 'dev' | 'report'>,
  fn: () => T,
): T {
  const { callId, toolName, report } = ctx
  const first = fn()
  if (!ctx.dev) return first
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

/** `render` -> content (a throw or invalid content ends the call), `presentationMeta`, `presentResult`. */
export function projectValue(ctx: CallContext, value: JsonValue): Projection {
  const { tool } = ctx.entry
  const { args, limits } = ctx
  // Frozen in every mode: a projector or a plugin that changes them throws, rather than leaving a
  // result whose text was made from one value while it carries another.
  deepFreeze(args)
  deepFreeze(value)
  let rendered: unknown
  try {
    rendered = pure('render', ctx, () => tool.output.render(args, value))
  } catch (error) {
    throw new StepError(`render failed: ${errorMessage(error)}`)
  }
  if (typeof (rendered as { then?: unknown } | null)?.then === 'function') {
    // an async render: its content would come after the result is out
    throw new StepError('render returned a Promise; render is synchronous (do the async work in execute)')
  }
  const contentProblems = checkContent(rendered)
  const clean = contentProblems.length === 0 ? copyJson(rendered, limits) : undefined
  if (!clean?.ok) {
    throw new StepError(
      `render returned invalid content: ${describeProblems(clean?.problems ?? contentProblems)}`,
    )
  }
  const content = clean.value as unknown as ContentBlock[]
  const meta = presentationMeta(ctx, value)
  const intent = resultIntent(ctx, value, meta)
  return meta === undefined ? { content, intent } : { content, meta, intent }
}

/** For top-level calls only; a throw or a value that is not JSON is reported and dropped. */
function presentationMeta(ctx: CallContext, value: JsonValue): JsonValue | undefined {
  const { tool } = ctx.entry
  const metaFn = tool.output.presentationMeta
  if (!ctx.topLevel || !metaFn) return undefined
  const { callId, report } = ctx
  try {
    const raw = pure('presentationMeta', ctx, () => metaFn.call(tool.output, ctx.args, value))
    const m = copyJson(raw, ctx.limits)
    if (m.ok) return m.value
    report({
      kind: 'meta',
      callId,
      toolName: tool.name,
      message: `presentationMeta of tool ${JSON.stringify(tool.name)} returned a value that is not JSON; it is dropped`,
      problems: m.problems,
    })
  } catch (error) {
    report({
      kind: 'meta',
      callId,
      toolName: tool.name,
      message: `presentationMeta of tool ${JSON.stringify(tool.name)} threw: ${errorMessage(error)}; it is dropped`,
    })
  }
  return undefined
}

/** `presentResult`'s intent, or the generic card (tool name, arguments, value) without one. */
function resultIntent(ctx: CallContext, value: JsonValue, meta: JsonValue | undefined): RenderIntent {
  const { tool } = ctx.entry
  // made only when needed: checking a big value against the wire limits costs as much as the call
  const fallback = () => genericCard(ctx.args, value)
  const present = tool.presentResult
  if (!present) return fallback()
  return checkedIntent('presentResult', ctx, fallback, () => present.call(tool, ctx.args, value, meta))
}

/**
 * Runs a projector that returns an intent and checks it with `parseIntent`. A throw or an invalid intent is
 * reported and gives `fallback()`; a string cut by the wire limits gets a `truncated` notice.
 */
export function checkedIntent<F extends RenderIntent | undefined>(
  what: string,
  ctx: Pick<CallContext, 'callId' | 'toolName' | 'dev' | 'report'>,
  fallback: () => F,
  fn: () => unknown,
): RenderIntent | F {
  const { callId, toolName, report } = ctx
  let raw: unknown
  try {
    raw = pure(what, ctx, fn)
  } catch (error) {
    report({
      kind: 'present',
      callId,
      toolName,
      message: `${what} of tool ${JSON.stringify(toolName)} threw: ${errorMessage(error)}; showing the generic card`,
    })
    return fallback()
  }
  const parsed = parseIntent(raw)
  if (parsed.ok) return withNotices(parsed.intent, parsed.notices)
  report({
    kind: 'intent',
    callId,
    toolName,
    message: `${what} of tool ${JSON.stringify(toolName)} returned an invalid intent (${describeProblems(parsed.problems)}); showing the generic card`,
    problems: parsed.problems,
  })
  return fallback()
}

export type { Report }

/** The wire limits cut a string over 16 MB; the card must say so (a spill policy avoids it). */
function withNotices(intent: RenderIntent, notices: readonly Problem[]): RenderIntent {
  if (notices.length === 0 || intent.truncated !== undefined) return intent
  const reason = notices.map((n) => `${n.path}: ${n.message}`).join('; ')
  return { ...intent, truncated: { reason } }
}

/** JSON text of a value that the wire cannot carry as it is (see `genericCard`). */
const asText = (v: JsonValue): string => JSON.stringify(v) ?? ''

/**
 * The generic card of a call: its arguments and, when there is one, its value. The registry's limits are
 * wider than the wire's (nesting 256 against 64, 10M values against 4M), so what passes `parseIntent` goes
 * as it is; what does not (a value nested 100 levels deep) goes as its JSON text, cut by the wire limits and
 * said so, rather than as an intent the session fold would refuse (its card lost, or left running).
 */
export function genericCard(input: JsonValue, output?: JsonValue): RenderIntent {
  const intent: GenericIntent =
    output === undefined ? { card: 'generic', input } : { card: 'generic', input, output }
  const parsed = parseIntent(intent)
  if (parsed.ok) return withNotices(parsed.intent, parsed.notices)
  const flat = parseIntent(
    output === undefined
      ? { card: 'generic', input: asText(input) }
      : { card: 'generic', input: asText(input), output: asText(output) },
  )
  return flat.ok ? withNotices(flat.intent, flat.notices) : { card: 'generic' }
}
