'use client'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { messageOf } from '../host'

export interface CardErrorBoundaryProps {
  /** The card's id, shown in the error card. */
  cardId: string
  /** Shown in the error card (the card kind or tool name). */
  label: string
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

/** One per card: a card that throws shows what failed; its neighbours keep rendering. */
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
      this.props.onError?.(error, this.props.cardId)
    } catch {
      // A failing logger must not take the page down either.
    }
  }

  override render() {
    if (!this.state.hasError) return this.props.children
    return (
      <article
        className="tc-card tc-card-crashed"
        data-card="error"
        data-status="failed"
        aria-label={`${this.props.label}: card failed`}
      >
        <div className="tc-notice" data-kind="error" role="alert">
          <p>
            <strong>This card failed to render</strong> ({this.props.label}, id{' '}
            <code>{this.props.cardId}</code>): {messageOf(this.state.error)}
          </p>
        </div>
      </article>
    )
  }
}
