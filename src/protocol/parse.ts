import { checkIntentSteps, GENERATED_CARD_KINDS } from './checks.gen'
import { errorMessage } from './error-message'
import { jsonType } from './expected'
import {
  childPath,
  finish,
  formatSize,
  type JsonValue,
  type Problem,
  type SanitizeResult,
  sanitizeSteps,
  scanJsonDepth,
} from './json'
import { LIMITS, type Limits } from './limits'
import type { CardKind, RenderIntent } from './schema'

export type ParseResult<T> =
  | { ok: true; intent: T; notices: Problem[] }
  | { ok: false; problems: Problem[]; notices: Problem[] }

export interface ParseOptions {
  /** Override limits (for tests or hosts that need more); defaults to `LIMITS`. */
  limits?: Partial<Limits>
}

/**
 * Checks an untrusted render intent: byte size, then nesting depth (without recursion), then the schema
 * of its card. A string is read as JSON text. Never throws; on success returns a fresh plain copy.
 *
 * Problems carry JSON paths: `{ path: '$.files[2].path', message: 'expected string' }`.
 */
export function parseIntent(input: unknown, options: ParseOptions = {}): ParseResult<RenderIntent> {
  return finish(parseSteps(input, options))
}

export interface SliceOptions extends ParseOptions {
  /** Work per slice before yielding to the event loop (ms). @default 8 */
  sliceMs?: number
  /** Stops the work; the promise then resolves to a problem saying so. */
  signal?: AbortSignal
  /** Clock, for tests. @default performance.now */
  now?: () => number
}

/** A check under way: `result` when the first slice finished it, and always `done`. */
export interface ParseTask<T> {
  /** The result, when the first slice (run synchronously) was enough; else null. */
  result: ParseResult<T> | null
  /** Resolves to the same result `parseIntent` gives. Never rejects. */
  done: Promise<ParseResult<T>>
}

/**
 * `parseIntent` without a long task: the first slice (`sliceMs`) runs at once, and a small intent is done
 * in it (`result`); a big one (100,000 search matches) goes on in slices between which the page can paint
 * and handle input, and `done` resolves to exactly what `parseIntent` returns. JSON text is parsed with
 * `JSON.parse` in one piece (pass objects for big intents). The value must not change while it is checked.
 */
export function parseIntentInSlices(input: unknown, options: SliceOptions = {}): ParseTask<RenderIntent> {
  return inSlices(parseSteps(input, options), options, () => ({
    ok: false,
    problems: [{ path: '$', message: 'the check was stopped' }],
    notices: [],
  }))
}

/**
 * Runs `steps` to their end in slices of `options.sliceMs`, the first at once (`result` when it was
 * enough), the others after yielding to the event loop; `stopped()` is the result once `signal` aborts.
 */
export function inSlices<T>(
  steps: Generator<void, T, void>,
  options: SliceOptions,
  stopped: () => T,
): { result: T | null; done: Promise<T> } {
  const now = options.now ?? (() => performance.now())
  const sliceMs = options.sliceMs ?? 8
  const slice = (): { value: T } | null => {
    const t0 = now()
    for (;;) {
      const step = steps.next()
      if (step.done) return step
      if (now() - t0 >= sliceMs) return null
    }
  }
  const first = slice()
  if (first) return { result: first.value, done: Promise.resolve(first.value) }
  const done = (async (): Promise<T> => {
    for (;;) {
      await yieldToMain()
      if (options.signal?.aborted) return stopped()
      const r = slice()
      if (r) return r.value
    }
  })()
  return { result: null, done }
}

/** parseIntent's work as steps (a generator), never throwing: a throw becomes a problem. */
function* parseSteps(
  input: unknown,
  options: ParseOptions,
): Generator<void, ParseResult<RenderIntent>, void> {
  try {
    return yield* parseIntentUnsafe(input, { ...LIMITS, ...options.limits })
  } catch (error) {
    // Defence in depth: nothing above should throw, but a getter on a hostile object might.
    return {
      ok: false,
      problems: [{ path: '$', message: `could not be read: ${errorMessage(error)}` }],
      notices: [],
    }
  }
}

