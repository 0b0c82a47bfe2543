'use client'
import type { CardKind, CardModel, ParseResult, Problem, RenderIntent } from '../protocol'
import { DiffCard } from './diff'
import { CardErrorBoundary } from './frame/CardErrorBoundary'
import { EnvelopeCheckContext, IntentNoticesContext } from './frame/EnvelopeNotice'
import { GenericCard } from './generic/GenericCard'
import { ReadCard } from './read'
import { SearchCard } from './search'
import { CHECKING, CheckingCard, useCheckedCard } from './shared/checkedIntent'
import { TerminalCard } from './terminal'
import { WebCard } from './web'

export interface CardRendererProps {
  /** The call to show. Untrusted: its envelope is checked with `checkCardModel`, its intent with `parseIntent`. */
  model: CardModel
  /** Called when a card throws while rendering (after its error boundary caught it). */
  onCardError?: (error: unknown, cardId: string) => void
}

/**
 * Renders one tool call. Checks the envelope (`checkCardModel`: a field of the wrong type is replaced by a
 * safe value and shown on the card as a problem) and the intent (`parseIntent`), then switches on
 * `intent.card` alone (never on the tool name). No intent, or an invalid one, gives the generic card with
 * the tool name and raw arguments (and, for an invalid intent, the problems). Each card has its own error
 * boundary, whose fallback shows only checked values. Nothing a host hands it throws into the page.
 */
export function CardRenderer({ model, onCardError }: CardRendererProps) {
  const { check, parsed } = useCheckedCard(model)
  const safe = check.model
  const kind: CardKind = parsed !== CHECKING && parsed?.ok ? parsed.intent.card : 'generic'
  const envelope = check.problems.length > 0 || check.notices.length > 0 ? check : null
  return (
    <EnvelopeCheckContext.Provider value={envelope}>
      <CardErrorBoundary
        cardId={safe.id}
        label={safe.toolName}
        model={safe}
        kind={kind}
        onError={typeof onCardError === 'function' ? onCardError : undefined}
        resetKey={model}
      >
        <CardSwitch model={safe} parsed={parsed} />
      </CardErrorBoundary>
    </EnvelopeCheckContext.Provider>
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
  if (!parsed.ok) return <GenericCard model={model} problems={parsed.problems} notices={parsed.notices} />
  const intent = parsed.intent
  if (intent.card === 'generic') return <GenericCard model={model} intent={intent} notices={parsed.notices} />
  // what the check cut (a string over the size limit), said by the card's frame
  return (
    <IntentNoticesContext.Provider value={parsed.notices.length > 0 ? parsed.notices : NO_NOTICES}>
      <SpecificCard model={model} intent={intent} />
    </IntentNoticesContext.Provider>
  )
}

const NO_NOTICES: readonly Problem[] = []

function SpecificCard({
  model,
  intent,
}: {
  model: CardModel
  intent: Exclude<RenderIntent, { card: 'generic' }>
}) {
  switch (intent.card) {
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
