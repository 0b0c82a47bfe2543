import { fc, test as propTest } from '@fast-check/vitest'
import { describe, expect, it, vi } from 'vitest'
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

  // en-US whole numbers and one-decimal values are written without Intl (a new renderer process's first
  // NumberFormat costs 20-25 ms): Intl is the oracle, on any number, halves and rounding cases included.
  const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
  const tenth = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
  const anyNumber = fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }), // (non-finite: String(n), as before)
    fc.double({ min: -1e6, max: 1e6 }),
    fc.integer({ min: -(2 ** 31), max: 2 ** 31 }).map((i) => i / 100), // cents: x.x5 halves
    fc.integer({ min: -(2 ** 31), max: 2 ** 31 }).map((i) => i / 20), // x.05 steps
    fc.integer({ min: -100_000, max: 100_000 }).map((i) => i + 0.5),
    fc.constantFrom(
      0,
      -0,
      0.05,
      0.15,
      1.45,
      0.95,
      9.95,
      99.95,
      -0.04,
      5e-7,
      -5e-7,
      1e-6,
      999.95,
      1e21,
      -1e21,
      9.999e20,
    ),
  )
  propTest.prop([anyNumber])('en-US counts and decimals read as Intl writes them', (n) => {
    expect(formatCount(n)).toBe(whole.format(n))
    expect(formatDecimal(n)).toBe(tenth.format(n))
    expect(formatCount(n, 'en-US')).toBe(whole.format(n))
  })

  it('en-US counts, sizes and one-decimal values make no Intl.NumberFormat (its first costs 20-25 ms)', async () => {
    vi.resetModules()
    const fresh = await import('.')
    const Original = Intl.NumberFormat
    let made = 0
    Intl.NumberFormat = new Proxy(Original, {
      construct(target, args) {
        made++
        return Reflect.construct(target, args)
      },
    })
    try {
      expect([fresh.formatCount(12408), fresh.formatCount(2.5), fresh.formatCount(1e20)]).toEqual([
        '12,408',
        '3',
        '100,000,000,000,000,000,000',
      ])
      expect([fresh.formatDecimal(1.2), fresh.formatDecimal(1234.5), fresh.formatBytes(1536)]).toEqual([
        '1.2',
        '1,234.5',
        '1.5 KB',
      ])
      expect(made).toBe(0)
      // more decimals than one: Intl writes them
      expect(fresh.formatDecimal(1.45)).toBe('1.5')
      expect(made).toBeGreaterThan(0)
    } finally {
      Intl.NumberFormat = Original
    }
  })

  it('en-US on a few known cases', () => {
    expect([1.45, 0.15, 2.5, -2.5, 0.95, 99.95, -0.04, 123456.75].map((n) => formatDecimal(n))).toEqual([
      '1.5',
      '0.2',
      '2.5',
      '-2.5',
      '1',
      '100',
      '-0',
      '123,456.8',
    ])
    expect([0.5, 2.5, -2.5, 1e20, -1234.5].map((n) => formatCount(n))).toEqual([
      '1',
      '3',
      '-3',
      '100,000,000,000,000,000,000',
      '-1,235',
    ])
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
