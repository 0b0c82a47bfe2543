'use client'
import { createContext, useContext } from 'react'
import type { CardModelCheck, Problem } from '../../protocol'
import { useTexts } from '../host'
import { VisibleText } from '../shared/VisibleText'

/**
 * What `checkCardModel` found in the envelope of the card below (set by `CardRenderer`). `CardFrame` shows
 * it in the card's body, so a wrong field is said on the card it belongs to.
 */
export const EnvelopeCheckContext = createContext<Pick<CardModelCheck, 'problems' | 'notices'> | null>(null)

/** The envelope's problems and notices, when there are any; nothing otherwise. */
export function EnvelopeNotice() {
  const check = useContext(EnvelopeCheckContext)
  const t = useTexts()
  if (!check) return null
  return (
    <>
      {check.problems.length > 0 ? (
        <Problems title={t.text('envelopeInvalid')} problems={check.problems} kind="error" />
      ) : null}
      {check.notices.length > 0 ? (
        <Problems title={t.text('envelopeAdjusted')} problems={check.notices} kind="info" />
      ) : null}
    </>
  )
}

function Problems({ title, problems, kind }: { title: string; problems: Problem[]; kind: 'error' | 'info' }) {
  return (
    <div className="tc-notice tc-problems" data-kind={kind} data-slot="envelope-problems">
      <p>{title}:</p>
      <ul>
        {problems.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list (two problems may read the same)
          <li key={i}>
            <code>
              <VisibleText text={p.path} />
            </code>
            : <VisibleText text={p.message} />
          </li>
        ))}
      </ul>
    </div>
  )
}
