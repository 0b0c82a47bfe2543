// Whether dist/ was built after the last change to its inputs (scripts/build.mjs writes the stamp).
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')
export const STAMP = resolve(ROOT, 'node_modules/.cache/toolcards-built')
const INPUTS = ['src', 'cli', 'package.json', 'vite.config.ts', 'scripts/build.mjs', 'tsconfig.build.json']

function newest(path) {
  const s = statSync(path)
  if (!s.isDirectory()) return s.mtimeMs
  let max = s.mtimeMs
  for (const e of readdirSync(path)) max = Math.max(max, newest(join(path, e)))
  return max
}

export function isBuildFresh() {
  if (!existsSync(STAMP) || !existsSync(resolve(ROOT, 'dist/index.js'))) return false
  const built = statSync(STAMP).mtimeMs
  return INPUTS.every((p) => !existsSync(resolve(ROOT, p)) || newest(resolve(ROOT, p)) <= built)
}
