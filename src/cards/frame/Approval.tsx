'use client'
import { type ComponentProps, useEffect, useId, useRef, useState } from 'react'
import type { ApprovalOption, CardModel } from '../../protocol'
import { useCardActions, useTexts } from '../host'
import { cx } from '../shared/format'
import { VisibleText } from '../shared/VisibleText'

export interface ApprovalProps extends ComponentProps<'div'> {
  model: CardModel
}

/**
 * A card's approval: the question and its options while the call awaits a decision, the decision after.
 * The card above it shows what would run (its own intent). Buttons appear only while the call awaits a
 * decision and the host takes decisions (`onDecision`); otherwise the options are listed as text, so no
 * button ever sends a decision nobody awaits. Options keep the host's order (Tab reaches them in that
 * order); when they appear and nothing on the page has focus, focus goes to the first reject option,
 * never to an allow option. One click sends one decision: the buttons stay inert until the card's status
 * moves on, unless sending failed (reported in the card).
 */
export function Approval({ model, className, ...props }: ApprovalProps) {
  const t = useTexts()
  const approval = model.approval
  if (!approval || !Array.isArray(approval.options)) return null
  const decision = approval.decision
  if (decision) {
    const chosen = approval.options.find((o) => o.optionId === decision.optionId)
    return (
      <div
        {...props}
        className={cx('tc-approval', className)}
        data-slot="card-approval"
        data-state="decided"
        data-kind={chosen?.kind}
      >
        <p className="tc-approval-decision">
          <span className="tc-approval-label">{t.text('approvalDecided')} </span>
          <strong>
            <VisibleText text={chosen?.label ?? decision.optionId} />
          </strong>
          {decision.by ? (
            <span>
              {' '}
              <VisibleText text={t.text('approvalBy', { who: decision.by })} />
            </span>
          ) : null}
          {decision.reason ? (
            <span className="tc-approval-reason">
              {' '}
              — <VisibleText text={decision.reason} />
            </span>
          ) : null}
        </p>
      </div>
    )
  }
  if (model.status !== 'awaiting-approval') {
    // Asked, then ended without a decision (cancelled, say): say so, offer nothing.
    return (
      <div
        {...props}
        className={cx('tc-approval', className)}
        data-slot="card-approval"
        data-state="undecided"
      >
        <p className="tc-approval-decision">{t.text('approvalUndecided')}</p>
      </div>
    )
  }
  return (
    <Pending
      {...props}
      className={className}
      callId={model.id}
      options={approval.options}
      reason={approval.reason}
    />
  )
}

function Pending({
  callId,
  options,
  reason,
  className,
  ...props
}: ComponentProps<'div'> & { callId: string; options: ApprovalOption[]; reason: string | undefined }) {
  const { canDecide, decide } = useCardActions()
  const t = useTexts()
  const [sending, setSending] = useState<string | null>(null)
  const headingId = `${useId()}-approval`
  const defaultRef = useRef<HTMLButtonElement>(null)
  const defaultOption =
    options.find((o) => o.kind === 'reject_once') ?? options.find((o) => o.kind === 'reject_always')

  useEffect(() => {
    // Only when nothing has focus: never pull focus out of a field or another card.
    const active = typeof document === 'undefined' ? null : document.activeElement
    if (active === null || active === document.body) defaultRef.current?.focus({ preventScroll: true })
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
    <div
      {...props}
      className={cx('tc-approval', className)}
      data-slot="card-approval"
      data-state={sending !== null ? 'sending' : 'awaiting'}
      role="group"
      aria-labelledby={headingId}
    >
      <p className="tc-approval-heading" id={headingId}>
        <strong>{t.text('approvalHeading')}</strong>
        {reason ? (
          <span className="tc-approval-reason">
            {': '}
            <VisibleText text={reason} />
          </span>
        ) : null}
      </p>
      {canDecide ? (
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
      ) : (
        <p className="tc-approval-offered">
          {t.text('approvalWaiting')}{' '}
          {options.map((o, i) => (
            <span key={o.optionId} data-kind={o.kind}>
              {i > 0 ? ' · ' : ''}
              <VisibleText text={o.label} />
            </span>
          ))}
        </p>
      )}
    </div>
  )
}
