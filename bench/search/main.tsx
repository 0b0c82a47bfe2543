// Benchmark page: mounts one variant with 100,000 matches and measures time to first paint, long tasks
// and DOM size. Driven by bench/search/run.ts through Playwright.
import '../../src/styles.css'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { CardRenderer } from '../../src/cards/CardRenderer'
import { SearchCard } from '../../src/cards/search'
import type { CardModel, SearchIntent } from '../../src/protocol'
import { manyMatches, searchModel } from '../../stories/fixtures/search'

export type Variant = 'search-card' | 'search-card-validated' | 'generic-text' | 'naive-list'

export interface Result {
  variant: Variant
  matches: number
  /** From the start of render to the frame after the commit (the first paint of the card). */
  firstPaintMs: number
  /** Render + commit alone (synchronous part). */
  commitMs: number
  /** Long tasks (over 50 ms) from the start of render until the filter is typed (mount, paint, grouping). */
  longTasks: number[]
  /** When each of `longTasks` started, in ms after the start of render. */
  longTaskAt: number[]
  /** Long tasks while filtering. */
  filterLongTasks: number[]
  domNodes: number
  /** From the start of render until all matches are grouped (slices between frames). */
  groupedMs?: number
  /** Time from typing a path filter to the next paint (search card only). */
  filterMs?: number
}

function nextPaint(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)),
  )
}

/** Naive peer: every match as a DOM row, no virtualization. */
function NaiveList({ intent }: { intent: SearchIntent }) {
  return (
    <div style={{ maxHeight: 480, overflow: 'auto', fontFamily: 'monospace' }}>
      {intent.matches.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static list
        <div key={i}>
          {m.path}:{m.line}:{m.text}
        </div>
      ))}
    </div>
  )
}

async function run(variant: Variant, count: number): Promise<Result> {
  // Through JSON, as an intent arrives from the wire (flat strings, fresh objects).
  const intent = JSON.parse(
    JSON.stringify(manyMatches(count, Math.max(1, Math.round(count / 100)))),
  ) as SearchIntent
  const model = searchModel('bench', intent)
  // The peer "today": the same result as raw ripgrep text in the generic card.
  const textModel: CardModel = {
    id: 'bench-text',
    toolName: 'Grep',
    args: { pattern: intent.query },
    status: 'completed',
    intent: {
      card: 'generic',
      output: intent.matches.map((m) => `${m.path}:${m.line}:${m.text}`).join('\n'),
    },
  }
  const container = document.getElementById('root') as HTMLElement
  const root: Root = createRoot(container)
  const tasks: PerformanceEntry[] = []
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push(e)
  })
  observer.observe({ type: 'longtask' })
  // Collect the garbage of building the input (Chromium runs with --js-flags=--expose-gc), then settle.
  ;(window as unknown as { gc?: () => void }).gc?.()
  await new Promise((r) => setTimeout(r, 100))
  await nextPaint()
  const t0 = performance.now()
  flushSync(() => {
    if (variant === 'search-card') root.render(<SearchCard model={model} intent={intent} />)
    else if (variant === 'search-card-validated') root.render(<CardRenderer model={model} />)
    else if (variant === 'generic-text') root.render(<CardRenderer model={textModel} />)
    else root.render(<NaiveList intent={intent} />)
  })
  const t1 = performance.now()
  const t2 = await nextPaint()
  const result: Result = {
    variant,
    matches: count,
    firstPaintMs: t2 - t0,
    commitMs: t1 - t0,
    longTasks: [],
    longTaskAt: [],
    filterLongTasks: [],
    domNodes: container.querySelectorAll('*').length,
  }
  let filterStart = Number.POSITIVE_INFINITY
  if (variant === 'search-card' || variant === 'search-card-validated') {
    const g0 = performance.now()
    for (let i = 0; i < 500 && container.textContent?.includes('grouping'); i++) await nextPaint()
    result.groupedMs = performance.now() - g0 + result.firstPaintMs
    const input = container.querySelector<HTMLInputElement>('input[type="search"]')
    if (input) {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
      const f0 = performance.now()
      filterStart = f0
      setter?.call(input, 'module-0999')
      input.dispatchEvent(new Event('input', { bubbles: true }))
      // wait until the filtered list shows (deferred value), then the next paint
      for (let i = 0; i < 200 && !container.textContent?.includes('1 of 1,000 files'); i++) await nextPaint()
      result.filterMs = (await nextPaint()) - f0
    }
  }
  await new Promise((r) => setTimeout(r, 50))
  observer.disconnect()
  for (const t of tasks) {
    const d = Math.round(t.duration)
    if (t.startTime < filterStart) {
      result.longTasks.push(d)
      result.longTaskAt.push(Math.round(t.startTime - t0))
    } else result.filterLongTasks.push(d)
  }
  root.unmount()
  return result
}

/** Which React build is loaded: development builds attach `_debugStack` to fibers; production builds do not. */
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

declare global {
  interface Window {
    __searchReactBuild: string
    __searchBench: (variant: Variant, count: number) => Promise<Result>
    __searchReady: boolean
  }
}
window.__searchBench = run
window.__searchReactBuild = reactBuild()
window.__searchReady = true
