// @vitest-environment node
// The package as a user gets it: `npm pack`, install the tarball into a scratch project, type-check a file
// that uses every entry point under `moduleResolution: nodenext` and `bundler`, and import every entry in
// Node. Its `@ts-expect-error` lines fail the check if a published type has become `any`.

import { execFileSync, spawnSync } from 'node:child_process'
import { copyFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pkg from '../../package.json' with { type: 'json' }
import { ENTRIES } from '../../scripts/entries.mjs'
import { launchChromium } from '../chromium'
import { ensureBuilt } from '../helpers/build'

const ROOT = resolve(import.meta.dirname, '../..')
const TSC = resolve(ROOT, 'node_modules/typescript/bin/tsc')
let scratch = ''

beforeAll(() => {
  ensureBuilt()
  scratch = mkdtempSync(join(tmpdir(), 'toolcards-consumer-'))
  const packed = execFileSync(
    'npm',
    ['pack', '--silent', '--ignore-scripts', '--pack-destination', scratch],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  ).trim()
  const tarball = join(scratch, packed.split('\n').at(-1)!)
  const dev = pkg.devDependencies
  writeFileSync(
    join(scratch, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      type: 'module',
      dependencies: {
        toolcards: `file:${tarball}`,
        react: dev.react,
        'react-dom': dev['react-dom'],
        '@types/react': dev['@types/react'],
        '@types/react-dom': dev['@types/react-dom'],
        // The optional peer toolcards/ai-sdk/server imports.
        ai: dev.ai,
      },
    }),
  )
  const install = spawnSync(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
    { cwd: scratch, encoding: 'utf8' },
  )
  if (install.status !== 0) throw new Error(`npm install of the tarball failed: ${install.stderr}`)
  for (const file of ['use-every-entry.tsx', 'use-ai-sdk-server.ts'])
    copyFileSync(resolve(import.meta.dirname, 'consumer', file), join(scratch, file))
  cpSync(resolve(import.meta.dirname, 'consumer/vite-app'), join(scratch, 'vite-app'), { recursive: true })
}, 240_000)

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
}, 60_000)

function typeCheck(moduleResolution: 'nodenext' | 'bundler', skipLibCheck: boolean) {
  const tsconfig = `tsconfig.${moduleResolution}.${skipLibCheck}.json`
  writeFileSync(
    join(scratch, tsconfig),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: moduleResolution === 'nodenext' ? 'nodenext' : 'esnext',
        moduleResolution,
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        skipLibCheck,
        // TypeScript 7's default: a side-effect import (`import 'toolcards/styles.css'`) must resolve
        noUncheckedSideEffectImports: true,
        types: [],
        // shiki's own declarations (a dependency) use `Symbol.dispose`: checking them needs esnext.
        lib: skipLibCheck ? ['ES2023', 'DOM'] : ['ESNext', 'DOM'],
      },
      // The AI SDK's declarations need Node and json-schema types: its entry is checked with skipLibCheck.
      files: skipLibCheck ? ['use-every-entry.tsx', 'use-ai-sdk-server.ts'] : ['use-every-entry.tsx'],
    }),
  )
  return spawnSync('node', [TSC, '-p', tsconfig], { cwd: scratch, encoding: 'utf8' })
}

describe('the packed package, installed into a scratch project', () => {
  it('ships one declaration file per entry and no internal module paths', () => {
    const files = readdirSync(join(scratch, 'node_modules/toolcards/dist'))
    const declarations = files.filter((f) => f.endsWith('.d.ts')).sort()
    expect(declarations).toEqual(
      ENTRIES.filter((e) => e.types)
        .map((e) => `${e.name}.d.ts`)
        .sort(),
    )
    const dirs = readdirSync(join(scratch, 'node_modules/toolcards/dist'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
    expect(dirs).toEqual(['viewer'])
    // the production JSX runtime only: a host's production bundle has no `jsxDEV`
    const dev = files.filter(
      (f) =>
        f.endsWith('.js') &&
        readFileSync(join(scratch, 'node_modules/toolcards/dist', f), 'utf8').includes(
          'react/jsx-dev-runtime',
        ),
    )
    expect(dev).toEqual([])
  })

  for (const moduleResolution of ['nodenext', 'bundler'] as const) {
    for (const skipLibCheck of [true, false]) {
      it(`type-checks every entry under moduleResolution ${moduleResolution} (skipLibCheck ${skipLibCheck})`, () => {
        const r = typeCheck(moduleResolution, skipLibCheck)
        expect(r.stdout + r.stderr).toBe('')
        expect(r.status).toBe(0)
      }, 120_000)
    }
  }

  it('an `any` type would be caught: a file without the expected errors fails the check', () => {
    writeFileSync(
      join(scratch, 'canary.ts'),
      "import type { CardModel } from 'toolcards'\n// @ts-expect-error\nconst m: CardModel = { id: '1', toolName: 't', args: {}, status: 'completed' }\nexport { m }\n",
    )
    writeFileSync(
      join(scratch, 'tsconfig.canary.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          types: [],
        },
        files: ['canary.ts'],
      }),
    )
    const r = spawnSync('node', [TSC, '-p', 'tsconfig.canary.json'], { cwd: scratch, encoding: 'utf8' })
    expect(r.stdout).toContain('TS2578')
  }, 60_000)

  it('every JavaScript entry loads in Node from the installed package', () => {
    const script = `for (const e of ['toolcards/protocol','toolcards/session','toolcards/text','toolcards/adapters','toolcards/contract','toolcards/ai-sdk','toolcards/ai-sdk/server']) { const m = await import(e); if (!Object.keys(m).length) throw new Error(e) }
const { CardRenderer } = await import('toolcards'); if (typeof CardRenderer !== 'function') throw new Error('toolcards')
console.log('ok')`
    const r = spawnSync('node', ['--input-type=module', '-e', script], { cwd: scratch, encoding: 'utf8' })
    expect(r.stderr).toBe('')
    expect(r.stdout.trim()).toBe('ok')
  }, 60_000)
})

