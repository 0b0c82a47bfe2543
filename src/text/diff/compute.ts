import { ADD, DEL, type EditOp, EQ, myers, type WorkBudget } from './myers'
import { drain, splitSteps } from './parse'
import type { DiffHunk, DiffLine } from './types'

export interface ComputeOptions {
  /**
   * Unchanged lines around each change.
   * @default 3
   */
  context?: number
  /**
   * Work cap (diagonals + snake steps). Default 4,000,000: tens of milliseconds.
   * @default 4000000
   */
  budget?: number
  /**
   * Largest edit distance tried by Myers on a region without unique anchor lines.
   * @default 1200
   */
  maxEditsPerRegion?: number
}

export interface ComputedDiff {
  hunks: DiffHunk[]
  additions: number
  deletions: number
  /**
   * `replaced`: no alignment was affordable, so the old text is shown removed and the new one added.
   * `approximate`: some regions were shown as replaced rather than aligned line by line.
   */
  notice?: 'replaced' | 'approximate'
  /** Lines (old + new) that were shown as replaced because aligning them cost too much. */
  replacedLines: number
}

export const COMPUTE_DEFAULTS = { context: 3, budget: 4_000_000, maxEditsPerRegion: 1_200 } as const

interface Region {
  a0: number
  a1: number
  b0: number
  b1: number
}

/**
 * Line-level edit script: patience anchors (lines unique on both sides, in order), recursively, with
 * Myers on regions that have none, under a work cap; what exceeds the cap is shown as replaced.
 */
export function diffLineIds(
  A: Int32Array,
  B: Int32Array,
  idCount: number,
  budget: WorkBudget,
  maxD: number,
): { ops: EditOp[]; replacedLines: number; aligned: boolean } {
  const ops: EditOp[] = []
  return { ops, ...drain(diffLineIdsSteps(A, B, idCount, budget, maxD, ops)) }
}

/** Lines (or ops) of work between two steps of `computeDiffSteps`. */
const STEP_WORK = 8192
/** Ops only read (a scan or a count, no allocation) between two steps: four times as many. */
const SCAN_WORK = STEP_WORK * 4

