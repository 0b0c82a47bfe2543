import { fc, test as fcTest } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { createHighlighter, toLatin1 } from './shiki'
import type { HighlightDocument, TokenLine } from './types'

const hl = createHighlighter()
const doc = (lines: string[], language = 'typescript'): HighlightDocument => ({ lines, language })
const kindOf = (line: TokenLine | null | undefined, content: string) =>
  line?.find((t) => t.content === content)?.light ?? 'none'
const joined = (line: TokenLine | null | undefined) => line?.map((t) => t.content).join('')

describe('tokens', () => {
  it('colours TypeScript by kind, as CSS variables shared by both themes', async () => {
    const lines = ['const answer = 42 // the answer', 'function greet(name: string) { return "hi " + name }']
    const out = await hl.highlight(doc(lines), 0, 2)
    expect(out).toHaveLength(2)
    expect(kindOf(out?.[0], 'const')).toBe('var(--tc-syntax-keyword)')
    expect(kindOf(out?.[0], '42')).toBe('var(--tc-syntax-constant)')
    expect(kindOf(out?.[0], '// the answer')).toBe('var(--tc-syntax-comment)')
    expect(kindOf(out?.[1], 'greet')).toBe('var(--tc-syntax-entity)')
    expect(kindOf(out?.[1], 'return')).toBe('var(--tc-syntax-keyword)')
    expect(out?.[1]?.some((t) => t.content.includes('"hi ') && t.light === 'var(--tc-syntax-string)')).toBe(
      true,
    )
    for (const line of out ?? []) for (const t of line ?? []) expect(t.dark).toBe(t.light)
    expect(joined(out?.[0])).toBe(lines[0])
    expect(joined(out?.[1])).toBe(lines[1])
  })

  it('plain text (default foreground) carries no colour', async () => {
    const out = await hl.highlight(doc(['a + b']), 0, 1)
    expect(out?.[0]?.find((t) => t.content.includes(' '))?.light).toBeUndefined()
  })

  it('highlights Python, JSON, shell and a Dockerfile', async () => {
    const py = await hl.highlight(doc(['def f(x):', '    return None'], 'python'), 0, 2)
    expect(kindOf(py?.[0], 'def')).toBe('var(--tc-syntax-keyword)')
    const json = await hl.highlight(doc(['{"a": true}'], 'json'), 0, 1)
    expect(kindOf(json?.[0], 'true')).toBe('var(--tc-syntax-constant)')
    const sh = await hl.highlight(doc(['if [ -f x ]; then echo hi; fi'], 'shellscript'), 0, 1)
    expect(kindOf(sh?.[0], 'if')).toBe('var(--tc-syntax-keyword)')
    const docker = await hl.highlight(doc(['FROM node:20', 'RUN npm ci'], 'docker'), 0, 2)
    expect(kindOf(docker?.[0], 'FROM')).toBe('var(--tc-syntax-keyword)')
  })

  it('carries the grammar state across slices and across calls', async () => {
    const lines = [
      '/* start of a comment',
      ...Array.from({ length: 300 }, (_, i) => `  still comment ${i}`),
      '*/ const x = 1',
    ]
    const whole = await createHighlighter({ sliceMs: 1000 }).highlight(doc(lines), 0, lines.length)
    const small = createHighlighter({ sliceMs: 0.001 })
    const d = doc(lines)
    const parts: Array<TokenLine | null> = []
    for (let at = 0; at < lines.length; at += 37) {
      const got = await small.highlight(d, at, Math.min(lines.length, at + 37))
      parts.push(...(got ?? []))
    }
    expect(parts).toEqual(whole)
    expect(kindOf(whole?.[150], '  still comment 149')).toBe('var(--tc-syntax-comment)')
    expect(kindOf(whole?.[301], 'const')).toBe('var(--tc-syntax-keyword)')
  })

  it('a far jump gives tokens without tokenizing every line before it', async () => {
    const lines = Array.from({ length: 6000 }, (_, i) => `export const v${i} = "${i}"`)
    const out = await hl.highlight(doc(lines), 5000, 5010)
    expect(out).toHaveLength(10)
    expect(kindOf(out?.[0], 'export')).toBe('var(--tc-syntax-keyword)')
    expect(joined(out?.[3])).toBe(lines[5003])
  })

  fcTest.prop([fc.array(fc.string({ unit: 'binary', maxLength: 80 }), { minLength: 1, maxLength: 20 })], {
    numRuns: 40,
  })('token contents always add up to the line, whatever the text', async (lines) => {
    const clean = lines.map((l) => l.replace(/[\r\n]/g, ' '))
    const out = await hl.highlight(doc(clean), 0, clean.length)
    expect(out).not.toBeNull()
    for (const [i, line] of (out ?? []).entries()) expect(joined(line)).toBe(clean[i])
  })
})

