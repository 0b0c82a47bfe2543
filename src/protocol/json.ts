import { LIMITS, type Limits } from './limits'

/** A JSON value as it travels on the wire. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }
export type JsonObject = { [key: string]: JsonValue }

/** A problem found in untrusted input, located by a JSON path such as `$.files[2].path`. */
export interface Problem {
  path: string
  message: string
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** Appends one step to a JSON path: `.key`, `["odd key"]` or `[3]`. */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`
  return IDENT.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`
}

/** Converts a JSON pointer (`/files/2/path`) to a JSON path (`$.files[2].path`). */
export function pointerToPath(pointer: string, root = '$'): string {
  if (pointer === '') return root
  let path = root
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    path = /^(0|[1-9][0-9]*)$/.test(key) ? childPath(path, Number(key)) : childPath(path, key)
  }
  return path
}

/** Sets a property as plain data, even when the key is `__proto__`. */
export function defineData(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  } else {
    target[key] = value
  }
}

/** Formats a size in code units as a short human figure with a fixed locale: `50.0 MB`. */
export function formatSize(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`
  return `${(n / 1024 / 1024 / 1024).toFixed(1)} GB`
}

export interface SanitizeResult {
  ok: boolean
  /** A plain JSON copy: fresh objects and arrays, `__proto__` kept as data, long strings cut. */
  value?: JsonValue
  problems: Problem[]
  /** Non-fatal changes, such as a string cut to the size limit. */
  notices: Problem[]
}

/**
 * Checks an untrusted value for size, then depth, then JSON-ness, and copies it into plain JSON,
 * iteratively (no recursion, so a 100,000-deep value cannot overflow the stack). Never throws.
 */
export function sanitizeJson(input: unknown, limits: Limits = LIMITS): SanitizeResult {
  const problems: Problem[] = []
  const notices: Problem[] = []
  // Pass 1: size and depth, without recursion and without copying.
  let size = 0
  let nodes = 0
  const seen = new Set<object>()
  const stack: Array<{ v: unknown; depth: number; path: string }> = [{ v: input, depth: 0, path: '$' }]
  while (stack.length > 0) {
    const { v, depth, path } = stack.pop()!
    nodes++
    if (nodes > limits.maxNodes) {
      return fail(
        `$: more than ${limits.maxNodes.toLocaleString('en-US')} values; the limit is ${limits.maxNodes.toLocaleString('en-US')}`,
      )
    }
    if (typeof v === 'string') {
      size += Math.min(v.length, limits.maxStringSize) + 2
    } else if (v !== null && typeof v === 'object') {
      if (depth >= limits.maxDepth) {
        return fail(`${path}: nested deeper than ${limits.maxDepth} levels`)
      }
      if (seen.has(v)) return fail(`${path}: the value refers to itself (a cycle), which JSON cannot hold`)
      seen.add(v)
      if (Array.isArray(v)) {
        size += 2
        for (let i = v.length - 1; i >= 0; i--)
          stack.push({ v: v[i], depth: depth + 1, path: childPath(path, i) })
      } else {
        const proto = Object.getPrototypeOf(v)
        if (proto !== Object.prototype && proto !== null) {
          return fail(`${path}: expected a plain JSON object, got ${describe(v)}`)
        }
        size += 2
        const keys = Object.keys(v)
        for (let i = keys.length - 1; i >= 0; i--) {
          const k = keys[i]!
          size += k.length + 3
          stack.push({ v: (v as Record<string, unknown>)[k], depth: depth + 1, path: childPath(path, k) })
        }
      }
    } else {
      size += 8
    }
    if (size > limits.maxIntentSize) {
      return fail(
        `$: larger than ${formatSize(limits.maxIntentSize)}; the limit is ${formatSize(limits.maxIntentSize)}`,
      )
    }
  }
  // Pass 2: copy, checking JSON-ness (now safe: depth is bounded, but still iterative).
  const root: { value?: unknown } = {}
  const work: Array<{ v: unknown; path: string; set: (x: unknown) => void }> = [
    {
      v: input,
      path: '$',
      set: (x) => {
        root.value = x
      },
    },
  ]
  while (work.length > 0) {
    const { v, path, set } = work.pop()!
    if (v === null || typeof v === 'boolean') {
      set(v)
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) {
        problems.push({ path, message: `expected a finite number, got ${String(v)}` })
        set(null)
      } else set(v)
    } else if (typeof v === 'string') {
      if (v.length > limits.maxStringSize) {
        notices.push({
          path,
          message: `string of ${formatSize(v.length)} cut to the first ${formatSize(limits.maxStringSize)}`,
        })
        set(v.slice(0, limits.maxStringSize))
      } else set(v)
    } else if (Array.isArray(v)) {
      const out: unknown[] = new Array(v.length)
      set(out)
      for (let i = 0; i < v.length; i++) {
        const idx = i
        work.push({
          v: v[i],
          path: childPath(path, i),
          set: (x) => {
            out[idx] = x
          },
        })
      }
    } else if (typeof v === 'object') {
      const out: Record<string, unknown> = {}
      set(out)
      const keys = Object.keys(v)
      // Pushed in reverse so that keys are copied (and so enumerated) in their original order.
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i]!
        const val = (v as Record<string, unknown>)[k]
        if (val === undefined) continue
        work.push({ v: val, path: childPath(path, k), set: (x) => defineData(out, k, x) })
      }
    } else {
      problems.push({ path, message: `expected a JSON value, got ${describe(v)}` })
      set(null)
    }
    if (problems.length > limits.maxProblems) break
  }
  if (problems.length > 0) return { ok: false, problems: cap(problems, limits), notices }
  return { ok: true, value: root.value as JsonValue, problems, notices }

  function fail(message: string): SanitizeResult {
    const i = message.indexOf(': ')
    return { ok: false, problems: [{ path: message.slice(0, i), message: message.slice(i + 2) }], notices }
  }
}

function cap(problems: Problem[], limits: Limits): Problem[] {
  if (problems.length <= limits.maxProblems) return problems
  const kept = problems.slice(0, limits.maxProblems)
  kept.push({ path: '$', message: `${problems.length - limits.maxProblems} more problems not listed` })
  return kept
}

function describe(v: unknown): string {
  if (v === undefined) return 'undefined'
  if (typeof v === 'function') return 'a function'
  if (typeof v === 'symbol') return 'a symbol'
  if (typeof v === 'bigint') return 'a bigint'
  if (typeof v === 'object' && v !== null) {
    const name = Object.getPrototypeOf(v)?.constructor?.name
    return typeof name === 'string' && name ? `a ${name}` : 'an object'
  }
  return typeof v
}

/**
 * Finds the nesting depth of JSON text by scanning brackets outside strings (no parsing, no recursion).
 * Returns the depth, or -1 as soon as it passes `max`.
 */
export function scanJsonDepth(text: string, max: number): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92 /* \ */) i++
      else if (c === 34 /* " */) inString = false
    } else if (c === 34) inString = true
    else if (c === 123 || c === 91) {
      depth++
      if (depth > deepest) {
        deepest = depth
        if (deepest > max) return -1
      }
    } else if (c === 125 || c === 93) depth--
  }
  return deepest
}
