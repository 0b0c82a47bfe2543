import { describe, expect, test } from 'vitest'
import { createRemoteHighlighter } from './remote'

// The shipped worker entry in a real module worker (Chromium): it answers the remote highlighter.

describe('toolcards/highlight-worker', () => {
  test('highlights TypeScript off the main thread', async () => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })
    try {
      const hl = createRemoteHighlighter(worker)
      const doc = { lines: ['const answer: number = 42', '// done'], language: 'typescript' }
      const tokens = await hl.highlight(doc, 0, 2)
      expect(tokens).not.toBeNull()
      const first = tokens?.[0] ?? []
      expect(first.map((t) => t.content).join('')).toBe('const answer: number = 42')
      // coloured: the keyword has a colour of its own
      expect(first.find((t) => t.content.includes('const'))?.light).toBeTruthy()
      expect(await hl.preload?.('python')).toBe(true)
      expect(await hl.highlight({ lines: ['x'], language: 'no-such-language' }, 0, 1)).toBeNull()
    } finally {
      worker.terminate()
    }
  })
})