/** `diffLineIds` in steps of about `STEP_WORK` lines of work, its ops pushed onto `ops`. */
function* diffLineIdsSteps(
  A: Int32Array,
  B: Int32Array,
  idCount: number,
  budget: WorkBudget,
  maxD: number,
  ops: EditOp[],
): Generator<void, { replacedLines: number; aligned: boolean }, void> {
  let replacedLines = 0
  let topLevelReplaced = false
  const cntA = new Int32Array(idCount)
  const cntB = new Int32Array(idCount)
  const posB = new Int32Array(idCount)
  type Task = Region | number // a number n >= 0: emit n EQ
  const stack: Task[] = [{ a0: 0, a1: A.length, b0: 0, b1: B.length }]
  let first = true
  let yielded = ops.length
  while (stack.length > 0) {
    if (ops.length - yielded >= STEP_WORK) {
      yielded = ops.length
      yield
    }
    const t = stack.pop()!
    if (typeof t === 'number') {
      yield* pushRun(ops, EQ, t)
      continue
    }
    let { a0, a1, b0, b1 } = t
    while (a0 < a1 && b0 < b1 && A[a0] === B[b0]) {
      ops.push(EQ)
      a0++
      b0++
      if ((ops.length & (STEP_WORK - 1)) === 0) yield
    }
    let suffix = 0
    while (a1 > a0 && b1 > b0 && A[a1 - 1] === B[b1 - 1]) {
      a1--
      b1--
      suffix++
      if ((suffix & (STEP_WORK - 1)) === 0) yield
    }
    const isTop = first
    first = false
    if (suffix > 0) stack.push(suffix)
    if (a0 === a1 || b0 === b1) {
      yield* pushRun(ops, DEL, a1 - a0)
      yield* pushRun(ops, ADD, b1 - b0)
      continue
    }
    // One line on a side (common between anchors): find it on the other side, no search needed.
    if (a1 - a0 === 1 || b1 - b0 === 1) {
      if (a1 - a0 === 1) {
        let at = -1
        for (let j = b0; j < b1; j++) {
          if (B[j] === A[a0]) {
            at = j
            break
          }
        }
        if (at < 0) {
          ops.push(DEL)
          yield* pushRun(ops, ADD, b1 - b0)
        } else {
          yield* pushRun(ops, ADD, at - b0)
          ops.push(EQ)
          yield* pushRun(ops, ADD, b1 - at - 1)
        }
      } else {
        let at = -1
        for (let i = a0; i < a1; i++) {
          if (A[i] === B[b0]) {
            at = i
            break
          }
        }
        if (at < 0) {
          yield* pushRun(ops, DEL, a1 - a0)
          ops.push(ADD)
        } else {
          yield* pushRun(ops, DEL, at - a0)
          ops.push(EQ)
          yield* pushRun(ops, DEL, a1 - at - 1)
        }
      }
      budget.left -= a1 - a0 + (b1 - b0)
      continue
    }
    // Unique anchors. (A pass over a region of 100,000s of lines runs in a step of its own.)
    const big = a1 - a0 + (b1 - b0) > STEP_WORK
    for (let i = a0; i < a1; i++) cntA[A[i]!]!++
    for (let j = b0; j < b1; j++) {
      const id = B[j]!
      cntB[id]!++
      posB[id] = j
    }
    if (big) yield
    const candA: number[] = []
    const candB: number[] = []
    for (let i = a0; i < a1; i++) {
      const id = A[i]!
      if (cntA[id] === 1 && cntB[id] === 1) {
        candA.push(i)
        candB.push(posB[id]!)
      }
    }
    if (big) yield
    for (let i = a0; i < a1; i++) cntA[A[i]!] = 0
    for (let j = b0; j < b1; j++) cntB[B[j]!] = 0
    budget.left -= a1 - a0 + (b1 - b0)
    if (big) yield
    if (candA.length > 0) {
      const keep = longestIncreasing(candB)
      // Push in reverse: last gap first.
      let nextA = a1
      let nextB = b1
      for (let q = keep.length - 1; q >= 0; q--) {
        const ai = candA[keep[q]!]!
        const bj = candB[keep[q]!]!
        stack.push({ a0: ai + 1, a1: nextA, b0: bj + 1, b1: nextB })
        stack.push(1)
        nextA = ai
        nextB = bj
      }
      stack.push({ a0, a1: nextA, b0, b1: nextB })
      continue
    }
    const script = budget.left > 0 ? myers(A, a0, a1, B, b0, b1, maxD, budget) : null
    if (script) {
      yield* pushAll(ops, script)
      continue
    }
    yield* pushRun(ops, DEL, a1 - a0)
    yield* pushRun(ops, ADD, b1 - b0)
    replacedLines += a1 - a0 + (b1 - b0)
    if (isTop) topLevelReplaced = true
  }
  return { replacedLines, aligned: !topLevelReplaced }
}

/** Pushes `count` copies of `op` (none when `count` <= 0), yielding every `STEP_WORK` ops. */
function* pushRun(ops: EditOp[], op: EditOp, count: number): Generator<void, void, void> {
  for (let k = 0; k < count; k++) {
    ops.push(op)
    if ((ops.length & (STEP_WORK - 1)) === 0) yield
  }
}

/** Pushes each of `more` in order, yielding every `STEP_WORK` ops, as `pushRun` does. */
function* pushAll(ops: EditOp[], more: readonly EditOp[]): Generator<void, void, void> {
  for (let q = 0; q < more.length; q++) {
    ops.push(more[q]!)
    if ((ops.length & (STEP_WORK - 1)) === 0) yield
  }
}

/** Indices (into `xs`) of a longest strictly increasing subsequence (patience sorting). */
function longestIncreasing(xs: number[]): number[] {
  const tails: number[] = []
  const prev = new Int32Array(xs.length)
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!
    let lo = 0
    let hi = tails.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (xs[tails[mid]!]! < x) lo = mid + 1
      else hi = mid
    }
    prev[i] = lo > 0 ? tails[lo - 1]! : -1
    tails[lo] = i
  }
  const out: number[] = []
  let k = tails.length > 0 ? tails[tails.length - 1]! : -1
  while (k >= 0) {
    out.push(k)
    k = prev[k]!
  }
  return out.reverse()
}

