// `npm run build`: ESM per entry (Vite, --mode lib), one rolled-up declaration file per entry (tsc, then
// rollup-plugin-dts), styles.css (imports inlined), the JSON Schema, and the `toolcards view` page.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { rollup } from 'rollup'
import { dts } from 'rollup-plugin-dts'
import { STAMP } from './build-fresh.mjs'
import { ENTRIES } from './entries.mjs'

// The package is always the production build, whoever runs this: under a test runner NODE_ENV is 'test',
// and Vite keeps a NODE_ENV it finds, so React's JSX would compile to the development runtime (`jsxDEV`),
// which a host's production bundle does not have (found by the webpack consumer test).
process.env.NODE_ENV = 'production'

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

rmSync('dist', { recursive: true, force: true })
run('npx', ['vite', 'build', '--mode', 'lib', '--logLevel', 'warn'])

// Declarations: tsc writes one .d.ts per source file into a scratch folder; each public entry is then
// rolled up into one self-contained file, so no internal module path is part of the published types.
// (Not under node_modules/: TypeScript would take every file there for an external library.)
const dtsDir = 'dist/.types'
rmSync(dtsDir, { recursive: true, force: true })
// tsc starts from the entries only (scripts/entries.mjs), so it never sees a test or a story.
mkdirSync(dtsDir, { recursive: true })
const dtsConfig = resolve(dtsDir, 'tsconfig.json')
writeFileSync(
  dtsConfig,
  JSON.stringify({
    extends: resolve('tsconfig.build.json'),
    compilerOptions: { rootDir: resolve('src'), outDir: resolve(dtsDir) },
    files: ENTRIES.filter((e) => e.types).map((e) => resolve(e.source)),
  }),
)
run('npx', ['tsc', '-p', dtsConfig])
const pkg = JSON.parse(readFileSync('package.json', 'utf8'))
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]
for (const { name, types: file } of ENTRIES.filter((e) => e.types)) {
  const bundle = await rollup({
    input: resolve(dtsDir, file),
    plugins: [dts({ respectExternal: false })],
    external: (id) => id.startsWith('node:') || external.some((e) => id === e || id.startsWith(`${e}/`)),
    onwarn(warning) {
      throw new Error(`declarations of ${name}: ${warning.message}`)
    },
  })
  await bundle.write({ file: `dist/${name}.d.ts`, format: 'es' })
  await bundle.close()
}
rmSync(dtsDir, { recursive: true, force: true })

mkdirSync('dist', { recursive: true })
writeFileSync('dist/styles.css', inlineCss(resolve('src/styles.css'), new Set()))
// Types for `import 'toolcards/styles.css'`: TypeScript 6+ checks that a side-effect import resolves
// (`noUncheckedSideEffectImports`), and a plain `tsc` setup declares no `*.css` module of its own.
writeFileSync(
  'dist/styles.d.css.ts',
  '// The stylesheet: imported for its side effect, it exports nothing.\nexport {}\n',
)
run('npx', [
  'tsx',
  'scripts/write-schema.ts',
  'dist/render-intent.schema.json',
  'dist/session-event.schema.json',
])
run('npx', ['vite', 'build', '--mode', 'viewer'])
// When dist/ was last built whole: `npm test` rebuilds first when an input is newer (scripts/build-fresh.mjs).
mkdirSync(dirname(STAMP), { recursive: true })
writeFileSync(STAMP, new Date().toISOString())
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
