// @vitest-environment node
// The fuzz test's Node half: mutated card models (every card kind, every envelope field) server-render with
// renderToString, where no error boundary can catch anything, so every check must hold before rendering.
// A fresh seed each run, printed; replay one with TOOLCARDS_FUZZ_SEED=<seed> (or VITE_TOOLCARDS_FUZZ_SEED).
import fc from 'fast-check'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CardRenderer } from '../../src/cards/CardRenderer'
import { ToolcardsProvider } from '../../src/cards/host'
import { CARD_KINDS } from '../../src/protocol'
import { buildModel, describeRecipe, ENVELOPE_FIELD_NAMES, FIXTURES, fuzzSeed, modelArb } from './arbitraries'

const RUNS = 1000
const { seed, replay } = fuzzSeed(process.env)

describe('fuzz: renderToString of mutated card models', () => {
  it(`${RUNS} models render, each to one card, never throwing (seed ${seed})`, () => {
    console.log(
      `fuzz (ssr) seed ${seed}${replay ? ' (given)' : ''}: replay with TOOLCARDS_FUZZ_SEED=${seed} npx vitest run --project unit test/fuzz/ssr.test.tsx`,
    )
    const kinds = new Map<string, number>()
    const badFields = new Map<string, number>()
    const slowest: Array<[number, string]> = []
    fc.assert(
      fc.property(modelArb, (recipe) => {
        const started = performance.now()
        const html = renderToString(
          <ToolcardsProvider>
            <CardRenderer model={buildModel(recipe)} />
          </ToolcardsProvider>,
        )
        const cards = html.match(/<article [^>]*data-card="([a-z]+)"/g) ?? []
        expect(cards).toHaveLength(1)
        expect(html).not.toContain('data-crashed')
        const kind = /data-card="([a-z]+)"/.exec(html)?.[1] ?? ''
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1)
        for (const [name, f] of Object.entries(recipe.fields))
          if (f.mode === 'bad') badFields.set(name, (badFields.get(name) ?? 0) + 1)
        const ms = performance.now() - started
        if (ms > (slowest[0]?.[0] ?? 0)) slowest.unshift([ms, describeRecipe(recipe)])
      }),
      { seed, numRuns: RUNS, endOnFailure: false },
    )
    console.log(
      `fuzz (ssr) slowest model: ${slowest[0]?.[0].toFixed(0)} ms: ${slowest[0]?.[1].slice(0, 600)}`,
    )
    // Coverage: every card kind rendered, every envelope field was made wrong.
    console.log(
      `fuzz (ssr) kinds rendered: ${JSON.stringify(Object.fromEntries(kinds))}; fields made wrong: ${JSON.stringify(Object.fromEntries(badFields))}; fixtures: ${FIXTURES.length}`,
    )
    for (const kind of CARD_KINDS) expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(0)
    for (const name of ENVELOPE_FIELD_NAMES)
      if (name !== 'intent') expect(badFields.get(name) ?? 0, name).toBeGreaterThan(20)
  }, 300_000)
})
