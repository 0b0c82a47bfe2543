import type { CardModel, DiffIntent } from '../../protocol'
import { PendingCard } from '../generic/PendingCard'

export interface DiffCardProps {
  model: CardModel
  intent: DiffIntent
}

/** Stub until the diff card lands: renders the generic card with a visible note. */
export function DiffCard({ model, intent }: DiffCardProps) {
  return <PendingCard model={model} intent={intent} />
}
