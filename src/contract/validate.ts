import { type OutputUnit, type Schema, type SchemaDraft, Validator } from '@cfworker/json-schema'
import type { JsonValue, Limits, Problem } from '../protocol'
import { errorMessage, pointerToPath } from '../protocol'
import { copyJson } from './copy'
import type { JsonSchemaNode } from './types'

/**
 * Limits for tool values (and the content `render` returns). Wider than the wire limits for intents
 * (`LIMITS`), and with no string cut: a value is either taken whole or refused, never changed silently.
 * Sizes are in UTF-16 code units, as in `LIMITS`.
 */
export const VALUE_LIMITS: Limits = {
  maxIntentSize: 512 * 1024 * 1024,
  maxStringSize: 512 * 1024 * 1024,
  maxDepth: 256,
  maxNodes: 10_000_000,
  maxProblems: 20,
}

/** A compiled check of untrusted values against one JSON Schema. */
export type ValueCheck = (
  value: unknown,
) => { ok: true; value: JsonValue } | { ok: false; problems: Problem[] }

/** Keywords whose error only says that something below failed; the error below is the useful one. */
const AGGREGATE = new Set([
  'properties',
  'items',
  'prefixItems',
  'additionalItems',
  'allOf',
  '$ref',
  '$recursiveRef',
  'dependentSchemas',
  'patternProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
])

/**
 * Compiles a JSON Schema into a check. The value is first copied into plain JSON by `copyJson` under
 * `VALUE_LIMITS` (size, depth without recursion, JSON-ness: `undefined`, functions, `NaN`, class instances and
 * cycles fail), then validated by @cfworker/json-schema, which interprets the schema (no `eval`, no
 * `new Function`, so it runs under a strict CSP). Never throws.
 */
export function compileSchema(schema: JsonSchemaNode, limits: Limits = VALUE_LIMITS): ValueCheck {
  const plain = plainSchema(schema)
  const validator = new Validator(plain as Schema | boolean, draftOf(plain), false)
  return (value) => {
    const clean = copyJson(value, limits)
    if (!clean.ok) return clean
    let errors: OutputUnit[]
    try {
      const result = validator.validate(clean.value)
      if (result.valid) return { ok: true, value: clean.value }
      errors = result.errors
    } catch (error) {
      return {
        ok: false,
        problems: [{ path: '$', message: `could not be validated: ${errorMessage(error)}` }],
      }
    }
    return { ok: false, problems: toProblems(errors, limits.maxProblems) }
  }
}

/**
 * A JSON copy of the schema: drops TypeBox's symbol keys and anything that is not JSON, and keeps the
 * validator (which annotates the schema objects it is given) off the tool's own object.
 */
function plainSchema(schema: JsonSchemaNode): unknown {
  if (typeof schema === 'boolean') return schema
  const text = JSON.stringify(schema)
  if (text === undefined)
    throw new TypeError('a tool output schema must be a JSON Schema (an object or a boolean)')
  return JSON.parse(text)
}

function draftOf(schema: unknown): SchemaDraft {
  const uri =
    typeof schema === 'object' && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined
  if (typeof uri !== 'string') return '2020-12'
  if (uri.includes('draft-04')) return '4'
  if (uri.includes('draft-07') || uri.includes('draft-06')) return '7'
  if (uri.includes('2019-09')) return '2019-09'
  return '2020-12'
}

function toProblems(errors: OutputUnit[], max: number): Problem[] {
  const additional = errors.filter((e) => e.keyword === 'additionalProperties').map((e) => e.instanceLocation)
  const problems: Problem[] = []
  const seen = new Set<string>()
  for (const e of errors) {
    if (AGGREGATE.has(e.keyword)) continue
    // `additionalProperties: false` reports the parent ("Property "c" does not match...") and the child
    // ("False boolean schema"); the parent says it better.
    if (e.keyword === 'false' && additional.some((loc) => e.instanceLocation.startsWith(`${loc}/`))) continue
    const problem = { path: pointerToPath(decodePointer(e.instanceLocation)), message: readable(e) }
    const key = `${problem.path}\u0000${problem.message}`
    if (seen.has(key)) continue
    seen.add(key)
    problems.push(problem)
    if (problems.length >= max) break
  }
  if (problems.length === 0) problems.push({ path: '$', message: 'does not match the schema' })
  return problems
}

/** cfworker's locations are `#` + a URI-encoded JSON pointer. */
function decodePointer(location: string): string {
  const pointer = location.replace(/^#/, '')
  try {
    return decodeURI(pointer).replace(/%23/g, '#')
  } catch {
    return pointer
  }
}

function readable(e: OutputUnit): string {
  const m = /^Instance type "([^"]+)" is invalid\. Expected (.+)\.$/.exec(e.error)
  if (m) return `expected ${m[2]!.replace(/"/g, '')}, got ${m[1]}`
  const r = /^Instance does not have required property "(.+)"\.$/.exec(e.error)
  if (r) return `is missing the required property ${JSON.stringify(r[1])}`
  const a = /^Property "(.+)" does not match additional properties schema\.$/.exec(e.error)
  if (a) return `has a property the schema does not allow: ${JSON.stringify(a[1])}`
  const text = e.error.replace(/^Instance /, '').replace(/\.$/, '')
  return text.charAt(0).toLowerCase() + text.slice(1)
}
