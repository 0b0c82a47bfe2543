// Benchmark page: the TerminalCard with a 100,000-line output. Measures first paint, "show all" to
// paint, and streaming in 64 KB chunks (long tasks, the slowest chunk). Driven by bench/terminal/run.ts.
import '../../src/styles.css'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { ToolcardsProvider } from '../../src/cards/host'
import { TerminalCard } from '../../src/cards/terminal/TerminalCard'
import type { CardStatus, TerminalIntent } from '../../src/protocol'
import { longLog, terminalModel } from '../../stories/fixtures/terminal'

export type Variant = 'first-paint' | 'stream-preview' | 'stream-full'

export interface Result {
  variant: Variant
  bytes: number
  /** first-paint: start of render (parse included) to the frame after the commit. */
  firstPaintMs?: number
  /** first-paint: click on "Show all" to the next paint (virtualized full view). */
  showAllMs?: number
  /** stream: the whole stream, first chunk to the last paint. */
  streamMs?: number
  chunks?: number
  /** stream: the slowest chunk's synchronous work (parse of the new suffix + render + commit). */
  slowestChunkMs?: number
  /** Long tasks (over 50 ms) reported by Chromium. */
  longTasks: number[]
  domNodes: number
}

declare global {
  interface Window {
    __ready: boolean
    __reactBuild: string
    __terminalBench: (variant: Variant) => Promise<Result>
  }
}

const LOG = longLog(100_000)
const CHUNK = 64 * 1024

function nextPaint(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)),
  )
}

function observeLongTasks(): { stop: () => number[] } {
  const tasks: number[] = []
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push(Math.round(e.duration))
  })
  obs.observe({ type: 'longtask', buffered: false })
  return {
    stop: () => {
      for (const e of obs.takeRecords()) tasks.push(Math.round(e.duration))
      obs.disconnect()
      return tasks
    },
  }
}

function card(root: Root, output: string, status: CardStatus) {
  const intent: TerminalIntent = {
    card: 'terminal',
    command: './replay.sh',
    output,
    ...(status === 'running' ? {} : { exitCode: 1 }),
  }
  root.render(
    <ToolcardsProvider>
      <TerminalCard model={terminalModel('bench', intent, status)} intent={intent} />
    </ToolcardsProvider>,
  )
}

function showAll(host: HTMLElement): void {
  const button = [...host.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Show all'))
  button?.click()
}

window.__terminalBench = async (variant) => {
  const host = document.getElementById('root')!
  const root = createRoot(host)
  await nextPaint()
  const tasks = observeLongTasks()
  const result: Result = { variant, bytes: LOG.length, longTasks: [], domNodes: 0 }
  if (variant === 'first-paint') {
    const start = performance.now()
    flushSync(() => card(root, LOG, 'completed'))
    result.firstPaintMs = (await nextPaint()) - start
    const click = performance.now()
    flushSync(() => showAll(host))
    result.showAllMs = (await nextPaint()) - click
  } else {
    let slowest = 0
    let chunks = 0
    const start = performance.now()
    let first = true
    for (let at = 0; at < LOG.length; at += CHUNK) {
      const out = LOG.slice(0, at + CHUNK)
      const t = performance.now()
      flushSync(() => card(root, out, at + CHUNK >= LOG.length ? 'completed' : 'running'))
      if (first && variant === 'stream-full') flushSync(() => showAll(host))
      first = false
      slowest = Math.max(slowest, performance.now() - t)
      chunks++
      await new Promise((r) => setTimeout(r, 0))
    }
    result.streamMs = (await nextPaint()) - start
    result.chunks = chunks
    result.slowestChunkMs = slowest
  }
  result.longTasks = tasks.stop()
  result.domNodes = host.querySelectorAll('*').length
  root.unmount()
  return result
}

/** Production or development React: development fibers carry a _debugStack. */
function reactBuild(): string {
  const el = document.createElement('div')
  const root = createRoot(el)
  flushSync(() => root.render('x'))
  const key = Object.keys(el).find((k) => k.startsWith('__reactContainer'))
  const fiber = key ? (el as unknown as Record<string, object | undefined>)[key] : undefined
  const child = fiber && 'child' in fiber ? (fiber.child as object | null) : null
  root.unmount()
  return child && '_debugStack' in child ? 'development' : 'production'
}

window.__reactBuild = reactBuild()
window.__ready = true
