import {
  defineData,
  errorMessage,
  type JsonValue,
  type Limits,
  type Problem,
  sanitizeJson,
} from '../protocol'

/**
 * Copies a value into plain JSON under `limits`, the fast way: one iterative pass that builds no paths.
 * Anything unusual (not JSON, too big, too deep, a string over the limit, a cycle) falls back to the
 * protocol's `sanitizeJson`, which finds and names the problem. The same copy as `sanitizeJson` gives, with
 * two differences: a string over the limit is refused, never cut; and an object reached twice without a
 * cycle (a shared reference) is copied twice instead of refused (`maxNodes` still bounds the result).
 */
export function copyJson(
  input: unknown,
  limits: Limits,
): { ok: true; value: JsonValue } | { ok: false; problems: Problem[] } {
  try {
    const fast = fastCopy(input, limits)
    if (fast.ok) return fast
    if (fast.over) {
      // Too many values once shared objects are counted each time they appear: said at once, not found
      // again by a second walk of the same millions of paths.
      return {
        ok: false,
        problems: [
          {
            path: '$',
            message: `holds more than ${fast.over.toLocaleString('en-US')} values, the limit (an object it refers to more than once counts each time, as JSON writes it)`,
          },
        ],
      }
    }
    const slow = sanitizeJson(input, limits)
    if (!slow.ok || slow.value === undefined) return { ok: false, problems: slow.problems }
    if (slow.notices.length > 0) return { ok: false, problems: slow.notices }
    // The fast pass was stricter than needed (it should not be): trust the careful one.
    return { ok: true, value: slow.value }
  } catch (error) {
    // a getter or a Proxy trap that throws: the value cannot be read
    return { ok: false, problems: [{ path: '$', message: `cannot be read: ${errorMessage(error)}` }] }
  }
}

const FAIL = { ok: false as const, over: 0 }

/** After this many values copied, objects met twice are looked for (see `expandedNodes`). */
const COUNT_AT = 200_000

/**
 * How many values `input` holds as JSON writes it (an object reached twice counts twice), counted once per
 * object (memoized), up to `limits.maxNodes`: one more once over it; -1 for a cycle or a value deeper than
 * `limits.maxDepth` (the careful pass names them). Linear in
 * the distinct objects, where a walk of the paths is exponential (31 objects each referring twice to the
 * next hold 2^31 paths).
 */
function expandedNodes(input: unknown, limits: Limits): number {
  const memo = new Map<object, number>()
  const over = limits.maxNodes + 1
  const count = (v: unknown, depth: number): number => {
    if (v === null || typeof v !== 'object') return 1
    const known = memo.get(v)
    // -1: a cycle (met again while in progress) or too deep; the careful pass names either
    if (known !== undefined) return known === 0 ? -1 : known
    if (depth >= limits.maxDepth) return -1
    memo.set(v, 0)
    let n = 1
    for (const child of Object.values(v)) {
      const c = count(child, depth + 1)
      if (c < 0) return c
      n += c
      if (n > limits.maxNodes) return over
    }
    memo.set(v, n)
    return n
  }
  return count(input, 0)
}

function fastCopy(
  input: unknown,
  limits: Limits,
): { ok: true; value: JsonValue } | { ok: false; over: number } {
  let size = 0
  let nodes = 0
  let met: Set<object> | undefined
  let counted = false
  const root: { value?: unknown } = {}
  // Each frame: the source, where to put its copy (container and key), the depth. No cycle set: a cycle
  // never ends, so the depth bound stops it.
  const stack: Array<{
    v: unknown
    depth: number
    out: Record<string, unknown> | unknown[] | null
    key: string | number
  }> = [{ v: input, depth: 0, out: null, key: '' }]
  while (stack.length > 0) {
    const { v, depth, out, key } = stack.pop()!
    if (++nodes > limits.maxNodes) return FAIL
    // A value this big may be a small graph of shared objects with millions of paths: from here on the
    // objects are remembered, and the first one met again has the value's size as JSON counted, once
    // per object, before the copy goes on.
    if (nodes === COUNT_AT) met = new Set()
    let copy: unknown
    if (v === null || typeof v === 'boolean') {
      copy = v
      size += 8
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return FAIL
      // -0 is 0 in JSON (as sanitizeJson and JSON.stringify have it)
      copy = v === 0 ? 0 : v
      size += 8
    } else if (typeof v === 'string') {
      if (v.length > limits.maxStringSize) return FAIL
      copy = v
      size += v.length + 2
    } else if (typeof v === 'object') {
      // A cycle never ends, so it is caught here too (the careful pass then names it).
      if (depth >= limits.maxDepth) return FAIL
      if (met?.has(v) && !counted) {
        counted = true
        const n = expandedNodes(input, limits)
        if (n < 0) return FAIL
        if (n > limits.maxNodes) return { ok: false, over: limits.maxNodes }
      } else met?.add(v)
      size += 2
      if (Array.isArray(v)) {
        const arr: unknown[] = new Array(v.length)
        copy = arr
        for (let i = v.length - 1; i >= 0; i--) {
          const item = v[i]
          if (item === undefined) return FAIL
          stack.push({ v: item, depth: depth + 1, out: arr, key: i })
        }
      } else {
        const proto = Object.getPrototypeOf(v)
        if (proto !== Object.prototype && proto !== null) return FAIL
        const obj: Record<string, unknown> = {}
        copy = obj
        const keys = Object.keys(v)
        for (let i = keys.length - 1; i >= 0; i--) {
          const k = keys[i]!
          const item = (v as Record<string, unknown>)[k]
          size += k.length + 3
          // `undefined` properties are dropped, as JSON.stringify and sanitizeJson do.
          if (item === undefined) continue
          stack.push({ v: item, depth: depth + 1, out: obj, key: k })
        }
      }
    } else {
      return FAIL
    }
    if (size > limits.maxIntentSize) return FAIL
    if (out === null) root.value = copy
    else if (Array.isArray(out)) out[key as number] = copy
    else defineData(out, key as string, copy)
  }
  return { ok: true, value: root.value as JsonValue }
}
