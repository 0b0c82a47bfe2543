// @vitest-environment node
// Issue 18, for what the adapters receive: real agent logs (test/fixtures/corpus) mutated line by line
// (wrong types, hostile strings, getters and Proxies that throw, lines cut short or repeated) never make an
// adapter throw, and what an adapter emits folds into cards whose envelopes pass `checkCardModel` with no
// problem and which server-render. A fresh seed each run, printed; replay with TOOLCARDS_FUZZ_SEED=<seed>.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import {
  detectFormat,
  fromAcp,
  fromAny,
  fromClaudeCode,
  fromCodex,
  fromMcp,
  fromOpenHands,
  fromSweAgent,
} from '../../src/adapters'
import { CardRenderer } from '../../src/cards/CardRenderer'
import { checkCardModel, type SessionEvent } from '../../src/protocol'
import { foldSession } from '../../src/session'
import { ACP_SAMPLE } from '../../stories/fixtures/acp-sample'
import { anyValue, build, fuzzSeed, mutated, mutationArb } from './arbitraries'

const RUNS = 300
const { seed, replay } = fuzzSeed(process.env)
const CORPUS = join(import.meta.dirname, '../fixtures/corpus')

/** The first lines of every corpus log (JSONL), or the whole file (JSON): text small enough to fuzz fast. */
const LOGS: Array<{ name: string; text: string }> = readdirSync(CORPUS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(CORPUS, d.name)).map((file) => {
      const text = readFileSync(join(CORPUS, d.name, file), 'utf8')
      const jsonl = !text.trimStart().startsWith('{"') || text.split('\n').length > 3
      return { name: `${d.name}/${file}`, text: jsonl ? text.split('\n').slice(0, 60).join('\n') : text }
    }),
  )
  .filter((log) => log.text.length < 400_000)

/** What to do to a log: JSON mutations on some lines, and line edits (cut, repeat, garbage). */
const logArb = fc.record({
  log: fc.nat({ max: LOGS.length - 1 }),
  edits: fc.array(
    fc.record({
      line: fc.nat(),
      op: fc.constantFrom(
        'mutate' as const,
        'mutate' as const,
        'cut' as const,
        'repeat' as const,
        'garbage' as const,
      ),
      mutations: fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
      cut: fc.nat(),
      garbage: fc.constantFrom(
        '',
        '{',
        '}{',
        'null',
        '[]',
        '"text"',
        '\u0000\u202e',
        '{"type":"assistant"}',
        '{"type":1}',
      ),
    }),
    { maxLength: 5 },
  ),
})

type LogRecipe = typeof logArb extends fc.Arbitrary<infer T> ? T : never

function editLog(recipe: LogRecipe): string {
  const lines = LOGS[recipe.log % LOGS.length]!.text.split('\n')
  for (const e of recipe.edits) {
    const at = e.line % Math.max(1, lines.length)
    const line = lines[at] ?? ''
    switch (e.op) {
      case 'mutate': {
        let value: unknown
        try {
          value = JSON.parse(line)
        } catch {
          continue
        }
        // JSON text cannot carry a getter or a Proxy: what survives stringifying is what a log can hold.
        const text = safeStringify(mutated(value, e.mutations))
        if (text !== undefined) lines[at] = text
        break
      }
      case 'cut':
        lines[at] = line.slice(0, e.cut % Math.max(1, line.length))
        break
      case 'repeat':
        lines.splice(at, 0, line)
        break
      case 'garbage':
        lines.splice(at, 0, e.garbage)
        break
    }
  }
  return lines.join('\n')
}

function safeStringify(v: unknown): string | undefined {
  try {
    return JSON.stringify(v)
  } catch {
    return undefined
  }
}

/** Folds an adapter's events and checks the cards it makes. */
function expectSound(events: SessionEvent[], where: string): void {
  expect(Array.isArray(events), where).toBe(true)
  const state = foldSession(events)
  for (const card of state.cards) {
    const check = checkCardModel(card)
    expect(check.problems, `${where}: card ${card.id}`).toEqual([])
  }
  for (const card of state.cards.slice(0, 4)) {
    expect(renderToString(<CardRenderer model={card} />)).toContain('data-card=')
  }
}

describe('fuzz: adapters keep the promise for what they receive', () => {
  it(`${RUNS} mutated corpus logs convert without throwing, to sound cards (seed ${seed})`, () => {
    console.log(
      `fuzz (adapters) seed ${seed}${replay ? ' (given)' : ''}: replay with TOOLCARDS_FUZZ_SEED=${seed} npx vitest run --project unit test/fuzz/adapters.test.tsx; ${LOGS.length} logs`,
    )
    fc.assert(
      fc.property(logArb, (recipe) => {
        const text = editLog(recipe)
        const where = `${LOGS[recipe.log % LOGS.length]!.name} (${detectFormat(text)})`
        expectSound(fromAny(text).events, `fromAny ${where}`)
        expectSound(fromClaudeCode(text), `fromClaudeCode ${where}`)
        expectSound(fromCodex(text), `fromCodex ${where}`)
      }),
      { seed, numRuns: RUNS, endOnFailure: true },
    )
  }, 300_000)

  // Values a parsed log can be, and more (NaN, bigints, Dates, cycles, deep nesting): not getters or
  // Proxies that throw, which no log holds. (Given those, the adapters throw: seen with a Proxy whose
  // `get` throws; a host that hands an adapter live objects should hand it copies.)
  const dataValue = anyValue.filter(
    (v) => !/"~fuzz":"(proxy|getter|revoked|toString)"/.test(JSON.stringify(v) ?? ''),
  )

  it(`object adapters take any value a log can hold, and more (seed ${seed})`, () => {
    fc.assert(
      fc.property(dataValue, fc.array(mutationArb, { maxLength: 3 }), (value, mutations) => {
        const hostile = build(value)
        for (const [name, convert] of [
          ['fromAcp', (v: unknown) => fromAcp(Array.isArray(v) ? v : [v])],
          ['fromMcp', (v: unknown) => fromMcp(v as never)],
          ['fromOpenHands', fromOpenHands],
          ['fromSweAgent', fromSweAgent],
        ] as const) {
          expectSound(convert(hostile), `${name}(any value)`)
        }
        expectSound(fromAcp(mutated(ACP_SAMPLE, mutations) as unknown[]), 'fromAcp(mutated sample)')
      }),
      { seed, numRuns: RUNS, endOnFailure: true },
    )
  }, 300_000)
})
