// The viewer's stand-in for the main-thread highlighter (`src/cards/shared/highlight/shikiService.ts`,
// aliased in vite.config.ts's viewer build): the page that `toolcards view` serves always starts the
// highlighting worker (127.0.0.1, its own CSP allows it), so the fallback for pages that cannot is left
// out, with the second copy of every grammar it would have shipped (4.6 MB of the package). Should the
// worker still fail, the cards say highlighting could not be loaded and show plain text.
import type { Highlighter } from '../../src/text/highlight/types'

export function createHighlighter(): Highlighter {
  throw new Error('the viewer highlights in its worker only')
}
