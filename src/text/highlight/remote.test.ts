// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest'
import { createRemoteHighlighter, type MessageEndpoint } from './remote'
import { serveHighlighter } from './serve'
import { createHighlighter } from './shiki'
import type { HighlightDocument } from './types'

const open: MessagePort[] = []
afterEach(() => {
  for (const p of open.splice(0)) p.close()
})

function pair(serverHighlighter = createHighlighter()) {
  const { port1, port2 } = new MessageChannel()
  open.push(port1, port2)
  const sent: unknown[] = []
  const client: MessageEndpoint = {
    postMessage: (m) => {
      sent.push(m)
      port1.postMessage(m)
    },
    addEventListener: (type, fn) => port1.addEventListener(type, fn as unknown as (e: Event) => void),
    start: () => port1.start(),
  }
  serveHighlighter(port2 as unknown as MessageEndpoint, serverHighlighter)
  return { remote: createRemoteHighlighter(client), sent }
}

const doc = (lines: string[], language = 'typescript'): HighlightDocument => ({ lines, language })

describe('remote highlighter', () => {
  it('gives the same tokens as the local one, sending the lines once', async () => {
    const { remote, sent } = pair()
    const lines = ['/* a', ' comment */ const x = 1', 'function f(a: number) { return a * 2 }']
    const d = doc(lines)
    const first = await remote.highlight(d, 0, 2)
    const second = await remote.highlight(d, 2, 3)
    const local = await createHighlighter().highlight(doc(lines), 0, 3)
    expect([...(first ?? []), ...(second ?? [])]).toEqual(local)
    expect(sent.filter((m) => (m as { t: string }).t === 'open')).toHaveLength(1)
  })

  it('detects languages here, hostile names included, without a round trip', async () => {
    const { remote, sent } = pair()
    expect(remote.resolveLanguage({ path: 'Dockerfile' })).toBe('docker')
    expect(remote.resolveLanguage({ language: '__proto__', path: '../x' })).toBeNull()
    expect(await remote.highlight(doc(['x'], 'constructor'), 0, 1)).toBeNull()
    expect(sent).toEqual([])
  })

  it('passes notices back and answers preload', async () => {
    const { remote } = pair(createHighlighter({ maxLineLength: 10 }))
    const d = doc(['const a = 1', 'x'])
    const out = await remote.highlight(d, 0, 2)
    expect(out?.[0]).toBeNull()
    expect(remote.notice?.(d)?.reason).toBe('line-too-long')
    expect(await remote.preload?.('python')).toBe(true)
    expect(await remote.preload?.('klingon')).toBe(false)
  })

  it('an aborted request resolves to null', async () => {
    const { remote } = pair()
    const ac = new AbortController()
    const p = remote.highlight(
      doc(Array.from({ length: 3000 }, (_, i) => `let v${i} = ${i}`)),
      0,
      3000,
      ac.signal,
    )
    ac.abort()
    expect(await p).toBeNull()
  })

  it('a broken endpoint gives plain text, not an error', async () => {
    const remote = createRemoteHighlighter({
      postMessage: () => {
        throw new Error('closed')
      },
      addEventListener: () => {},
    })
    expect(await remote.highlight(doc(['const a = 1']), 0, 1)).toBeNull()
    expect(await remote.preload?.('typescript')).toBe(false)
  })
})
