// Step: post-execute plugins, in order. An `accept` may replace the content or the value, never both (the
// types forbid it; a plugin written in JavaScript is checked here too); a new value is validated and
// projected again, so content, meta and intent all come from it; a `block` ends the call with feedback.
import type { JsonValue } from '../protocol'
import { checkContent } from './content'
import { copyJson } from './copy'
import { projectValue } from './project'
import {
  type CallContext,
  deepFreeze,
  describeProblems,
  errorMessage,
  type Outcome,
  StepError,
} from './steps'
import type { ContentBlock, PostToolDecision, PostToolPlugin, Projection, ToolCall } from './types'

export async function applyDecisions(
  ctx: CallContext,
  call: ToolCall,
  plugins: readonly PostToolPlugin[],
  value: JsonValue,
  projection: Projection,
  failIntent: () => Outcome['intent'],
): Promise<Outcome> {
  const { entry } = ctx
  let { content, meta, intent } = projection
  // The plugin that replaced the content (a redaction, say): a later value replacement would recompute
  // the content from the value and undo it without a word.
  let contentBy: string | undefined
  for (const plugin of plugins) {
    let decision: PostToolDecision | undefined
    // What a plugin sees is frozen (the value and the arguments already are): it changes the result
    // only through its decision, which is checked below.
    deepFreeze(content as unknown as JsonValue)
    deepFreeze(intent as unknown as JsonValue)
    if (meta !== undefined) deepFreeze(meta)
    try {
      decision = await plugin.afterExecute({
        call,
        tool: entry.tool,
        args: ctx.args,
        value,
        content,
        meta,
        intent,
      })
    } catch (error) {
      throw new StepError(`post-execute plugin ${JSON.stringify(plugin.name)} failed: ${errorMessage(error)}`)
    }
    if (decision === undefined || decision === null) continue
    const d = decision as { type?: unknown; content?: unknown; value?: unknown; feedback?: unknown }
    const by = `post-execute plugin ${JSON.stringify(plugin.name)}`
    if (d.type === 'block') {
      const feedback = typeof d.feedback === 'string' && d.feedback !== '' ? d.feedback : `blocked by ${by}`
      return {
        status: 'failed',
        content: [{ type: 'text', text: feedback }],
        intent: failIntent(),
        error: feedback,
      }
    }
    if (d.type !== 'accept') {
      throw new StepError(
        `${by} returned an unknown decision (${describeDecision(decision)}); expected undefined, {type: 'accept', …} or {type: 'block', …}`,
      )
    }
    if (d.value !== undefined && d.content !== undefined) {
      throw new StepError(`${by} replaced both the value and the content; a decision may replace only one`)
    }
    if (d.value !== undefined) {
      if (contentBy !== undefined) {
        throw new StepError(
          `${by} replaced the value after ${contentBy} replaced the content, which the new value's content would undo; put the plugin that replaces the value first`,
        )
      }
      const again = entry.checkOutput(d.value)
      if (!again.ok) {
        throw new StepError(
          `${by} replaced the value with one that fails the output schema: ${describeProblems(again.problems)}`,
        )
      }
      value = again.value
      ;({ content, meta, intent } = projectValue(ctx, value))
    } else if (d.content !== undefined) {
      const p = checkContent(d.content)
      const copy = p.length === 0 ? copyJson(d.content, ctx.limits) : undefined
      if (!copy?.ok) {
        throw new StepError(
          `${by} replaced the content with invalid content: ${describeProblems(copy?.problems ?? p)}`,
        )
      }
      content = copy.value as unknown as ContentBlock[]
      contentBy = by
    }
  }
  const outcome: Outcome = { status: 'completed', content, intent, value }
  if (meta !== undefined) outcome.meta = meta
  return outcome
}

/** What a plugin returned, for a message: its type and JSON (short), read without throwing. */
function describeDecision(decision: unknown): string {
  try {
    const type = decision === null ? 'null' : Array.isArray(decision) ? 'an array' : typeof decision
    const json = JSON.stringify(decision)
    return json === undefined ? type : `${type} ${json.length > 80 ? `${json.slice(0, 80)}…` : json}`
  } catch {
    return 'a value that cannot be read'
  }
}