/**
 * Hunks between two whole texts (the ACP `oldText`/`newText` shape). Lines split on `\n` as git does;
 * a last line without a newline differs from the same line with one.
 */
export function computeDiff(oldText: string, newText: string, options: ComputeOptions = {}): ComputedDiff {
  // (equal texts: no diff, and no lines to split for a caller that wants only the diff)
  if (oldText === newText) return { hunks: [], additions: 0, deletions: 0, replacedLines: 0 }
  return drain(computeDiffSteps(oldText, newText, options)).diff
}

/** A diff of whole texts with each side's lines (`splitLines`), as `computeDiffSteps` gives them. */
export interface ComputedDiffLines {
  diff: ComputedDiff
  oldLines: string[]
  newLines: string[]
}

/**
 * `computeDiff` in steps (the generator yields after about `STEP_WORK` lines of work), for texts of
 * megabytes diffed over many tasks; it also gives each side's lines. The lines the two texts share at
 * their start and end are compared as strings, not interned: a one-line edit of a big file interns only
 * the lines around it, and a new or deleted file none.
 */
export function* computeDiffSteps(
  oldText: string,
  newText: string,
  options: ComputeOptions = {},
): Generator<void, ComputedDiffLines, void> {
  const context = Math.max(0, options.context ?? COMPUTE_DEFAULTS.context)
  const budget: WorkBudget = { left: options.budget ?? COMPUTE_DEFAULTS.budget }
  const maxD = options.maxEditsPerRegion ?? COMPUTE_DEFAULTS.maxEditsPerRegion
  const o = yield* splitSteps(oldText)
  // (the old text's last slice and the new text's first are two steps, not one)
  if (o.length > 0 && newText !== '' && newText !== oldText) yield
  const n = oldText === newText ? o : yield* splitSteps(newText)
  const oFinal = oldText === '' || oldText.endsWith('\n')
  const nFinal = newText === '' || newText.endsWith('\n')
  const none: ComputedDiff = { hunks: [], additions: 0, deletions: 0, replacedLines: 0 }
  if (oldText === newText) return { diff: none, oldLines: o, newLines: n }
  // A last line without a newline is its own kind of line: it equals only the same such line.
  const oEnd = oFinal ? -1 : o.length - 1
  const nEnd = nFinal ? -1 : n.length - 1
  const same = (i: number, j: number) => o[i] === n[j] && (i === oEnd) === (j === nEnd)
  const shortest = Math.min(o.length, n.length)
  let head = 0
  while (head < shortest && same(head, head)) {
    head++
    if ((head & (STEP_WORK - 1)) === 0) yield
  }
  let tail = 0
  while (tail < shortest - head && same(o.length - 1 - tail, n.length - 1 - tail)) {
    tail++
    if ((tail & (STEP_WORK - 1)) === 0) yield
  }
  const ids = new Map<string, number>()
  function* intern(lines: string[], end: number): Generator<void, Int32Array, void> {
    const out = new Int32Array(lines.length - head - tail)
    for (let i = head; i < lines.length - tail; i++) {
      // `\n` cannot occur in a line: it marks the last line when it has no terminator.
      const key = i === end ? `\n${lines[i]}` : lines[i]!
      let id = ids.get(key)
      if (id === undefined) {
        id = ids.size
        ids.set(key, id)
      }
      out[i - head] = id
      if (((i - head + 1) & (STEP_WORK - 1)) === 0) yield
    }
    return out
  }
  // Between the shared start and end, one side empty (a new or deleted file): every line is added or
  // removed, nothing to align.
  const both = o.length - head - tail > 0 && n.length - head - tail > 0
  const A = both ? yield* intern(o, oEnd) : new Int32Array(o.length - head - tail)
  const B = both ? yield* intern(n, nEnd) : new Int32Array(n.length - head - tail)
  const ops: EditOp[] = new Array<EditOp>(head).fill(EQ)
  const { replacedLines, aligned } = yield* diffLineIdsSteps(A, B, ids.size, budget, maxD, ops)
  yield* pushRun(ops, EQ, tail)
  const hunks = yield* hunksSteps(ops, o, n, oFinal, nFinal, context)
  let additions = 0
  let deletions = 0
  for (let q = 0; q < ops.length; q++) {
    const op = ops[q]
    if (op === ADD) additions++
    else if (op === DEL) deletions++
    if (((q + 1) & (SCAN_WORK - 1)) === 0) yield
  }
  const diff: ComputedDiff = { hunks, additions, deletions, replacedLines }
  if (replacedLines > 0) diff.notice = aligned ? 'approximate' : 'replaced'
  return { diff, oldLines: o, newLines: n }
}

