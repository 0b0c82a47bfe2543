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
        <Problems title={t.text('envelopeInvalid')} problems={check.problems} kind="error" />
      ) : null}
      {check && check.notices.length > 0 ? (
        <Problems title={t.text('envelopeAdjusted')} problems={check.notices} kind="info" />
      ) : null}
      {intentNotices.length > 0 ? (
        <Problems title={t.text('shortened')} problems={intentNotices} kind="info" slot="intent-notices" />
      ) : null}
    </>
  )
}

function Problems({
  title,
  problems,
  kind,
  slot = 'envelope-problems',
}: {
  title: string
  problems: readonly Problem[]
  kind: 'error' | 'info'
  slot?: string
}) {
  return (
    <div className="tc-notice tc-problems" data-kind={kind} data-slot={slot}>
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
