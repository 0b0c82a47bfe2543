import { fc, test as propTest } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { markdownFixtures } from '../../../stories/fixtures/generic'
import { looksLikeMarkdown } from './markdown'
import { ARGS_SUMMARY_CHARS, argsSummary } from './summary'

describe('argsSummary', () => {
  it('takes the first scalar values, skipping empty ones and nested data', () => {
    expect(argsSummary({ city: 'Lisbon', units: 'metric', days: 3, include: ['wind'] })).toBe(
      'Lisbon · metric · 3',
    )
    expect(argsSummary({ query: '', nested: { a: 1 }, flag: true, n: null, z: 'last' })).toBe('true · last')
    expect(argsSummary('just a string')).toBe('just a string')
    expect(argsSummary([1, 'two', {}, 3, 4])).toBe('1 · two · 3')
    expect(argsSummary({})).toBe('')
    expect(argsSummary(null)).toBe('')
    expect(argsSummary({ n: Number.NaN })).toBe('')
  })

  it('folds whitespace and cuts long values with an ellipsis', () => {
    expect(argsSummary({ text: 'a\n\n  b\tc' })).toBe('a b c')
    const long = argsSummary({ prompt: 'x'.repeat(500) })
    expect(long).toHaveLength(ARGS_SUMMARY_CHARS)
    expect(long.endsWith('…')).toBe(true)
  })

  it('two calls of one tool with different arguments differ', () => {
    expect(argsSummary({ file_path: '/a/b.ts' })).not.toBe(argsSummary({ file_path: '/a/c.ts' }))
  })

  it('survives getters that throw and huge objects', () => {
    const hostile = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get() {
        throw new Error('no')
      },
    })
    expect(argsSummary(hostile)).toBe('')
    const big: Record<string, unknown> = {}
    for (let i = 0; i < 10_000; i++) big[`k${i}`] = {}
    big.z = 'late'
    expect(argsSummary(big)).toBe('') // only the first 50 keys are looked at
  })

  propTest.prop([fc.jsonValue(), fc.integer({ min: 2, max: 200 })])(
    'never throws; never longer than asked',
    (v, max) => {
      const s = argsSummary(v, max)
      expect(s.length).toBeLessThanOrEqual(max)
      expect(s).toBe(s.trim())
      expect(s).not.toMatch(/\s{2}|\n/)
    },
  )
})

describe('looksLikeMarkdown', () => {
  it('reads a sub-agent answer as markdown', () => {
    for (const text of markdownFixtures) expect(looksLikeMarkdown(text), text.slice(0, 40)).toBe(true)
  })

  it('leaves logs, data and one-sign texts alone', () => {
    for (const text of [
      '',
      'plain words only',
      '# just a comment line\nnothing else',
      '- one dash in a log\nand more log',
      '{"a": 1, "b": "**x**"}',
      '[1, 2, 3]',
      '\u001b[31m# red\u001b[0m\n- item',
      'x'.repeat(200_000),
    ])
      expect(looksLikeMarkdown(text), text.slice(0, 40)).toBe(false)
  })

  propTest.prop([fc.string({ maxLength: 3000 })])('never throws', (text) => {
    expect(typeof looksLikeMarkdown(text)).toBe('boolean')
  })
})
