import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CHECKS_FILE, generateChecks } from '../scripts/gen-checks'
import { EXAMPLES } from '../scripts/protocol-doc'
import { checkSchema } from '../src/protocol/check-schema'
import {
  checkEventSteps,
  checkIntentSteps,
  GENERATED_CARD_KINDS,
  GENERATED_EVENT_TYPES,
} from '../src/protocol/checks.gen'
import { EVENT_SCHEMAS, SESSION_EVENT_TYPES } from '../src/protocol/events-schema'
import { type Problem, sanitizeJson } from '../src/protocol/json'
import { LIMITS } from '../src/protocol/limits'
import { CARD_KINDS, INTENT_SCHEMAS } from '../src/protocol/schema'

// The validators parseIntent runs are generated from the TypeBox schema at build time (plain code, no
// eval). They must be current, and must report what TypeBox's own interpreter reports.

function generated(card: (typeof GENERATED_CARD_KINDS)[number], value: unknown, max = 1_000): Problem[] {
  const out: Problem[] = []
  const steps = checkIntentSteps(card, value as Record<string, unknown>, out, max)
  while (!steps.next().done) {}
  return out
}

describe('src/protocol/checks.gen.ts', () => {
  it('is what scripts/gen-checks.ts writes from the current schema (run `npm run gen:checks`)', () => {
    expect(readFileSync(CHECKS_FILE, 'utf8')).toBe(generateChecks())
  })

  it('knows the same cards as the schema, in its order', () => {
    expect([...GENERATED_CARD_KINDS]).toEqual(CARD_KINDS)
  })

  it('finds nothing in the protocol examples', () => {
    for (const [card, example] of Object.entries(EXAMPLES))
      expect(generated(card as (typeof GENERATED_CARD_KINDS)[number], example), card).toEqual([])
  })

  it('reports the same problems, paths and messages as the TypeBox interpreter on mutated intents', () => {
    // Each example with fields replaced, removed or nested wrongly: every path the schema has is reached.
    const odd = fc.oneof(
      fc.string({ maxLength: 4 }),
      fc.integer({ min: -3, max: 3 }),
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -2, max: 2 }),
      fc.boolean(),
      fc.constant(null),
      fc.constant([]),
      fc.constant({}),
      fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 2 })), { maxLength: 3 }),
      fc.constantFrom('content', 'files', 'added', 'markdown', 'x'),
    )
    const mutate = (value: unknown, paths: Array<Array<string | number>>, values: unknown[]): unknown => {
      const copy = JSON.parse(JSON.stringify(value))
      paths.forEach((path, k) => {
        let at = copy
        for (let i = 0; i < path.length - 1; i++) {
          const next = at?.[path[i]!]
          if (next === null || typeof next !== 'object') return
          at = next
        }
        const last = path[path.length - 1]!
        if (at === null || typeof at !== 'object') return
        if (values[k] === undefined) delete at[last]
        else at[last] = values[k]
      })
      return copy
    }
    // every path in the examples (objects and arrays), so mutations reach nested fields
    const pathsOf = (v: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> => {
      if (v === null || typeof v !== 'object') return []
      const keys: Array<string | number> = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v)
      return keys.flatMap((k) => [
        [...prefix, k],
        ...pathsOf((v as Record<string, unknown>)[k], [...prefix, k]),
      ])
    }
    const extra = ['exitCode', 'startLine', 'status', 'mode', 'excerptFormat', 'results', 'files', 'matches']
    const cases = Object.entries(EXAMPLES).map(([card, example]) => ({
      card: card as (typeof GENERATED_CARD_KINDS)[number],
      example,
      paths: [...pathsOf(example).filter((p) => p[0] !== 'card'), ...extra.map((k) => [k])],
    }))
    let compared = 0
    fc.assert(
      fc.property(
        fc
          .constantFrom(...cases)
          .chain((c) =>
            fc.tuple(
              fc.constant(c),
              fc.array(fc.constantFrom(...c.paths), { minLength: 1, maxLength: 4 }),
              fc.array(fc.option(odd, { nil: undefined }), { minLength: 4, maxLength: 4 }),
            ),
          ),
        ([c, paths, values]) => {
          const sane = sanitizeJson(mutate(c.example, paths, values))
          // a hole left by a deleted array item is not JSON: parseIntent stops before the schema
          if (!sane.ok) return
          const clean = sane.value
          const ours = generated(c.card, clean)
          const theirs = checkSchema(INTENT_SCHEMAS[c.card], clean, { ...LIMITS, maxProblems: 1_000 })
          compared++
          expect(ours).toEqual(
            theirs.length === 1 && theirs[0]!.message === 'does not match the schema' ? [] : theirs,
          )
        },
      ),
      { numRuns: 1_500, seed: 20261202 },
    )
    expect(compared).toBeGreaterThan(1_000)
  })

  it('stops once it holds more than `max` problems', () => {
    const matches = Array.from({ length: 10_000 }, () => ({ path: 1 }))
    const out = generated('search', { card: 'search', query: 'q', mode: 'content', matches }, 50)
    expect(out.length).toBe(51)
    expect(out[0]).toEqual({ path: '$.matches[0].path', message: 'expected string, got number' })
  })
})

