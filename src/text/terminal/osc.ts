import { judgeUrl } from '../url'
import type { TerminalLink } from './style'

/**
 * What a finished OSC string does. Only OSC 8 (hyperlinks) has an effect; a title (0, 2), the
 * clipboard (52) and every other OSC are dropped, so output cannot act outside its card.
 * Returns `undefined` (no effect), `null` (end the current link: an empty, unsafe or oversized target)
 * or the judged safe link that the following text carries.
 */
export function oscLink(payload: string, overflow: boolean): TerminalLink | null | undefined {
  // too long to judge: an OSC 8 link this large ends any open link and is not a link
  if (overflow) return payload.startsWith('8;') ? null : undefined
  if (!payload.startsWith('8;')) return undefined
  const semi = payload.indexOf(';', 2)
  if (semi < 0) return null
  const uri = payload.slice(semi + 1)
  if (uri === '') return null
  const judged = judgeUrl(uri)
  return judged.ok ? judged : null
}
