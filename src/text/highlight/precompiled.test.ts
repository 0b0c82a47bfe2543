import { defaultJavaScriptRegexConstructor } from '@shikijs/engine-javascript'
import { createHighlighterCore, type HighlighterCore, type LanguageInput } from 'shiki/core'
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { theme, tokensOf } from '../../../test/helpers/precompiled-sample'
import { CURATED_GRAMMARS, PRECOMPILED_GRAMMARS, precompiledLoader } from './grammars'
import { grammarsOf, needsSource, withSourcePatterns } from './precompiled'

// The oracle for each precompiled grammar is the same grammar as shiki ships it for run-time conversion
// (CURATED_GRAMMARS), converted by the same JavaScript engine.

const IDS = Object.keys(PRECOMPILED_GRAMMARS)
const grammarOf = (mod: unknown): unknown[] => grammarsOf(mod) ?? []

/** Keys that tokenizing never reads and that shiki's precompiled build drops. */
const UNUSED = new Set(['comment', '$schema', 'fileTypes', 'information_for_contributors', 'version'])

/**
 * Every difference between the hybrid grammar and the original, pattern by pattern: a pattern kept as
 * text must be the original text; any other must be the RegExp the engine makes from the original text.
 */
function differences(
  hybrid: unknown,
  original: unknown,
  path: string,
  key = '',
  out: string[] = [],
): string[] {
  if (out.length > 10) return out
  if (typeof original === 'string' && ['match', 'begin', 'end', 'while'].includes(key)) {
    if (needsSource(key, original)) {
      if (hybrid !== original) out.push(`${path}: not the source text`)
      return out
    }
    let converted: RegExp | null = null
    try {
      converted = defaultJavaScriptRegexConstructor(original, { target: 'ES2024' })
    } catch {}
    if (converted === null) {
      // the engine skips a pattern it cannot convert (forgiving); the precompiled build kept its text
      if (hybrid !== original) out.push(`${path}: unconvertible pattern not kept as text`)
    } else if (
      !(hybrid instanceof RegExp) ||
      hybrid.source !== converted.source ||
      hybrid.flags !== converted.flags ||
      JSON.stringify((hybrid as { rawOptions?: unknown }).rawOptions ?? null) !==
        JSON.stringify((converted as { rawOptions?: unknown }).rawOptions ?? null)
    ) {
      out.push(`${path}: not the engine's conversion`)
    }
    return out
  }
  if (Array.isArray(original)) {
    if (!Array.isArray(hybrid) || hybrid.length !== original.length) out.push(`${path}: array differs`)
    else
      for (let i = 0; i < original.length; i++)
        differences(hybrid[i], original[i], `${path}.${i}`, String(i), out)
    return out
  }
  if (original && typeof original === 'object') {
    if (!hybrid || typeof hybrid !== 'object') {
      out.push(`${path}: missing`)
      return out
    }
    const h = hybrid as Record<string, unknown>
    const o = original as Record<string, unknown>
    for (const k of new Set([...Object.keys(h), ...Object.keys(o)])) {
      if (UNUSED.has(k) || (h[k] === undefined && o[k] === undefined)) continue
      differences(h[k], o[k], `${path}.${k}`, k, out)
    }
    return out
  }
  if (hybrid !== original) out.push(`${path}: ${JSON.stringify(original)} became ${JSON.stringify(hybrid)}`)
  return out
}

