// `npm test`: type-check, lint, unit tests (jsdom), browser tests and story tests (real Chromium, axe).
// Finds or installs a Chromium first, so `npm ci && npm test` is the whole set-up on a fresh machine.
// Options: --only unit,browser,storybook  (vitest projects); --skip-static (no tsc/biome).
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { isBuildFresh } from './build-fresh.mjs'
import { findChromium } from './find-chromium.mjs'

const args = process.argv.slice(2)
const onlyIdx = args.indexOf('--only')
const projects = onlyIdx >= 0 ? args[onlyIdx + 1].split(',') : ['unit', 'browser', 'storybook']
const skipStatic = args.includes('--skip-static')
const extra = args.filter((a, i) => a !== '--skip-static' && a !== '--only' && i !== onlyIdx + 1)

function run(cmd, cmdArgs, env = process.env) {
  console.log(`\n> ${cmd} ${cmdArgs.join(' ')}`)
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env })
  return r.status ?? 1
}

let failed = false
if (!skipStatic) {
  if (run('npx', ['tsc', '-p', 'tsconfig.json']) !== 0) failed = true
  // The engines (protocol, text, session, adapters, contract) compile without the DOM library.
  if (run('npx', ['tsc', '-p', 'tsconfig.engines.json']) !== 0) failed = true
  if (run('npx', ['biome', 'check', '.']) !== 0) failed = true
}

const env = { ...process.env }
if (projects.some((p) => p !== 'unit')) {
  env.CHROMIUM_PATH = findChromium()
  console.log(`toolcards: browser tests use ${env.CHROMIUM_PATH}`)
}
// The package tests (the packed tarball in a scratch project, `toolcards view`) need dist/ built from the
// current sources: build once here when it is stale, rather than in parallel test workers.
if (projects.includes('unit') && !isBuildFresh()) {
  if (run('node', ['scripts/build.mjs']) !== 0) failed = true
}
mkdirSync('node_modules/.cache', { recursive: true })
const report = 'node_modules/.cache/vitest-report.json'
const vitestArgs = [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extra,
]
if (run('npx', vitestArgs, env) !== 0) failed = true

try {
  const r = JSON.parse(readFileSync(report, 'utf8'))
  console.log(
    `\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + (r.numTodoTests ?? 0)} skipped`,
  )
} catch {
  console.log('\ntests: no report was written')
  failed = true
}
if (failed) console.log('toolcards: npm test FAILED (see above)')
process.exit(failed ? 1 : 0)
