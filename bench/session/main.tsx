// Benchmark page: a session of N cards made from real Claude Code sessions (the corpus through
// fromClaudeCode, repeated with fresh ids), folded, then mounted in SessionView with virtualization on or
// off; measures mount, long tasks, DOM size and scroll frames. Driven by bench/session/run.ts.
import '../../src/styles.css'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { CardRenderer } from '../../src/cards/CardRenderer'
import { ToolcardsProvider } from '../../src/cards/host'
import { SessionView } from '../../src/cards/session'
import { foldSession, type SessionState } from '../../src/session'
import { realSessionOf } from '../../stories/fixtures/session-corpus'
import { renderAppShell } from '../_shared/shell'

export interface Prepared {
  cards: number
  events: number
  kinds: Record<string, number>
  /** foldSession of all events (validation included). */
  foldMs: number
}

export interface Mounted {
  /** Render + commit (synchronous). */
  commitMs: number
  /** From the start of render to the paint after the commit. */
  firstPaintMs: number
  /** Long tasks during mount and the 1 s after it (measurement, highlighting). */
  longTasks: number[]
  domNodes: number
  mountedCards: number
}

export interface Scrolled {
  frames: number
  /** Intervals between animation frames while scrolling, in ms. */
  frameMedianMs: number
  frameP95Ms: number
  frameMaxMs: number
  longTasks: number[]
  /** Cards mounted at the end of the scroll. */
  mountedCards: number
  scrolledPx: number
}

let state: SessionState | null = null
let root: Root | null = null
const container = document.getElementById('root') as HTMLElement

function nextPaint(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)),
  )
}

function observeLongTasks() {
  const tasks: PerformanceEntry[] = []
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push(e)
  })
  observer.observe({ type: 'longtask' })
  return {
    stop(): number[] {
      for (const e of observer.takeRecords()) tasks.push(e)
      observer.disconnect()
      return tasks.map((t) => Math.round(t.duration))
    },
  }
}

function prepare(n: number): Prepared {
  const events = realSessionOf(n)
  const t0 = performance.now()
  state = foldSession(events)
  const foldMs = performance.now() - t0
  const kinds: Record<string, number> = {}
  for (const c of state.cards) {
    const k = (c.intent as { card?: string } | undefined)?.card ?? 'none'
    kinds[k] = (kinds[k] ?? 0) + 1
  }
  return { cards: state.cards.length, events: events.length, kinds, foldMs }
}

async function mount(virtualize: boolean, highlight = true): Promise<Mounted> {
  if (!state) throw new Error('prepare first')
  const s = state
  root = createRoot(container)
  await nextPaint()
  const tasks = observeLongTasks()
  const t0 = performance.now()
  const view = <SessionView state={s} virtualize={virtualize} followEnd={false} />
  flushSync(() =>
    root?.render(highlight ? view : <ToolcardsProvider highlighter={null}>{view}</ToolcardsProvider>),
  )
  const t1 = performance.now()
  const t2 = await nextPaint()
  await new Promise((r) => setTimeout(r, 1000))
  return {
    commitMs: t1 - t0,
    firstPaintMs: t2 - t0,
    longTasks: tasks.stop(),
    domNodes: container.querySelectorAll('*').length,
    mountedCards: container.querySelectorAll('[data-session-item]').length,
  }
}

async function scroll(frames: number, stepPx: number): Promise<Scrolled> {
  const el = container.querySelector<HTMLElement>('[data-slot="session-scroll"]')
  if (!el) throw new Error('mount first')
  const tasks = observeLongTasks()
  const stamps: number[] = []
  const start = el.scrollTop
  await new Promise<void>((resolve) => {
    const step = (t: number) => {
      stamps.push(t)
      if (stamps.length > frames) return resolve()
      el.scrollTop += stepPx
      requestAnimationFrame(step)
    }
    requestAnimationFrame(step)
  })
  await nextPaint()
  const gaps = stamps.slice(1).map((t, i) => t - (stamps[i] as number))
  const sorted = [...gaps].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return {
    frames: gaps.length,
    frameMedianMs: at(0.5),
    frameP95Ms: at(0.95),
    frameMaxMs: sorted.at(-1) ?? 0,
    longTasks: tasks.stop(),
    mountedCards: container.querySelectorAll('[data-session-item]').length,
    scrolledPx: el.scrollTop - start,
  }
}

/** Mounts each of the first `n` cards alone and times render + commit; returns the slowest. */
function profileCards(n: number): Array<{ id: string; kind: string; ms: number; size: number }> {
  if (!state) throw new Error('prepare first')
  const out: Array<{ id: string; kind: string; ms: number; size: number }> = []
  const box = document.createElement('div')
  box.style.width = '1000px'
  document.body.append(box)
  const r = createRoot(box)
  for (const model of state.cards.slice(0, n)) {
    const t0 = performance.now()
    flushSync(() => r.render(<CardRenderer key={model.id} model={model} />))
    void box.offsetHeight // include style and layout
    const ms = performance.now() - t0
    const kind = (model.intent as { card?: string } | undefined)?.card ?? 'none'
    out.push({ id: model.id, kind, ms, size: JSON.stringify(model.intent ?? null).length })
  }
  r.unmount()
  box.remove()
  return out.sort((a, b) => b.ms - a.ms)
}

function unmount() {
  root?.unmount()
  root = null
}

/** Which React build is loaded: development builds attach `_debugStack` to fibers. */
function reactBuild(): string {
  const el = document.createElement('div')
  const r = createRoot(el)
  flushSync(() => r.render('x'))
  const key = Object.keys(el).find((k) => k.startsWith('__reactContainer'))
  const fiber = key ? (el as unknown as Record<string, object | undefined>)[key] : undefined
  const child = fiber && 'child' in fiber ? (fiber.child as object | null) : null
  r.unmount()
  return child && '_debugStack' in child ? 'development' : 'production'
}

declare global {
  interface Window {
    __session: {
      prepare: typeof prepare
      mount: typeof mount
      scroll: typeof scroll
      unmount: typeof unmount
      profileCards: typeof profileCards
      reactBuild: string
    }
    __ready: boolean
  }
}
renderAppShell(document.getElementById('root') as HTMLElement)
window.__session = { prepare, mount, scroll, unmount, profileCards, reactBuild: reactBuild() }
window.__ready = true
