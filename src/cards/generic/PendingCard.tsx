import type { CardModel, RenderIntent } from '../../protocol'
import { GenericCard } from './GenericCard'

/** Stand-in for a card kind whose component is not built yet: the generic view, with a visible note. */
export function PendingCard({ model, intent }: { model: CardModel; intent: RenderIntent }) {
  return (
    <GenericCard
      model={model}
      intent={{ card: 'generic', input: model.args, output: intent as never }}
      note={`The ${intent.card} card is not built yet; showing its intent as data.`}
    />
  )
}
