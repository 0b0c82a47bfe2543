import { describe, expect, it } from 'vitest'
import { parseIntent, type RenderIntent } from '../protocol'
import { trimIntent } from './spill'

const bytes = (s: string) => Buffer.byteLength(s, 'utf8')

describe('trimIntent: the card keeps a preview of a spilled result', () => {
  it('terminal: whole lines when a line break fits', () => {
    const r = trimIntent({ card: 'terminal', command: 'seq', output: '1\n2\n3\n1000\n' }, 9)
    expect(r.intent).toEqual({ card: 'terminal', command: 'seq', output: '1\n2\n3\n' })
    expect(r.previewBytes).toBe(6)
  })

  it('terminal: output first, then stderr, within the budget', () => {
    const r = trimIntent(
      { card: 'terminal', command: 'make', output: 'o'.repeat(30), stderr: 'e'.repeat(30) },
      40,
    )
    expect(r.intent).toEqual({
      card: 'terminal',
      command: 'make',
      output: 'o'.repeat(30),
      stderr: 'e'.repeat(10),
    })
    expect(r.previewBytes).toBe(40)
  })

  it('read: whole lines when a line break fits, and the total line count', () => {
    const content = 'line one\nline two\nline three\n'
    const r = trimIntent({ card: 'read', path: 'a.txt', content, startLine: 10 }, 20)
    expect(r.intent).toEqual({
      card: 'read',
      path: 'a.txt',
      content: 'line one\nline two\n',
      startLine: 10,
      totalLines: 12,
    })
    expect(r.previewBytes).toBe(18)
  })

  it('read: keeps a totalLines the tool gave', () => {
    const r = trimIntent({ card: 'read', path: 'a', content: 'aaaa\nbbbb\n', totalLines: 900 }, 6)
    expect(r.intent).toMatchObject({ content: 'aaaa\n', totalLines: 900 })
  })

  it('search: whole matches within the budget, and the total', () => {
    const matches = ['aa', 'bb', 'cc'].map((t, i) => ({ path: 'f.ts', line: i + 1, text: t }))
    const r = trimIntent({ card: 'search', query: 'x', mode: 'content', matches }, 13)
    expect(r.intent).toMatchObject({ matches: matches.slice(0, 2), totalMatches: 3 })
    expect(r.previewBytes).toBe(12)
  })

  it('web: the excerpt, then whole results', () => {
    const r = trimIntent(
      {
        card: 'web',
        url: 'https://a.example',
        excerpt: 'é'.repeat(10),
        results: [{ url: 'https://b.example', title: 't' }],
      },
      15,
    )
    expect(r.intent).toMatchObject({ excerpt: 'é'.repeat(7), results: [] })
    expect(r.previewBytes).toBe(14)
  })

  it('generic: a long string or the JSON text of a big value', () => {
    expect(trimIntent({ card: 'generic', output: 'x'.repeat(50) }, 8).intent).toEqual({
      card: 'generic',
      output: 'x'.repeat(8),
    })
    const big = { card: 'generic' as const, output: { list: [1, 2, 3, 4, 5] } }
    expect(trimIntent(big, 10).intent).toEqual({ card: 'generic', output: '{"list":[1' })
    expect(trimIntent(big, 1000)).toEqual({ intent: big, previewBytes: bytes(JSON.stringify(big.output)) })
  })

  it('diff: left whole (a cut patch would be a broken patch), with no preview size', () => {
    const diff: RenderIntent = { card: 'diff', files: [{ path: 'a', patch: '@@ -1 +1 @@\n-a\n+b\n' }] }
    expect(trimIntent(diff, 1)).toEqual({ intent: diff })
  })

  it('every trimmed intent is still a valid intent', () => {
    const intents: RenderIntent[] = [
      { card: 'terminal', command: 'x', output: '😀'.repeat(100) },
      { card: 'read', path: 'p', content: '😀\n'.repeat(100) },
      { card: 'search', query: 'q', mode: 'files', matches: [{ path: 'a' }, { path: 'b' }] },
      { card: 'web', url: 'https://x.example', excerpt: 'e'.repeat(100) },
      { card: 'generic', output: ['a'] },
    ]
    for (const intent of intents) {
      for (const budget of [0, 1, 3, 7, 50]) {
        const r = trimIntent(intent, budget)
        expect(parseIntent(r.intent).ok).toBe(true)
        expect(r.previewBytes).toBeLessThanOrEqual(budget)
      }
    }
  })
})
