// `npm run build`: ESM per entry (Vite), declarations (tsc), styles.css (imports inlined), the JSON Schema.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

rmSync('dist', { recursive: true, force: true })
run('npx', ['vite', 'build', '--config', 'vite.lib.config.ts', '--logLevel', 'warn'])
run('npx', ['tsc', '-p', 'tsconfig.build.json'])
// The bundler drops module-level directives; the React entry must keep "use client" for RSC frameworks.
const indexJs = readFileSync('dist/index.js', 'utf8')
if (!indexJs.startsWith("'use client'") && !indexJs.startsWith('"use client"')) {
  writeFileSync('dist/index.js', `'use client';\n${indexJs}`)
}
mkdirSync('dist', { recursive: true })
writeFileSync('dist/styles.css', inlineCss(resolve('src/styles.css'), new Set()))
run('npx', ['tsx', 'scripts/write-schema.ts', 'dist/render-intent.schema.json'])
// The `toolcards view` page (issue 8): a browser bundle in dist/viewer/, and the CLI's shebang.
run('npx', ['vite', 'build', '--config', 'src/cli/viewer/vite.config.ts', '--logLevel', 'warn'])
if (!readFileSync('dist/cli.js', 'utf8').startsWith('#!'))
  writeFileSync('dist/cli.js', `#!/usr/bin/env node\n${readFileSync('dist/cli.js', 'utf8')}`)
console.log('build: dist/ written')

/** Inlines relative `@import "./x.css";` lines, once each, in order. */
function inlineCss(file, seen) {
  if (seen.has(file)) return ''
  seen.add(file)
  const text = readFileSync(file, 'utf8')
  return text.replace(/^@import\s+['"](\.[^'"]+)['"];?\s*$/gm, (_, rel) =>
    inlineCss(resolve(dirname(file), rel), seen),
  )
}