describe('text outside Latin-1', () => {
  const lines = [
    'const 名前 = "こんにちは" // コメント',
    'const emoji = "😀 done" + naïve',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source as test data
    'const x = `${名前}→${emoji}`',
  ]

  it('gives the same tokens as tokenizing the original text', async () => {
    const fast = await createHighlighter({ latin1Copy: true }).highlight(doc(lines), 0, 3)
    const slow = await createHighlighter({ latin1Copy: false }).highlight(doc(lines), 0, 3)
    expect(fast).toEqual(slow)
    expect(kindOf(fast?.[0], '// コメント')).toBe('var(--tc-syntax-comment)')
    for (const [i, line] of (fast ?? []).entries()) expect(joined(line)).toBe(lines[i])
  })

  it('a document with one non-Latin-1 character anywhere gives the same tokens through the one-byte copy', async () => {
    const doc2 = [
      ...Array.from({ length: 50 }, (_, i) => `const v${i} = "s${i}" // c${i}`),
      '// 注: the only CJK',
    ]
    const fast = await createHighlighter({ latin1Copy: true }).highlight(doc(doc2), 0, doc2.length)
    const slow = await createHighlighter({ latin1Copy: false }).highlight(doc(doc2), 0, doc2.length)
    expect(fast).toEqual(slow)
    expect(joined(fast?.[50])).toBe('// 注: the only CJK')
  })

  it('toLatin1 keeps the length and every Latin-1 unit, and leaves nothing above U+00FF', () => {
    expect(toLatin1('abc é')).toBe('abc é')
    expect(toLatin1('a名b')).toBe('aab')
    expect(toLatin1('x→y')).toBe('x¤y')
    expect(toLatin1('😀')).toBe('¤¤')
    expect(toLatin1('\u3000')).toBe(' ')
  })

  fcTest.prop([fc.string({ unit: 'binary', maxLength: 200 })], { numRuns: 300 })('toLatin1 property', (s) => {
    const out = toLatin1(s)
    expect(out.length).toBe(s.length)
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i)
      if (c <= 0xff) expect(out.charCodeAt(i)).toBe(c)
      else expect(out.charCodeAt(i)).toBeLessThanOrEqual(0xff)
    }
  })
})

