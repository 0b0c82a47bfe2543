import { readFileSync } from 'node:fs'
import { Validator } from '@cfworker/json-schema'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { EXAMPLES, protocolDoc } from '../scripts/protocol-doc'
import { parseIntent, RenderIntentSchema } from '../src/protocol'

describe('docs/protocol.md', () => {
  it('is up to date with the schema (run `npx tsx scripts/protocol-doc.ts`)', () => {
    expect(readFileSync('docs/protocol.md', 'utf8')).toBe(protocolDoc())
  })

  it('every example is a valid intent', () => {
    for (const [card, example] of Object.entries(EXAMPLES)) {
      const r = parseIntent(example)
      expect(r.ok, `${card}: ${JSON.stringify(r)}`).toBe(true)
    }
  })
})

describe('the published JSON Schema agrees with parseIntent (an independent validator)', () => {
  const schema = JSON.parse(JSON.stringify(RenderIntentSchema))
  const validator = new Validator(schema, '2020-12', false)

  it('accepts every example', () => {
    for (const example of Object.values(EXAMPLES)) expect(validator.validate(example).valid).toBe(true)
  })

  it('gives the same verdict on generated near-valid intents', () => {
    const field = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constant(null),
      fc.boolean(),
      fc.array(fc.string(), { maxLength: 2 }),
    )
    const intent = fc.oneof(
      fc.record(
        { card: fc.constant('terminal'), command: field, exitCode: fc.option(field, { nil: undefined }) },
        { requiredKeys: ['card'] },
      ),
      fc.record(
        {
          card: fc.constant('read'),
          path: field,
          content: field,
          startLine: fc.option(fc.oneof(fc.integer(), field), { nil: undefined }),
        },
        { requiredKeys: ['card'] },
      ),
      fc.record({
        card: fc.constant('search'),
        query: field,
        mode: fc.constantFrom('content', 'files', 'count', 'x'),
        matches: fc.array(fc.record({ path: field, line: fc.option(fc.integer(), { nil: undefined }) }), {
          maxLength: 3,
        }),
      }),
      fc.record(
        {
          card: fc.constant('web'),
          url: field,
          status: fc.option(fc.oneof(fc.integer(), fc.double()), { nil: undefined }),
        },
        { requiredKeys: ['card'] },
      ),
      fc.record({ card: fc.constantFrom('generic', 'nope'), input: field }),
    )
    fc.assert(
      fc.property(intent, (value) => {
        const clean = JSON.parse(JSON.stringify(value))
        expect(parseIntent(clean).ok).toBe(validator.validate(clean).valid)
      }),
      { numRuns: 400 },
    )
  })
})
