// Writes src/protocol/checks.gen.ts: a validator per card, generated from the TypeBox render-intent
// schema (src/protocol/schema.ts) as plain code. No eval, no `new Function`: it runs under a strict CSP.
// It gives the problems (JSON path and message) that TypeBox's interpreter gives through `checkSchema`,
// in one pass, and is a generator function so `parseIntentInSlices` can pause it between array items.
// Run: npm run gen:checks. test/checks-gen.test.ts fails when the file is not what this script writes.
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { EVENT_SCHEMAS } from '../src/protocol/events-schema'
import { expectedText, type SchemaLike } from '../src/protocol/expected'
import { INTENT_SCHEMAS } from '../src/protocol/schema'

export const CHECKS_FILE = 'src/protocol/checks.gen.ts'

type Node = SchemaLike & {
  properties?: Record<string, Node>
  required?: string[]
  items?: Node | Node[]
  minItems?: number
  maxItems?: number
  additionalItems?: boolean
  [key: string]: unknown
}

/** Keywords the generator understands; any other one fails generation (so a schema change is seen). */
const KNOWN = new Set([
  'type',
  'const',
  'anyOf',
  'properties',
  'required',
  'items',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'additionalItems',
  'description',
  'title',
  '$id',
])

type PathPart = { key: string } | { index: string } | { base: string }

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** A JS expression for the JSON path of `parts` (index parts are loop variables). */
function pathExpr(parts: readonly PathPart[]): string {
  const pieces: string[] = []
  let lit = '$'
  for (const p of parts) {
    if ('base' in p) {
      pieces.push(p.base)
      lit = ''
    } else if ('key' in p) lit += IDENT.test(p.key) ? `.${p.key}` : `[${JSON.stringify(p.key)}]`
    else {
      pieces.push(JSON.stringify(`${lit}[`), p.index)
      lit = ']'
    }
  }
  pieces.push(JSON.stringify(lit))
  return pieces.join(' + ')
}

/** Object schemas met more than once, without arrays: each becomes one plain function (`shared`). */
interface Shared {
  /** JSON text of a schema -> how often it is met. */
  counts: Map<string, number>
  /** JSON text -> the function's name, once written. */
  names: Map<string, string>
  /** The functions' text. */
  out: string[]
}

function hasArray(node: unknown): boolean {
  return JSON.stringify(node).includes('"type":"array"')
}

