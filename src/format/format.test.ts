import { fc, test as propTest } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { checkLocale, DEFAULT_LOCALE, formatBytes, formatCount, formatDecimal } from '.'

describe('the one formatter', () => {
  it('formats counts by the locale it is given, not the machine', () => {
    expect(formatCount(1234567)).toBe('1,234,567')
    expect(formatCount(1234567, 'en-US')).toBe('1,234,567')
    expect(formatCount(1234567, 'de-DE')).toBe('1.234.567')
    expect(formatCount(1234567, 'zh-CN')).toBe('1,234,567')
    expect(formatCount(1234567, 'fr-FR')).toBe('1\u202f234\u202f567')
    expect(formatCount(-4500)).toBe('-4,500')
    expect(formatCount(2.6)).toBe('3')
    expect(formatCount(Number.NaN)).toBe('NaN')
  })

  it('formats sizes in binary units: one decimal under 100 of a unit, no trailing .0', () => {
    expect([0, 512, 1023, 1024, 1536, 274_387, 1_048_576, 5.5 * 2 ** 30].map((n) => formatBytes(n))).toEqual([
      '0 B',
      '512 B',
      '1,023 B',
      '1 KB',
      '1.5 KB',
      '268 KB',
      '1 MB',
      '5.5 GB',
    ])
    // the web card's "268 KB" and the cut notice's size are the same text now
    expect(formatBytes(274_387)).toBe('268 KB')
    expect(formatBytes(144_694)).toBe('141 KB')
    expect(formatBytes(99.96 * 1024)).toBe('100 KB')
    expect(formatBytes(1536, 'de-DE')).toBe('1,5 KB')
    expect(formatBytes(-1)).toBe('')
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('')
  })

  it('takes only valid locale tags; anything else is the default', () => {
    expect(checkLocale('zh-cn')).toBe('zh-CN')
    expect(checkLocale('not a locale!')).toBe(DEFAULT_LOCALE)
    expect(checkLocale('')).toBe(DEFAULT_LOCALE)
    expect(checkLocale(42)).toBe(DEFAULT_LOCALE)
    expect(formatCount(1000, 'x-!!')).toBe('1,000')
    expect(formatDecimal(4.25)).toBe('4.3')
  })

  propTest.prop([
    fc.double({ min: 0, max: 2 ** 50, noNaN: true }),
    fc.constantFrom('en-US', 'de-DE', 'zh-CN', 'ar-EG', 'bogus'),
  ])(
    'a size is a number and one unit, and a larger size never reads smaller in the same unit',
    (n, locale) => {
      const text = formatBytes(n, locale)
      expect(text).toMatch(/^\S+ (B|KB|MB|GB|TB)$/)
      expect(formatBytes(n, locale)).toBe(text) // deterministic
    },
  )

  propTest.prop([fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 0, max: 2 ** 40 })])(
    'sizes keep their order across units (en-US)',
    (a, b) => {
      const rank = (s: string) => {
        const [num, unit] = s.split(' ')
        return Number(num!.replaceAll(',', '')) * 1024 ** ['B', 'KB', 'MB', 'GB', 'TB'].indexOf(unit!)
      }
      if (a < b) expect(rank(formatBytes(a))).toBeLessThanOrEqual(rank(formatBytes(b)))
    },
  )
})
