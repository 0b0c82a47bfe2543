import { act, render, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import type { CardModel } from '../protocol'
import { CardRenderer } from './CardRenderer'
import { ToolcardsProvider } from './host'

// A card rendered on a server and hydrated in the page: the client's first render must build what the
// server built (long inputs are read at once in both), else React throws the server's HTML away.
const base: CardModel = { id: 'h', toolName: 'tool', args: {}, status: 'completed' }
const log = Array.from(
  { length: 30_000 },
  (_, i) => `line ${i}: \u001b[32mok\u001b[0m something happened`,
).join('\n')
const patch = `--- a/x.ts\n+++ b/x.ts\n@@ -1,5000 +1,5000 @@\n${Array.from({ length: 5000 }, (_, i) => `-old ${i}\n+new ${i}`).join('\n')}\n`
const matches = Array.from({ length: 5000 }, (_, i) => ({
  path: `src/f${Math.floor(i / 100)}.ts`,
  line: i + 1,
  text: `hit ${i}`,
}))

describe('hydrating server HTML of long inputs', () => {
  it.each<[string, CardModel['intent']]>([
    ['a 1.2 MB terminal log', { card: 'terminal', command: 'make', output: log, exitCode: 0 }],
    ['a 120 KB patch', { card: 'diff', files: [{ path: 'x.ts', patch }] }],
    ['5,000 search matches', { card: 'search', query: 'hit', mode: 'content', matches }],
  ])('%s: no mismatch, the server HTML kept', async (_, intent) => {
    const model = { ...base, intent }
    const app = (
      <ToolcardsProvider highlighter={null}>
        <CardRenderer model={model} />
      </ToolcardsProvider>
    )
    const host = document.createElement('div')
    // as on a server: no window (a card there writes and splits everything at once)
    vi.stubGlobal('window', undefined)
    try {
      host.innerHTML = renderToString(app)
    } finally {
      vi.unstubAllGlobals()
    }
    document.body.append(host)
    const first = host.querySelector('article')
    const errors: unknown[] = []
    let root: ReturnType<typeof hydrateRoot> | undefined
    await act(async () => {
      root = hydrateRoot(host, app, { onRecoverableError: (e) => errors.push(e) })
    })
    expect(errors).toEqual([])
    // the same element: hydrated, not replaced by a client render
    expect(host.querySelector('article')).toBe(first)
    // unmounted inside act: no work of this root is left to run after the test file's DOM is gone
    // (CI once saw React's scheduler reach for `window` after the environment was torn down)
    await act(async () => root?.unmount())
    host.remove()
  })
})

describe('hydrating a card whose language the default highlighter looks up', () => {
  it('the server HTML (no language yet) is kept, then the language shows', async () => {
    const model: CardModel = {
      ...base,
      intent: { card: 'read', path: 'src/add.ts', content: 'export const add = (a: number) => a\n' },
    }
    // the page has loaded the languages' table already (an earlier card looked a language up)
    const earlier = render(<CardRenderer model={{ ...model, id: 'earlier' }} />)
    expect(await screen.findByText('TypeScript')).toHaveAttribute('data-slot', 'read-language')
    earlier.unmount()

    const host = document.createElement('div')
    host.innerHTML = renderToString(<CardRenderer model={model} />)
    // a server has no table: no language, and never "Plain text" in its place
    expect(host.querySelector('[data-slot="read-language"]')).toBeNull()
    document.body.append(host)
    const article = host.querySelector('article')
    const errors: unknown[] = []
    let root: ReturnType<typeof hydrateRoot> | undefined
    await act(async () => {
      root = hydrateRoot(host, <CardRenderer model={model} />, { onRecoverableError: (e) => errors.push(e) })
    })
    expect(errors).toEqual([])
    expect(host.querySelector('article')).toBe(article)
    expect(host.querySelector('[data-slot="read-language"]')?.textContent).toBe('TypeScript')
    await act(async () => root?.unmount())
    host.remove()
  })
})
