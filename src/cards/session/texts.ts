import { useMemo } from 'react'
import { useTexts } from '../host'
import { type Labels, type Plural, SESSION_LABELS_EN } from '../labels'
import { createTexts, type Texts } from '../shared/format'

/**
 * The texts a session view shows: the host's, with `SESSION_LABELS_EN` wherever they leave a session
 * text empty. The cards' default table does (`LABELS_EN_BASE`), so that a page that renders cards only
 * does not carry the session views' English; a host's table (`LABELS_EN`, `LABELS_ZH_CN`, overrides)
 * has them.
 */
export function useSessionTexts(): Texts {
  const t = useTexts()
  return useMemo(() => withSessionLabels(t), [t])
}

/** `t` with its empty session texts filled in English (`t` itself when none is empty). */
export function withSessionLabels(t: Texts): Texts {
  const labels: Record<string, unknown> = { ...t.labels }
  let filled = false
  for (const [key, english] of Object.entries(SESSION_LABELS_EN)) {
    const own = labels[key] as string | Plural | undefined
    if (own === '' || (typeof own === 'object' && own.other === '')) {
      labels[key] = english
      filled = true
    }
  }
  return filled ? createTexts(t.locale, labels as unknown as Labels) : t
}
