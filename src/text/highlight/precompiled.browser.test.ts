import { createHighlighterCore, type LanguageInput } from 'shiki/core'
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript'
import { describe, expect, it } from 'vitest'
import { theme, tokensOf } from '../../../test/helpers/precompiled-sample'
import { CURATED_GRAMMARS, PRECOMPILED_GRAMMARS, precompiledLoader } from './grammars'
import { grammarsOf } from './precompiled'

// In a browser the engine converts for the browser's own target ('auto'), the precompiled build for
// ES2024, and node (precompiled.test.ts) for its own: the tokens must be the same here too.
const grammarOf = (mod: unknown) => grammarsOf(mod) as LanguageInput

describe('precompiled grammars in Chromium', () => {
  it('give the same tokens and scopes as the grammars converted at run time, in every language', async () => {
    const ids = Object.keys(PRECOMPILED_GRAMMARS)
    const hybrids: LanguageInput[] = []
    const originals: LanguageInput[] = []
    for (const id of ids) {
      hybrids.push((await precompiledLoader(id)!()) as LanguageInput)
      originals.push(grammarOf(await CURATED_GRAMMARS[id]!()))
    }
    const engine = () => createJavaScriptRegexEngine({ forgiving: true })
    const a = await createHighlighterCore({ themes: [theme], langs: hybrids, engine: engine() })
    const b = await createHighlighterCore({ themes: [theme], langs: originals, engine: engine() })
    try {
      for (const id of ids) expect(tokensOf(a, id), id).toEqual(tokensOf(b, id))
    } finally {
      a.dispose()
      b.dispose()
    }
  }, 60_000)
})
