// What every step of a registry run shares: the call's facts, the way to report a problem, and the shape of
// an outcome. The steps themselves are project.ts, execute.ts, decide.ts and spill.ts; registry.ts runs them.
import type { JsonValue, Limits, Problem, RenderIntent } from '../protocol'

export { errorMessage } from '../protocol'

import type { AnyToolDefinition, ContentBlock, RegistryProblem } from './types'
import type { ValueCheck } from './validate'

/** A registered tool with its compiled checks. */
export interface Entry {
  tool: AnyToolDefinition
  checkOutput: ValueCheck
  checkInput?: ValueCheck
}

export type Report = (problem: RegistryProblem) => void

/** Thrown inside the pipeline when a step turns the call into an error result (its message is the text). */
export class StepError extends Error {}

/** The facts of one call that every step reads. */
export interface CallContext {
  readonly entry: Entry
  readonly callId: string
  readonly toolName: string
  /** The arguments after the JSON check (frozen before any projector sees them). */
  readonly args: JsonValue
  /** A call made by the model itself, not by a sub-agent: only these get `presentationMeta`. */
  readonly topLevel: boolean
  /** Development mode: projectors run twice (a difference is reported as impure). */
  readonly dev: boolean
  readonly limits: Limits
  readonly report: Report
}

/** Where a call ended: what the model reads, what the card shows, and the value when it succeeded. */
export interface Outcome {
  status: 'completed' | 'failed' | 'cancelled'
  content: ContentBlock[]
  intent: RenderIntent
  value?: JsonValue
  meta?: JsonValue
  error?: string
}

export function describeProblems(problems: readonly Problem[]): string {
  const shown = problems.slice(0, 5).map((p) => `${p.path}: ${p.message}`)
  if (problems.length > 5) shown.push(`${problems.length - 5} more`)
  return shown.join('; ')
}

/** Freezes a JSON value in place, iteratively, so that a projector that mutates its input throws. */
export function deepFreeze(value: JsonValue): void {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const v = stack.pop()
    if (v === null || typeof v !== 'object' || Object.isFrozen(v)) continue
    Object.freeze(v)
    for (const child of Object.values(v)) stack.push(child)
  }
}