describe('limits and failures keep plain text', () => {
  it('a line over the length limit stays plain, with a notice; the next line is highlighted', async () => {
    const h = createHighlighter({ maxLineLength: 100 })
    const d = doc(['const a = 1', `const b = "${'x'.repeat(200)}"`, 'const c = 3'])
    const out = await h.highlight(d, 0, 3)
    expect(out?.[1]).toBeNull()
    expect(kindOf(out?.[2], 'const')).toBe('var(--tc-syntax-keyword)')
    expect(h.notice?.(d)).toEqual({
      reason: 'line-too-long',
      message: 'Lines over 100 characters are not highlighted.',
    })
  })

  it('a document over the time limit stops, with a notice', async () => {
    let clock = 0
    let slow = false
    // a clock that stands still (work is free), then moves 100 ms per reading (work is slow)
    const h = createHighlighter({
      timeLimitMs: 50,
      now: () => {
        if (slow) clock += 100
        return clock
      },
    })
    const d = doc(Array.from({ length: 2000 }, (_, i) => `let x${i} = ${i}`))
    const first = await h.highlight(d, 0, 40)
    expect(first).toHaveLength(40)
    slow = true
    const later = await h.highlight(d, 40, 2000)
    expect(later).toBeNull()
    expect(h.notice?.(d)?.reason).toBe('time-limit')
  })

  it('unknown or hostile languages resolve to null without loading anything', async () => {
    for (const language of ['klingon', 'constructor', '__proto__', '../x', '']) {
      expect(await hl.highlight(doc(['x'], language), 0, 1)).toBeNull()
    }
  })

  it('a grammar that fails to load gives null and a notice, never a rejection', async () => {
    const h = createHighlighter({
      languages: [
        {
          id: 'broken',
          extensions: ['brk'],
          load: () => Promise.reject(new Error('network down')),
        },
      ],
    })
    expect(h.resolveLanguage({ path: 'a.brk' })).toBe('broken')
    const d = doc(['x'], 'broken')
    expect(await h.highlight(d, 0, 1)).toBeNull()
    expect(h.notice?.(d)?.reason).toBe('load-failed')
  })

  it('an aborted request resolves to null', async () => {
    const ac = new AbortController()
    ac.abort()
    expect(await hl.highlight(doc(['const a = 1']), 0, 1, ac.signal)).toBeNull()
  })

  it('odd ranges are clamped', async () => {
    const d = doc(['a', 'b'])
    expect(await hl.highlight(d, 5, 9)).toEqual([])
    expect(await hl.highlight(d, -3, 1)).toHaveLength(1)
  })
})

describe('host configuration', () => {
  it('a pair of ordinary themes gives a light and a dark colour per token', async () => {
    const h = createHighlighter({
      themes: {
        light: () => import('shiki/themes/github-light.mjs'),
        dark: () => import('shiki/themes/github-dark.mjs'),
      },
    })
    const out = await h.highlight(doc(['const a = 1']), 0, 1)
    const kw = out?.[0]?.find((t) => t.content === 'const')
    // github-light and github-dark keyword colours
    expect(kw?.light?.toLowerCase()).toBe('#d73a49')
    expect(kw?.dark?.toLowerCase()).toBe('#f97583')
  })

  it('extra languages by id become available, with their ids as extensions', async () => {
    const h = createHighlighter({ extraLanguages: { zig: () => import('shiki/langs/zig.mjs') } })
    expect(h.resolveLanguage({ path: 'build.zig' })).toBe('zig')
    const d = doc(['const std = @import("std");'], 'zig')
    const out = await h.highlight(d, 0, 1)
    expect(h.notice?.(d) ?? null).toBeNull()
    expect(kindOf(out?.[0], 'const')).toBe('var(--tc-syntax-keyword)')
  })

  it('a language table of its own does not share grammars with the default table', async () => {
    // The default highlighter has TypeScript loaded; a host table names its own grammar 'typescript'.
    await hl.highlight(doc(['const a = 1']), 0, 1)
    const python = (await import('shiki/langs/python.mjs')).default
    const own = createHighlighter({
      languages: [
        {
          id: 'typescript',
          extensions: ['ts'],
          load: async () => ({ default: python.map((g) => ({ ...g, name: 'typescript' })) }),
        },
      ],
    })
    const line = ['def f(): pass']
    const mine = await own.highlight(doc(line), 0, 1)
    expect(kindOf(mine?.[0], 'def')).toBe('var(--tc-syntax-keyword)')
    // and the default one still has its own TypeScript
    const ts = await hl.highlight(doc(['const b = 2']), 0, 1)
    expect(kindOf(ts?.[0], 'const')).toBe('var(--tc-syntax-keyword)')
    expect(kindOf(ts?.[0], '2')).toBe('var(--tc-syntax-constant)')
    const again = await hl.highlight(doc(line), 0, 1)
    expect(kindOf(again?.[0], 'def')).toBe('none')
  })

  it('preload reports whether the language loaded', async () => {
    expect(await hl.preload?.('rust')).toBe(true)
    expect(await hl.preload?.('constructor')).toBe(false)
  })
})
