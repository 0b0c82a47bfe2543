'use client'
import type { CardModel, ParseResult, RenderIntent } from '../protocol'
import { DiffCard } from './diff'
import { CardErrorBoundary } from './frame/CardErrorBoundary'
import { GenericCard } from './generic/GenericCard'
import { ReadCard } from './read'
import { SearchCard } from './search'
import { CHECKING, CheckingCard, useCheckedIntent } from './shared/checkedIntent'
import { TerminalCard } from './terminal'
import { WebCard } from './web'

export interface CardRendererProps {
  model: CardModel
  /** Called when a card throws while rendering (after its error boundary caught it). */
  onCardError?: (error: unknown, cardId: string) => void
}

/**
 * Renders one tool call. Validates `model.intent` with `parseIntent`, then switches on `intent.card`
 * alone (never on the tool name). No intent, or an invalid one, gives the generic card with the tool name
 * and raw arguments (and, for an invalid intent, the problems). Each card has its own error boundary.
 */
export function CardRenderer({ model, onCardError }: CardRendererProps) {
  const parsed = useCheckedIntent(model.intent)
  return (
    <CardErrorBoundary cardId={model.id} label={model.toolName} onError={onCardError} resetKey={model}>
      <CardSwitch model={model} parsed={parsed} />
    </CardErrorBoundary>
  )
}

function CardSwitch({
  model,
  parsed,
}: {
  model: CardModel
  parsed: ParseResult<RenderIntent> | null | typeof CHECKING
}) {
  if (parsed === CHECKING) return <CheckingCard model={model} />
  if (parsed === null) return <GenericCard model={model} />
  if (!parsed.ok) return <GenericCard model={model} problems={parsed.problems} />
  const intent = parsed.intent
  switch (intent.card) {
    case 'generic':
      return <GenericCard model={model} intent={intent} notices={parsed.notices} />
    case 'terminal':
      return <TerminalCard model={model} intent={intent} />
    case 'diff':
      return <DiffCard model={model} intent={intent} />
    case 'read':
      return <ReadCard model={model} intent={intent} />
    case 'search':
      return <SearchCard model={model} intent={intent} />
    case 'web':
      return <WebCard model={model} intent={intent} />
    default:
      return unreachable(intent)
  }
}

function unreachable(intent: never): never {
  throw new Error(`unknown card ${(intent as { card?: unknown }).card}`)
}
