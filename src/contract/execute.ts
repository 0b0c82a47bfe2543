// Step: run the tool's `execute`, forwarding its live updates (a new intent, appended terminal output) as
// session events while the call is open, then check the value against the tool's output schema.
import { type JsonValue, parseIntent, type SessionEvent } from '../protocol'
import { copyJson } from './copy'
import { type CallContext, describeProblems, StepError } from './steps'
import type { RunOptions } from './types'

export interface LiveCall {
  /** The card the call shows now (from `presentCall` or the last update); output appends need `terminal`. */
  card: string | undefined
  /** Set when the result is out: later updates are ignored. */
  finished: boolean
  emit: (event: SessionEvent) => void
}

/** Executes the tool and returns its value after the output schema passed. */
export async function executeTool(
  ctx: CallContext,
  live: LiveCall,
  runOptions: RunOptions,
): Promise<JsonValue> {
  const { entry, callId, toolName, report } = ctx
  const { signal } = runOptions
  if (signal?.aborted) throw new Error('cancelled before it started')
  // The tool gets its own copy of the arguments (it may change it); the call event and the projections
  // keep the checked ones.
  const args = copyJson(ctx.args, ctx.limits)
  const running = entry.tool.execute(args.ok ? args.value : ctx.args, {
    callId,
    ...(runOptions.signal ? { signal: runOptions.signal } : {}),
    update(update) {
      if (live.finished) return
      const event: SessionEvent = { type: 'update', id: callId }
      if (update.intent !== undefined) {
        const parsed = parseIntent(update.intent)
        if (parsed.ok) {
          event.intent = parsed.intent
          live.card = parsed.intent.card
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
        if (live.card === 'terminal') event.appendOutput = update.appendOutput
        else {
          report({
            kind: 'event',
            callId,
            toolName,
            message: `tool ${JSON.stringify(toolName)} appended output, but its card is not a terminal card; the text is dropped (give it a terminal presentCall)`,
          })
        }
      }
      if (event.appendOutput !== undefined || event.intent !== undefined) live.emit(event)
    },
  })
  // An abort ends the call at once, whether or not the tool heeds the signal (its value, if one comes
  // later, is dropped).
  const raw = signal ? await untilAborted(running, signal) : await running
  if (signal?.aborted) throw new Error('cancelled')
  const checked = entry.checkOutput(raw)
  if (!checked.ok) {
    throw new StepError(
      `the tool returned a value that fails its output schema: ${describeProblems(checked.problems)}`,
    )
  }
  return checked.value
}

/** `work`'s result, or a rejection as soon as `signal` aborts. */
function untilAborted<T>(work: T | Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new Error('cancelled'))
    signal.addEventListener('abort', abort, { once: true })
    Promise.resolve(work).then(
      (value) => {
        signal.removeEventListener('abort', abort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort)
        reject(error)
      },
    )
  })
}
