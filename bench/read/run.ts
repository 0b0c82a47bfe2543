// Read card benchmark: first paint and highlighted viewport for 2,000 and 10,000 lines of TypeScript,
// with and without one non-Latin-1 character, against react-shiki and highlight.js in the same run.
// Run: npm run bench -- read   (writes docs/benchmarks/read.md)

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize, resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { launchChromium } from '../../test/chromium'
import type { CaseInput, CaseResult, Peer } from './main'

const REPS = Number(process.env.BENCH_REPS ?? 3)
const SIZES = [2_000, 10_000]
/** For trying things: BENCH_ONLY=toolcards,plain-pre (the report is only complete without it). */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean)
const here = import.meta.dirname

interface Row {
  label: string
  input: CaseInput
  results: CaseResult[]
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
}

function median(xs: number[]): number {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b)
  if (s.length === 0) return Number.NaN
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2
}

const ms = (x: number) => (Number.isFinite(x) ? `${Math.round(x)}` : 'n/a')

async function main() {
  // A production build (minified, React in production mode), served statically.
  const dir = await mkdtemp(join(tmpdir(), 'toolcards-bench-read-'))
  await build({
    root: here,
    base: '/',
    mode: 'production',
    logLevel: 'error',
    configFile: false,
    plugins: [react()],
    build: { outDir: dir, emptyOutDir: true, reportCompressedSize: false },
  })
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const file = normalize(join(dir, url.pathname === '/' ? 'index.html' : url.pathname))
    if (!file.startsWith(dir)) return void res.writeHead(403).end()
    try {
      const body = await readFile(file)
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const address = server.address()
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

  const browser = await launchChromium()

  const variants: Array<{ label: string; peer: Peer; warm: boolean; showAll?: boolean }> = [
    { label: 'toolcards (language loaded)', peer: 'toolcards', warm: false },
    { label: 'toolcards (language used once)', peer: 'toolcards', warm: true },
    {
      label: 'toolcards, 24-line preview as it opens (used once)',
      peer: 'toolcards',
      warm: true,
      showAll: false,
    },
    { label: 'toolcards, worker (language loaded)', peer: 'toolcards-worker', warm: false },
    { label: 'toolcards, worker (language used once)', peer: 'toolcards-worker', warm: true },
    { label: 'react-shiki 0.11, JS engine (first use)', peer: 'react-shiki', warm: false },
    { label: 'react-shiki 0.11, JS engine (used once)', peer: 'react-shiki', warm: true },
    { label: 'highlight.js 11 (whole file, sync)', peer: 'highlight.js', warm: true },
    { label: 'plain <pre> (no colour, reference)', peer: 'plain-pre', warm: false },
  ]
  const rows: Row[] = []
  for (const lines of SIZES) {
    for (const nonLatin of [false, true]) {
      for (const v of variants) {
        if (ONLY.length && !ONLY.includes(v.peer)) continue
        const input: CaseInput = {
          peer: v.peer,
          lines,
          nonLatin,
          warm: v.warm,
          ...(v.showAll === false ? { showAll: false } : {}),
        }
        const results: CaseResult[] = []
        for (let rep = 0; rep < REPS; rep++) {
          const page = await browser.newPage({ viewport: { width: 1200, height: 900 } })
          await page.goto(origin)
          await page.waitForFunction(
            () => (window as unknown as { benchReady?: boolean }).benchReady === true,
          )
          const r = (await page.evaluate(
            (i) => (window as unknown as { runCase: (i: CaseInput) => Promise<CaseResult> }).runCase(i),
            input,
          )) as CaseResult
          results.push(r)
          await page.close()
        }
        rows.push({ label: v.label, input, results })
        const f = summarize(results)
        console.log(
          `render ${ms(median(results.map((r) => r.renderMs ?? Number.NaN))).padStart(4)} ${v.label.padEnd(42)} ${String(lines).padStart(6)} ${nonLatin ? 'non-Latin-1' : 'Latin-1    '}  first ${ms(f.first).padStart(5)}  highlighted ${ms(f.highlighted).padStart(5)}  longest task ${ms(f.longest).padStart(5)}`,
        )
      }
    }
  }
  await browser.close()
  server.close()
  await rm(dir, { recursive: true, force: true })
  await writeFile(resolve(here, '../../docs/benchmarks/read.md'), report(rows))
  console.log('bench read: docs/benchmarks/read.md written')
}

function summarize(results: CaseResult[]) {
  return {
    first: median(results.map((r) => r.firstPaintMs)),
    highlighted: median(results.map((r) => r.highlightedMs)),
    longest: median(results.map((r) => Math.max(0, ...r.longTasks))),
    over50: median(results.map((r) => r.longTasks.filter((d) => d > 50).length)),
    nodes: median(results.map((r) => r.domNodes)),
  }
}

function report(rows: Row[]): string {
  const date = new Date().toISOString().slice(0, 10)
  const table = [
    '| renderer | lines | text | first paint (ms) | highlighted viewport (ms) | longest task (ms) | tasks > 50 ms | DOM nodes |',
    '|---|---:|---|---:|---:|---:|---:|---:|',
  ]
  for (const row of rows) {
    const f = summarize(row.results)
    table.push(
      `| ${row.label} | ${row.input.lines.toLocaleString('en-US')} | ${row.input.nonLatin ? 'one non-Latin-1 char' : 'Latin-1 only'} | ${ms(f.first)} | ${ms(f.highlighted)} | ${ms(f.longest)} | ${f.over50} | ${f.nodes.toLocaleString('en-US')} |`,
    )
  }
  const get = (label: string, lines: number, nonLatin: boolean) =>
    summarize(
      rows.find((r) => r.label.startsWith(label) && r.input.lines === lines && r.input.nonLatin === nonLatin)
        ?.results ?? [],
    )
  const ratios: string[] = []
  for (const lines of SIZES) {
    for (const nonLatin of [false, true]) {
      const ours = get('toolcards (language loaded)', lines, nonLatin)
      const shiki = get('react-shiki 0.11, JS engine (first use)', lines, nonLatin)
      const shikiWarm = get('react-shiki 0.11, JS engine (used once)', lines, nonLatin)
      const hl = get('highlight.js', lines, nonLatin)
      ratios.push(
        `| ${lines.toLocaleString('en-US')} | ${nonLatin ? 'one non-Latin-1 char' : 'Latin-1 only'} | ${(shiki.highlighted / ours.highlighted).toFixed(1)}x | ${(shikiWarm.highlighted / get('toolcards (language used once)', lines, nonLatin).highlighted).toFixed(1)}x | ${(hl.highlighted / ours.highlighted).toFixed(1)}x | ${(shiki.longest / Math.max(1, ours.longest)).toFixed(1)}x |`,
      )
    }
  }
  // Goals, judged on the worst of our cases (main thread and worker reported apart).
  const worst = (label: string, pick: (f: ReturnType<typeof summarize>) => number, lines?: number) =>
    Math.max(
      ...rows
        .filter((r) => r.label === label && (lines === undefined || r.input.lines === lines))
        .map((r) => pick(summarize(r.results))),
    )
  const mainLoaded = 'toolcards (language loaded)'
  const mainUsed = 'toolcards (language used once)'
  const workerLoaded = 'toolcards, worker (language loaded)'
  const workerUsed = 'toolcards, worker (language used once)'
  const firstPaint10k = Math.max(
    ...[mainLoaded, mainUsed, workerLoaded, workerUsed].map((l) => worst(l, (f) => f.first, 10_000)),
  )
  const firstPaintPreview10k = worst(
    'toolcards, 24-line preview as it opens (used once)',
    (f) => f.first,
    10_000,
  )
  const highlightedLoaded = worst(mainLoaded, (f) => f.highlighted)
  const highlightedUsed = worst(mainUsed, (f) => f.highlighted)
  const highlightedWorker = worst(workerLoaded, (f) => f.highlighted)
  const longestLoaded = worst(mainLoaded, (f) => f.longest)
  const longestUsed = worst(mainUsed, (f) => f.longest)
  const longestWorker = Math.max(
    worst(workerLoaded, (f) => f.longest),
    worst(workerUsed, (f) => f.longest),
  )
  const verdict = (ok: boolean) => (ok ? 'MET' : 'NOT MET')

  return `## Read

Date: ${date}. Chromium (headless), ${REPS} page loads per case, medians.

Method: \`bench/read/run.ts\` builds \`bench/read/\` with Vite (production mode) and serves it; each case
runs in a fresh page through \`window.runCase\` (\`bench/read/main.tsx\`). The file is generated TypeScript
(8-line functions); "one non-Latin-1 char" puts one CJK character in a comment 5 lines before the end,
which is enough for V8 to store the whole text (and every line split from it) two-byte. Times start just
before the render call. *First paint*: the browser's first-contentful-paint entry (the page shows no
text before a case renders, so this is when the first code text was painted). *Highlighted viewport*: the first animation frame (its rAF time) at which every
row inside the scroll viewport (480 px) is coloured; for react-shiki, the first frame with coloured spans
(it renders nothing before); highlight.js and the plain \`<pre>\` are synchronous, so both times are the
same frame. *Longest task*: PerformanceObserver \`longtask\` entries from the start until the highlighted
frame. Before the measured render, React and the card code render once (a 5-line card without colour, then
unmounted), as on any page with more than one card. The read card opens long files as a 24-line preview; the benchmark clicks "Show all" in the same
task as the first render, so its first paint is the full virtualized view (both renders counted); the
"24-line preview as it opens" rows measure the card as a user first sees it.
"Language loaded": the grammar module is loaded (\`preload\`), its regular expressions not yet compiled
(shiki's JavaScript engine compiles them on first use); "used once": a 40-line file was highlighted first.
react-shiki (\`react-shiki/web\`, \`engine="javascript"\`, github-light/dark) highlights the whole file at
once; "first use" includes loading its grammar. highlight.js gets the whole file via \`hljs.highlight\`.
"worker": the same card with \`createRemoteHighlighter(new Worker(...))\`, the worker running
\`serveHighlighter(self)\` (\`bench/read/highlight.worker.ts\`); the lines are posted to it once.

${table.join('\n')}

Highlighted viewport, peer time / toolcards time (higher: toolcards is faster), and longest task ratio:

| lines | text | react-shiki / toolcards (first use) | react-shiki / toolcards (used once) | highlight.js / toolcards | longest task, react-shiki / toolcards |
|---:|---|---:|---:|---:|---:|
${ratios.join('\n')}

Goals:

- First paint under 50 ms for 10,000 lines: as the card opens (24-line preview) ${verdict(firstPaintPreview10k < 50)} (worst ${ms(firstPaintPreview10k)} ms); all 10,000 lines at once (preview and "Show all" rendered in one task) ${verdict(firstPaint10k < 50)} (worst of those cases: ${ms(firstPaint10k)} ms).
- Highlighted viewport under 300 ms after the language is loaded: ${verdict(highlightedLoaded < 300)} on the main thread (worst, grammar loaded but its regular expressions not yet compiled: ${ms(highlightedLoaded)} ms; worst once the grammar has been used: ${ms(highlightedUsed)} ms); with the worker, worst ${ms(highlightedWorker)} ms.
- No main-thread task over 50 ms: ${verdict(longestWorker <= 50)} with the worker (longest ${ms(longestWorker)} ms); on the main thread ${verdict(longestLoaded <= 50 && longestUsed <= 50)} (longest with the grammar loaded: ${ms(longestLoaded)} ms, the first-use compilation of its regular expressions, which cannot be sliced; once used: ${ms(longestUsed)} ms).
`
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