/** Groups an edit script into hunks with `context` unchanged lines around each change. */
export function hunksFromOps(
  ops: readonly EditOp[],
  oldLines: readonly string[],
  newLines: readonly string[],
  oldFinalNewline: boolean,
  newFinalNewline: boolean,
  context: number,
): DiffHunk[] {
  return drain(hunksSteps(ops, oldLines, newLines, oldFinalNewline, newFinalNewline, context))
}

/** `hunksFromOps` in steps of `STEP_WORK` lines. */
function* hunksSteps(
  ops: readonly EditOp[],
  oldLines: readonly string[],
  newLines: readonly string[],
  oldFinalNewline: boolean,
  newFinalNewline: boolean,
  context: number,
): Generator<void, DiffHunk[], void> {
  const hunks: DiffHunk[] = []
  // Positions (in ops) of each op's old and new line index.
  const len = ops.length
  const ai = new Int32Array(len + 1)
  const bi = new Int32Array(len + 1)
  let x = 0
  let y = 0
  for (let p = 0; p < len; p++) {
    ai[p] = x
    bi[p] = y
    const op = ops[p]
    if (op !== ADD) x++
    if (op !== DEL) y++
    if (((p + 1) & (SCAN_WORK - 1)) === 0) yield
  }
  ai[len] = x
  bi[len] = y
  let p = 0
  let scanned = 0
  while (p < len) {
    while (p < len && ops[p] === EQ) {
      p++
      if ((++scanned & (SCAN_WORK - 1)) === 0) yield
    }
    if (p >= len) break
    // A hunk starts `context` lines before this change.
    let start = p
    let back = 0
    while (start > 0 && back < context && ops[start - 1] === EQ) {
      start--
      back++
    }
    let end = p
    for (;;) {
      while (end < len && ops[end] !== EQ) {
        end++
        if ((++scanned & (SCAN_WORK - 1)) === 0) yield
      }
      // Run of EQ after the change.
      let run = 0
      while (end + run < len && ops[end + run] === EQ) {
        run++
        if ((++scanned & (SCAN_WORK - 1)) === 0) yield
      }
      if (end + run < len && run <= 2 * context) {
        end += run
        continue
      }
      end += Math.min(run, context)
      break
    }
    const lines: DiffLine[] = []
    for (let q = start; q < end; q++) {
      if (((q - start + 1) & (STEP_WORK - 1)) === 0) yield
      const op = ops[q]
      if (op === EQ) {
        const line: DiffLine = { kind: 'context', text: oldLines[ai[q]!]! }
        if (!oldFinalNewline && ai[q] === oldLines.length - 1) line.noNewline = true
        lines.push(line)
      } else if (op === DEL) {
        const line: DiffLine = { kind: 'del', text: oldLines[ai[q]!]! }
        if (!oldFinalNewline && ai[q] === oldLines.length - 1) line.noNewline = true
        lines.push(line)
      } else {
        const line: DiffLine = { kind: 'add', text: newLines[bi[q]!]! }
        if (!newFinalNewline && bi[q] === newLines.length - 1) line.noNewline = true
        lines.push(line)
      }
    }
    const oldCount = ai[end]! - ai[start]!
    const newCount = bi[end]! - bi[start]!
    hunks.push({
      oldStart: oldCount === 0 ? ai[start]! : ai[start]! + 1,
      oldLines: oldCount,
      newStart: newCount === 0 ? bi[start]! : bi[start]! + 1,
      newLines: newCount,
      header: '',
      lines,
    })
    p = end
  }
  return hunks
}
