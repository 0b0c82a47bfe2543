import { useTexts } from '../host'
import type { Labels, LaterLabelKey, Plural } from '../labels'
import { createTexts, type Texts } from './format'

/**
 * `t` with the texts its labels leave empty taken from `english` (`t` itself when none is empty): the
 * cards' default table (`LABELS_EN_BASE`) leaves the texts of the parts that load later (the session
 * views', the web card's) empty, so that a page without them does not carry their English; a host's table
 * or overrides still win. A group of texts (`outcome`) is filled entry by entry.
 */
export function withEnglish(t: Texts, english: Partial<Labels>): Texts {
  // one result per texts and table, shared by every component that asks (each row of a web search does)
  let byTable = filledTexts.get(t)
  if (!byTable) {
    byTable = new WeakMap()
    filledTexts.set(t, byTable)
  }
  let filled = byTable.get(english)
  if (!filled) {
    filled = fillEnglish(t, english)
    byTable.set(english, filled)
  }
  return filled
}

const filledTexts = new WeakMap<Texts, WeakMap<Partial<Labels>, Texts>>()

function fillEnglish(t: Texts, english: Partial<Labels>): Texts {
  const labels: Record<string, unknown> = { ...t.labels }
  let filled = false
  for (const [key, en] of Object.entries(english)) {
    const own = labels[key] as string | Plural | Record<string, string>
    if (own === undefined || own === '' || (own as Plural).other === '') labels[key] = en
    else if (typeof own !== 'object' || 'other' in (en as object)) continue
    else if (Object.keys(en as object).every((k) => Object.hasOwn(own, k))) continue
    else labels[key] = { ...(en as object), ...own }
    filled = true
  }
  return filled ? createTexts(t.locale, labels as unknown as Labels) : t
}

/** The host's texts (`useTexts`), with `english` wherever they leave a text empty. */
export function useEnglish(english: Partial<Labels>): Texts {
  return withEnglish(useTexts(), english)
}

/**
 * The English of the error card and the approval buttons (parts loaded later), where the labels leave a
 * text empty (the cards' default table does): a page that never shows them carries none of it.
 * `LABELS_EN` has the same texts (a test holds them the same).
 */
export const LATER_LABELS_EN: Pick<Labels, LaterLabelKey> = {
  renderFailed: 'This card failed to render',
  renderFailedSummary: 'card failed to render',
  renderErrorLabel: 'Render error',
  copyError: 'Copy error',
  approvalSending: 'Sending “{label}”…',
}
