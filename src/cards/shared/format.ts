/**
 * The cards' one formatter: counts, sizes, durations and plurals in the locale the host names (never the
 * machine's), with the texts of the labels table. The same locale and labels always give the same text,
 * so a replayed session renders the same DOM as the live one.
 */
import { checkLocale, DEFAULT_LOCALE, formatBytes, formatCount, formatDecimal } from '../../format'
import { fill, LABELS_EN_BASE, type Labels, type Plural } from '../labels'

type Params = Readonly<Record<string, string | number>>

/** Keys of the labels table whose value is one text. */
export type TextKey = { [K in keyof Labels]: Labels[K] extends string ? K : never }[keyof Labels]
/** Keys of the labels table whose value is a counted text. */
export type CountKey = { [K in keyof Labels]: Labels[K] extends Plural ? K : never }[keyof Labels]

export interface Texts {
  /** The labels in use (the kit's table for the locale with the host's replacements). */
  labels: Labels
  /** The locale numbers are formatted in (a valid BCP 47 tag). */
  locale: string
  /** A text from the table, its `{name}` placeholders filled from `params`. */
  text(key: TextKey, params?: Params): string
  /** A counted text: the plural form for `n` in the locale, `{n}` filled with the formatted count. */
  count(key: CountKey, n: number, params?: Params): string
  /** `12,408` */
  number(n: number): string
  /** `268 KB` */
  bytes(n: number): string
  /** `320 ms`, `4.2 s`, `1 min 05 s`, `2 h 03 min`; '' for a negative or non-finite value. */
  duration(ms: number): string
}

/**
 * Builds the formatter for a locale and a labels table. The default table is English without the web
 * card's texts (`WEB_LABELS_EN`, empty; its meanings of statuses and outcomes, `httpMeaning` and
 * `outcomeMeaning`, too) and the session views' (`SESSION_LABELS_EN`, empty): the web card and the session views give their own
 * English where a table has none, so a page that shows neither loads none of them. Pass `LABELS_EN` for
 * every text.
 */
export function createTexts(locale: string = DEFAULT_LOCALE, labels: Labels = LABELS_EN_BASE): Texts {
  const tag = checkLocale(locale)
  let rules: Intl.PluralRules
  try {
    rules = new Intl.PluralRules(tag)
  } catch {
    rules = new Intl.PluralRules(DEFAULT_LOCALE)
  }
  const number = (n: number) => formatCount(n, tag)
  const texts: Texts = {
    labels,
    locale: tag,
    text: (key, params) => fill(labels[key], params),
    count(key, n, params) {
      const forms = labels[key]
      const form = (forms[rules.select(n) as keyof Plural] ?? forms.other) as string
      return fill(form, params ? { ...params, n: number(n) } : { n: number(n) })
    },
    number,
    bytes: (n) => formatBytes(n, tag),
    duration(ms) {
      if (!Number.isFinite(ms) || ms < 0) return ''
      if (ms < 1000) return fill(labels.durationMs, { n: number(Math.round(ms)) })
      if (ms < 60_000) {
        const s = ms / 1000
        return fill(labels.durationS, {
          n: s < 10 ? formatDecimal(Math.round(s * 10) / 10, tag) : number(Math.round(s)),
        })
      }
      const s = Math.round(ms / 1000)
      if (s < 3600)
        return fill(labels.durationMin, { m: number(Math.floor(s / 60)), s: String(s % 60).padStart(2, '0') })
      return fill(labels.durationH, {
        h: number(Math.floor(s / 3600)),
        m: String(Math.floor((s % 3600) / 60)).padStart(2, '0'),
      })
    },
  }
  return texts
}

/** English in `en-US`: what cards use outside a `ToolcardsProvider`. */
export const DEFAULT_TEXTS: Texts = createTexts()

/** Joins class names, skipping empty ones. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ')
}
