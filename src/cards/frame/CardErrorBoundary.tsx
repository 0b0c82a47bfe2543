'use client'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { type CardKind, type CardModel, checkCardModel, errorMessage, isCardKind } from '../../protocol'
import { JsonTree } from '../generic/JsonTree'
import { useTexts } from '../host'
import { VisibleText } from '../shared/VisibleText'
import { CardFrame } from './CardFrame'

export interface CardErrorBoundaryProps {
  /** The card's id, shown in the error card. */
  cardId: string
  /** Shown in the error card (the card kind or tool name). */
  label: string
  /**
   * The card's checked model (`checkCardModel`): the error card shows its header (title, status), its
   * raw arguments and its error. Without it, a model is made from `cardId` and `label`.
   */
  model?: CardModel
  /**
   * The card's kind, for the header's icon.
   * @default generic
   */
  kind?: CardKind
  /** Called with the error (for host logging). */
  onError?: (error: unknown, cardId: string) => void
  /** When this changes, the boundary tries again (e.g. a new intent for the same card). */
  resetKey?: unknown
  children?: ReactNode
}

interface State {
  error: unknown
  hasError: boolean
  resetKey: unknown
}

/**
 * One per card: a card that throws shows what failed (its header, its raw arguments, the error and a copy
 * button); its neighbours keep rendering. The fallback renders only checked values, and sits behind a
 * last boundary of its own whose fallback is plain text, so the boundary never throws itself.
 */
export class CardErrorBoundary extends Component<CardErrorBoundaryProps, State> {
  override state: State = { error: null, hasError: false, resetKey: undefined }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true }
  }

  static getDerivedStateFromProps(props: CardErrorBoundaryProps, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, hasError: false, error: null }
    return null
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    try {
      this.props.onError?.(error, plain(this.props.cardId))
    } catch {
      // A failing logger must not take the page down either.
    }
  }

  override render() {
    if (!this.state.hasError) return this.props.children
    const { cardId, label } = this.props
    const message = errorMessage(this.state.error)
    return (
      <LastResort cardId={plain(cardId)} label={plain(label)} message={message}>
        <CrashedCard
          model={safeModel(this.props.model, cardId, label)}
          kind={
            typeof this.props.kind === 'string' && isCardKind(this.props.kind) ? this.props.kind : 'generic'
          }
          error={this.state.error}
          message={message}
        />
      </LastResort>
    )
  }
}

/** The model the error card shows: the checked one given, else one made from the id and label (checked too). */
function safeModel(model: CardModel | undefined, cardId: unknown, label: unknown): CardModel {
  return checkCardModel(model ?? { id: cardId, toolName: label, args: null, status: 'unknown' }).model
}

/** A string prop as text: anything else (a caller without types) is left out. */
function plain(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 1024) : ''
}

interface CrashedCardProps {
  model: CardModel
  kind: CardKind
  error: unknown
  message: string
}

/** The card that failed: its header through `CardFrame`, its raw arguments, the error, a copy button. */
function CrashedCard({ model, kind, error, message }: CrashedCardProps) {
  const t = useTexts()
  return (
    <CardFrame
      model={model}
      kind={kind}
      className="tc-card-crashed"
      data-crashed=""
      title={<VisibleText text={model.toolName} />}
      summary={t.text('renderFailedSummary')}
      // what it copies loads on the first click (a crash is rare; its words stay out of the first load)
      copyText={async () => (await import('./crashReport')).crashReport(model, kind, error, message)}
      copyLabel={t.text('copyError')}
      notices={
        <div className="tc-notice" data-kind="error" role="alert" data-slot="card-crash">
          <p>
            <strong>{t.text('renderFailed')}</strong> (id <code>{model.id}</code>):
          </p>
          {/* A long message scrolls: reachable by keyboard. */}
          <pre className="tc-pre" tabIndex={0} role="group" aria-label={t.text('renderErrorLabel')}>
            <VisibleText text={message} />
          </pre>
        </div>
      }
    >
      {model.args !== null ? (
        <div className="tc-generic-section">
          <h4 className="tc-section-label">{t.text('input')}</h4>
          <JsonTree value={model.args} />
        </div>
      ) : null}
    </CardFrame>
  )
}

interface LastResortProps {
  cardId: string
  label: string
  message: string
  children?: ReactNode
}

/** Catches an error in the error card itself and shows plain text: nothing here can throw. */
class LastResort extends Component<LastResortProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <article
        className="tc-card tc-card-crashed"
        data-crashed=""
        data-status="failed"
        aria-label="Card failed"
      >
        <div className="tc-notice" data-kind="error" role="alert">
          <p>
            This card failed to render ({this.props.label || 'tool call'}, id <code>{this.props.cardId}</code>
            ): {this.props.message}
          </p>
        </div>
      </article>
    )
  }
}
