import { childPath } from '../protocol'

/**
 * Deep comparison of two results of the same projector, iterative (no recursion). Returns `null` when they
 * are equal, else the JSON path of the first difference and what differs. Key order does not count; array
 * order does. Primitives compare with `Object.is`; other objects by their own enumerable keys.
 */
export function firstDifference(a: unknown, b: unknown): { path: string; message: string } | null {
  const stack: Array<{ a: unknown; b: unknown; path: string }> = [{ a, b, path: '$' }]
  // Pairs already compared (or being compared): a cycle or a shared object is walked once per partner.
  const seen = new Map<unknown, Set<unknown>>()
  while (stack.length > 0) {
    const { a: x, b: y, path } = stack.pop()!
    if (Object.is(x, y)) continue
    const tx = typeOf(x)
    const ty = typeOf(y)
    if (tx !== ty) return { path, message: `${tx} the first time, ${ty} the second` }
    if (tx !== 'object' && tx !== 'array') {
      return { path, message: `${preview(x)} the first time, ${preview(y)} the second` }
    }
    const partners = seen.get(x) ?? new Set<unknown>()
    if (partners.has(y)) continue
    partners.add(y)
    seen.set(x, partners)
    if (tx === 'array') {
      const ax = x as unknown[]
      const ay = y as unknown[]
      if (ax.length !== ay.length)
        return { path, message: `${ax.length} items the first time, ${ay.length} the second` }
      for (let i = ax.length - 1; i >= 0; i--) stack.push({ a: ax[i], b: ay[i], path: childPath(path, i) })
      continue
    }
    const ox = x as Record<string, unknown>
    const oy = y as Record<string, unknown>
    const kx = Object.keys(ox)
    const ky = new Set(Object.keys(oy))
    for (const k of kx) {
      if (!ky.has(k))
        return { path: childPath(path, k), message: 'present the first time, absent the second' }
    }
    if (ky.size !== kx.length) {
      const extra = [...ky].find((k) => !Object.hasOwn(ox, k))!
      return { path: childPath(path, extra), message: 'absent the first time, present the second' }
    }
    for (let i = kx.length - 1; i >= 0; i--) {
      const k = kx[i]!
      stack.push({ a: ox[k], b: oy[k], path: childPath(path, k) })
    }
  }
  return null
}

function typeOf(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'array'
  return typeof v
}

function preview(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)
  if (typeof v === 'function') return 'a function'
  if (typeof v === 'symbol') return 'a symbol'
  return String(v)
}
