// Benchmark page for the read card (see run.ts). One case per page load: `window.runCase(...)`.
// Peers are rendered the way their users render them: highlight.js and shiki's codeToHtml produce HTML
// strings, which only this benchmark page puts into the DOM (the kit never does).
import hljs from 'highlight.js/lib/core'
import hljsTs from 'highlight.js/lib/languages/typescript'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { ShikiHighlighter } from 'react-shiki/web'
import '../../src/styles.css'
import { tsSource } from '../_shared/source'
import './bench.css'
import { CardRenderer } from '../../src/cards/CardRenderer'
import { ToolcardsProvider } from '../../src/cards/host'
import { getDefaultHighlighter } from '../../src/cards/shared/highlight'
import { createRemoteHighlighter, type MessageEndpoint } from '../../src/text/highlight/remote'

hljs.registerLanguage('typescript', hljsTs)

export type Peer = 'toolcards' | 'toolcards-worker' | 'react-shiki' | 'highlight.js' | 'plain-pre'

export interface CaseInput {
  peer: Peer
  lines: number
  nonLatin: boolean
  /** Use the language once on a small file first (grammar loaded and its regexes compiled). */
  warm: boolean
  /** toolcards: click "Show all" in the same task as the first render (default). Else: the preview. */
  showAll?: boolean
}

export interface CaseResult {
  /** Script time of the synchronous render (toolcards only). */
  renderMs?: number
  firstPaintMs: number
  highlightedMs: number
  longTasks: number[]
  domNodes: number
}

/** TypeScript of `n` lines; with `nonLatin`, one CJK character in a comment 5 lines before the end. */
/**
 * The next animation frame: resolves in the microtask right after the rAF callback, so a DOM check made
 * then sees exactly what this frame is about to paint.
 */
const frame = () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())))

/**
 * First contentful paint, relative to `t0`. The page shows no text before a case renders, so the
 * browser's own FCP entry is the exact time the first code text was painted.
 */
function firstContentfulPaint(t0: number): Promise<number> {
  return new Promise((resolve) => {
    const look = () => performance.getEntriesByName('first-contentful-paint')[0]
    const hit = look()
    if (hit) return resolve(hit.startTime - t0)
    const po = new PerformanceObserver(() => {
      const e = look()
      if (e) {
        po.disconnect()
        resolve(e.startTime - t0)
      }
    })
    po.observe({ type: 'paint', buffered: true })
  })
}

/** A fresh task (work started from a rAF microtask would not be reported as a long task). */
const task = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** The rAF time of the first frame at which `test()` holds (checked in each rAF callback). */
async function until(test: () => boolean, timeoutMs = 60_000): Promise<number> {
  const end = performance.now() + timeoutMs
  for (;;) {
    const t = await frame()
    // True at this frame's rAF: this frame paints it (its style/layout/paint come right after).
    if (test()) return t
    if (t > end) return Number.NaN
  }
}

/** The rows of the read card inside its scroll viewport all carry colour. */
function viewportHighlighted(root: HTMLElement): boolean {
  const scroller = root.querySelector<HTMLElement>('.tc-read-lines')
  if (!scroller) return false
  const box = scroller.getBoundingClientRect()
  const rows = [...root.querySelectorAll<HTMLElement>('.tc-read-row')].filter((r) => {
    const b = r.getBoundingClientRect()
    return b.bottom > box.top && b.top < box.bottom
  })
  return rows.length > 0 && rows.every((r) => r.querySelector('[data-highlighted]'))
}

