// `npm run bench`: runs every bench/<area>/run.{mjs,ts} in turn; each writes docs/benchmarks/<area>.md.
// Then docs/benchmarks.md is assembled: the machine, the method, and each area's section.
// Run one area: npm run bench -- terminal. Only rebuild docs/benchmarks.md from the sections: --assemble
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { findChromium } from './find-chromium.mjs'

const assembleOnly = process.argv.includes('--assemble')
const only = process.argv.slice(2).filter((a) => a !== '--assemble')
const areas = readdirSync('bench', { withFileTypes: true })
  .filter((d) => d.isDirectory() && !d.name.startsWith('.') && !d.name.startsWith('_'))
  .map((d) => d.name)
  .sort()
mkdirSync('docs/benchmarks', { recursive: true })
const env = { ...process.env, CHROMIUM_PATH: findChromium(), NODE_ENV: 'production' }
let failed = false
for (const area of areas) {
  if (assembleOnly || (only.length && !only.includes(area))) continue
  const script = ['run.ts', 'run.mjs'].map((f) => `bench/${area}/${f}`).find((f) => existsSync(f))
  if (!script) continue
  console.log(`\n# bench: ${area} (${script})`)
  const r = spawnSync('npx', ['tsx', script], { stdio: 'inherit', env })
  if (r.status !== 0) {
    console.log(`bench: ${area} failed with exit code ${r.status}`)
    failed = true
  }
}

const cpus = os.cpus()
const chromiumVersion = spawnSync(env.CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).stdout?.trim()
const sections = readdirSync('docs/benchmarks')
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((f) => readFileSync(`docs/benchmarks/${f}`, 'utf8').trim())
const doc = `# Benchmarks

Written by \`npm run bench\` (scripts/bench.mjs); each section by its own \`bench/<area>/run.*\`, which
states its method and the date it last ran. Peers are measured in the same run as toolcards, so compare
the ratios; absolute times depend on the machine and its load (several sections were measured while
other jobs shared the 2 cores, and say so). Re-run one area with \`npm run bench -- <area>\`.

Every big card and a 2,000-card session beside one plain \`<pre>\` holding the same text, as ratios
that hold on any machine: [Scenarios](#scenarios-each-big-card-and-a-2000-card-session-beside-a-plain-pre).
The first-load size: [First load](#first-load). The Scenarios section reads every main-thread task from
a Chromium trace, whatever its length (\`bench/_shared/tasks.ts\`), with each task's CPU time beside its
wall time, times first paint to the end of that frame's \`Commit\` in the same trace (the page's own
timestamp, a task later, also counted tasks queued before it), and serves its page as a production
build (no dev server working on the same cores); the older sections count the long-task API's tasks
over 50 ms and time first paint by the page's timestamp.

Since 2026-12-03 the default highlighter runs in the kit's Web Worker (main thread only where a worker
cannot start). A section whose date is earlier measured highlighting on the main thread, or through a
worker the bench made itself, and says which; the Scenarios section uses the default.

## Machine

- CPU: ${cpus[0]?.model ?? 'unknown'} x ${cpus.length}
- Memory: ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB
- Node ${process.version}; ${chromiumVersion || 'Chromium (version unknown)'}
- OS: ${os.type()} ${os.release()}

${sections.join('\n\n')}
`
writeFileSync('docs/benchmarks.md', doc)
console.log('\nbench: docs/benchmarks.md written')
process.exit(failed ? 1 : 0)
