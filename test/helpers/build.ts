import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
// @ts-expect-error plain ESM script without declarations
import { isBuildFresh } from '../../scripts/build-fresh.mjs'

const ROOT = resolve(import.meta.dirname, '../..')

/** Builds the package unless dist/ is fresh (see scripts/build-fresh.mjs); throws with the build's output. */
export function ensureBuilt(): void {
  if ((isBuildFresh as () => boolean)()) return
  const r = spawnSync('node', ['scripts/build.mjs'], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 })
  if (r.status !== 0)
    throw new Error(`npm run build failed (${r.status}): ${(r.stdout + r.stderr).slice(-2000)}`)
}
