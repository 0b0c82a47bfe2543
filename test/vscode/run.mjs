// `npm run test:vscode`: installs code-server 4.100.3 into a cache folder (once), builds the example
// extension, then runs the real-editor test (test/vscode/editor.e2e.ts) with a Chromium it finds or installs.
import { spawnSync } from 'node:child_process'
import { buildExtension } from '../../examples/vscode-extension/build.mjs'
import { findChromium } from '../../scripts/find-chromium.mjs'
import { installCodeServer } from './install-code-server.mjs'

const started = Date.now()
const dir = installCodeServer()
console.log(`toolcards: code-server in ${dir}`)
await buildExtension()
const env = { ...process.env, CHROMIUM_PATH: findChromium() }
const r = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'test/vscode/vitest.config.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env,
  },
)
console.log(`toolcards: test:vscode took ${((Date.now() - started) / 1000).toFixed(0)} s`)
process.exit(r.status ?? 1)
