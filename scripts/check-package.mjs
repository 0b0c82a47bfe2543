// After `npm run build`: every entry point in package.json exists, has its declarations, and the
// non-React entries load in plain Node with no DOM (hosts and servers import them); then the packed
// package passes @arethetypeswrong/cli (ESM-only profile) and publint.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'

const pkg = JSON.parse(readFileSync('package.json', 'utf8'))
let failed = 0
for (const [name, target] of Object.entries(pkg.exports)) {
  const files = typeof target === 'string' ? [target] : Object.values(target)
  for (const f of files) {
    if (!existsSync(f)) {
      console.log(`package: ${name}: missing ${f}`)
      failed++
    }
  }
}
for (const entry of ['protocol', 'session', 'text', 'adapters', 'contract', 'ai-sdk-server']) {
  try {
    const mod = await import(resolve(`dist/${entry}.js`))
    if (Object.keys(mod).length === 0) throw new Error('exports nothing')
    console.log(`package: toolcards/${entry} loads in Node (${Object.keys(mod).length} exports)`)
  } catch (error) {
    console.log(`package: toolcards/${entry} failed to load: ${error.message}`)
    failed++
  }
}
if (typeof globalThis.document !== 'undefined' || typeof globalThis.window !== 'undefined') failed++
const { parseIntent } = await import(resolve('dist/protocol.js'))
if (!parseIntent({ card: 'terminal', command: 'ls' }).ok) failed++
const schema = JSON.parse(readFileSync('dist/render-intent.schema.json', 'utf8'))
if (schema.$id !== 'https://toolcards.dev/render-intent.schema.json' || !Array.isArray(schema.anyOf)) failed++
// The React entry server-renders in plain Node.
try {
  const { createElement } = await import('react')
  const { renderToString } = await import('react-dom/server')
  const { CardRenderer } = await import(resolve('dist/index.js'))
  const html = renderToString(
    createElement(CardRenderer, {
      model: {
        id: '1',
        toolName: 't',
        args: {},
        status: 'completed',
        intent: { card: 'terminal', command: 'ls', output: 'a\n' },
      },
    }),
  )
  if (!html.includes('data-card="terminal"')) throw new Error('no terminal card in the HTML')
  console.log('package: toolcards renders a card in Node')
} catch (error) {
  console.log(`package: toolcards failed to render in Node: ${error.message}`)
  failed++
}
// Types as a user's TypeScript resolves them, and the package.json fields, judged on the packed tarball.
// The stylesheet is the one entry without types, by nature.
for (const [cmd, args] of [
  [
    'attw',
    [
      '--pack',
      '.',
      '--profile',
      'esm-only',
      '--exclude-entrypoints',
      './styles.css',
      '--format',
      'table-flipped',
    ],
  ],
  ['publint', ['--strict']],
]) {
  console.log(`\n> ${cmd} ${args.join(' ')}`)
  const r = spawnSync('npx', ['--no-install', cmd, ...args], { stdio: 'inherit' })
  if (r.status !== 0) {
    console.log(`package: ${cmd} found problems`)
    failed++
  }
}
console.log(
  failed
    ? `package: ${failed} problems`
    : 'package: all entry points present and loadable; attw and publint clean',
)
process.exit(failed ? 1 : 0)
