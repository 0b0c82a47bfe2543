import { render, screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { dnsFailure, redirect, timeout, webModel } from '../../../stories/fixtures/web'
import type { WebIntent } from '../../protocol'
import { CardRenderer } from '../CardRenderer'
import { ToolcardsProvider } from '../host'
import { LABELS_EN, LABELS_EN_BASE, type LabelOverrides, type Plural } from '../labels'
import { LABELS_ZH_CN } from '../labels-zh-cn'
import { loadMarkdown } from '../shared/LazyMarkdown'
import { loadWebCard } from '.'
import { WEB_LABELS_EN } from './texts'

// The web card's English is not in the cards' default table (a page without a web card does not carry
// it): the card fills what its labels leave empty from its own module; a host's table or words still win.

beforeAll(() => Promise.all([loadMarkdown(), loadWebCard()]))

const textOf = (v: string | Plural | Record<string, string>) =>
  typeof v === 'string' ? v : 'other' in v ? (v as Plural).other : Object.values(v).join('')

function show(intent: WebIntent, labels?: LabelOverrides, locale?: string) {
  return render(
    <ToolcardsProvider {...(labels ? { labels } : {})} {...(locale ? { locale } : {})}>
      <CardRenderer model={webModel('t', intent)} />
    </ToolcardsProvider>,
  )
}

describe("the web card's texts", () => {
  it('are empty in the default table, the same in LABELS_EN as in the card, and in the Chinese table', () => {
    const keys = Object.keys(WEB_LABELS_EN) as Array<keyof typeof WEB_LABELS_EN>
    expect(keys.length).toBeGreaterThan(10)
    for (const key of keys) {
      expect(textOf(LABELS_EN_BASE[key]), key).toBe('')
      expect(LABELS_EN[key], key).toEqual(WEB_LABELS_EN[key])
      expect(textOf(LABELS_ZH_CN[key]), key).not.toBe('')
    }
  })

  it('show in English without a provider: the fetch error, the redirect', () => {
    const { unmount } = show(dnsFailure)
    expect(document.body.textContent).toContain(WEB_LABELS_EN.outcome.dns)
    unmount()
    show(redirect)
    expect(screen.getByText(WEB_LABELS_EN.redirectedTo)).toBeTruthy()
  })

  it("a host's words win, entry by entry in a group; a translation's own texts show", () => {
    const { unmount } = show(dnsFailure, { outcome: { dns: 'Name lookup failed' } })
    expect(document.body.textContent).toContain('Name lookup failed')
    unmount()
    // the rest of the group stays English
    const other = show(timeout, { outcome: { dns: 'Name lookup failed' } })
    expect(document.body.textContent).toContain(WEB_LABELS_EN.outcome.timeout)
    other.unmount()
    show(redirect, LABELS_ZH_CN, 'zh-CN')
    expect(screen.getByText(LABELS_ZH_CN.redirectedTo)).toBeTruthy()
    expect(screen.queryByText(WEB_LABELS_EN.redirectedTo)).toBeNull()
  })
})
