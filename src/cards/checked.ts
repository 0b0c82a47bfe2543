import { useMemo } from 'react'
import {
  type CardModel,
  type CardModelCheck,
  checkCardModel,
  checkCardModelInSlices,
  ENVELOPE_FIELDS,
  LIMITS,
} from '../protocol'
import type { SessionProblem } from '../session'

/**
 * Envelope checks by model object: a card that a virtualized list mounts again, or a model re-rendered
 * unchanged, is not checked again. The checked model maps to its own check too, so a list that renders
 * checked models (SessionView) still shows each card the problems of the model it was given. Weak keys:
 * nothing is kept alive by the cache. Models are treated as immutable (a changed call is a new object).
 */
const CHECKS = new WeakMap<object, CardModelCheck>()
/** A check whose arguments are still checked in slices: the partial check, and a promise of the end. */
export type PendingCheck = CardModelCheck & { pending?: Promise<unknown> }

/**
 * `checkCardModel`, remembered per model object. Never throws. A model whose arguments are big is
 * checked in slices (`checkCardModelInSlices`): until then its check is the partial one (`args` `null`)
 * with `pending`, a promise of the end. `now` (a server render, hydration): at once.
 */
export function checkedModel(model: unknown, now = false): PendingCheck {
  if (model === null || (typeof model !== 'object' && typeof model !== 'function'))
    return checkCardModel(model)
  let check: PendingCheck | undefined = CHECKS.get(model)
  if (!check) {
    const { result, partial, done } = checkCardModelInSlices(model, now ? { sliceMs: Infinity } : {})
    check = result ?? {
      model: partial,
      problems: [],
      notices: [],
      pending: done.then((whole) => {
        for (const k of [model, partial, whole.model]) CHECKS.set(k, whole)
      }),
    }
    CHECKS.set(model, check)
    CHECKS.set(check.model, check)
  }
  return check
}

const NO_CARDS: readonly unknown[] = Object.freeze([])

/**
 * The cards of a session, each checked (`checkCardModel`) the first time it is asked for: a list that
 * mounts the ten cards in view of a 2,000-card session checks ten envelopes, not 2,000, before it paints.
 */
export interface CheckedCards {
  readonly length: number
  /** Card `index` as a checked model; `undefined` past the end. */
  at(index: number): CardModel | undefined
}

export interface CheckedSession {
  cards: CheckedCards
  /** Each card's id as the envelope check reads it (`''` when it has none). */
  ids: readonly string[]
  /** One React key per card: its id, or for a second card with the same id, the id and its position. */
  keys: readonly string[]
  /** The problems that have a readable index, path and message. */
  problems: readonly SessionProblem[]
  problemCount: number
}

/**
 * A session state as `SessionView` shows it. The fold makes sound states; a host may hand over one it made
 * itself, with cards of any shape, duplicate ids or problems that are not problems: each card is checked,
 * each key made unique, and unreadable problems left out. A state without a card list gives no cards.
 */
export function useCheckedSession(state: unknown): CheckedSession {
  const raw = listOf(state, 'cards')
  const rawProblems = listOf(state, 'problems')
  const count = numberOf(state, 'problemCount')
  const problems = useMemo(() => {
    const out: SessionProblem[] = []
    const n = Math.min(lengthOf(rawProblems), 10_000)
    for (let i = 0; i < n; i++) {
      const p = at(rawProblems, i) as Partial<SessionProblem> | null
      try {
        if (typeof p?.index === 'number' && typeof p.path === 'string' && typeof p.message === 'string')
          out.push({
            index: p.index,
            kind: p.kind as SessionProblem['kind'],
            path: p.path,
            message: p.message,
            ...(typeof p.id === 'string' ? { id: p.id } : {}),
          })
      } catch {
        // An unreadable problem is left out.
      }
    }
    return out
  }, [rawProblems])
  const cards = useMemo(() => {
    const count = lengthOf(raw)
    const ids: string[] = []
    for (let i = 0; i < count; i++) ids.push(idOf(at(raw, i)))
    const seen = new Set<string>()
    const keys = ids.map((id, i) => {
      const key = seen.has(id) ? `${id}\u0000${i}` : id
      seen.add(key)
      return key
    })
    const cards: CheckedCards = {
      length: count,
      at: (index) =>
        Number.isInteger(index) && index >= 0 && index < count
          ? checkedModel(at(raw, index)).model
          : undefined,
    }
    return { cards, ids, keys }
  }, [raw])
  return { ...cards, problems, problemCount: Math.max(count, problems.length) }
}

/**
 * A card's id as `checkCardModel` reads it (the same field check), without checking the rest of the
 * envelope. A getter that answers differently on each read may give another id here than in the checked
 * model; only the list's keys come from this.
 */
function idOf(model: unknown): string {
  try {
    if (model === null || typeof model !== 'object' || Array.isArray(model)) return ''
    const raw = (model as Record<string, unknown>).id
    if (raw === undefined || raw === null) return ''
    const verdict = ENVELOPE_FIELDS.id.check(raw, LIMITS)
    return verdict.ok ? verdict.value : (verdict.value ?? '')
  } catch {
    return ''
  }
}

function listOf(state: unknown, key: 'cards' | 'problems'): readonly unknown[] {
  try {
    const list = (state as Record<string, unknown> | null)?.[key]
    return Array.isArray(list) ? list : NO_CARDS
  } catch {
    return NO_CARDS
  }
}

function numberOf(state: unknown, key: 'problemCount'): number {
  try {
    const n = (state as Record<string, unknown> | null)?.[key]
    return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : 0
  } catch {
    return 0
  }
}

function lengthOf(list: readonly unknown[]): number {
  try {
    const n = list.length
    return Number.isSafeInteger(n) && n > 0 ? n : 0
  } catch {
    return 0
  }
}

/** One item of a list that may be a Proxy whose reads throw: such an item reads as missing. */
function at(list: readonly unknown[], i: number): unknown {
  try {
    return list[i]
  } catch {
    return undefined
  }
}
