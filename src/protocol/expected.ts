import type { JsonValue } from './json'

/** The parts of a JSON Schema node that problem messages read. */
export type SchemaLike = {
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

/**
 * What a schema node expects, in words: `string`, `"content" or "files"`, `integer or null`, and with
 * `withLimits` its bounds (`integer >= 1`). Null when it cannot be said in a few words.
 */
export function expectedText(schema: SchemaLike, withLimits: boolean): string | null {
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

/** The JSON type of a value, as messages name it (`nothing` for a missing one). */
export function jsonType(value: JsonValue, missing = false): string {
  if (missing) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}
