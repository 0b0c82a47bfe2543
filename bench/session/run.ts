// bench/session: 2,000 cards from real sessions in SessionView, Chromium, virtualization on vs off.
// Run: npm run bench -- session (writes docs/benchmarks/session.md). BENCH_RUNS (default 3) runs per case.

import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import type { CDPSession, Page } from 'playwright'
import { createServer } from 'vite'
import { launchChromium } from '../../test/chromium'
import type { Mounted, Prepared, Scrolled } from './main'

const ROOT = resolve(import.meta.dirname)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const SIZES = [250, 500, 1000, 2000]
const MAIN = 2000
const SCROLL_FRAMES = 120
const SCROLL_STEP = 200

interface Sample {
  n: number
  virtualize: boolean
  highlight: boolean
  prepared: Prepared
  mounted: Mounted
  /** JS heap used after the fold (events + state), after GC, in bytes. */
  heapFolded: number
  /** After mount and GC. */
  heapMounted: number
  scrolled?: Scrolled
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length === 0
    ? Number.NaN
    : s.length % 2
      ? (s[m] as number)
      : ((s[m - 1] as number) + (s[m] as number)) / 2
}
const ms = (n: number) => `${n.toFixed(1)} ms`
/** A longest task: the long-task API reports only tasks over 50 ms, so 0 means none was. */
const task = (n: number) => (n > 0 ? ms(n) : 'none over 50 ms')
const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`

async function heap(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
  return usedSize
}

async function one(
  page: Page,
  cdp: CDPSession,
  url: string,
  n: number,
  virtualize: boolean,
  highlight = true,
): Promise<Sample> {
  await page.goto(url)
  await page.waitForFunction(() => window.__ready === true, undefined, { timeout: 120_000 })
  const prepared = await page.evaluate((count) => window.__session.prepare(count), n)
  const heapFolded = await heap(cdp)
  const mounted = await page.evaluate(
    ([v, h]) => window.__session.mount(v as boolean, h as boolean),
    [virtualize, highlight],
  )
  const heapMounted = await heap(cdp)
  const sample: Sample = { n, virtualize, highlight, prepared, mounted, heapFolded, heapMounted }
  if (n === MAIN) {
    sample.scrolled = await page.evaluate(
      ([f, s]) => window.__session.scroll(f as number, s as number),
      [SCROLL_FRAMES, SCROLL_STEP],
    )
  }
  await page.evaluate(() => window.__session.unmount())
  return sample
}

async function main() {
  const server = await createServer({
    root: ROOT,
    configFile: false,
    mode: 'production',
    logLevel: (process.env.BENCH_LOG as 'info' | undefined) ?? 'error',
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    // No file watching and no HMR: other work in the tree must not reload the page mid-measurement.
    server: { port: 0, host: '127.0.0.1', hmr: false, watch: null, fs: { allow: [resolve(ROOT, '../..')] } },
  })
  await server.listen()
  const address = server.httpServer?.address()
  const port = typeof address === 'object' && address ? address.port : 5173
  const url = `http://127.0.0.1:${port}/`
  const browser = await launchChromium()
  const samples: Sample[] = []
  let reactBuild = 'unknown'
  let perCard: Array<{ id: string; kind: string; ms: number; size: number }> = []
  const loadBefore = os.loadavg()[0] ?? 0
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } })
    page.on('pageerror', (e) => console.error('page error:', e.message))
    const cdp = await page.context().newCDPSession(page)
    // Warm-up (not measured): Vite transforms every module and pre-bundles the languages the highlighter
    // loads on demand, which reloads the page once; repeat until a pass runs through without a reload.
    for (let attempt = 0; ; attempt++) {
      try {
        await one(page, cdp, url, MAIN, false)
        await one(page, cdp, url, 250, true)
        break
      } catch (error) {
        if (attempt >= 3) throw error
        await new Promise((r) => setTimeout(r, 2000))
      }
    }
    reactBuild = await page.evaluate(() => window.__session.reactBuild)
    for (let run = 0; run < RUNS; run++) {
      for (const n of SIZES) {
        for (const virtualize of [true, false]) {
          samples.push(await one(page, cdp, url, n, virtualize))
          process.stdout.write('.')
        }
      }
      // Attribution: the same virtualized case with syntax highlighting off (ToolcardsProvider highlighter={null}).
      samples.push(await one(page, cdp, url, MAIN, true, false))
    }
    process.stdout.write('\n')
    // Each of the 227 real cards mounted alone (render, commit, style and layout), the second pass timed.
    await page.goto(url)
    await page.waitForFunction(() => window.__ready === true)
    await page.evaluate(() => window.__session.prepare(227))
    await page.evaluate(() => window.__session.profileCards(227))
    perCard = await page.evaluate(() => window.__session.profileCards(227))
  } finally {
    await browser.close()
    await server.close()
  }
  const load = { before: loadBefore, after: os.loadavg()[0] ?? 0, cpus: os.cpus().length }
  const doc = report(samples, reactBuild, perCard, load)
  mkdirSync(resolve(ROOT, '../../docs/benchmarks'), { recursive: true })
  writeFileSync(resolve(ROOT, '../../docs/benchmarks/session.md'), doc)
  console.log(doc)
}

