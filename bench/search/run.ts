// bench/search: 100,000 search matches to first paint in Chromium, with peers side by side.
// Run: npm run bench -- search (writes docs/benchmarks/search.md).

import { writeFileSync } from 'node:fs'
import os from 'node:os'
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { createServer } from 'vite'
import { launchChromium } from '../../test/chromium'
import { median } from '../_shared/harness'
import type { Result, Variant } from './main'

const ROOT = resolve(import.meta.dirname)
const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const COUNT = 100_000
const VARIANTS: Array<{ id: Variant; label: string }> = [
  { id: 'search-card', label: 'SearchCard (intent already validated)' },
  { id: 'search-card-validated', label: 'CardRenderer + SearchCard (parseIntent of 100k matches included)' },
  {
    id: 'generic-text',
    label: 'peer: the same result as raw ripgrep text in the generic card (virtualized)',
  },
  { id: 'naive-list', label: 'peer: naive React list, one DOM row per match (no virtualization)' },
]

const ms = (n: number) => `${n.toFixed(1)} ms`

async function main() {
  const loadBefore = os.loadavg()[0] ?? 0
  const server = await createServer({
    root: ROOT,
    configFile: false,
    mode: 'production',
    logLevel: 'error',
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    // No HMR and no watching: other work in the tree must not reload the page mid-measurement.
    server: { port: 0, host: '127.0.0.1', hmr: false, watch: null },
    optimizeDeps: { esbuildOptions: { define: { 'process.env.NODE_ENV': '"production"' } } },
  })
  await server.listen()
  const address = server.httpServer?.address()
  const port = typeof address === 'object' && address ? address.port : 5173
  const browser = await launchChromium(['--js-flags=--expose-gc'])
  const results = new Map<Variant, Result[]>()
  let reactBuild = 'unknown'
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } })
    page.on('pageerror', (e) => console.error('page error:', e.message))
    // warm-up: Vite transforms every module once (not measured)
    await page.goto(`http://127.0.0.1:${port}/`)
    await page.waitForFunction(() => window.__searchReady === true, undefined, { timeout: 120_000 })
    reactBuild = await page.evaluate(() => window.__searchReactBuild)
    // One discarded round: the browser's code cache fills on the first loads of each page.
    for (let run = -1; run < RUNS; run++) {
      for (const v of VARIANTS) {
        await page.goto(`http://127.0.0.1:${port}/`)
        await page.waitForFunction(() => window.__searchReady === true)
        const r = await page.evaluate(
          ([variant, count]) => window.__searchBench(variant as Variant, count as number),
          [v.id, COUNT] as const,
        )
        if (run < 0) continue
        const list = results.get(v.id) ?? []
        list.push(r)
        results.set(v.id, list)
        process.stdout.write('.')
      }
    }
    process.stdout.write('\n')
  } finally {
    await browser.close()
    await server.close()
  }

  const loadAfter = os.loadavg()[0] ?? 0
  const version = (await import('react/package.json', { with: { type: 'json' } })).default.version
  const rows = VARIANTS.map((v) => {
    const rs = results.get(v.id) ?? []
    const paint = median(rs.map((r) => r.firstPaintMs))
    const commit = median(rs.map((r) => r.commitMs))
    const worstTask = Math.max(0, ...rs.flatMap((r) => r.longTasks))
    const runsWithLong = rs.filter((r) => r.longTasks.length > 0).length
    const nodes = median(rs.map((r) => r.domNodes))
    const filter = rs.some((r) => r.filterMs !== undefined)
      ? median(rs.map((r) => r.filterMs ?? 0))
      : undefined
    const grouped = rs.some((r) => r.groupedMs !== undefined)
      ? median(rs.map((r) => r.groupedMs ?? 0))
      : undefined
    const filterTask = Math.max(0, ...rs.flatMap((r) => r.filterLongTasks))
    return { v, paint, commit, worstTask, runsWithLong, nodes, filter, grouped, filterTask, n: rs.length }
  })
  const base = rows[0]!
  const table = [
    '| variant | first paint (median) | render + commit (median) | longest task over 50 ms (worst run) | runs with a long task | DOM nodes | vs SearchCard |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.v.label} | ${ms(r.paint)} | ${ms(r.commit)} | ${r.worstTask ? `${r.worstTask} ms` : 'none'} | ${r.runsWithLong} of ${r.n} | ${r.nodes.toLocaleString('en-US')} | ${(r.paint / base.paint).toFixed(2)}x |`,
    ),
  ].join('\n')
  const filterLines = rows
    .filter((r) => r.filter !== undefined)
    .map(
      (r) =>
        `- ${r.v.label}: all 100,000 matches grouped (slices between frames, counts final) ${ms(r.grouped ?? 0)} after the start of render; typing a path filter that narrows 1,000 files to 1, to the next paint: ${ms(r.filter!)} (median); longest task while filtering: ${r.filterTask ? `${r.filterTask} ms` : 'none over 50 ms'}.`,
    )
    .join('\n')
  const taskLog = rows
    .map((r) => {
      const rs = results.get(r.v.id) ?? []
      const runs = rs.map((x) =>
        x.longTasks.length ? x.longTasks.map((d, i) => `${d} ms at +${x.longTaskAt[i]} ms`).join(', ') : '-',
      )
      return `- ${r.v.label}: ${runs.join(' | ')}`
    })
    .join('\n')
  const paintGoal = base.paint < 100
  const taskGoal = base.worstTask === 0 && base.filterTask === 0
  const validated = rows[1]!
  const doc = `## Search

Last run: ${new Date().toISOString().slice(0, 10)}. React ${version} (${reactBuild} build), Chromium headless, ${os.cpus().length} cores,
load average ${loadBefore.toFixed(1)} at the start and ${loadAfter.toFixed(1)} at the end (the machine is shared: long tasks
here include time the page waited for a core; compare variants within the run).

**Method.** \`bench/search/run.ts\` serves \`bench/search/\` with Vite's \`createServer\` (mode production,
\`process.env.NODE_ENV=production\`) and drives Chromium through Playwright. Each run loads a fresh page,
builds ${COUNT.toLocaleString('en-US')} content matches in ${(COUNT / 100).toLocaleString('en-US')} files (deterministic, about 60
characters a line, one range each, passed through \`JSON.parse(JSON.stringify())\` as from the wire) *before*
timing, collects garbage (\`--js-flags=--expose-gc\`) and waits 100 ms, then renders with \`flushSync\` and takes the time
at the first \`requestAnimationFrame\` + \`setTimeout(0)\` after the commit (the frame that paints the card).
Long tasks come from \`PerformanceObserver('longtask')\` (Chromium reports tasks over 50 ms); DOM nodes
are counted inside the mount point after the first paint. ${RUNS} runs per variant, interleaved, after one
discarded warm-up round (the browser's code cache fills on the first loads);
medians reported, worst long task over all runs. Peers in the same run: the same result as raw
ripgrep text in the kit's generic card (what an agent's grep shows without this card), and a naive React
list with one DOM row per match.

${table}

${filterLines}

Long tasks per run (duration at start, in ms after the start of render; \`-\` = none):

${taskLog}

**Goals** (SearchCard, intent already validated, as the card receives it from \`CardRenderer\`):

- First paint of 100,000 matches under 100 ms: **${paintGoal ? 'MET' : 'NOT MET'}** (${ms(base.paint)} median).
- No task over 50 ms (mount, grouping slices and filtering): **${taskGoal ? 'MET' : 'NOT MET'}** (${base.worstTask || base.filterTask ? `worst long task ${Math.max(base.worstTask, base.filterTask)} ms; mount had one in ${base.runsWithLong} of ${base.n} runs` : `no long task in ${base.n} runs`}).

With validation included (\`CardRenderer\` runs \`parseIntent\` over the 100,000 matches before the card
renders): ${ms(validated.paint)} to first paint, worst task ${validated.worstTask ? `${validated.worstTask} ms` : 'under 50 ms'}.
`
  writeFileSync(resolve(ROOT, '../../docs/benchmarks/search.md'), doc)
  console.log(doc)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