function* parseIntentUnsafe(
  input: unknown,
  limits: Limits,
): Generator<void, ParseResult<RenderIntent>, void> {
  const json = yield* readJsonSteps(input, limits)
  if (!json.ok) return json
  const { value, notices } = json
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      ok: false,
      problems: [{ path: '$', message: `expected an object, got ${jsonType(value)}` }],
      notices,
    }
  }
  const card = value.card
  if (typeof card !== 'string') {
    return {
      ok: false,
      problems: [
        {
          path: '$.card',
          message: `expected one of ${CARD_KINDS.join(', ')}, got ${jsonType(card ?? null, card === undefined)}`,
        },
      ],
      notices,
    }
  }
  if (!isCardKind(card)) {
    return {
      ok: false,
      problems: [
        {
          path: '$.card',
          message: `unknown card ${JSON.stringify(card.slice(0, 80))}; expected one of ${CARD_KINDS.join(', ')}`,
        },
      ],
      notices,
    }
  }
  const found: Problem[] = []
  yield* checkIntentSteps(card, value, found, limits.maxProblems)
  const problems = capProblems(found, limits)
  problems.push(...semanticProblems(value as unknown as RenderIntent))
  if (problems.length > 0) return { ok: false, problems, notices }
  return { ok: true, intent: value as unknown as RenderIntent, notices }
}

/** Size, depth and JSON-ness of untrusted input; a string is JSON text. */
export function readJson(input: unknown, limits: Limits = LIMITS): JsonRead {
  return finish(readJsonSteps(input, limits))
}

type JsonRead =
  | { ok: true; value: JsonValue; notices: Problem[] }
  | { ok: false; problems: Problem[]; notices: Problem[] }

function* readJsonSteps(input: unknown, limits: Limits): Generator<void, JsonRead, void> {
  let value: unknown = input
  if (typeof input === 'string') {
    if (input.length > limits.maxIntentSize) {
      return fail(
        `is ${formatSize(input.length)} of JSON text; the limit is ${formatSize(limits.maxIntentSize)}`,
      )
    }
    if (scanJsonDepth(input, limits.maxDepth) < 0)
      return fail(`is nested deeper than ${limits.maxDepth} levels`)
    try {
      value = JSON.parse(input)
    } catch (error) {
      return fail(`is not valid JSON: ${errorMessage(error)}`)
    }
  }
  const clean: SanitizeResult = yield* sanitizeSteps(value, limits)
  if (!clean.ok) return { ok: false, problems: clean.problems, notices: clean.notices }
  return { ok: true, value: clean.value as JsonValue, notices: clean.notices }

  function fail(message: string) {
    return { ok: false as const, problems: [{ path: '$', message }], notices: [] }
  }
}

/** At most `maxProblems` problems, then one that says more were not listed (as `checkSchema` does). */
/** At most `limits.maxProblems` problems, then one saying more were left out. */
export function capProblems(found: Problem[], limits: Limits): Problem[] {
  if (found.length < limits.maxProblems) return found
  const kept = found.slice(0, limits.maxProblems)
  kept.push({ path: '$', message: 'more problems not listed' })
  return kept
}

/** Rules a JSON Schema cannot say simply; kept few and documented in docs/protocol.md. */
function semanticProblems(intent: RenderIntent): Problem[] {
  const problems: Problem[] = []
  if (intent.card === 'diff') {
    intent.files.forEach((file, i) => {
      const hasTexts = file.oldText !== undefined || file.newText !== undefined
      if (file.patch === undefined && !hasTexts && file.status !== 'binary') {
        problems.push({
          path: childPath(childPath('$.files', i), 'patch'),
          message: 'is required: give `patch`, or `oldText`/`newText`',
        })
      }
    })
  }
  return problems
}

const CARD_KIND_SET: ReadonlySet<string> = new Set(GENERATED_CARD_KINDS)
const CARD_KINDS: readonly CardKind[] = GENERATED_CARD_KINDS

export function isCardKind(card: string): card is CardKind {
  return CARD_KIND_SET.has(card)
}

/** Lets the browser paint and handle input between slices. */
function yieldToMain(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (s && typeof s.yield === 'function') return s.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
