import { keysOf } from '../../protocol'
/** Characters of the argument summary in a generic card's header. */
export const ARGS_SUMMARY_CHARS = 80
/** Scalar arguments the summary takes at most. */
export const ARGS_SUMMARY_VALUES = 3
/** Keys looked at, at most (an object of 10,000 keys costs no more than one of 50). */
const KEYS_SCANNED = 50

/**
 * A short line saying what a call was given, for the header of a generic card, so that two calls of the
 * same tool can be told apart when collapsed: the first scalar values of the arguments (`Lisbon · metric ·
 * 3`), a string argument itself, cut at `max` characters with `…`. Empty strings, nulls, objects and
 * arrays are skipped; '' when nothing is left. Never throws (getters may throw; a Proxy may lie).
 */
export function argsSummary(args: unknown, max: number = ARGS_SUMMARY_CHARS): string {
  let text: string
  try {
    text = collect(args)
  } catch {
    return ''
  }
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, Math.max(0, max - 1)).trimEnd()}…` : flat
}

function scalar(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() === '' ? undefined : v.slice(0, 500)
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : undefined
  if (typeof v === 'boolean') return String(v)
  return undefined
}

function collect(args: unknown): string {
  const direct = scalar(args)
  if (direct !== undefined) return direct
  if (args === null || typeof args !== 'object') return ''
  const parts: string[] = []
  if (Array.isArray(args)) {
    for (let i = 0; i < Math.min(args.length, KEYS_SCANNED) && parts.length < ARGS_SUMMARY_VALUES; i++) {
      const s = scalar(args[i])
      if (s !== undefined) parts.push(s)
    }
  } else {
    const keys = keysOf(args)
    for (let i = 0; i < Math.min(keys.length, KEYS_SCANNED) && parts.length < ARGS_SUMMARY_VALUES; i++) {
      const s = scalar((args as Record<string, unknown>)[keys[i]!])
      if (s !== undefined) parts.push(s)
    }
  }
  return parts.join(' · ')
}
