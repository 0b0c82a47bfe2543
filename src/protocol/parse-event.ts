import { checkEventSteps, GENERATED_EVENT_TYPES } from './checks.gen'
import type { SessionEvent } from './events'
import type { Problem } from './json'
import { LIMITS, type Limits } from './limits'
import { capProblems, type ParseOptions, readJson } from './parse'

export type SessionEventParseResult =
  | { ok: true; event: SessionEvent; notices: Problem[] }
  | { ok: false; problems: Problem[]; notices: Problem[] }

/**
 * Checks an untrusted session event like an intent: size, then nesting depth (without recursion), then
 * the schema of its `type` (validators generated from events-schema.ts). A string is read as JSON text. Never throws; on success returns a fresh plain
 * copy (strings longer than `LIMITS.maxStringSize` are cut, with a notice). The intent inside the event
 * is not checked here: `CardRenderer` checks it with `parseIntent` when it renders it.
 */
export function parseSessionEvent(input: unknown, options: ParseOptions = {}): SessionEventParseResult {
  try {
    return parseUnsafe(input, { ...LIMITS, ...options.limits })
  } catch (error) {
    const message = error instanceof Error ? error.message : 'unknown error'
    return { ok: false, problems: [{ path: '$', message: `could not be read: ${message}` }], notices: [] }
  }
}

function parseUnsafe(input: unknown, limits: Limits): SessionEventParseResult {
  const json = readJson(input, limits)
  if (!json.ok) return json
  const { value, notices } = json
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
    return { ok: false, problems: [{ path: '$', message: `expected an event object, got ${got}` }], notices }
  }
  const type = value.type
  const expected = GENERATED_EVENT_TYPES.join(', ')
  if (typeof type !== 'string') {
    const got =
      type === undefined ? 'nothing' : type === null ? 'null' : Array.isArray(type) ? 'array' : typeof type
    return {
      ok: false,
      problems: [{ path: '$.type', message: `expected one of ${expected}, got ${got}` }],
      notices,
    }
  }
  if (!(GENERATED_EVENT_TYPES as readonly string[]).includes(type)) {
    const shown = JSON.stringify(type.slice(0, 80))
    return {
      ok: false,
      problems: [{ path: '$.type', message: `unknown event type ${shown}; expected one of ${expected}` }],
      notices,
    }
  }
  // Validators generated from events-schema.ts (checks.gen.ts): TypeBox stays out of the cards' bundle.
  const found: Problem[] = []
  const steps = checkEventSteps(
    type as (typeof GENERATED_EVENT_TYPES)[number],
    value,
    found,
    limits.maxProblems,
  )
  while (!steps.next().done) {}
  const problems = capProblems(found, limits)
  if (problems.length > 0) return { ok: false, problems, notices }
  return { ok: true, event: value as unknown as SessionEvent, notices }
}
