// @vitest-environment node
// The published session-event JSON Schema (dist/session-event.schema.json, written by
// scripts/write-schema.ts) gives the same verdict as `parseSessionEvent`, judged by an independent
// validator, on the documented example and on generated near-valid events of every type.
import { Validator } from '@cfworker/json-schema'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { APPROVAL_EXAMPLE } from '../scripts/protocol-doc'
import { publishedSchema } from '../scripts/write-schema'
import { parseSessionEvent, SessionEventSchema } from '../src/protocol'

const schema = publishedSchema(SessionEventSchema, 'session-event.schema.json')
const validator = new Validator(schema as never, '2020-12', false)

describe('the published session-event schema', () => {
  it('accepts the documented approval example, and parseSessionEvent does too', () => {
    for (const event of APPROVAL_EXAMPLE) {
      expect(validator.validate(event).valid).toBe(true)
      expect(parseSessionEvent(event).ok).toBe(true)
    }
  })

  it('refuses an approval without options, and a decision without an optionId', () => {
    for (const event of [
      { type: 'approval', id: 'a', options: [] },
      { type: 'approval', id: 'a' },
      { type: 'decision', id: 'a' },
      { type: 'decision', id: 'a', optionId: '' },
    ]) {
      expect(validator.validate(event).valid).toBe(false)
      expect(parseSessionEvent(event).ok).toBe(false)
    }
  })

  it('gives the same verdict as parseSessionEvent on generated near-valid events', () => {
    const field = fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null), fc.boolean())
    const option = fc.record(
      {
        optionId: fc.oneof(fc.string({ maxLength: 3 }), field),
        kind: fc.oneof(
          fc.constantFrom('allow_once', 'allow_always', 'reject_once', 'reject_always', 'allow'),
          field,
        ),
        label: fc.oneof(fc.string({ maxLength: 3 }), field),
      },
      { requiredKeys: [] },
    )
    const event = fc.oneof(
      fc.record(
        {
          type: fc.constantFrom('approval', 'decision', 'call', 'result', 'update', 'nope'),
          id: fc.oneof(fc.string({ maxLength: 3 }), field),
          options: fc.oneof(fc.array(option, { maxLength: 18 }), field),
          optionId: fc.oneof(fc.string({ maxLength: 3 }), field),
          by: field,
          reason: field,
          toolName: field,
          status: fc.oneof(fc.constantFrom('pending', 'running', 'completed', 'rejected'), field),
        },
        { requiredKeys: ['type'] },
      ),
      field,
    )
    fc.assert(
      fc.property(event, (value) => {
        const clean = JSON.parse(JSON.stringify(value))
        expect(parseSessionEvent(clean).ok).toBe(validator.validate(clean).valid)
      }),
      { numRuns: 600 },
    )
  })
})
