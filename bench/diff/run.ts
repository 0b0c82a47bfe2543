// bench/diff: the same 10,000-changed-line diff rendered by DiffCard, @git-diff-view/react and
// react-diff-view in Chromium, side by side in one run; plus the engine (parse, compute, word diff).
// Run: npm run bench -- diff (writes docs/benchmarks/diff.md).

import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { resolve } from 'node:path'
import { launchChromium } from '../../test/chromium'
import { median, servePage } from '../_shared/harness'
import type { EngineResult, Result, Variant } from './main'

const ROOT = resolve(import.meta.dirname)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const VARIANTS: Array<{ id: Variant; label: string }> = [
  { id: 'diffcard-patch', label: 'DiffCard, from the patch text (parse included), highlighting off' },
  { id: 'diffcard-texts', label: 'DiffCard, from oldText/newText (line diff included), highlighting off' },
  {
    id: 'diffcard-patch-highlight',
    label: 'DiffCard, from the patch text, syntax highlighting on (shiki, visible rows)',
  },
  { id: 'git-diff-view', label: 'peer: @git-diff-view/react 0.1.7 DiffView (unified, highlighting off)' },
  { id: 'react-diff-view', label: 'peer: react-diff-view 3.3.3 parseDiff + Diff/Hunk (unified)' },
]

/** Exploration: BENCH_ONLY=diffcard-patch runs only those variants and writes no document. */
const ONLY = process.env.BENCH_ONLY?.split(',')

const ms = (n: number) => `${n.toFixed(1)} ms`
const int = (n: number) => Math.round(n).toLocaleString('en-US')

