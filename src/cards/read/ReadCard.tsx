import type { CardModel, ReadIntent } from '../../protocol'
import { PendingCard } from '../generic/PendingCard'

export interface ReadCardProps {
  model: CardModel
  intent: ReadIntent
}

/** Stub until the read card lands: renders the generic card with a visible note. */
export function ReadCard({ model, intent }: ReadCardProps) {
  return <PendingCard model={model} intent={intent} />
}
