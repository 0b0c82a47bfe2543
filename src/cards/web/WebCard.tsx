import type { CardModel, WebIntent } from '../../protocol'
import { PendingCard } from '../generic/PendingCard'

export interface WebCardProps {
  model: CardModel
  intent: WebIntent
}

/** Stub until the web card lands: renders the generic card with a visible note. */
export function WebCard({ model, intent }: WebCardProps) {
  return <PendingCard model={model} intent={intent} />
}
