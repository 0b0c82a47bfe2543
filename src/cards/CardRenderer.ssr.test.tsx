// @vitest-environment node
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { failedModel, hostileModel, largeModel, smallModel } from '../../stories/fixtures/generic'
import type { CardModel } from '../protocol'
import { CardRenderer } from './CardRenderer'

const base: CardModel = { id: 'c1', toolName: 'custom_tool', args: { q: 'x' }, status: 'completed' }

it('runs without a DOM', () => {
  expect(typeof document).toBe('undefined')
  expect(typeof window).toBe('undefined')
})

describe('server rendering in Node', () => {
  it('renderToString works for every fixture model', () => {
    const models: CardModel[] = [
      smallModel,
      failedModel,
      hostileModel,
      largeModel(),
      { ...base, intent: { card: 'hologram' } },
      { ...base, intent: '{"card":' },
      { ...base, intent: { card: 'terminal', command: 'ls' } },
      { ...base, intent: { card: 'diff', files: [{ path: 'a', patch: '' }] } },
      { ...base, intent: { card: 'read', path: 'a', content: 'x' } },
      { ...base, intent: { card: 'search', query: 'q', mode: 'files', matches: [] } },
      { ...base, intent: { card: 'web', url: 'https://example.com' } },
    ]
    for (const model of models) {
      const html = renderToString(<CardRenderer model={model} />)
      expect(html).toContain('data-card=')
      expect(html).not.toMatch(/<script|<img|<iframe|<style/)
    }
  })
})

describe('a long diff on the server', () => {
  // a client reads a long diff after its first paint; a server render has no after: it reads it all
  const lines = Array.from({ length: 5000 }, (_, i) => `-old ${i}\n+new ${i}`).join('\n')
  const patch = `--- a/x.ts\n+++ b/x.ts\n@@ -1,5000 +1,5000 @@\n${lines}\n`
  const newText = Array.from({ length: 20_000 }, (_, i) => `export const v${i} = ${i}`).join('\n')
  it.each([
    ['a 120 KB patch', { path: 'x.ts', patch }, '5,000 added, 5,000 removed'],
    ['a 500 KB new file given whole', { path: 'n.ts', oldText: null, newText }, '20,000 added, 0 removed'],
  ])('%s: counted whole, not left reading', (_, file, counts) => {
    expect(patch.length).toBeGreaterThan(64 * 1024)
    const html = renderToString(<CardRenderer model={{ ...base, intent: { card: 'diff', files: [file] } }} />)
    expect(html).toContain(counts)
    expect(html).not.toContain('data-reading')
  })
})

describe('a long search on the server', () => {
  it('5,000 matches in 50 files: checked and grouped whole, not left checking or grouping', () => {
    const matches = Array.from({ length: 5000 }, (_, i) => ({
      path: `src/f${Math.floor(i / 100)}.ts`,
      line: i + 1,
      text: `hit ${i}`,
    }))
    const html = renderToString(
      <CardRenderer
        model={{ ...base, intent: { card: 'search', query: 'hit', mode: 'content', matches } }}
      />,
    )
    const text = html.replace(/<[^>]+>/g, ' ')
    expect(text).toContain('5,000 matches in 50 files')
    expect(text).not.toMatch(/Checking the call|grouping/)
  })
})