async function runCase(input: CaseInput): Promise<CaseResult> {
  const host = document.getElementById('root') as HTMLElement
  const code = tsSource(input.lines, input.nonLatin)
  const warmCode = tsSource(40)
  const longTasks: number[] = []
  let t0 = 0
  /** Set just before the case's task is queued: a long task that starts the case begins after it. */
  let since = Number.POSITIVE_INFINITY
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.startTime >= since) longTasks.push(e.duration)
  })
  /** Long-task entries arrive after their task; wait a little, then take what is queued. */
  const stop = async () => {
    await new Promise((r) => setTimeout(r, 100))
    for (const e of observer.takeRecords()) if (e.startTime >= since) longTasks.push(e.duration)
    observer.disconnect()
  }

  if (input.peer === 'toolcards' || input.peer === 'toolcards-worker') {
    const highlighter =
      input.peer === 'toolcards-worker'
        ? createRemoteHighlighter(
            new Worker(new URL('./highlight.worker.ts', import.meta.url), {
              type: 'module',
            }) as MessageEndpoint,
          )
        : getDefaultHighlighter()
    await highlighter.preload?.('typescript')
    if (input.warm)
      await highlighter.highlight({ lines: warmCode.split('\n'), language: 'typescript' }, 0, 40)
    const root = createRoot(host)
    // React and the card code run once first (a 5-line card without colour), as on any page that shows
    // more than one card; the measured render is then not the page's first JavaScript run.
    flushSync(() =>
      root.render(
        <ToolcardsProvider highlighter={null}>
          <CardRenderer
            model={{
              id: 'warm',
              toolName: 'read',
              args: {},
              status: 'completed',
              intent: { card: 'read', path: 'warm.txt', content: 'a\nb\nc\nd\ne\n' },
            }}
          />
        </ToolcardsProvider>,
      ),
    )
    flushSync(() => root.render(null))
    observer.observe({ type: 'longtask' })
    await frame()
    since = performance.now()
    await task()
    t0 = performance.now()
    flushSync(() =>
      root.render(
        <ToolcardsProvider highlighter={highlighter}>
          <CardRenderer
            model={{
              id: 'bench',
              toolName: 'read',
              args: {},
              status: 'completed',
              intent: { card: 'read', path: 'src/handlers.ts', content: code },
            }}
          />
        </ToolcardsProvider>,
      ),
    )
    // Long reads open as a preview: open all lines at once, in the same task (the cost of both renders).
    const showAll = [...host.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Show all'))
    if (showAll && input.showAll !== false) flushSync(() => showAll.click())
    const renderMs = performance.now() - t0
    const highlightedMs = (await until(() => viewportHighlighted(host))) - t0
    const firstPaintMs = await firstContentfulPaint(t0)
    await stop()
    return { renderMs, firstPaintMs, highlightedMs, longTasks, domNodes: host.querySelectorAll('*').length }
  }

  if (input.peer === 'react-shiki') {
    const root = createRoot(host)
    if (input.warm) {
      flushSync(() =>
        root.render(
          <ShikiHighlighter
            language="typescript"
            theme={{ light: 'github-light', dark: 'github-dark' }}
            engine="javascript"
          >
            {warmCode}
          </ShikiHighlighter>,
        ),
      )
      await until(() => host.querySelector('pre span') !== null)
      flushSync(() => root.render(null))
    }
    observer.observe({ type: 'longtask' })
    await frame()
    since = performance.now()
    await task()
    t0 = performance.now()
    flushSync(() =>
      root.render(
        <div className="bench-scroll">
          <ShikiHighlighter
            language="typescript"
            theme={{ light: 'github-light', dark: 'github-dark' }}
            engine="javascript"
          >
            {code}
          </ShikiHighlighter>
        </div>,
      ),
    )
    const highlightedMs = (await until(() => host.querySelector('pre span[style]') !== null)) - t0
    // react-shiki paints nothing before its highlighted output; after a warm-up the page's first
    // contentful paint has already happened, so its first paint is the highlighted frame.
    const firstPaintMs = input.warm ? highlightedMs : await firstContentfulPaint(t0)
    await stop()
    return { firstPaintMs, highlightedMs, longTasks, domNodes: host.querySelectorAll('*').length }
  }

  // highlight.js and a plain <pre>: synchronous, so first paint is also the highlighted paint.
  if (input.warm && input.peer === 'highlight.js') hljs.highlight(warmCode, { language: 'typescript' })
  observer.observe({ type: 'longtask' })
  await frame()
  since = performance.now()
  await task()
  t0 = performance.now()
  const scroll = document.createElement('div')
  scroll.className = 'bench-scroll'
  const pre = document.createElement('pre')
  const codeEl = document.createElement('code')
  if (input.peer === 'highlight.js') {
    codeEl.innerHTML = hljs.highlight(code, { language: 'typescript' }).value
  } else {
    codeEl.textContent = code
  }
  pre.append(codeEl)
  scroll.append(pre)
  host.append(scroll)
  const t = await firstContentfulPaint(t0)
  await stop()
  return { firstPaintMs: t, highlightedMs: t, longTasks, domNodes: host.querySelectorAll('*').length }
}

;(window as unknown as { runCase: typeof runCase }).runCase = runCase
;(window as unknown as { benchReady: boolean }).benchReady = true
