import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { parseUnifiedDiffParts } from '../../text/diff/parse'
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
  )(
    'the first RAW_LINE_LIMIT lines of one split; as many lines as the parser counts, else as one split',
    (text) => {
      const all = text.split('\n')
      expect(rawLines(text)).toEqual({ shown: all.slice(0, RAW_LINE_LIMIT), total: all.length })
      // the parser counts the lines a split gives, but no empty one after a last line break
      const lines = parseUnifiedDiffParts(text).lines
      expect(lines).toBe(all[all.length - 1] === '' ? all.length - 1 : all.length)
      expect(rawLines(text, lines).total).toBe(lines)
    },
  )
})
