'use client'
import { createContext, useContext } from 'react'
import type { CardModelCheck, Problem } from '../../protocol'
import { useTexts } from '../host'
import { ProblemList } from '../shared/ProblemList'

/**
 * What `checkCardModel` found in the envelope of the card below (set by `CardRenderer`). `CardFrame` shows
 * it in the card's body, so a wrong field is said on the card it belongs to.
 */
export const EnvelopeCheckContext = createContext<Pick<CardModelCheck, 'problems' | 'notices'> | null>(null)

/**
 * What `parseIntent` changed in the intent of the card below (set by `CardRenderer`): a string cut to
 * the size limit, with its path and sizes. `CardFrame` shows it, so every card says what was cut.
 */
export const IntentNoticesContext = createContext<readonly Problem[]>([])

/** The envelope's problems and notices and the intent's notices, when there are any; nothing otherwise. */
export function EnvelopeNotice() {
  const check = useContext(EnvelopeCheckContext)
  const intentNotices = useContext(IntentNoticesContext)
  const t = useTexts()
  return (
    <>
      {check && check.problems.length > 0 ? (
        <ProblemList title={t.text('envelopeInvalid')} problems={check.problems} slot="envelope-problems" />
      ) : null}
      {check && check.notices.length > 0 ? (
        <ProblemList
          title={t.text('envelopeAdjusted')}
          problems={check.notices}
          kind="info"
          slot="envelope-problems"
        />
      ) : null}
      {intentNotices.length > 0 ? (
        <ProblemList title={t.text('shortened')} problems={intentNotices} kind="info" slot="intent-notices" />
      ) : null}
    </>
  )
}
