import { errorMessage } from './error-message'
import { finish, type JsonValue, type Problem, sanitizeSteps } from './json'
import { LIMITS, type Limits } from './limits'
import {
  APPROVAL_OPTION_KINDS,
  CARD_STATUSES,
  type CardApproval,
  type CardModel,
  type CardStatus,
} from './model'
import { inSlices, type SliceOptions } from './parse'

/** What `checkCardModel` found. */
export interface CardModelCheck {
  /**
   * A fresh model made only of checked values, safe to render: every field has the type `CardModel`
   * promises (a wrong one is replaced by its safe value, or left out when optional). `intent` is passed
   * through as read (once); `parseIntent` checks it.
   */
  model: CardModel
  /** Fields that were wrong, by JSON path: `{ path: '$.durationMs', message: 'expected a number >= 0, got NaN' }`. */
  problems: Problem[]
  /** Fields accepted after a change: a long string cut, an `Error` read for its message. */
  notices: Problem[]
}

export interface CheckCardModelOptions {
  /** Override limits (the arguments are checked as untrusted JSON); defaults to `LIMITS`. */
  limits?: Partial<Limits>
}

/** Characters kept of `id`, `toolName` and `sidechain` (what session events allow for ids and tool names). */
export const ENVELOPE_LABEL_LIMIT = 1024

/** The title a model without a usable tool name gets. */
export const UNNAMED_TOOL = '(unnamed tool)'

/**
 * One field's verdict, with paths rooted at the field (`$` is the field itself; `$[2]` inside it). `ok`:
 * the value is used, `notices` say what changed on the way. Not ok: `problems` say what was wrong, and
 * `value` (when given) is shown instead, else the field's `fallback`.
 */
export type FieldVerdict<T> =
  | { ok: true; value: T; notices?: Problem[] }
  | { ok: false; problems: Problem[]; value?: T }

/** How one envelope field is checked: one entry per field of `CardModel`. */
export interface EnvelopeField<T> {
  /** Whether `CardModel` requires it; a missing required field is a problem and gets `fallback`. */
  required: boolean
  /** The safe value of a required field that is missing or wrong; `undefined` (left out) for optional ones. */
  fallback: T | undefined
  /** Checks a present value (`undefined` never reaches it; `null` does only for required fields). */
  check: (value: unknown, limits: Limits) => FieldVerdict<T>
}

type Field<K extends keyof CardModel> = EnvelopeField<Exclude<CardModel[K], undefined>> & {
  required: object extends Pick<CardModel, K> ? false : true
}

/**
 * The envelope check, one entry per field of `CardModel` (the mapped type makes a new field a compile
 * error until it has an entry here): its check and its safe value. Its documentation is
 * `envelopeDocs()` (`envelope-docs.ts`, kept out of the cards' first load). Unknown fields are dropped
 * from the checked model (a newer host may send more).
 */
export const ENVELOPE_FIELDS: { readonly [K in keyof Required<CardModel>]: Field<K> } = {
  id: {
    required: true,
    fallback: '',
    check: (v) => label(v),
  },
  toolName: {
    required: true,
    fallback: UNNAMED_TOOL,
    check: (v) => {
      const r = label(v)
      if (r.ok && r.value.trim() === '')
        return { ok: true, value: UNNAMED_TOOL, notices: here(`is blank; shown as ${quote(UNNAMED_TOOL)}`) }
      return r
    },
  },
  status: {
    required: true,
    fallback: 'unknown',
    check: (v) => {
      if (typeof v === 'string' && (CARD_STATUSES as readonly string[]).includes(v))
        return { ok: true, value: v as CardStatus }
      const got = typeof v === 'string' ? `unknown status ${quote(v)}` : `got ${kindOf(v)}`
      return { ok: false, problems: here(`${got}; expected one of ${CARD_STATUSES.join(', ')}`) }
    },
  },
  intent: {
    required: false,
    fallback: undefined,
    check: (v) => ({ ok: true, value: v }),
  },
  error: {
    required: false,
    fallback: undefined,
    check: (v, limits) => {
      if (typeof v === 'string') return cut(v, limits.maxStringSize)
      if (hasStringMessage(v)) {
        const notice = `${kindOf(v)}, not a string; its message is shown`
        return { ok: true, value: errorMessage(v), notices: here(notice) }
      }
      return { ok: false, problems: here(`expected a string, got ${kindOf(v)}`), value: errorMessage(v) }
    },
  },
  durationMs: {
    required: false,
    fallback: undefined,
    check: (v) => {
      if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return { ok: true, value: v }
      const got = typeof v === 'number' ? String(v) : kindOf(v)
      return { ok: false, problems: here(`expected a number >= 0, got ${got}`) }
    },
  },
  sidechain: {
    required: false,
    fallback: undefined,
    check: (v) => label(v),
  },
  args: {
    required: true,
    fallback: null,
    check: (v, limits) => finish(argsSteps(v, limits)),
  },
  approval: {
    required: false,
    fallback: undefined,
    check: (v, limits) => {
      const r = finish(sanitizeSteps(v, limits))
      if (!r.ok) return { ok: false, problems: r.problems }
      const problems = approvalProblems(r.value ?? null)
      if (problems.length === 0)
        return { ok: true, value: r.value as unknown as CardApproval, notices: r.notices }
      // A decision naming no offered option is still the record of who chose what: kept, and reported.
      const decided = (r.value as { decision?: { optionId?: unknown } }).decision
      const onlyDecision =
        typeof decided?.optionId === 'string' && problems.every((p) => p.path === '$.decision.optionId')
      return onlyDecision
        ? { ok: false, problems, value: r.value as unknown as CardApproval }
        : { ok: false, problems }
    },
  },
}

