import { describe, expect, it } from 'vitest'
import type { WebIntent } from '../../protocol'
import { describeFetchError, describeStatus, isKnownStatus } from '../../text/web'
import { LABELS_EN, LABELS_EN_BASE, mergeLabels } from '../labels'
import { LABELS_ZH_CN } from '../labels-zh-cn'
import { createTexts } from '../shared/format'
import { webOutcome } from './WebCard'

// The web card's English meanings come from the web engine (in its chunk); LABELS_EN writes them out for
// translators. These hold the two tables the same, and the card's choice between a host's words and them.
describe("the web card's meanings", () => {
  it("LABELS_EN's meaning of every status is the engine's, and the engine knows no status LABELS_EN lacks", () => {
    for (let status = 100; status <= 599; status++) {
      const label = LABELS_EN.httpMeaning[String(status)]
      expect(isKnownStatus(status), String(status)).toBe(label !== undefined)
      if (label !== undefined) expect(describeStatus(status).meaning, String(status)).toBe(label)
    }
  })

  it("LABELS_EN's meaning of every outcome kind is the engine's", () => {
    const byKind = new Map<string, string>()
    for (const status of [101, 199, 200, 299, 302, 399, 404, 400, 499, 500, 599]) {
      const o = describeStatus(status)
      if (!isKnownStatus(status) || o.kind === 'not-found') byKind.set(o.kind, o.meaning)
    }
    for (const message of [
      'getaddrinfo ENOTFOUND x',
      'ETIMEDOUT',
      'ECONNREFUSED',
      'CERT_HAS_EXPIRED',
      'ECONNRESET',
      '?',
    ]) {
      const o = describeFetchError(message)
      byKind.set(o.kind, o.meaning)
    }
    expect(Object.fromEntries(byKind)).toEqual(LABELS_EN.outcomeMeaning)
  })

  it('the default texts carry no meanings (they load with the web card), yet the card says them in English', () => {
    expect(LABELS_EN_BASE.httpMeaning).toEqual({})
    expect(LABELS_EN_BASE.outcomeMeaning).toEqual({})
    const t = createTexts('en-US')
    const cases: Array<[Partial<WebIntent>, string]> = [
      [{ status: 418 }, LABELS_EN.httpMeaning['418']!],
      [{ status: 299 }, LABELS_EN.outcomeMeaning.ok],
      [{ status: 404 }, LABELS_EN.outcomeMeaning['not-found']],
      [{ error: 'connect ECONNREFUSED 127.0.0.1:80' }, LABELS_EN.outcomeMeaning.refused],
      [{ error: 'something odd' }, LABELS_EN.outcomeMeaning.unknown],
      [{ status: 500, error: 'getaddrinfo ENOTFOUND example.com' }, LABELS_EN.outcomeMeaning.dns],
    ]
    for (const [fields, meaning] of cases) {
      const intent = { card: 'web', url: 'https://example.com', ...fields } as WebIntent
      expect(webOutcome(intent, t)?.meaning, JSON.stringify(fields)).toBe(meaning)
      // the same as the full English table gives
      expect(webOutcome(intent, createTexts('en-US', LABELS_EN))?.meaning).toBe(meaning)
    }
  })

  it("a host's words win: its status meaning, else its kind's for a status the engine does not know", () => {
    const zh = createTexts('zh-CN', mergeLabels(LABELS_EN_BASE, LABELS_ZH_CN))
    const web = (fields: Partial<WebIntent>) =>
      webOutcome({ card: 'web', url: 'https://example.com', ...fields } as WebIntent, zh)?.meaning
    expect(web({ status: 404 })).toBe(LABELS_ZH_CN.httpMeaning['404'])
    expect(web({ status: 299 })).toBe(LABELS_ZH_CN.outcomeMeaning.ok)
    expect(web({ error: 'ETIMEDOUT' })).toBe(LABELS_ZH_CN.outcomeMeaning.timeout)
    // a status the host did not translate, but the engine knows: its English meaning, not its class's
    const partial = createTexts(
      'en-US',
      mergeLabels(LABELS_EN_BASE, { outcomeMeaning: { 'client-error': 'Nope.' } }),
    )
    const intent = { card: 'web', url: 'https://example.com', status: 418 } as WebIntent
    expect(webOutcome(intent, partial)?.meaning).toBe(LABELS_EN.httpMeaning['418'])
    expect(webOutcome({ ...intent, status: 499 }, partial)?.meaning).toBe('Nope.')
  })
})
