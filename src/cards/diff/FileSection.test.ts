import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { RAW_LINE_LIMIT } from './constants'
import { rawLines } from './FileSection'

describe('rawLines', () => {
  test.prop(
    [
      fc.oneof(
        fc.string({ unit: fc.constantFrom('a', '\n', '\r'), maxLength: 50 }),
        // around the limit: RAW_LINE_LIMIT lines give or take a few, with or without a last break
        fc
          .record({ n: fc.integer({ min: RAW_LINE_LIMIT - 3, max: RAW_LINE_LIMIT + 3 }), end: fc.boolean() })
          .map(({ n, end }) => Array.from({ length: n }, (_, i) => `l${i}`).join('\n') + (end ? '\n' : '')),
      ),
    ],
    { numRuns: 300 },
  )('the first RAW_LINE_LIMIT lines of one split, and as many lines as it counts', (text) => {
    const all = text.split('\n')
    const { shown, total } = rawLines(text)
    expect(shown).toEqual(all.slice(0, RAW_LINE_LIMIT))
    expect(total).toBe(all.length)
  })
})
