import { useEnglish } from '../shared/englishTexts'
import type { Texts } from '../shared/format'
import { WEB_LABELS_EN } from './texts'

/** The host's texts, with the web card's English wherever they leave one of its texts empty. */
export function useWebTexts(): Texts {
  return useEnglish(WEB_LABELS_EN)
}