/** What is wrong with an approval (already plain JSON), by path rooted at the field. */
function approvalProblems(v: JsonValue): Problem[] {
  if (v === null || typeof v !== 'object' || Array.isArray(v))
    return here(`expected an object, got ${kindOf(v)}`)
  const out: Problem[] = []
  const { options, reason, decision } = v as Record<string, JsonValue | undefined>
  const ids = new Set<string>()
  if (!Array.isArray(options) || options.length < 1 || options.length > 16) {
    out.push({ path: '$.options', message: 'expected an array of 1 to 16 options' })
  } else {
    options.forEach((o, i) => {
      const path = `$.options[${i}]`
      if (o === null || typeof o !== 'object' || Array.isArray(o)) {
        out.push({ path, message: `expected an object, got ${kindOf(o)}` })
        return
      }
      const { optionId, kind, label } = o as Record<string, JsonValue | undefined>
      if (typeof optionId !== 'string' || optionId.length < 1 || optionId.length > 256)
        out.push({ path: `${path}.optionId`, message: 'expected a string of 1 to 256 characters' })
      else if (ids.has(optionId))
        out.push({ path: `${path}.optionId`, message: `repeats ${quote(optionId)}` })
      else ids.add(optionId)
      if (typeof kind !== 'string' || !(APPROVAL_OPTION_KINDS as readonly string[]).includes(kind))
        out.push({ path: `${path}.kind`, message: `expected one of ${APPROVAL_OPTION_KINDS.join(', ')}` })
      if (typeof label !== 'string' || label.length < 1 || label.length > 200)
        out.push({ path: `${path}.label`, message: 'expected a string of 1 to 200 characters' })
    })
  }
  if (reason !== undefined && typeof reason !== 'string')
    out.push({ path: '$.reason', message: 'expected a string' })
  if (decision !== undefined) {
    if (decision === null || typeof decision !== 'object' || Array.isArray(decision)) {
      out.push({ path: '$.decision', message: `expected an object, got ${kindOf(decision)}` })
    } else {
      const d = decision as Record<string, JsonValue | undefined>
      if (typeof d.optionId !== 'string' || !ids.has(d.optionId))
        out.push({ path: '$.decision.optionId', message: 'expected the optionId of one of the options' })
      for (const key of ['by', 'reason'] as const)
        if (d[key] !== undefined && typeof d[key] !== 'string')
          out.push({ path: `$.decision.${key}`, message: 'expected a string' })
    }
  }
  return out
}

const FIELD_NAMES = Object.keys(ENVELOPE_FIELDS) as Array<keyof CardModel>

/**
 * Checks an untrusted card envelope (what a host, a log or a webview message hands the kit as a
 * `CardModel`): each field against `ENVELOPE_FIELDS`. Never throws, whatever it is given (`null`, an
 * array, a Proxy, getters that throw, cycles). Returns a fresh model of checked values, plus what was
 * wrong (`problems`) and what was changed (`notices`), by JSON path. Each field is read once.
 *
 * `CardRenderer` calls it for every model it renders and shows the problems on the card; a webview
 * bridge or any other receiver can call it before it stores a model.
 */
export function checkCardModel(value: unknown, options: CheckCardModelOptions = {}): CardModelCheck {
  return finish(checkSteps(value, options, {} as CardModel))
}

/** A check of a model under way (`checkCardModelInSlices`). */
export interface CardModelTask {
  /** The check, when the first slice (run synchronously) was enough; else null. */
  result: CardModelCheck | null
  /**
   * Until `done`: every field checked but `args` (and `approval`, when checked after it), `args` `null`.
   * Enough to show the call's frame (its name and status) while its arguments are checked.
   */
  partial: CardModel
  /** Resolves to what `checkCardModel` returns. Never rejects. */
  done: Promise<CardModelCheck>
}

/**
 * `checkCardModel` without a long task: the first slice (`sliceMs`, 8 ms) runs at once and a usual model
 * is done in it; one whose `args` are big (an object of 200,000 keys) is copied in slices between which
 * the page can paint and handle input. The model must not change while it is checked.
 */
export function checkCardModelInSlices(
  value: unknown,
  options: CheckCardModelOptions & SliceOptions = {},
): CardModelTask {
  const partial = {} as CardModel
  const task = inSlices(checkSteps(value, options, partial), options, () => ({
    model: { ...partial },
    problems: here('the check was stopped'),
    notices: [],
  }))
  return { ...task, partial }
}

