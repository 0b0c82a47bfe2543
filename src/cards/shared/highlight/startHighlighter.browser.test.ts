import { afterEach, describe, expect, test, vi } from 'vitest'
import { defaultHighlighterPath, startDefaultHighlighter, WORKER_HANDSHAKE_MS } from './startHighlighter'

// The default highlighting service in real Chromium: the package's worker when the page can start it,
// the main thread when it cannot (no Worker, a constructor that throws, a script that fails, silence).

const doc = { lines: ['const answer: number = 42 // done'], language: 'typescript' }

async function keywordOf(h: Awaited<ReturnType<typeof startDefaultHighlighter>>) {
  const tokens = await h.highlight(doc, 0, 1)
  expect(tokens?.[0]?.map((t) => t.content).join('')).toBe(doc.lines[0])
  return tokens?.[0]?.find((t) => t.content.includes('const'))
}

const RealWorker = globalThis.Worker
afterEach(() => {
  globalThis.Worker = RealWorker
  vi.useRealTimers()
})

describe('startDefaultHighlighter', () => {
  test('starts the worker and highlights there', async () => {
    const spawned: string[] = []
    globalThis.Worker = class extends RealWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options)
        spawned.push(String(url))
      }
    } as typeof Worker
    const h = await startDefaultHighlighter()
    expect(defaultHighlighterPath()).toBe('worker')
    expect(spawned).toHaveLength(1)
    expect(spawned[0]).toMatch(/highlight\/worker\.ts/)
    const keyword = await keywordOf(h)
    expect(keyword?.light).toBeTruthy()
  })

  test('falls back to the main thread when there is no Worker', async () => {
    // @ts-expect-error: a page (or a test environment) without workers
    globalThis.Worker = undefined
    const h = await startDefaultHighlighter()
    expect(defaultHighlighterPath()).toBe('main-thread')
    expect((await keywordOf(h))?.light).toBeTruthy()
  })

  test('falls back when the constructor throws (a script from another origin)', async () => {
    globalThis.Worker = class {
      constructor() {
        throw new DOMException('cross-origin', 'SecurityError')
      }
    } as unknown as typeof Worker
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const h = await startDefaultHighlighter()
    vi.useRealTimers()
    expect(defaultHighlighterPath()).toBe('main-thread')
    expect((await keywordOf(h))?.light).toBeTruthy()
  })

  test('falls back when the worker script fails to load (a 404)', async () => {
    let terminated = false
    globalThis.Worker = class extends RealWorker {
      constructor(_url: string | URL, options?: WorkerOptions) {
        super(new URL('/no-such-worker-script.js', location.href), options)
      }
      override terminate() {
        terminated = true
        super.terminate()
      }
    } as typeof Worker
    // (the handshake's timer is frozen: only the worker's error event can settle this)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const h = await startDefaultHighlighter()
    vi.useRealTimers()
    expect(defaultHighlighterPath()).toBe('main-thread')
    expect(terminated).toBe(true)
    expect((await keywordOf(h))?.light).toBeTruthy()
  })

  test('falls back when the worker never answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let terminated = false
    globalThis.Worker = class extends EventTarget {
      postMessage() {}
      terminate() {
        terminated = true
      }
    } as unknown as typeof Worker
    const started = startDefaultHighlighter()
    vi.advanceTimersByTime(WORKER_HANDSHAKE_MS - 1)
    expect(terminated).toBe(false)
    vi.advanceTimersByTime(1)
    vi.useRealTimers()
    const h = await started
    expect(terminated).toBe(true)
    expect(defaultHighlighterPath()).toBe('main-thread')
    expect((await keywordOf(h))?.light).toBeTruthy()
  })
})
