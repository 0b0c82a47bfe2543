// bench/huge: BAD-INPUTS.md's promise 7, "a 50 MB output never blocks the main thread for more than
// 50 ms at a time", measured for each card: one field of about 50 MB through CardRenderer (the kit cuts
// it to its 16 MB string limit, with a notice), beside one plain <pre> holding the same 50 MB. Reports
// every card's longest main-thread task from the start of render to WINDOW_MS after its first paint.
// Run: npm run bench -- huge (writes docs/benchmarks/huge.md).

import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { resolve } from 'node:path'
import type { Page } from 'playwright'
import { launchChromium } from '../../test/chromium'
import { median, serveBuiltPage } from '../_shared/harness'
import { type Task, tasksDuring } from '../_shared/tasks'
import type { Huge, HugeResult, Variant } from './main'

const ROOT = resolve(import.meta.dirname)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
/** After the first paint: the 16 MB the kit keeps is read in slices within it. */
const WINDOW_MS = 5_000
const CARDS: Array<{ id: Huge; label: string }> = [
  { id: 'terminal', label: 'terminal: 50 MB log (`output`), 1.3 million lines' },
  { id: 'read', label: 'read: 50 MB TypeScript file (`content`), 1 million lines, highlighting on' },
  { id: 'diff', label: 'diff: one new file, 50 MB patch, 0.8 million added lines, highlighting on' },
  {
    id: 'diff-text',
    label: "diff: one new file given whole (`newText`, as Claude Code's Write), 50 MB, 0.8 million lines",
  },
  { id: 'search', label: 'search: one 50 MB matched line (a minified bundle) and 50 short ones' },
  { id: 'web', label: 'web: 50 MB markdown excerpt' },
  { id: 'generic', label: 'generic: one 50 MB string in `output`' },
]
/** Exploration: BENCH_ONLY=terminal,read runs only those cards and writes no document. */
const ONLY = process.env.BENCH_ONLY?.split(',')
const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`

type Measured = HugeResult & { tasks: Task[]; frameMs: number }

async function main() {
  const loads = [loadavg()[0]!]
  const { server, url } = await serveBuiltPage(ROOT, { compileHint: false })
  const browser = await launchChromium(['--js-flags=--expose-gc'])
  const results: Measured[] = []
  let page: Page | undefined
  const fresh = async () => {
    page ??= await browser.newPage({ viewport: { width: 1200, height: 900 } })
    page.on('pageerror', (e) => console.error('page error:', e.message))
    await page.goto(url)
    await page.waitForFunction(() => window.__ready === true, undefined, { timeout: 300_000 })
    return page
  }
  const cards = CARDS.filter((c) => !ONLY || ONLY.includes(c.id))
  try {
    // warm-up, not measured: every chunk and grammar in the HTTP cache
    for (const c of cards)
      await (await fresh()).evaluate(([id, w]) => window.__huge(id as Huge, 'card', w as number), [c.id, 500])
    for (let run = 0; run < RUNS; run++) {
      for (const c of cards) {
        // the <pre> of 50 MB takes 10-60 s to paint: measured in the first round only
        for (const v of (run === 0 ? ['pre', 'card'] : ['card']) as Variant[]) {
          const tab = await fresh()
          const { value, tasks, commits } = await tasksDuring(tab, () =>
            tab.evaluate(
              ([id, variant, w]) => window.__huge(id as Huge, variant as Variant, w as number),
              [c.id, v, WINDOW_MS],
            ),
          )
          // the first frame after the task that put the content in the DOM (bench/_shared/page.ts)
          const frame = commits.find((t) => t >= value.insertedMs)
          results.push({ ...value, tasks, frameMs: frame ?? value.firstPaintMs })
          process.stdout.write('.')
        }
      }
      loads.push(loadavg()[0]!)
    }
  } finally {
    await browser.close()
    await server.close()
  }
  process.stdout.write('\n')
  const quiet = loads[0]! < 1
  const longest = (r: { tasks: Task[] }) => Math.max(0, ...r.tasks.map((t) => t.ms))
  const rows = cards.map((c) => {
    const of = (v: Variant) => results.filter((r) => r.card === c.id && r.variant === v)
    const card = of('card')
    const pre = of('pre')
    const worstTask = card
      .flatMap((r) => r.tasks)
      .reduce((a, t) => (t.ms > a.ms ? t : a), { ms: 0, cpuMs: 0 })
    return {
      c,
      chars: card[0]?.chars ?? 0,
      prePaint: median(pre.map((r) => r.frameMs)),
      preWorst: Math.max(...pre.map(longest)),
      cardPaint: median(card.map((r) => r.frameMs)),
      worst: worstTask.ms,
      worstCpu: worstTask.cpuMs,
      medianLongest: median(card.map(longest)),
      over50: card.filter((r) => r.tasks.some((t) => t.ms > 50)).length,
      runs: card.length,
      cut: card.every((r) => r.cutShown),
      nodes: median(card.map((r) => r.domNodes)),
      log: card
        .map(
          (r) =>
            r.tasks
              .filter((t) => t.ms >= 20)
              .map((t) => Math.round(t.ms))
              .join(' + ') || 'none of 20 ms or more',
        )
        .join('; '),
    }
  })
  const doc = `## Promise 7: a 50 MB field never blocks the main thread for more than 50 ms