describe('withSourcePatterns', () => {
  it('keeps a back-referencing end and an anchored pattern as text, and every other pattern precompiled', () => {
    const original = [
      {
        name: 'x',
        patterns: [
          { begin: '(["\'])', end: '\\1', name: 'string' },
          { match: '\\Gfoo', name: 'anchored' },
          { begin: 'a', end: 'b', while: '\\k<q>' },
          { match: 'plain \\1', name: 'match with a group reference stays compiled' },
        ],
      },
    ]
    const precompiled = {
      default: [
        {
          name: 'x',
          patterns: [
            { begin: /(["'])/dg, end: /(?:)/dg, name: 'string' },
            { match: /foo/dg, name: 'anchored' },
            { begin: /a/dg, end: /b/dg, while: /(?:)/dg },
            { match: /plain/dg, name: 'match with a group reference stays compiled' },
          ],
        },
      ],
    }
    const out = withSourcePatterns(precompiled, { default: original }) as typeof original
    const [string, anchored, whileRule, plain] = out[0]!.patterns as Array<Record<string, unknown>>
    expect(string?.begin).toBeInstanceOf(RegExp)
    expect(string?.end).toBe('\\1')
    expect(anchored?.match).toBe('\\Gfoo')
    expect(whileRule?.end).toBeInstanceOf(RegExp)
    expect(whileRule?.while).toBe('\\k<q>')
    expect(plain?.match).toBeInstanceOf(RegExp)
    // the precompiled grammar itself is not changed (shiki freezes it)
    expect(precompiled.default[0]!.patterns[0]!.end).toBeInstanceOf(RegExp)
  })

  it('gives up when the two are not the same grammars (other versions)', () => {
    expect(withSourcePatterns({ default: [{ name: 'a' }] }, { default: [{ name: 'b' }] })).toBeUndefined()
    expect(withSourcePatterns([{ name: 'a' }], [{ name: 'a' }, { name: 'b' }])).toBeUndefined()
    expect(withSourcePatterns(null, [{ name: 'a' }])).toBeUndefined()
  })

  it('falls back to the grammar as shipped when the precompiled one does not load', async () => {
    const load = precompiledLoader('typescript')
    expect(load).toBeDefined()
    expect(precompiledLoader('markdown')).toBeUndefined()
    expect(precompiledLoader('no-such-language')).toBeUndefined()
  })
})

describe.each(IDS)('precompiled %s', (id) => {
  let hybrid: unknown[]
  let original: unknown[]
  beforeAll(async () => {
    original = grammarOf(await CURATED_GRAMMARS[id]!())
    hybrid = grammarOf(await precompiledLoader(id)!())
  })

  it('has, pattern by pattern, what the JavaScript engine makes of the grammar as shipped', () => {
    expect(hybrid).not.toBe(original)
    expect(differences(hybrid, original, id)).toEqual([])
  })
})

describe('tokens', () => {
  let precompiled: HighlighterCore
  let converted: HighlighterCore
  let bare: HighlighterCore
  beforeAll(async () => {
    const engine = () => createJavaScriptRegexEngine({ forgiving: true })
    const hybrids: LanguageInput[] = []
    const originals: LanguageInput[] = []
    for (const id of IDS) {
      hybrids.push((await precompiledLoader(id)!()) as LanguageInput)
      originals.push(grammarOf(await CURATED_GRAMMARS[id]!()) as LanguageInput)
    }
    precompiled = await createHighlighterCore({ themes: [theme], langs: hybrids, engine: engine() })
    converted = await createHighlighterCore({ themes: [theme], langs: originals, engine: engine() })
    // the negative control: shiki's precompiled TypeScript and Python as they are
    bare = await createHighlighterCore({
      themes: [theme],
      langs: [
        grammarOf(await PRECOMPILED_GRAMMARS.typescript!()) as LanguageInput,
        grammarOf(await PRECOMPILED_GRAMMARS.python!()) as LanguageInput,
      ],
      engine: engine(),
    })
  }, 120_000)
  afterAll(() => {
    precompiled.dispose()
    converted.dispose()
    bare.dispose()
  })

  it.each(IDS)('%s: the same tokens and scopes as the grammar converted at run time', (id) => {
    expect(tokensOf(precompiled, id)).toEqual(tokensOf(converted, id))
  })

  it("shiki's precompiled TypeScript and Python alone tokenize differently (why patterns get their text back)", () => {
    expect(tokensOf(bare, 'typescript')).not.toEqual(tokensOf(converted, 'typescript'))
    expect(tokensOf(bare, 'python')).not.toEqual(tokensOf(converted, 'python'))
  })
})
