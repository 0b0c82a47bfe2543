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
// Each entry in a fresh Node process: in one process the first import would hide a load-order cycle
// between chunks (an entry importing a chunk that imports the entry back) that a user's first import meets.
for (const entry of [
  'protocol',
  'session',
  'text',
  'adapters',
  'contract',
  'vscode',
  'ai-sdk-server',
  'index',
]) {
  const probe = `const m = await import(${JSON.stringify(resolve(`dist/${entry}.js`))}); console.log(Object.keys(m).length)`
  const r = spawnSync('node', ['--input-type=module', '-e', probe], { encoding: 'utf8' })
  const count = Number(r.stdout.trim())
  if (r.status === 0 && count > 0)
    console.log(`package: toolcards/${entry} loads alone in Node (${count} exports)`)
  else {
    console.log(
      `package: toolcards/${entry} failed to load alone: ${(r.stderr || 'exports nothing').split('\n').slice(0, 6).join(' ')}`,
    )
    failed++
  }
}
// The engines (no React, no DOM) and the AI SDK server helpers load where React is not the client's: a
// route handler or a React Server Component (React's `react-server` build has no `createContext`), a Node
// service without React. Their static imports, chunk by chunk, never reach React, and each loads under
// the `react-server` condition.
const ENGINES = ['protocol', 'session', 'text', 'adapters', 'contract', 'ai-sdk-server']
for (const entry of ENGINES) {
  const seen = new Set()
  const reactVia = []
  const walk = (file, via) => {
    if (seen.has(file)) return
    seen.add(file)
    const code = readFileSync(file, 'utf8')
    for (const m of code.matchAll(/^(?:import|export)\b[^'"]*?from\s*["']([^"']+)["']/gm)) {
      const spec = m[1]
      if (spec.startsWith('./')) walk(resolve('dist', spec.slice(2)), [...via, spec.slice(2)])
      else if (/^react(-dom)?(\/|$)/.test(spec)) reactVia.push([...via, spec].join(' -> '))
    }
  }
  walk(resolve(`dist/${entry}.js`), [`${entry}.js`])
  const probe = `const m = await import(${JSON.stringify(resolve(`dist/${entry}.js`))}); console.log(Object.keys(m).length)`
  const r = spawnSync('node', ['--conditions=react-server', '--input-type=module', '-e', probe], {
    encoding: 'utf8',
  })
  if (reactVia.length === 0 && r.status === 0 && Number(r.stdout.trim()) > 0)
    console.log(
      `package: toolcards/${entry} imports no React (${seen.size} files), loads in a server component`,
    )
  else {
    console.log(
      `package: toolcards/${entry} must not load React: ${reactVia[0] ?? (r.stderr || 'exports nothing').split('\n').slice(0, 4).join(' ')}`,
    )
    failed++
  }
}
{
  const r = spawnSync('node', [resolve('dist/cli.js'), '--help'], { encoding: 'utf8' })
  if (r.status === 0 && r.stdout.includes('toolcards view'))
    console.log('package: the toolcards command runs')
  else {
    console.log(`package: the toolcards command failed: ${r.stderr.slice(0, 400)}`)
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
// The stylesheet's types say only that it exports nothing (`import 'toolcards/styles.css'` resolves).
for (const [cmd, args] of [
  ['attw', ['--pack', '.', '--profile', 'esm-only', '--format', 'table-flipped']],
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