function pick(samples: Sample[], n: number, virtualize: boolean, highlight = true) {
  const s = samples.filter((x) => x.n === n && x.virtualize === virtualize && x.highlight === highlight)
  const scrolls = s.map((x) => x.scrolled).filter((x): x is Scrolled => x !== undefined)
  return {
    runs: s.length,
    prepared: s[0]?.prepared,
    foldMs: median(s.map((x) => x.prepared.foldMs)),
    commitMs: median(s.map((x) => x.mounted.commitMs)),
    firstPaintMs: median(s.map((x) => x.mounted.firstPaintMs)),
    maxTaskMount: Math.max(0, ...s.flatMap((x) => x.mounted.longTasks)),
    longTasksMount: median(s.map((x) => x.mounted.longTasks.length)),
    longTasksScroll: median(scrolls.map((x) => x.longTasks.length)),
    domNodes: median(s.map((x) => x.mounted.domNodes)),
    mountedCards: median(s.map((x) => x.mounted.mountedCards)),
    heapFolded: median(s.map((x) => x.heapFolded)),
    heapRender: median(s.map((x) => x.heapMounted - x.heapFolded)),
    frameMedian: median(scrolls.map((x) => x.frameMedianMs)),
    frameP95: median(scrolls.map((x) => x.frameP95Ms)),
    frameMax: Math.max(0, ...scrolls.map((x) => x.frameMaxMs)),
    maxTaskScroll: Math.max(0, ...scrolls.flatMap((x) => x.longTasks)),
    scrolledPx: median(scrolls.map((x) => x.scrolledPx)),
  }
}

function report(
  samples: Sample[],
  reactBuild: string,
  perCard: Array<{ id: string; kind: string; ms: number; size: number }>,
  load: { before: number; after: number; cpus: number },
): string {
  const kindsSeen = [...new Set(perCard.map((c) => c.kind))].sort()
  const cardRows = kindsSeen.map((k) => {
    const times = perCard.filter((c) => c.kind === k).map((c) => c.ms)
    return `| ${k} | ${times.length} | ${ms(median(times))} | ${ms(Math.max(...times))} |`
  })
  const on = pick(samples, MAIN, true)
  const off = pick(samples, MAIN, false)
  const plain = pick(samples, MAIN, true, false)
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}x` : 'n/a')
  const kinds = Object.entries(on.prepared?.kinds ?? {})
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')
  const maxTaskOn = Math.max(on.maxTaskMount, on.maxTaskScroll)
  const small = pick(samples, SIZES[0] as number, true)
  const flat = on.heapRender <= 1.5 * small.heapRender
  const rows = SIZES.map((n) => {
    const a = pick(samples, n, true)
    const b = pick(samples, n, false)
    return `| ${n.toLocaleString('en-US')} | ${mb(a.heapFolded)} | ${mb(a.heapRender)} | ${a.domNodes.toLocaleString('en-US')} | ${ms(a.firstPaintMs)} | ${mb(b.heapRender)} | ${b.domNodes.toLocaleString('en-US')} | ${ms(b.firstPaintMs)} |`
  })
  const date = new Date().toISOString().slice(0, 10)
  return `## Session

Date: ${date}. React build: ${reactBuild}. Runs per case: ${RUNS} (medians; "max" columns are the worst run).
Machine load (1-minute load average, ${load.cpus} CPUs): ${load.before.toFixed(1)} at the start, ${load.after.toFixed(1)} at the end. The
machine was shared with other work while this ran, so a task can be stretched by waiting for a CPU:
read the long-task figures as upper bounds.

