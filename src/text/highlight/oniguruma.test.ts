// @vitest-environment node
// Oniguruma (WebAssembly) is the engine the grammars were written for: the reference to check against.
import { describe, expect, it } from 'vitest'
import { createHighlighter } from './shiki'
import type { HighlightDocument } from './types'

const doc = (lines: string[], language = 'typescript'): HighlightDocument => ({ lines, language })

describe('engines', () => {
  it('the Oniguruma engine (the reference implementation) gives the same tokens as the JavaScript one', async () => {
    const lines = [
      'import { x } from "./y"',
      'export async function* gen<T extends object>(a: T[]): AsyncGenerator<T> {',
      '  const re = /a+(b|c)*\\d{2,}/giu; yield* a.map((v) => ({ ...v, n: 0x1f }))',
      '} // done',
    ]
    const js = await createHighlighter({ engine: 'javascript' }).highlight(doc(lines), 0, lines.length)
    const onig = await createHighlighter({ engine: 'oniguruma' }).highlight(doc(lines), 0, lines.length)
    expect(onig).not.toBeNull()
    expect(js).toEqual(onig)
  })
})
