import type { TSchema } from '@sinclair/typebox'
import { Errors, type ValueError } from '@sinclair/typebox/errors'
import { Check } from '@sinclair/typebox/value'
import {
  childPath,
  formatSize,
  type JsonValue,
  type Problem,
  pointerToPath,
  sanitizeJson,
  scanJsonDepth,
} from './json'
import { LIMITS, type Limits } from './limits'
import { CARD_KINDS, type CardKind, INTENT_SCHEMAS, type RenderIntent } from './schema'

export type ParseResult<T> =
  | { ok: true; intent: T; notices: Problem[] }
  | { ok: false; problems: Problem[]; notices: Problem[] }

export interface ParseOptions {
  /** Override limits (for tests or hosts that need more); defaults to `LIMITS`. */
  limits?: Partial<Limits>
}

/**
 * Checks an untrusted render intent: byte size, then nesting depth (without recursion), then the schema
 * of its card. A string is read as JSON text. Never throws; on success returns a fresh plain copy.
 *
 * Problems carry JSON paths: `{ path: '$.files[2].path', message: 'expected string' }`.
 */
export function parseIntent(input: unknown, options: ParseOptions = {}): ParseResult<RenderIntent> {
  try {
    return parseIntentUnsafe(input, { ...LIMITS, ...options.limits })
  } catch (error) {
    // Defence in depth: nothing above should throw, but a getter on a hostile object might.
    return {
      ok: false,
      problems: [{ path: '$', message: `could not be read: ${errorMessage(error)}` }],
      notices: [],
    }
  }
}

function parseIntentUnsafe(input: unknown, limits: Limits): ParseResult<RenderIntent> {
  const json = readJson(input, limits)
  if (!json.ok) return json
  const { value, notices } = json
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      ok: false,
      problems: [{ path: '$', message: `expected an object, got ${jsonType(value)}` }],
      notices,
    }
  }
  const card = value.card
  if (typeof card !== 'string') {
    return {
      ok: false,
      problems: [
        {
          path: '$.card',
          message: `expected one of ${CARD_KINDS.join(', ')}, got ${jsonType(card ?? null, card === undefined)}`,
        },
      ],
      notices,
    }
  }
  if (!isCardKind(card)) {
    return {
      ok: false,
      problems: [
        {
          path: '$.card',
          message: `unknown card ${JSON.stringify(card.slice(0, 80))}; expected one of ${CARD_KINDS.join(', ')}`,
        },
      ],
      notices,
    }
  }
  const problems = checkSchema(INTENT_SCHEMAS[card], value, limits)
  problems.push(...semanticProblems(value as unknown as RenderIntent))
  if (problems.length > 0) return { ok: false, problems, notices }
  return { ok: true, intent: value as unknown as RenderIntent, notices }
}

/** Size, depth and JSON-ness of untrusted input; a string is JSON text. */
export function readJson(
  input: unknown,
  limits: Limits = LIMITS,
):
  | { ok: true; value: JsonValue; notices: Problem[] }
  | { ok: false; problems: Problem[]; notices: Problem[] } {
  let value: unknown = input
  if (typeof input === 'string') {
    if (input.length > limits.maxIntentSize) {
      return fail(
        `is ${formatSize(input.length)} of JSON text; the limit is ${formatSize(limits.maxIntentSize)}`,
      )
    }
    if (scanJsonDepth(input, limits.maxDepth) < 0)
      return fail(`is nested deeper than ${limits.maxDepth} levels`)
    try {
      value = JSON.parse(input)
    } catch (error) {
      return fail(`is not valid JSON: ${errorMessage(error)}`)
    }
  }
  const clean = sanitizeJson(value, limits)
  if (!clean.ok) return { ok: false, problems: clean.problems, notices: clean.notices }
  return { ok: true, value: clean.value as JsonValue, notices: clean.notices }

  function fail(message: string) {
    return { ok: false as const, problems: [{ path: '$', message }], notices: [] }
  }
}

/** Validates a sanitized value against a TypeBox schema and returns readable problems. */
export function checkSchema(schema: TSchema, value: unknown, limits: Limits = LIMITS): Problem[] {
  if (Check(schema, value)) return []
  const problems: Problem[] = []
  const seen = new Set<string>()
  for (const error of Errors(schema, value)) {
    const problem = toProblem(error)
    const key = `${problem.path}\u0000${problem.message}`
    if (seen.has(key)) continue
    seen.add(key)
    problems.push(problem)
    if (problems.length >= limits.maxProblems) {
      problems.push({ path: '$', message: 'more problems not listed' })
      break
    }
  }
  if (problems.length === 0) problems.push({ path: '$', message: 'does not match the schema' })
  return problems
}

function toProblem(error: ValueError): Problem {
  const path = pointerToPath(error.path)
  const schema = error.schema as SchemaLike
  if (error.value === undefined) {
    const exp = expectedText(schema, false)
    return { path, message: exp ? `is required (${exp})` : 'is required' }
  }
  const got = jsonType(error.value as JsonValue)
  // Right type, wrong size or range: say the limit. Wrong type: say the type.
  const sameType = schema.type === got || (schema.type === 'integer' && got === 'number')
  const exp = expectedText(schema, sameType)
  if (exp)
    return {
      path,
      message: `expected ${exp}, got ${sameType ? JSON.stringify(error.value).slice(0, 40) : got}`,
    }
  return { path, message: error.message.replace(/^Expected/, 'expected') }
}

type SchemaLike = {
  type?: unknown
  const?: unknown
  anyOf?: unknown[]
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
}

function expectedText(schema: SchemaLike, withLimits: boolean): string | null {
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (Array.isArray(schema.anyOf)) {
    const parts = schema.anyOf.map((s) => expectedText(s as SchemaLike, false))
    return parts.every(Boolean) ? parts.join(' or ') : null
  }
  if (typeof schema.type !== 'string') return null
  const type = schema.type
  if (!withLimits) return type
  const limits: string[] = []
  if (typeof schema.minimum === 'number') limits.push(`>= ${schema.minimum}`)
  if (typeof schema.maximum === 'number') limits.push(`<= ${schema.maximum}`)
  if (typeof schema.minLength === 'number') limits.push(`of at least ${schema.minLength} characters`)
  if (typeof schema.maxLength === 'number') limits.push(`of at most ${schema.maxLength} characters`)
  const { minItems, maxItems } = schema
  if (typeof minItems === 'number' && typeof maxItems === 'number')
    limits.push(`of ${minItems} to ${maxItems} items`)
  else if (typeof minItems === 'number') limits.push(`of at least ${minItems} items`)
  else if (typeof maxItems === 'number') limits.push(`of at most ${maxItems} items`)
  return limits.length ? `${type} ${limits.join(' and ')}` : type
}

/** Rules a JSON Schema cannot say simply; kept few and documented in docs/protocol.md. */
function semanticProblems(intent: RenderIntent): Problem[] {
  const problems: Problem[] = []
  if (intent.card === 'diff') {
    intent.files.forEach((file, i) => {
      const hasTexts = file.oldText !== undefined || file.newText !== undefined
      if (file.patch === undefined && !hasTexts && file.status !== 'binary') {
        problems.push({
          path: childPath(childPath('$.files', i), 'patch'),
          message: 'is required: give `patch`, or `oldText`/`newText`',
        })
      }
    })
  }
  return problems
}

export function isCardKind(card: string): card is CardKind {
  return Object.hasOwn(INTENT_SCHEMAS, card)
}

function jsonType(value: JsonValue, missing = false): string {
  if (missing) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  try {
    return String(error)
  } catch {
    return 'unknown error'
  }
}
