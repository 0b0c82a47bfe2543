'use client'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { type CardKind, type CardModel, checkCardModel, errorMessage, isCardKind } from '../../protocol'
import { lazyModule, useLazyModule } from '../shared/lazyModule'
import type { CrashedCardProps } from './CrashedCard'

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
        <Crashed
          cardId={plain(cardId)}
          label={plain(label)}
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

/** The full error card, loaded when a card first fails (a crash is rare: its code stays out of the first load). */
const crashedCardModule = lazyModule(() => import('./CrashedCard'))

/** Loads the error card's code (once); after it resolves a failed card shows it in the first pass. */
export function loadCrashedCard(): Promise<typeof import('./CrashedCard')> {
  return crashedCardModule.load()
}

/** The error card once its code has loaded; the plain notice of `LastResort` until then, or if it cannot load. */
function Crashed(props: CrashedCardProps & { cardId: string; label: string }) {
  const module = useLazyModule(crashedCardModule)
  return module && !(module instanceof Error) ? (
    <module.CrashedCard {...props} />
  ) : (
    <PlainCrash cardId={props.cardId} label={props.label} message={props.message} />
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
    return <PlainCrash {...this.props} />
  }
}

/** What failed, as plain text in a card's place: nothing here can throw. */
function PlainCrash({ cardId, label, message }: LastResortProps) {
  return (
    <article
      className="tc-card tc-card-crashed"
      data-crashed=""
      data-status="failed"
      aria-label="Card failed"
    >
      <div className="tc-notice" data-kind="error" role="alert">
        <p>
          This card failed to render ({label || 'tool call'}, id <code>{cardId}</code>): {message}
        </p>
      </div>
    </article>
  )
}
