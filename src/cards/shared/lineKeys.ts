import type { KeyboardEvent } from 'react'

type Keys = (event: KeyboardEvent<HTMLElement>) => void
let keys: Keys | undefined

/**
 * The props of a card's lines area when its line numbers are buttons (`lineNumberKeys`: Enter reaches
 * them, arrows move between them). The keyboard code is a chunk of its own, loaded when the area or a
 * line number first takes focus, before any key can reach it (it is not in the first load).
 */
export const lineKeyProps = {
  onFocus: () => {
    if (!keys)
      import('./lineNumberKeys').then(
        (m) => (keys = m.lineNumberKeys),
        () => {},
      )
  },
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => keys?.(event),
}