function* argsSteps(v: unknown, limits: Limits): Generator<void, FieldVerdict<JsonValue>, void> {
  const r = yield* sanitizeSteps(v, limits)
  if (!r.ok) return { ok: false, problems: r.problems }
  return { ok: true, value: r.value as JsonValue, notices: r.notices }
}

/**
 * `checkCardModel` as steps; `model` fills as the fields are read, in `ENVELOPE_FIELDS` order: `args`
 * comes after the fields a card's frame shows (its name, status, duration), and is `null` while it is
 * checked (in slices when big).
 */
function* checkSteps(
  value: unknown,
  options: CheckCardModelOptions,
  partial: CardModel,
): Generator<void, CardModelCheck, void> {
  const model = partial as unknown as Record<string, unknown>
  const limits: Limits = { ...LIMITS, ...options.limits }
  const problems: Problem[] = []
  const notices: Problem[] = []
  const isObject = value !== null && typeof value === 'object' && !safeIsArray(value)
  if (!isObject) problems.push({ path: '$', message: `expected an object, got ${kindOf(value)}` })
  for (const name of FIELD_NAMES) {
    const field = ENVELOPE_FIELDS[name] as EnvelopeField<unknown>
    const path = `$.${name}`
    let raw: unknown
    try {
      raw = isObject ? (value as Record<string, unknown>)[name] : undefined
    } catch (error) {
      problems.push({ path, message: `could not be read: ${errorMessage(error)}` })
      if (field.required) model[name] = field.fallback
      continue
    }
    if (raw === undefined || (raw === null && !field.required)) {
      if (field.required) {
        if (isObject) problems.push({ path, message: 'missing' })
        model[name] = field.fallback
      }
      continue
    }
    let verdict: FieldVerdict<unknown>
    try {
      if (name === 'args') {
        model[name] = null
        verdict = yield* argsSteps(raw, limits)
      } else verdict = field.check(raw, limits)
    } catch (error) {
      verdict = { ok: false, problems: here(`could not be checked: ${errorMessage(error)}`) }
    }
    if (verdict.ok) {
      model[name] = verdict.value
      for (const n of verdict.notices ?? []) notices.push(located(path, n))
    } else {
      for (const p of verdict.problems) problems.push(located(path, p))
      const replacement = 'value' in verdict ? verdict.value : field.fallback
      if (replacement !== undefined) model[name] = replacement
    }
  }
  return { model: { ...model } as unknown as CardModel, problems: capProblems(problems, limits), notices }
}

/** A field's problem, its path re-rooted from the field (`$`) to the envelope (`$.args`). */
function located(path: string, p: Problem): Problem {
  return { path: p.path === '$' ? path : `${path}${p.path.slice(1)}`, message: p.message }
}

function here(message: string): Problem[] {
  return [{ path: '$', message }]
}

function capProblems(problems: Problem[], limits: Limits): Problem[] {
  if (problems.length <= limits.maxProblems) return problems
  const kept = problems.slice(0, limits.maxProblems)
  kept.push({ path: '$', message: `${problems.length - limits.maxProblems} more problems not listed` })
  return kept
}

/** A short label (id, tool name, sub-agent): a string, cut at `ENVELOPE_LABEL_LIMIT`. */
function label(v: unknown): FieldVerdict<string> {
  if (typeof v !== 'string') return { ok: false, problems: here(`expected a string, got ${kindOf(v)}`) }
  return cut(v, ENVELOPE_LABEL_LIMIT)
}

function cut(v: string, max: number): FieldVerdict<string> {
  if (v.length <= max) return { ok: true, value: v }
  let end = max
  const last = v.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end--
  return {
    ok: true,
    value: v.slice(0, end),
    notices: here(
      `${v.length.toLocaleString('en-US')} characters, cut to the first ${end.toLocaleString('en-US')}`,
    ),
  }
}

function hasStringMessage(v: unknown): boolean {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return false
  try {
    return typeof (v as { message?: unknown }).message === 'string'
  } catch {
    return false
  }
}

function safeIsArray(v: unknown): boolean {
  try {
    return Array.isArray(v)
  } catch {
    // A revoked Proxy.
    return false
  }
}

function quote(s: string): string {
  return JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s)
}

/** `a number`, `an Error`, `an array`, `null`: for problem messages. Never throws. */
export function kindOf(v: unknown): string {
  if (v === null) return 'null'
  if (v === undefined) return 'nothing'
  switch (typeof v) {
    case 'string':
      return v === '' ? 'an empty string' : 'a string'
    case 'number':
      return Number.isNaN(v) ? 'NaN' : 'a number'
    case 'boolean':
      return 'a boolean'
    case 'bigint':
      return 'a bigint'
    case 'symbol':
      return 'a symbol'
    case 'function':
      return 'a function'
  }
  if (safeIsArray(v)) return 'an array'
  try {
    const proto = Object.getPrototypeOf(v)
    if (proto === Object.prototype || proto === null) return 'an object'
    const name: unknown = proto?.constructor?.name
    if (typeof name === 'string' && /^[A-Za-z_$][\w$]{0,40}$/.test(name))
      return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`
  } catch {
    // A Proxy whose traps throw.
  }
  return 'an object'
}
