import { ADD, DEL, type EditOp, EQ, myers } from './myers'

/** Changed ranges `[start, end)` in UTF-16 code units of each line. */
export interface WordDiff {
  old: Array<[number, number]>
  new: Array<[number, number]>
  /** Long lines: only the span between the common prefix and suffix is marked. */
  coarse?: true
}

export const WORD_DIFF_LIMITS = {
  /** Longer lines get the prefix/suffix span only (linear time). */
  maxLineLength: 1_000,
  /** Token edits tried before giving up on a pair. */
  maxEdits: 200,
  /** Below this share of unchanged non-space characters the pair is too different to mark words. */
  minShared: 0.3,
} as const

const TOKEN_RE = /[\p{L}\p{M}\p{N}_]+|\s+|[\s\S]/gu

function tokenize(s: string): string[] {
  return s.match(TOKEN_RE) ?? []
}

function isSpace(s: string): boolean {
  return s.trim() === ''
}

/**
 * Word-level changes between a removed line and the added line paired with it, or null when the lines
 * are too different for word marks to help. Linear-time fallback for long lines, so a 20,000-character
 * line costs well under a millisecond.
 */
export function wordDiff(
  a: string,
  b: string,
  limits: Partial<typeof WORD_DIFF_LIMITS> = {},
): WordDiff | null {
  const maxLen = limits.maxLineLength ?? WORD_DIFF_LIMITS.maxLineLength
  const minShared = limits.minShared ?? WORD_DIFF_LIMITS.minShared
  if (a === b) return { old: [], new: [] }
  if (a.length > maxLen || b.length > maxLen) return coarse(a, b)
  const ta = tokenize(a)
  const tb = tokenize(b)
  const ids = new Map<string, number>()
  const toIds = (ts: string[]) => {
    const out = new Int32Array(ts.length)
    for (let i = 0; i < ts.length; i++) {
      let id = ids.get(ts[i]!)
      if (id === undefined) {
        id = ids.size
        ids.set(ts[i]!, id)
      }
      out[i] = id
    }
    return out
  }
  const A = toIds(ta)
  const B = toIds(tb)
  const ops = myers(A, 0, A.length, B, 0, B.length, limits.maxEdits ?? WORD_DIFF_LIMITS.maxEdits, {
    left: 200_000,
  })
  if (!ops) return coarse(a, b)
  // Whitespace kept between two changes reads better as part of the change.
  const opsFixed: EditOp[] = []
  {
    let x = 0
    for (let p = 0; p < ops.length; p++) {
      const op = ops[p]!
      if (
        op === EQ &&
        isSpace(ta[x]!) &&
        p > 0 &&
        ops[p - 1] !== EQ &&
        p + 1 < ops.length &&
        ops[p + 1] !== EQ
      ) {
        opsFixed.push(DEL, ADD)
      } else opsFixed.push(op)
      if (op !== ADD) x++
    }
  }
  let shared = 0
  let solidA = 0
  let solidB = 0
  for (const t of ta) if (!isSpace(t)) solidA += t.length
  for (const t of tb) if (!isSpace(t)) solidB += t.length
  const oldR: Array<[number, number]> = []
  const newR: Array<[number, number]> = []
  let i = 0
  let j = 0
  let pa = 0
  let pb = 0
  for (const op of opsFixed) {
    if (op === EQ) {
      const t = ta[i]!
      if (!isSpace(t)) shared += t.length
      pa += t.length
      pb += tb[j]!.length
      i++
      j++
    } else if (op === DEL) {
      const t = ta[i++]!
      push(oldR, pa, pa + t.length)
      pa += t.length
    } else {
      const t = tb[j++]!
      push(newR, pb, pb + t.length)
      pb += t.length
    }
  }
  const solid = Math.max(solidA, solidB)
  if (solid > 0 && shared / solid < minShared) return null
  return { old: oldR, new: newR }
}

function push(ranges: Array<[number, number]>, s: number, e: number): void {
  const last = ranges[ranges.length - 1]
  if (last && last[1] === s) last[1] = e
  else ranges.push([s, e])
}

/** The span between the common prefix and the common suffix (surrogate pairs kept whole). */
function coarse(a: string, b: string): WordDiff {
  const min = Math.min(a.length, b.length)
  let p = 0
  while (p < min && a.charCodeAt(p) === b.charCodeAt(p)) p++
  if (p > 0 && isHighSurrogate(a.charCodeAt(p - 1))) p--
  let s = 0
  while (s < min - p && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++
  if (s > 0 && isLowSurrogate(a.charCodeAt(a.length - s))) s--
  const out: WordDiff = { old: [], new: [], coarse: true }
  if (a.length - s > p) out.old.push([p, a.length - s])
  if (b.length - s > p) out.new.push([p, b.length - s])
  return out
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff
}
function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff
}
