import type { CardModel, TerminalIntent } from '../../protocol'
import { PendingCard } from '../generic/PendingCard'

export interface TerminalCardProps {
  model: CardModel
  intent: TerminalIntent
}

/** Stub until the terminal card lands: renders the generic card with a visible note. */
export function TerminalCard({ model, intent }: TerminalCardProps) {
  return <PendingCard model={model} intent={intent} />
}