/**
 * Opens `url` in Chromium and waits for the read card's code to be coloured. Returns the URLs of the
 * workers the page started and what it wrote to the console as errors.
 */
async function colouredIn(url: string) {
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    const workers: string[] = []
    const errors: string[] = []
    page.on('worker', (w) => workers.push(w.url()))
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(url)
    // (on a timeout the caller's assertions show what the page said instead)
    await page.waitForSelector('[data-card="read"] [data-tk="keyword"]', { timeout: 60_000 }).catch(() => {})
    const keywords = await page.$$eval('[data-tk="keyword"]', (els) => els.map((e) => e.textContent))
    return { workers, errors, keywords }
  } finally {
    await browser.close()
  }
}

/** Serves `dir` on a free port of 127.0.0.1 while `use` runs. */
async function served<T>(dir: string, use: (url: string) => Promise<T>): Promise<T> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const file = normalize(join(dir, path === '/' ? 'index.html' : path))
    try {
      const body = readFileSync(file)
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  try {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    return await use(`http://127.0.0.1:${port}/`)
  } finally {
    await new Promise((r) => server.close(r))
  }
}

describe('a host app bundled with Vite, against the installed package', () => {
  const app = () => join(scratch, 'vite-app')

  it("vite build: the default highlighter colours the code in the package's worker", async () => {
    const { build } = await import('vite')
    const out = join(app(), 'dist')
    await build({
      root: app(),
      configFile: false,
      logLevel: 'error',
      build: { outDir: out, emptyOutDir: true },
    })
    // the worker entry was bundled as a worker of its own (with shiki), apart from the page's chunks
    const assets = readdirSync(join(out, 'assets'))
    const workerFile = assets.find((f) => /^highlight-worker-.*\.js$/.test(f))
    expect(workerFile, assets.join(', ')).toBeDefined()
    // (its ping answer: this is the serving end, not a copy of the page's chunks)
    expect(readFileSync(join(out, 'assets', workerFile!), 'utf8')).toContain('pong')
    const { workers, errors, keywords } = await served(out, colouredIn)
    expect(keywords).toContain('import')
    expect(workers.some((w) => w.includes(workerFile!))).toBe(true)
    expect(errors).toEqual([])
  }, 180_000)

  it("vite dev server: the default highlighter colours the code in the package's worker", async () => {
    const { createServer: createViteServer } = await import('vite')
    const server = await createViteServer({
      root: app(),
      configFile: false,
      logLevel: 'error',
      server: { port: 0, host: '127.0.0.1' },
    })
    await server.listen()
    try {
      const url = server.resolvedUrls?.local[0]
      expect(url).toBeDefined()
      const { workers, errors, keywords } = await colouredIn(url!)
      expect(keywords).toContain('import')
      expect(
        workers.some((w) => /highlight-worker/.test(w)),
        workers.join(', '),
      ).toBe(true)
      expect(errors).toEqual([])
    } finally {
      await server.close()
    }
  }, 180_000)
})

describe('a host app bundled with webpack 5, against the installed package', () => {
  it('webpack production build, nothing configured but the entry: the code is coloured in the worker', async () => {
    const webpack = (await import('webpack')).default
    const app = join(scratch, 'webpack-app')
    cpSync(join(scratch, 'vite-app'), app, { recursive: true })
    // (webpack has no CSS loader by default: the page imports the kit without its stylesheet)
    const main = readFileSync(join(app, 'main.js'), 'utf8').replace("import 'toolcards/styles.css'\n", '')
    writeFileSync(join(app, 'main.js'), main)
    const out = join(app, 'dist')
    const stats = await new Promise<import('webpack').Stats>((done, fail) =>
      webpack(
        {
          mode: 'production',
          context: app,
          entry: './main.js',
          output: { path: out, clean: true },
          performance: { hints: false },
          resolve: { modules: [join(scratch, 'node_modules')] },
        },
        (error, result) => (error || !result ? fail(error) : done(result)),
      ),
    )
    expect(stats.hasErrors(), stats.toString('errors-only')).toBe(false)
    writeFileSync(
      join(out, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>webpack</title><link rel="icon" href="data:,"></head><body><div id="root"></div><script src="main.js"></script></body></html>',
    )
    const { workers, errors, keywords } = await served(out, colouredIn)
    expect(errors).toEqual([])
    expect(keywords).toContain('import')
    // webpack names the worker's chunk after the Worker's `name` option
    expect(
      workers.some((w) => w.endsWith('/toolcards-highlight.js')),
      workers.join(', '),
    ).toBe(true)
    expect(errors).toEqual([])
  }, 240_000)
})