**Method.** \`bench/session/run.ts\` serves \`bench/session/\` with Vite (production mode) and drives Debian's
Chromium (headless) with Playwright. The session is real: the three Claude Code sessions of
\`test/fixtures/corpus/claude-code/\` converted by \`fromClaudeCode\` (227 calls), repeated with fresh ids and cut
at N calls. For ${MAIN.toLocaleString('en-US')} calls: ${on.prepared?.events.toLocaleString('en-US')} events; cards by kind: ${kinds}.
Each case is a fresh page load, where a host's app shell (\`bench/_shared/shell.tsx\`: a header, three buttons) is
rendered with React at load, as a host does before any card (from 2026-12-05): \`foldSession(events)\` (timed), garbage collection and JS heap size through
the DevTools protocol (\`HeapProfiler.collectGarbage\`, \`Runtime.getHeapUsage\`), then \`<SessionView state>\`
mounted inside \`flushSync\` in a 1000 x 800 px box (render + commit timed, then to the next paint), one
second for measurement and highlighting to settle (long tasks counted through it with
\`PerformanceObserver('longtask')\`), GC and heap again, then (at ${MAIN.toLocaleString('en-US')} calls) ${SCROLL_FRAMES} animation frames
scrolling ${SCROLL_STEP} px each, timing the intervals between frames. "Off" renders every card
(\`virtualize={false}\`): the baseline of a chat UI that mounts the whole history.

### ${MAIN.toLocaleString('en-US')} cards

| | virtualized | virtualized, highlighting off | all mounted (off) | off / on |
|---|---|---|---|---|
| fold (foldSession, ${on.prepared?.events.toLocaleString('en-US')} events) | ${ms(on.foldMs)} | ${ms(plain.foldMs)} | ${ms(off.foldMs)} | |
| mount: render + commit | ${ms(on.commitMs)} | ${ms(plain.commitMs)} | ${ms(off.commitMs)} | ${ratio(off.commitMs, on.commitMs)} |
| mount: to first paint | ${ms(on.firstPaintMs)} | ${ms(plain.firstPaintMs)} | ${ms(off.firstPaintMs)} | ${ratio(off.firstPaintMs, on.firstPaintMs)} |
| longest task, mount + 1 s (max) | ${task(on.maxTaskMount)} | ${task(plain.maxTaskMount)} | ${task(off.maxTaskMount)} | |
| long tasks, mount + 1 s (count) | ${on.longTasksMount} | ${plain.longTasksMount} | ${off.longTasksMount} | |
| cards mounted | ${on.mountedCards} | ${plain.mountedCards} | ${off.mountedCards} | |
| DOM elements | ${on.domNodes.toLocaleString('en-US')} | ${plain.domNodes.toLocaleString('en-US')} | ${off.domNodes.toLocaleString('en-US')} | ${ratio(off.domNodes, on.domNodes)} |
| JS heap: events + folded state | ${mb(on.heapFolded)} | ${mb(plain.heapFolded)} | ${mb(off.heapFolded)} | |
| JS heap added by mounting | ${mb(on.heapRender)} | ${mb(plain.heapRender)} | ${mb(off.heapRender)} | ${ratio(off.heapRender, on.heapRender)} |
| scroll: frame interval, median | ${ms(on.frameMedian)} | ${ms(plain.frameMedian)} | ${ms(off.frameMedian)} | |
| scroll: frame interval, p95 | ${ms(on.frameP95)} | ${ms(plain.frameP95)} | ${ms(off.frameP95)} | |
| scroll: frame interval, max | ${ms(on.frameMax)} | ${ms(plain.frameMax)} | ${ms(off.frameMax)} | |
| scroll: long tasks (count) | ${on.longTasksScroll} | ${plain.longTasksScroll} | ${off.longTasksScroll} | |
| scroll: longest task (max) | ${task(on.maxTaskScroll)} | ${task(plain.maxTaskScroll)} | ${task(off.maxTaskScroll)} | |
| scrolled | ${(on.scrolledPx / 1000).toFixed(0)}k px | ${(plain.scrolledPx / 1000).toFixed(0)}k px | ${(off.scrolledPx / 1000).toFixed(0)}k px | |

### Heap and DOM against the number of cards

| cards | heap: events + state | heap added by mount, virtualized | DOM elements, virtualized | first paint, virtualized | heap added by mount, off | DOM elements, off | first paint, off |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

### One card alone

Each of the 227 real cards mounted alone in a 1000 px box (render, commit, style and layout; second pass):
what one card costs when it scrolls into view. SessionView mounts at most two newly visible cards per
frame while scrolling (placeholders of the known or estimated height stand in for the rest).

| card | count | median | max |
|---|---|---|---|
${cardRows.join('\n')}

### Goals

- Mount under 200 ms (${MAIN.toLocaleString('en-US')} cards, virtualized, render to first paint): **${on.firstPaintMs < 200 ? 'MET' : 'NOT MET'}**, ${ms(on.firstPaintMs)}
  (with the fold of the raw events before it: ${ms(on.foldMs + on.firstPaintMs)}; all mounted: ${ms(off.firstPaintMs)}).
- No task over 50 ms (virtualized, mount + 1 s and scrolling, worst run): **${maxTaskOn <= 50 ? 'MET' : 'NOT MET'}**, ${maxTaskOn > 0 ? `longest ${ms(maxTaskOn)}` : 'none in any run'}
  (highlighting off: ${task(Math.max(plain.maxTaskMount, plain.maxTaskScroll))}; all mounted: ${task(Math.max(off.maxTaskMount, off.maxTaskScroll))}).
- Heap roughly flat beyond the viewport (heap added by mounting, virtualized, at ${MAIN.toLocaleString('en-US')} cards at most 1.5x that at
  ${SIZES[0]} cards): **${flat ? 'MET' : 'NOT MET'}**, ${mb(on.heapRender)} vs ${mb(small.heapRender)}
  (all mounted: ${mb(off.heapRender)} vs ${mb(pick(samples, SIZES[0] as number, false).heapRender)}). The events and the folded state
  themselves grow with the session (${mb(small.heapFolded)} at ${SIZES[0]} cards, ${mb(on.heapFolded)} at ${MAIN.toLocaleString('en-US')}, page included).
`
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