describe('generated session-event checks', () => {
  const EVENTS: Record<(typeof GENERATED_EVENT_TYPES)[number], Record<string, unknown>> = {
    call: {
      type: 'call',
      id: 'c1',
      time: 1,
      toolName: 'Bash',
      args: { command: 'ls' },
      status: 'running',
      sidechain: 's',
    },
    update: { type: 'update', id: 'c1', time: 2, appendOutput: 'x', status: 'running', args: [1] },
    result: { type: 'result', id: 'c1', time: 3, status: 'failed', error: 'boom', durationMs: 12 },
    approval: {
      type: 'approval',
      id: 'c1',
      options: [
        { optionId: 'a', kind: 'allow_once', label: 'Allow' },
        { optionId: 'r', kind: 'reject_once', label: 'Reject' },
      ],
      reason: 'writes a file',
    },
    decision: { type: 'decision', id: 'c1', optionId: 'a', by: 'me', reason: 'ok' },
  }
  const run = (type: (typeof GENERATED_EVENT_TYPES)[number], value: unknown): Problem[] => {
    const out: Problem[] = []
    const steps = checkEventSteps(type, value as Record<string, unknown>, out, 1_000)
    while (!steps.next().done) {}
    return out
  }

  it('knows the same event types as the schema, in its order', () => {
    expect([...GENERATED_EVENT_TYPES]).toEqual(SESSION_EVENT_TYPES)
  })

  it('reports what the TypeBox interpreter reports on mutated events', () => {
    const odd = fc.oneof(
      fc.string({ maxLength: 3 }),
      fc.constant(''),
      fc.constant('x'.repeat(1_025)),
      fc.integer({ min: -3, max: 3 }),
      fc.boolean(),
      fc.constant(null),
      fc.constant([]),
      fc.constant({}),
      fc.constantFrom('allow_once', 'completed', 'pending', 'nope'),
      fc.array(fc.record({ optionId: fc.string({ maxLength: 2 }), kind: fc.string(), label: fc.string() }), {
        maxLength: 17,
      }),
    )
    const fields = [
      'type',
      'id',
      'time',
      'toolName',
      'status',
      'options',
      'optionId',
      'reason',
      'by',
      'durationMs',
    ]
    let compared = 0
    fc.assert(
      fc.property(
        fc.constantFrom(...GENERATED_EVENT_TYPES),
        fc.array(fc.tuple(fc.constantFrom(...fields), fc.option(odd, { nil: undefined })), { maxLength: 3 }),
        (type, edits) => {
          const value: Record<string, unknown> = JSON.parse(JSON.stringify(EVENTS[type]))
          for (const [k, v] of edits) {
            if (v === undefined) delete value[k]
            else value[k] = v
          }
          const clean = sanitizeJson(value)
          if (!clean.ok) return
          const theirs = checkSchema(EVENT_SCHEMAS[type], clean.value, { ...LIMITS, maxProblems: 1_000 })
          compared++
          expect(run(type, clean.value)).toEqual(
            theirs.length === 1 && theirs[0]!.message === 'does not match the schema' ? [] : theirs,
          )
        },
      ),
      { numRuns: 1_000, seed: 20261203 },
    )
    expect(compared).toBeGreaterThan(900)
  })
})
