import { CardRenderer } from '../../src/cards/CardRenderer'
import type { ToolcardsProviderProps } from '../../src/cards/host'
import { ToolcardsProvider } from '../../src/cards/host'
import type { CardModel } from '../../src/protocol'

export interface CardsProps extends Omit<ToolcardsProviderProps, 'children'> {
  /** The cards to show, in order. */
  models: CardModel[]
}

/** A list of cards under one provider: what every card story renders. Host callbacks pass through. */
export function Cards({ models, ...host }: CardsProps) {
  return (
    <ToolcardsProvider {...host}>
      {models.map((m) => (
        <CardRenderer key={m.id} model={m} />
      ))}
    </ToolcardsProvider>
  )
}
