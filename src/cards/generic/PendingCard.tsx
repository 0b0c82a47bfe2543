import type { CardModel, RenderIntent } from '../../protocol'
import { useTexts } from '../host'
import { GenericCard } from './GenericCard'

/** Stand-in for a card kind whose component is not built yet: the generic view, with a visible note. */
export function PendingCard({ model, intent }: { model: CardModel; intent: RenderIntent }) {
  const t = useTexts()
  return (
    <GenericCard
      model={model}
      intent={{ card: 'generic', input: model.args, output: intent as never }}
      note={t.text('cardNotBuilt', { card: intent.card })}
    />
  )
}
