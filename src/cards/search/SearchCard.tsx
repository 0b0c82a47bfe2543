import type { CardModel, SearchIntent } from '../../protocol'
import { PendingCard } from '../generic/PendingCard'

export interface SearchCardProps {
  model: CardModel
  intent: SearchIntent
}

/** Stub until the search card lands: renders the generic card with a visible note. */
export function SearchCard({ model, intent }: SearchCardProps) {
  return <PendingCard model={model} intent={intent} />
}
