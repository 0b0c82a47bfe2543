/** Edit operations, one per element: keep, delete (old side), insert (new side). */
export const EQ = 0
export const DEL = 1
export const ADD = 2
export type EditOp = typeof EQ | typeof DEL | typeof ADD

export interface WorkBudget {
  /** Steps left; each diagonal visited and each snake step costs one. */
  left: number
}

type Ints = ArrayLike<number>

/**
 * Myers' O(ND) difference on integer sequences `a[a0..a1)` and `b[b0..b1)`: a shortest edit script, or
 * null when it needs more than `maxD` edits or runs out of `budget`. Memory is O(D²) for the trace.
 */
export function myers(
  a: Ints,
  a0: number,
  a1: number,
  b: Ints,
  b0: number,
  b1: number,
  maxD: number,
  budget: WorkBudget,
): EditOp[] | null {
  const n = a1 - a0
  const m = b1 - b0
  const max = Math.min(n + m, maxD)
  const off = max + 1
  const v = new Int32Array(2 * max + 3)
  const trace: Int32Array[] = []
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(off - d - 1, off + d + 2))
    let work = 0
    for (let k = -d; k <= d; k += 2) {
      let x: number
      if (k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!)) x = v[off + k + 1]!
      else x = v[off + k - 1]! + 1
      let y = x - k
      while (x < n && y < m && a[a0 + x] === b[b0 + y]) {
        x++
        y++
        work++
      }
      v[off + k] = x
      if (x >= n && y >= m) return backtrack(trace, d, n, m)
    }
    budget.left -= work + 2 * d + 1
    if (budget.left < 0) return null
  }
  return null
}

function backtrack(trace: Int32Array[], D: number, n: number, m: number): EditOp[] {
  const ops: EditOp[] = []
  let x = n
  let y = m
  for (let d = D; d > 0; d--) {
    const vs = trace[d]!
    const get = (k: number) => vs[k + d + 1]!
    const k = x - y
    const down = k === -d || (k !== d && get(k - 1) < get(k + 1))
    const prevK = down ? k + 1 : k - 1
    const prevX = get(prevK)
    const prevY = prevX - prevK
    const startX = down ? prevX : prevX + 1
    while (x > startX) {
      ops.push(EQ)
      x--
      y--
    }
    ops.push(down ? ADD : DEL)
    x = prevX
    y = prevY
  }
  while (x > 0) {
    ops.push(EQ)
    x--
  }
  ops.reverse()
  return ops
}
