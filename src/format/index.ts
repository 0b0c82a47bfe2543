/**
 * The kit's one number formatter: counts and byte sizes in a locale the caller names (never the
 * machine's), so the same input always gives the same text. A base layer (it imports nothing): the
 * protocol's problem messages, the text engines and the cards (through `cards/shared/format.ts`, with
 * their labels) all format with it.
 */

/** The locale used when none is given or the given one is not a valid BCP 47 tag. */
export const DEFAULT_LOCALE = 'en-US'

/** Per locale: at most 0 and at most 1 fraction digit. */
const formats = new Map<string, Intl.NumberFormat[]>()

/** `locale` when Intl knows it as a valid tag, else `DEFAULT_LOCALE`. Never throws. */
export function checkLocale(locale: unknown): string {
  if (typeof locale !== 'string' || locale === '' || locale.length > 100) return DEFAULT_LOCALE
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? DEFAULT_LOCALE
  } catch {
    return DEFAULT_LOCALE
  }
}

function numberFormats(locale: string) {
  let f = formats.get(locale)
  if (!f) {
    const tag = checkLocale(locale)
    f = [0, 1].map((d) => new Intl.NumberFormat(tag, { maximumFractionDigits: d }))
    if (formats.size > 50) formats.clear()
    formats.set(locale, f)
  }
  return f
}

/**
 * In en-US, the numbers the cards show (counts, and decimals already rounded to one place, not negative)
 * are written without Intl, as `Intl.NumberFormat('en-US', { maximumFractionDigits: digits })` writes them
 * (a property test holds this to Intl): a renderer process's first `NumberFormat` loads ICU's number
 * data, 20-25 ms inside the first card's render in a new tab. Any other number (more decimals, negative,
 * -0 that Intl writes "-0", 1e21 and up) is Intl's.
 */
function format(n: number, locale: string, digits: 0 | 1): string {
  if (!Number.isFinite(n)) return String(n)
  // (`Math.round` rounds a half up, as Intl does for a number that is not negative)
  const s = String(digits ? n : Math.round(n))
  return locale === DEFAULT_LOCALE && 1 / n > 0 && /^\d+(\.\d)?$/.test(s)
    ? s.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    : numberFormats(locale)[digits]!.format(n)
}

/** `12408` -> `12,408` (en-US), `12 408` (fr-FR); a fraction is rounded to a whole number. */
export function formatCount(n: number, locale: string = DEFAULT_LOCALE): string {
  return format(n, locale, 0)
}

/** `4.25` -> `4.3`, `12` -> `12`: at most one decimal. */
export function formatDecimal(n: number, locale: string = DEFAULT_LOCALE): string {
  return format(n, locale, 1)
}

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const

/**
 * `512` -> `512 B`, `274387` -> `268 KB`, `1536` -> `1.5 KB`, `52428800` -> `50 MB` (1 KB = 1,024 bytes):
 * one decimal below 100 of a unit, none above, no trailing `.0`. A negative or non-finite size gives ''.
 */
export function formatBytes(bytes: number, locale: string = DEFAULT_LOCALE): string {
  if (!Number.isFinite(bytes) || bytes < 0) return ''
  if (bytes < 1024) return `${formatCount(Math.floor(bytes), locale)} B`
  let v = bytes / 1024
  let u = 0
  while (v >= 1024 && u < UNITS.length - 1) {
    v /= 1024
    u++
  }
  // Round first, so 1023.96 KB reads `1,024 KB` rather than `1,023.96`, and 99.96 reads `100`.
  const text =
    v >= 99.95 ? formatCount(Math.round(v), locale) : formatDecimal(Math.round(v * 10) / 10, locale)
  return `${text} ${UNITS[u]}`
}

/** Size of a string in UTF-8 bytes (a lone surrogate counts 3, as its U+FFFD replacement does). */
export function utf8Bytes(s: string): number {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x80) n += 1
    else if (c < 0x800) n += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4
        i++
      } else n += 3
    } else n += 3
  }
  return n
}
