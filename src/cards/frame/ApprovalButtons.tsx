'use client'
import { useEffect, useRef, useState } from 'react'
import type { ApprovalOption } from '../../protocol'
import { useCardActions } from '../host'
import { LATER_LABELS_EN, useEnglish } from '../shared/englishTexts'
import { VisibleText } from '../shared/VisibleText'
import { AskingBar, type PendingProps } from './Approval'

/**
 * The options of a call that awaits a decision, as buttons that send it (loaded on first use, see
 * `Approval`). Focus goes to the first reject option when nothing has focus and it is in view; one click
 * sends one decision.
 */
export function ApprovalButtons({ callId, options, ...props }: PendingProps) {
  const { decide } = useCardActions()
  const t = useEnglish(LATER_LABELS_EN)
  const [sending, setSending] = useState<string | null>(null)
  const defaultRef = useRef<HTMLButtonElement>(null)
  const defaultOption =
    options.find((o) => o.kind === 'reject_once') ?? options.find((o) => o.kind === 'reject_always')

  useEffect(() => {
    // Only when nothing has focus (never pull focus out of a field or another card) and the button is in
    // view: a user who has not seen the question, pressing Space to scroll, must not send a decision.
    const active = document.activeElement
    const button = defaultRef.current
    if (!button || (active !== null && active !== document.body)) return
    const box = button.getBoundingClientRect()
    if (box.top >= 0 && box.bottom <= (window.innerHeight || document.documentElement.clientHeight))
      button.focus({ preventScroll: true })
  }, [])

  // A ref, not the state: two clicks in one task (before a re-render) must still send one decision.
  const inFlight = useRef(false)
  const choose = async (option: ApprovalOption) => {
    if (inFlight.current) return
    inFlight.current = true
    setSending(option.optionId)
    const sent = await decide(callId, option.optionId)
    if (!sent) {
      inFlight.current = false
      setSending(null)
    }
  }
  const sendingLabel = options.find((o) => o.optionId === sending)?.label

  return (
    <AskingBar {...props} sending={sending !== null}>
      <div className="tc-approval-options">
        {options.map((o) => (
          <button
            key={o.optionId}
            ref={o === defaultOption ? defaultRef : undefined}
            type="button"
            className="tc-button tc-approval-option"
            data-kind={o.kind}
            data-default={o === defaultOption ? '' : undefined}
            aria-disabled={sending !== null ? true : undefined}
            onClick={() => void choose(o)}
          >
            <VisibleText text={o.label} />
          </button>
        ))}
        {sendingLabel !== undefined ? (
          <span className="tc-approval-sending" role="status">
            <VisibleText text={t.text('approvalSending', { label: sendingLabel })} />
          </span>
        ) : null}
      </div>
    </AskingBar>
  )
}
