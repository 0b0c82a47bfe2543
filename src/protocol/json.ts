import { formatBytes, formatCount } from '../format'
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

/** Formats a size in code units as a short figure, with the kit's one formatter: `50 MB`. */
export function formatSize(n: number): string {
  return formatBytes(n)
}

export interface SanitizeResult {
  ok: boolean
  /** A plain JSON copy: fresh objects and arrays, `__proto__` kept as data, long strings cut. */
  value?: JsonValue
  problems: Problem[]
  /** Non-fatal changes, such as a string cut to the size limit. */
  notices: Problem[]
}

interface Frame {
  src: object
  out: unknown[] | Record<string, unknown>
  /** Keys of an object source; null for arrays. */
  keys: string[] | null
  i: number
  /** 1 once a key was left out (an `undefined` value, which JSON drops): its key list is not the copy's. */
  skipped?: 1
  depth: number
  parent: Frame | null
  /** This frame's key in its parent. */
  key: string | number
}

/**
 * Checks an untrusted value for size, depth and JSON-ness while copying it into plain JSON, in one
 * iterative pass (no recursion, so a 100,000-deep value cannot overflow the stack). Size, depth and value
 * count fail at once; other problems are collected. Paths are built only for problems, so a clean value
 * costs one walk. `__proto__` keys are kept as data; long strings are cut with a notice. Never throws.
 */
export function sanitizeJson(input: unknown, limits: Limits = LIMITS): SanitizeResult {
  return finish(sanitizeSteps(input, limits))
}

/** Runs steps (a generator that yields between slices of work) to their end, at once. */
export function finish<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/** Values copied between two yields of `sanitizeSteps`. */
const SANITIZE_SLICE = 4096

/** Objects of more keys than this get their key list remembered by `sanitizeSteps` (`keysOf`). */
const MANY_KEYS = 1024
const KEYS = new WeakMap<object, readonly string[]>()

/**
 * `Object.keys` of a value, remembered for the big objects `sanitizeJson` made: V8 lists the keys of an
 * object of 200,000 keys in about 40 ms each time (`Object.keys`, `for...in`, even to read the first),
 * so a card that counts, summarises and lists them would pay that three times in one task.
 */
export function keysOf(value: object): readonly string[] {
  return KEYS.get(value) ?? Object.keys(value)
}

/**
 * `sanitizeJson` as a generator that yields every `SANITIZE_SLICE` values, so a caller can spread a big
 * value over several tasks (`parseIntentInSlices`). The value must not change between steps.
 */
export function* sanitizeSteps(
  input: unknown,
  limits: Limits = LIMITS,
): Generator<void, SanitizeResult, void> {
  let work = 0
  const problems: Problem[] = []
  const notices: Problem[] = []
  let size = 0
  let nodes = 1
  const maxString = limits.maxStringSize

  const leaf = (v: unknown, parent: Frame | null, key: string | number): unknown => {
    switch (typeof v) {
      case 'string':
        size += Math.min(v.length, maxString) + 2
        if (v.length > maxString) {
          notices.push({
            path: pathOf(parent, key),
            message: `string of ${formatSize(v.length)} cut to the first ${formatSize(maxString)}`,
          })
          return v.slice(0, maxString)
        }
        return v
      case 'number':
        size += 8
        // -0 becomes 0, as JSON gives it: a checked value survives a round trip through JSON unchanged
        if (Number.isFinite(v)) return v === 0 ? 0 : v
        problems.push({ path: pathOf(parent, key), message: `expected a finite number, got ${String(v)}` })
        return null
      case 'boolean':
        size += 8
        return v
      default:
        size += 8
        if (v === null) return null
        problems.push({ path: pathOf(parent, key), message: `expected a JSON value, got ${describe(v)}` })
        return null
    }
  }

  // Opens a container: checks depth, cycles and plain-ness; returns its frame or a fatal problem.
  const open = (v: object, parent: Frame | null, key: string | number): Frame | Problem => {
    const depth = parent ? parent.depth + 1 : 0
    // A cycle returns to an ancestor; the ancestors are at most maxDepth frames, usually a handful.
    for (let f = parent; f; f = f.parent) {
      if (f.src === v) {
        return {
          path: pathOf(parent, key),
          message: 'the value refers to itself (a cycle), which JSON cannot hold',
        }
      }
    }
    if (depth >= limits.maxDepth) {
      return { path: pathOf(parent, key), message: `nested deeper than ${limits.maxDepth} levels` }
    }
    size += 2
    if (Array.isArray(v)) return { src: v, out: new Array(v.length), keys: null, i: 0, depth, parent, key }
    const proto = Object.getPrototypeOf(v)
    if (proto !== Object.prototype && proto !== null) {
      return { path: pathOf(parent, key), message: `expected a plain JSON object, got ${describe(v)}` }
    }
    return { src: v, out: {}, keys: Object.keys(v), i: 0, depth, parent, key }
  }

  if (input === null || typeof input !== 'object') {
    const value = leaf(input, null, '')
    if (size > limits.maxIntentSize) return fatal({ path: '$', message: tooLarge(limits) })
    return problems.length
      ? { ok: false, problems, notices }
      : { ok: true, value: value as JsonValue, problems, notices }
  }
  const root = open(input, null, '')
  if (!('src' in root)) return fatal(root)
  const stack: Frame[] = [root]
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    const { src, out, keys } = frame
    const length = keys ? keys.length : (src as unknown[]).length
    if (frame.i >= length) {
      stack.pop()
      if (keys && keys.length > MANY_KEYS && !frame.skipped) KEYS.set(out, keys)
      continue
    }
    const key: string | number = keys ? keys[frame.i]! : frame.i
    frame.i++
    const v = (src as Record<string | number, unknown>)[key]
    if (keys) {
      if (v === undefined) {
        frame.skipped = 1
        continue
      }
      size += (key as string).length + 3
    }
    if (++work === SANITIZE_SLICE) {
      work = 0
      yield
    }
    if (++nodes > limits.maxNodes) {
      return fatal({
        path: '$',
        message: `holds more than ${formatCount(limits.maxNodes)} values, the limit`,
      })
    }
    if (v !== null && typeof v === 'object') {
      const child = open(v, frame, key)
      if (!('src' in child)) return fatal(child)
      place(out, key, child.out)
      stack.push(child)
    } else {
      place(out, key, leaf(v, frame, key))
    }
    if (size > limits.maxIntentSize) return fatal({ path: '$', message: tooLarge(limits) })
    if (problems.length > limits.maxProblems) break
  }
  if (problems.length > 0) return { ok: false, problems: cap(problems, limits), notices }
  return { ok: true, value: root.out as JsonValue, problems, notices }

  function fatal(problem: Problem): SanitizeResult {
    return { ok: false, problems: [problem], notices }
  }
}

function place(out: unknown[] | Record<string, unknown>, key: string | number, value: unknown): void {
  if (typeof key === 'number') (out as unknown[])[key] = value
  else if (key === '__proto__') defineData(out as Record<string, unknown>, key, value)
  else (out as Record<string, unknown>)[key] = value
}

function tooLarge(limits: Limits): string {
  return `larger than ${formatSize(limits.maxIntentSize)}, the limit`
}

/** The JSON path of `key` inside `parent`, built only when a problem needs it. */
function pathOf(parent: Frame | null, key: string | number): string {
  const keys: Array<string | number> = []
  if (parent) keys.push(key)
  for (let f = parent; f?.parent; f = f.parent) keys.push(f.key)
  let path = '$'
  for (let i = keys.length - 1; i >= 0; i--) path = childPath(path, keys[i]!)
  return path
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
