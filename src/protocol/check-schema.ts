import type { TSchema } from '@sinclair/typebox'
import { Errors, type ValueError } from '@sinclair/typebox/errors'
import { Check } from '@sinclair/typebox/value'
import { expectedText, jsonType, type SchemaLike } from './expected'
import { type JsonValue, type Problem, pointerToPath } from './json'
import { LIMITS, type Limits } from './limits'

/**
 * Validates a sanitized value against any TypeBox schema, by interpretation (TypeBox's Value module: no
 * `eval`), and returns readable problems with JSON paths. `parseIntent` does not use it: intents are
 * checked by validators generated from the same schema at build time (`checks.gen.ts`), which give the
 * same problems; session events and hosts' own schemas are checked here.
 */
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
  // Right type, wrong size or range: say the limit. Wrong type: say the type. Not one of the listed
  // values: say the value.
  const literals =
    Array.isArray(schema.anyOf) && schema.anyOf.every((s) => (s as SchemaLike).const !== undefined)
  const sameType =
    schema.type === got ||
    (schema.type === 'integer' && got === 'number') ||
    (literals && got !== 'object' && got !== 'array')
  const exp = expectedText(schema, sameType)
  if (exp)
    return {
      path,
      message: `expected ${exp}, got ${sameType ? JSON.stringify(error.value).slice(0, 40) : got}`,
    }
  return { path, message: error.message.replace(/^Expected/, 'expected') }
}