async function main() {
  const { server, url } = await servePage(ROOT)
  const browser = await launchChromium()
  const loadBefore = loadavg()[0]!
  const results = new Map<Variant, Result[]>()
  const engines: EngineResult[] = []
  let reactBuild = 'unknown'
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } })
    page.on('pageerror', (e) => console.error('page error:', e.message))
    await page.goto(url)
    await page.waitForFunction(() => window.__ready === true, undefined, { timeout: 180_000 })
    reactBuild = await page.evaluate(() => window.__reactBuild)
    for (let run = 0; run < RUNS; run++) {
      for (const v of VARIANTS) {
        if (ONLY && !ONLY.includes(v.id)) continue
        await page.goto(url)
        await page.waitForFunction(() => window.__ready === true, undefined, { timeout: 180_000 })
        const r = await page.evaluate((variant) => window.__bench(variant as Variant), v.id)
        const list = results.get(v.id) ?? []
        list.push(r)
        results.set(v.id, list)
        process.stdout.write('.')
      }
      await page.goto(url)
      await page.waitForFunction(() => window.__ready === true, undefined, { timeout: 180_000 })
      // engine: one warm-up pass, then the measured one
      await page.evaluate(() => window.__engine())
      engines.push(await page.evaluate(() => window.__engine()))
    }
    process.stdout.write('\n')
  } finally {
    await browser.close()
    await server.close()
  }

  const loadAfter = loadavg()[0]!
  const version = (await import('react/package.json', { with: { type: 'json' } })).default.version
  const rows = VARIANTS.map((v) => {
    const rs = results.get(v.id) ?? []
    return {
      v,
      n: rs.length,
      paint: median(rs.map((r) => r.firstPaintMs)),
      worstTask: Math.max(0, ...rs.flatMap((r) => r.longTasks)),
      runsWithLong: rs.filter((r) => r.longTasks.length > 0).length,
      nodes: median(rs.map((r) => r.domNodes)),
      scroll: rs.some((r) => r.scrollMs !== undefined) ? median(rs.map((r) => r.scrollMs ?? 0)) : undefined,
      scrollTask: Math.max(0, ...rs.flatMap((r) => r.scrollLongTasks ?? [])),
      taskLog: rs
        .map((r) =>
          r.longTasks.length
            ? r.longTasks.map((d, i) => `${d} ms at +${r.longTaskAt[i]} ms`).join(', ')
            : 'none',
        )
        .join('; '),
    }
  })
  const byId = (id: Variant) => rows.find((r) => r.v.id === id)!
  const card = byId('diffcard-patch')
  const peers = [byId('git-diff-view'), byId('react-diff-view')]
  const betterPeer = peers.reduce((a, b) => (a.paint <= b.paint ? a : b))
  const ratio = betterPeer.paint / card.paint
  const table = [
    '| variant | first visible paint (median) | longest task (worst run) | runs with a task over 50 ms | DOM nodes (median) | peer time / DiffCard time |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.v.label} | ${ms(r.paint)} | ${r.worstTask ? `${r.worstTask} ms` : 'none over 50 ms'} | ${r.runsWithLong} of ${r.n} | ${int(r.nodes)} | ${(r.paint / card.paint).toFixed(2)}x |`,
    ),
  ].join('\n')
  const e = {
    parse: median(engines.map((x) => x.parseMs)),
    compute: median(engines.map((x) => x.computeMs)),
    words: median(engines.map((x) => x.wordDiffMs)),
    unrelated: median(engines.map((x) => x.unrelatedMs)),
  }
  const e0 = engines[0]!
  const paintGoal = ratio >= 5 && card.paint < 100
  const nodesGoal = card.nodes <= 5000
  const taskGoal = card.worstTask === 0
  const scrollLine = rows
    .filter((r) => r.scroll !== undefined)
    .map(
      (r) =>
        `- ${r.v.label}: scroll to the middle (row 15,000 of 30,000) to the paint of those rows ${ms(r.scroll!)} (median); longest task while scrolling: ${r.scrollTask ? `${r.scrollTask} ms` : 'none over 50 ms'}.`,
    )
    .join('\n')
  const doc = `## Diff

Last run: ${new Date().toISOString().slice(0, 10)}. React ${version} (${reactBuild} build), Chromium headless.
Machine load during the run: 1-minute load average ${loadBefore.toFixed(1)} at the start and ${loadAfter.toFixed(1)} at the end, on ${cpus().length} cores
(other work shared the machine; a task's wall time grows with the load, so compare the ratios).

**Method.** \`bench/diff/run.ts\` serves \`bench/diff/\` with Vite's \`createServer\` (mode production) and
drives Chromium through Playwright. The diff: a 20,000-line TypeScript file in which every other line
changed, so 10,000 removed and 10,000 added lines with 10,000 context lines between them, in one hunk
(a ${int(e0.patchLines)}-line git patch). Every variant gets the same data through \`JSON.parse\`, as from the wire;
each run loads a fresh page, starts a \`PerformanceObserver('longtask')\`, renders with \`flushSync\`, and
polls one frame at a time (\`requestAnimationFrame\` + \`setTimeout(0)\`) until diff rows are in the DOM:
that frame is the first visible paint (peers that build their model in an effect are timed to when
their rows appear). Long tasks are collected from the start of render until 1.5 s after that paint (so
deferred work such as highlighting counts); DOM nodes are counted in the mount point after that. ${RUNS} runs
per variant, interleaved; medians, and the worst long task over all runs. Peers in the same run:
\`@git-diff-view/react\` (\`DiffView\` with the patch as \`hunks\`, highlighting off) and \`react-diff-view\`
(\`parseDiff\` + \`Diff\`/\`Hunk\`, its documented use).

${table}

${scrollLine}

**Engine** (same page, median of ${engines.length} warm runs):

- \`parseUnifiedDiff\` of the ${int(e0.patchLines)}-line patch (10,000 removed + 10,000 added lines): ${ms(e.parse)}.
- \`computeDiff\` of the two 20,000-line texts (line diff and hunks): ${ms(e.compute)}.
- \`wordDiff\` of all ${int(e0.pairs)} removed/added pairs: ${ms(e.words)} (the card computes only the pairs on screen).
- \`computeDiff\` of two unrelated 5,000-line files: ${ms(e.unrelated)}, result notice \`${e0.unrelatedNotice}\` (the work cap).

Long tasks of DiffCard from the patch, per run (duration, and start after the start of render; the first
paint is at about +${Math.round(card.paint)} ms, and the whole patch is read in the task after it): ${card.taskLog}.

**Goals** (DiffCard from the patch, highlighting off, against the better peer, ${betterPeer.v.label.replace('peer: ', '')}):

- First paint at least 5x faster than the better peer and under 100 ms: **${paintGoal ? 'MET' : 'NOT MET'}** (${ms(card.paint)} vs ${ms(betterPeer.paint)}: ${ratio.toFixed(1)}x).
- A few thousand DOM nodes at most: **${nodesGoal ? 'MET' : 'NOT MET'}** (${int(card.nodes)} nodes; peers ${peers.map((p) => int(p.nodes)).join(' and ')}).
- No task over 50 ms: **${taskGoal ? 'MET' : 'NOT MET'}** (${card.worstTask ? `worst ${card.worstTask} ms, in ${card.runsWithLong} of ${card.n} runs` : `none in ${card.n} runs`}).

With highlighting on, the first paint is ${ms(byId('diffcard-patch-highlight').paint)} (plain text first, colour after) and the worst task
${byId('diffcard-patch-highlight').worstTask ? `${byId('diffcard-patch-highlight').worstTask} ms (the first use of the TypeScript grammar)` : 'stays under 50 ms'}; from old/new texts (the line diff of
20,000 lines included) the first paint is ${ms(byId('diffcard-texts').paint)}.
`
  if (ONLY) {
    console.log(
      rows
        .filter((r) => r.n > 0)
        .map((r) => `${r.v.id}: paint ${ms(r.paint)}; tasks ${r.taskLog}`)
        .join('\n'),
    )
    return
  }
  writeFileSync(resolve(ROOT, '../../docs/benchmarks/diff.md'), doc)
  console.log(doc)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
