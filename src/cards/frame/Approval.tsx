'use client'
import { type ComponentProps, useId } from 'react'
import type { ApprovalOption, CardModel } from '../../protocol'
import { useCardActions, useTexts } from '../host'
import { cx } from '../shared/format'
import { lazyModule, useLazyModule } from '../shared/lazyModule'
import { VisibleText } from '../shared/VisibleText'

/** The buttons that send a decision: loaded when a card that awaits one shows under a host that takes decisions. */
const buttonsModule = lazyModule(() => import('./ApprovalButtons'))

/** Loads the approval buttons (once); after it resolves they render in the first pass. */
export function loadApprovalButtons(): Promise<typeof import('./ApprovalButtons')> {
  return buttonsModule.load()
}

export interface ApprovalProps extends ComponentProps<'div'> {
  model: CardModel
}

/**
 * A card's approval: the question and its options while the call awaits a decision, the decision after.
 * The card above it shows what would run (its own intent). Buttons appear only while the call awaits a
 * decision and the host takes decisions (`onDecision`); otherwise the options are listed as text, so no
 * button ever sends a decision nobody awaits. Options keep the host's order (Tab reaches them in that
 * order; their code loads on first use, the options show as text for the few milliseconds that takes, and
 * on the server); when they appear and nothing on the page has focus, focus goes to the first reject option,
 * never to an allow option. One click sends one decision: the buttons stay inert until the card's status
 * moves on, unless sending failed (reported in the card).
 */
export function Approval({ model, ...props }: ApprovalProps) {
  const t = useTexts()
  const { canDecide } = useCardActions()
  const approval = model.approval
  if (!approval || !Array.isArray(approval.options)) return null
  const decision = approval.decision
  if (decision) {
    const chosen = approval.options.find((o) => o.optionId === decision.optionId)
    return (
      <ApprovalBar {...props} state="decided" data-kind={chosen?.kind}>
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
      </ApprovalBar>
    )
  }
  if (model.status !== 'awaiting-approval')
    // Asked, then ended without a decision (cancelled, say): say so, offer nothing.
    return (
      <ApprovalBar {...props} state="undecided">
        <p className="tc-approval-decision">{t.text('approvalUndecided')}</p>
      </ApprovalBar>
    )
  const pending = { ...props, callId: model.id, options: approval.options, reason: approval.reason }
  return canDecide ? <Deciding {...pending} /> : <Offered {...pending} />
}

export interface PendingProps extends ComponentProps<'div'> {
  callId: string
  options: ApprovalOption[]
  reason: string | undefined
}

/** The host takes decisions: the buttons once their code has loaded, the options as text until then. */
function Deciding(props: PendingProps) {
  const module = useLazyModule(buttonsModule)
  const t = useTexts()
  if (module && !(module instanceof Error)) return <module.ApprovalButtons {...props} />
  return (
    <Offered {...props}>
      {module ? (
        <p className="tc-notice" data-kind="error" role="alert">
          {t.text('approvalLoadFailed', { message: module.message })}
        </p>
      ) : null}
    </Offered>
  )
}

/** Awaiting a decision that this page does not send (no `onDecision`, or the buttons still loading): the options as text. */
function Offered({ callId: _, options, children, ...props }: PendingProps) {
  const t = useTexts()
  return (
    <AskingBar {...props}>
      <p className="tc-approval-offered">
        {t.text('approvalWaiting')}{' '}
        {options.map((o, i) => (
          <span key={o.optionId} data-kind={o.kind}>
            {i > 0 ? ' · ' : ''}
            <VisibleText text={o.label} />
          </span>
        ))}
      </p>
      {children}
    </AskingBar>
  )
}

/** The bar under the card, in one of its states (`data-state`). */
function ApprovalBar({ state, className, ...props }: ComponentProps<'div'> & { state: string }) {
  return (
    <div {...props} className={cx('tc-approval', className)} data-slot="card-approval" data-state={state} />
  )
}

/** The bar while a decision is awaited: a group named by its heading ("Approval needed" and the reason), then `children`. */
export function AskingBar({
  reason,
  sending,
  children,
  ...props
}: ComponentProps<'div'> & { reason: string | undefined; sending?: boolean }) {
  const t = useTexts()
  const headingId = `${useId()}-approval`
  return (
    <ApprovalBar {...props} state={sending ? 'sending' : 'awaiting'} role="group" aria-labelledby={headingId}>
      <p className="tc-approval-heading" id={headingId}>
        <strong>{t.text('approvalHeading')}</strong>
        {reason ? (
          <span className="tc-approval-reason">
            {': '}
            <VisibleText text={reason} />
          </span>
        ) : null}
      </p>
      {children}
    </ApprovalBar>
  )
}
