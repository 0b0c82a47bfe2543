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

  it('sends each line once, when a request first needs it, and colours as the local one does', async () => {
    const { remote, sent } = pair()
    // a non-Latin-1 character only in lines sent later: the far end learns of it with those lines
    const lines = Array.from({ length: 10_000 }, (_, i) =>
      i === 400 ? `const s${i} = '→ ✓' // ${i}` : `let v${i} = f(${i}, 'x') // ${i}`,
    )
    const d = doc(lines)
    const ranges: Array<[number, number]> = [
      [0, 48],
      [48, 288],
      [10, 20], // lines it already has
      [288, 528],
    ]
    const got: unknown[] = []
    for (const [a, b] of ranges) got.push(await remote.highlight(d, a, b))
    const local = createHighlighter()
    const localDoc = doc(lines)
    const want: unknown[] = []
    for (const [a, b] of ranges) want.push(await local.highlight(localDoc, a, b))
    expect(got).toEqual(want)
    const withLines = sent.filter((m) => 'lines' in (m as object)) as Array<{ t: string; lines: string[] }>
    expect(withLines.map((m) => [m.t, m.lines.length])).toEqual([
      ['open', 48],
      ['add', 240],
      ['add', 240],
    ])
    expect(withLines.flatMap((m) => m.lines)).toEqual(lines.slice(0, 528))
  })

  it('the serving end ignores malformed lines and keeps serving', async () => {
    const { port1, port2 } = new MessageChannel()
    open.push(port1, port2)
    serveHighlighter(port2 as unknown as MessageEndpoint)
    const replies: unknown[] = []
    port1.addEventListener('message', (e) => replies.push(e.data))
    port1.start()
    port1.postMessage({ t: 'add', doc: 99, lines: ['x'] }) // a document never opened
    port1.postMessage({ t: 'open', doc: 1, lines: 'not an array', language: 'typescript' })
    port1.postMessage({ t: 'add', doc: 1, lines: 42 })
    port1.postMessage({ t: 'add', doc: 1, lines: ['const a = 1'] })
    port1.postMessage({ t: 'hl', id: 7, doc: 1, start: 0, end: 1 })
    await expect.poll(() => replies.length).toBe(1)
    const reply = replies[0] as { id: number; tokens: Array<Array<{ content: string }>> }
    expect(reply.id).toBe(7)
    expect(reply.tokens[0]?.map((t) => t.content).join('')).toBe('const a = 1')
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
