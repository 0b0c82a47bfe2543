import { SESSION_LABELS_EN } from '../labels'
import { useEnglish, withEnglish } from '../shared/englishTexts'
import type { Texts } from '../shared/format'

/**
 * The texts a session view shows: the host's, with `SESSION_LABELS_EN` wherever they leave a session
 * text empty. The cards' default table does (`LABELS_EN_BASE`), so that a page that renders cards only
 * does not carry the session views' English; a host's table (`LABELS_EN`, `LABELS_ZH_CN`, overrides)
 * has them.
 */
export function useSessionTexts(): Texts {
  return useEnglish(SESSION_LABELS_EN)
}

/** `t` with its empty session texts filled in English (`t` itself when none is empty). */
export function withSessionLabels(t: Texts): Texts {
  return withEnglish(t, SESSION_LABELS_EN)
}