Last run: ${new Date().toISOString().slice(0, 10)}. Chromium headless, ${cpus().length} cores. Machine load (1-minute load
average): ${loads[0]!.toFixed(2)} before the bench started, then ${loads
    .slice(1)
    .map((l) => l.toFixed(1))
    .join(', ')} after each round (the bench's own Chromium counts in these).
${quiet ? 'A quiet machine: load under 1 before the start.' : 'Not a quiet machine (load 1 or more before the start): absolute times grow with the load.'}

**Method.** \`bench/huge/run.ts\` builds \`bench/huge/\` as an app ships (\`vite build\`, production, minified)
and drives Chromium through Playwright, as \`bench/scenarios\` does (the same page in the same tab, a full
garbage collection and 600 ms of quiet before each render, every main-thread task read from a trace, the
first paint the first frame after the task that put the content in the DOM).
Each card gets one field of about 50 MB (${cards.map((c) => c.id).join(', ')}), as a host gets it from the wire
(the model through \`JSON.parse\`), through \`CardRenderer\` with the kit's defaults (highlighting on). The
kit cuts a string over its 16 MB limit (\`LIMITS.maxStringSize\`) and the card says so. The window runs from
the start of render to ${WINDOW_MS / 1000} s after the first paint, so the slices that read the 16 MB count.
The reference is one \`<pre>\` holding the whole 50 MB field, measured once (it takes 10-60 s to paint). ${RUNS}
runs per card; medians of first paint, the longest task of all runs (and the median of each run's longest).

| card | plain \`<pre>\` first paint | card first paint | card longest task, worst run (median run) | its CPU time | runs with a task over 50 ms | cut said in the card | \`<pre>\` longest task |
|---|---:|---:|---:|---:|---:|---|---:|
${rows
  .map(
    (r) =>
      `| ${r.c.label} | ${ms(r.prePaint)} | ${ms(r.cardPaint)} | ${ms(r.worst)} (${ms(r.medianLongest)}) | ${ms(r.worstCpu)} | ${r.over50} of ${r.runs} | ${r.cut ? 'yes' : '**no**'} | ${ms(r.preWorst)} |`,
  )
  .join('\n')}

${rows.map((r) => `- ${r.c.id}: longest task ${ms(r.worst)}: **${r.worst <= 50 ? 'MET' : 'NOT MET'}**${quiet ? '' : ' (asked on a quiet machine; this run was not)'}.`).join('\n')}

Tasks of the card of 20 ms or more, per run (ms): ${rows.map((r) => `${r.c.id}: ${r.log}`).join('. ')}.
`
  console.log(doc)
  if (!ONLY) writeFileSync(resolve(ROOT, '../../docs/benchmarks/huge.md'), doc)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