function countObjects(node: unknown, counts: Map<string, number>, root = true): void {
  if (node === null || typeof node !== 'object') return
  const n = node as Node
  if (!root && n.type === 'object' && !hasArray(n)) {
    const key = JSON.stringify(n)
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  for (const v of Object.values(n)) countObjects(v, counts, false)
}

class Gen {
  lines: string[] = []
  private n = 0
  private depth = 1

  constructor(private readonly shared?: Shared) {}

  fresh(prefix: string): string {
    return `${prefix}${this.n++}`
  }

  emit(line: string): void {
    this.lines.push(`${'  '.repeat(this.depth)}${line}`)
  }

  block(head: string, body: () => void, tail = '}'): void {
    this.emit(`${head} {`)
    this.depth++
    body()
    this.depth--
    this.emit(tail)
  }

  push(path: readonly PathPart[], message: string): void {
    this.emit(`bad(out, ${pathExpr(path)}, ${message})`)
  }

  /** "expected <exp>, got <the type of v>" */
  pushType(path: readonly PathPart[], exp: string, v: string): void {
    this.emit(`badType(out, ${pathExpr(path)}, ${JSON.stringify(exp)}, ${v})`)
  }

  /** "expected <exp>, got <v, shown>" */
  pushValue(path: readonly PathPart[], exp: string, v: string): void {
    this.emit(`badValue(out, ${pathExpr(path)}, ${JSON.stringify(exp)}, ${v})`)
  }

  /** Checks value `v` (a local name) against `node`; problems go to `out`. */
  node(node: Node, v: string, path: readonly PathPart[], inline = false): void {
    for (const key of Object.keys(node)) if (!KNOWN.has(key)) throw new Error(`unsupported keyword ${key}`)
    const s = (text: string) => JSON.stringify(text)
    if (Array.isArray(node.anyOf)) {
      const exp = expectedText(node, false)
      if (!exp) throw new Error('a union whose members cannot be named')
      const cond = node.anyOf.map((m) => this.test(m as Node, v)).join(' || ')
      this.emit(`if (!(${cond}))`)
      this.depth++
      if (node.anyOf.every((m) => (m as Node).const !== undefined)) {
        // Not one of the listed values: name the value (an object or an array: its type), as check-schema.ts.
        const named = expectedText(node, true)
        this.emit(
          `badEnum(out, ${pathExpr(path)}, ${s(exp)}, ${v}${named === exp ? '' : `, ${s(String(named))}`})`,
        )
      } else this.pushType(path, exp, v)
      this.depth--
      return
    }
    if (node.const !== undefined) {
      const exp = expectedText(node, true)
      this.emit(`if (${v} !== ${JSON.stringify(node.const)})`)
      this.depth++
      this.emit(`badConst(out, ${pathExpr(path)}, ${s(String(exp))}, ${s(String(node.type))}, ${v})`)
      this.depth--
      return
    }
    switch (node.type) {
      case undefined:
        return // any JSON value
      case 'string':
      case 'number':
      case 'integer': {
        const bad =
          node.type === 'string'
            ? `typeof ${v} !== 'string'`
            : node.type === 'number'
              ? `typeof ${v} !== 'number'`
              : `!Number.isInteger(${v})`
        const limited = expectedText(node, true)
        this.block(
          `if (${bad})`,
          () => {
            if (node.type === 'integer')
              this.emit(`badInteger(out, ${pathExpr(path)}, ${s(String(limited))}, ${v})`)
            else this.pushType(path, String(node.type), v)
          },
          '}',
        )
        // TypeBox's order: maximum before minimum, each its own problem
        const checks: string[] = []
        if (node.type === 'string') {
          if (typeof node.maxLength === 'number') checks.push(`${v}.length > ${node.maxLength}`)
          if (typeof node.minLength === 'number') checks.push(`${v}.length < ${node.minLength}`)
        } else {
          if (typeof node.maximum === 'number') checks.push(`!(${v} <= ${node.maximum})`)
          if (typeof node.minimum === 'number') checks.push(`!(${v} >= ${node.minimum})`)
        }
        if (checks.length) {
          this.lines[this.lines.length - 1] += ' else {'
          this.depth++
          for (const c of checks) {
            this.emit(`if (${c})`)
            this.depth++
            this.pushValue(path, String(limited), v)
            this.depth--
          }
          this.depth--
          this.emit('}')
        }
        return
      }
      case 'boolean':
      case 'null': {
        this.emit(node.type === 'null' ? `if (${v} !== null)` : `if (typeof ${v} !== 'boolean')`)
        this.depth++
        this.pushType(path, String(node.type), v)
        this.depth--
        return
      }
      case 'array': {
        this.emit(`if (!Array.isArray(${v}))`)
        this.depth++
        this.pushType(path, 'array', v)
        this.depth--
        if (Array.isArray(node.items)) {
          // a tuple: exactly items.length members
          const len = node.items.length
          if (node.maxItems !== len || node.minItems !== len || node.additionalItems !== false)
            throw new Error('only fixed-length tuples are supported')
          this.emit(`else if (${v}.length !== ${len})`)
          this.depth++
          this.pushValue(path, String(expectedText(node, true)), v)
          this.depth--
          this.block('else', () => {
            ;(node.items as Node[]).forEach((item, k) => {
              const e = this.fresh('t')
              this.emit(`const ${e} = ${v}[${k}]`)
              this.node(item, e, [...path, { index: String(k) }])
            })
          })
          return
        }
        const items = node.items
        if (!items) throw new Error('an array without items')
        const i = this.fresh('i')
        this.block('else', () => {
          // TypeBox's order: the bounds (each its own problem), then the items
          const bounds: string[] = []
          if (typeof node.minItems === 'number') bounds.push(`${v}.length < ${node.minItems}`)
          if (typeof node.maxItems === 'number') bounds.push(`${v}.length > ${node.maxItems}`)
          for (const b of bounds) {
            this.emit(`if (${b})`)
            this.depth++
            this.pushValue(path, String(expectedText(node, true)), v)
            this.depth--
          }
          this.block(`for (let ${i} = 0; ${i} < ${v}.length; ${i}++)`, () => {
            this.emit('if (out.length > max) return')
            this.emit('if (++work === SLICE) {')
            this.emit('  work = 0')
            this.emit('  yield')
            this.emit('}')
            const e = this.fresh('e')
            this.emit(`const ${e} = ${v}[${i}]`)
            this.node(items, e, [...path, { index: i }])
          })
        })
        return
      }
      case 'object': {
        const key = JSON.stringify(node)
        const shared = this.shared
        if (shared && !inline && path.length > 0 && (shared.counts.get(key) ?? 0) > 1) {
          let name = shared.names.get(key)
          if (!name) {
            name = `object${shared.names.size}`
            shared.names.set(key, name)
            const g = new Gen(shared)
            g.node(node, 'v', [{ base: 'at' }], true)
            shared.out.push(
              '',
              '// biome-ignore lint: generated',
              `function ${name}(v: any, at: string, out: Problem[]): void {`,
              ...g.lines,
              '}',
            )
          }
          this.emit(`${name}(${v}, ${pathExpr(path)}, out)`)
          return
        }
        this.emit(`if (!isObject(${v}))`)
        this.depth++
        this.pushType(path, 'object', v)
        this.depth--
        this.block('else', () => {
          const props = node.properties ?? {}
          const required = node.required ?? []
          const names = new Map<string, string>()
          for (const key of Object.keys(props)) {
            if (key in Object.prototype) throw new Error(`property ${key} shadows Object.prototype`)
            const p = this.fresh('p')
            names.set(key, p)
            this.emit(`const ${p} = ${v}[${JSON.stringify(key)}]`)
          }
          for (const key of required) {
            const exp = expectedText(props[key] ?? {}, false)
            this.emit(`if (${names.get(key)} === undefined)`)
            this.depth++
            this.emit(`required(out, ${pathExpr([...path, { key }])}${exp ? `, ${s(exp)}` : ''})`)
            this.depth--
          }
          for (const [key, sub] of Object.entries(props)) {
            const p = names.get(key)!
            const plain = Object.keys(sub).every((k) => k === 'type' || k === 'description' || k === 'title')
            if (plain && (sub.type === 'string' || sub.type === 'number' || sub.type === 'boolean')) {
              // a bare scalar: one call
              this.emit(`optional(out, ${pathExpr([...path, { key }])}, ${JSON.stringify(sub.type)}, ${p})`)
              continue
            }
            const before = this.lines.length
            this.block(`if (${p} !== undefined)`, () => this.node(sub, p, [...path, { key }]))
            // nothing to check (any JSON value): drop the empty block
            if (this.lines.length - before === 2) this.lines.length = before
          }
        })
        return
      }
      default:
        throw new Error(`unsupported type ${String(node.type)}`)
    }
  }

  /** A boolean expression: `v` matches `node` (union members: scalars and literals only). */
  test(node: Node, v: string): string {
    if (node.const !== undefined) return `${v} === ${JSON.stringify(node.const)}`
    const bounds: string[] = []
    if (typeof node.maximum === 'number') bounds.push(`${v} <= ${node.maximum}`)
    if (typeof node.minimum === 'number') bounds.push(`${v} >= ${node.minimum}`)
    if (typeof node.maxLength === 'number') bounds.push(`${v}.length <= ${node.maxLength}`)
    if (typeof node.minLength === 'number') bounds.push(`${v}.length >= ${node.minLength}`)
    const base =
      node.type === 'string'
        ? `typeof ${v} === 'string'`
        : node.type === 'number'
          ? `typeof ${v} === 'number'`
          : node.type === 'integer'
            ? `Number.isInteger(${v})`
            : node.type === 'boolean'
              ? `typeof ${v} === 'boolean'`
              : node.type === 'null'
                ? `${v} === null`
                : null
    if (!base) throw new Error(`unsupported union member ${JSON.stringify(node)}`)
    return `(${[base, ...bounds].join(' && ')})`
  }
}

/** The generated module's text. */
export function generateChecks(): string {
  const cards = Object.keys(INTENT_SCHEMAS) as Array<keyof typeof INTENT_SCHEMAS>
  const out: string[] = [
    '// Generated by scripts/gen-checks.ts from the TypeBox schemas (schema.ts, events-schema.ts): do not edit.',
    '// Run `npm run gen:checks` after changing a schema; test/checks-gen.test.ts fails until then.',
    '// Plain code (no eval, no `new Function`): one generator per card and per session-event type that',
    '// pushes the problems TypeBox would report (paths and messages as `checkSchema` words them) and',
    '// yields every SLICE array items. TypeBox itself stays out of the bundle that renders cards.',
    "import type { Problem } from './json'",
    '',
    'function bad(out: Problem[], path: string, message: string): void {',
    '  out.push({ path, message })',
    '}',
    '',
    'function badType(out: Problem[], path: string, expected: string, v: unknown): void {',
    "  bad(out, path, 'expected ' + expected + ', got ' + typeName(v))",
    '}',
    '',
    'function badValue(out: Problem[], path: string, expected: string, v: unknown): void {',
    "  bad(out, path, 'expected ' + expected + ', got ' + show(v))",
    '}',
    '',
    'function required(out: Problem[], path: string, expected?: string): void {',
    "  bad(out, path, expected ? 'is required (' + expected + ')' : 'is required')",
    '}',
    '',
    'function isObject(v: unknown): boolean {',
    "  return v !== null && typeof v === 'object' && !Array.isArray(v)",
    '}',
    '',
    '/** Not the constant: a value of its type is shown, anything else named by its type. */',
    'function badConst(out: Problem[], path: string, expected: string, type: string, v: unknown): void {',
    '  if (typeName(v) === type) badValue(out, path, expected, v)',
    '  else badType(out, path, expected, v)',
    '}',
    '',
    '/** Not one of the listed values: the value is shown (`named` lists them), an object or an array named by its type. */',
    'function badEnum(out: Problem[], path: string, expected: string, v: unknown, named = expected): void {',
    "  if (typeName(v) === 'object' || typeName(v) === 'array') badType(out, path, expected, v)",
    '  else badValue(out, path, named, v)',
    '}',
    '',
    '/** An optional field of a bare scalar type (no limits). */',
    'function optional(out: Problem[], path: string, type: string, v: unknown): void {',
    '  if (v !== undefined && typeof v !== type) badType(out, path, type, v)',
    '}',
    '',
    '/** Not an integer: a number is shown against the limits, anything else by its type. */',
    'function badInteger(out: Problem[], path: string, limited: string, v: unknown): void {',
    "  if (typeof v === 'number') badValue(out, path, limited, v)",
    "  else badType(out, path, 'integer', v)",
    '}',
    '',
    '/** Array items checked between two yields. */',
    'const SLICE = 2048',
    '',
    'function typeName(v: unknown): string {',
    "  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v",
    '}',
    '',
    'function show(v: unknown): string {',
    '  return JSON.stringify(v).slice(0, 40)',
    '}',
    '',
    `/** The card kinds, in the schema's order. */`,
    `export const GENERATED_CARD_KINDS = ${JSON.stringify(cards)} as const`,
    '',
    '/**',
    ' * Checks `v` (a sanitized JSON object) against the schema of `card`, pushing problems to `out`; stops',
    ' * once `out` holds more than `max`. Yields between slices of array items.',
    ' */',
    'export function* checkIntentSteps(',
    '  card: (typeof GENERATED_CARD_KINDS)[number],',
    '  v: Record<string, unknown>,',
    '  out: Problem[],',
    '  max: number,',
    '): Generator<void, void, void> {',
    '  switch (card) {',
  ]
  for (const card of cards)
    out.push(`    case ${JSON.stringify(card)}:`, `      return yield* check_${card}(v, out, max)`)
  out.push('  }', '}')
  const types = Object.keys(EVENT_SCHEMAS) as Array<keyof typeof EVENT_SCHEMAS>
  out.push(
    '',
    `/** The session-event types, in the schema's order. */`,
    `export const GENERATED_EVENT_TYPES = ${JSON.stringify(types)} as const`,
    '',
    '/** Checks `v` (a sanitized JSON object) against the schema of the event `type`; as `checkIntentSteps`. */',
    'export function* checkEventSteps(',
    '  type: (typeof GENERATED_EVENT_TYPES)[number],',
    '  v: Record<string, unknown>,',
    '  out: Problem[],',
    '  max: number,',
    '): Generator<void, void, void> {',
    '  switch (type) {',
  )
  for (const type of types)
    out.push(`    case ${JSON.stringify(type)}:`, `      return yield* event_${type}(v, out, max)`)
  out.push('  }', '}')
  const shared: Shared = { counts: new Map(), names: new Map(), out: [] }
  for (const schema of [...Object.values(INTENT_SCHEMAS), ...Object.values(EVENT_SCHEMAS)])
    countObjects(JSON.parse(JSON.stringify(schema)), shared.counts)
  const fn = (name: string, schema: unknown) => {
    const g = new Gen(shared)
    g.emit('let work = 0')
    g.node(JSON.parse(JSON.stringify(schema)) as Node, 'v', [])
    out.push(
      '',
      '// biome-ignore lint: generated',
      `function* ${name}(v: any, out: Problem[], max: number): Generator<void, void, void> {`,
      ...g.lines,
      '}',
    )
  }
  for (const card of cards) fn(`check_${card}`, INTENT_SCHEMAS[card])
  for (const type of types) fn(`event_${type}`, EVENT_SCHEMAS[type])
  out.push(...shared.out)
  return `${out.join('\n')}\n`
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  writeFileSync(CHECKS_FILE, generateChecks())
  console.log(`gen-checks: ${CHECKS_FILE} written`)
}
