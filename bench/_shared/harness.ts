// What the bench runners share (bench/_shared is not an area: scripts/bench.mjs skips folders starting
// with "_").
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import react from '@vitejs/plugin-react'
import { build, createServer, preview, type ViteDevServer } from 'vite'

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2
}

/** What every bench page's Vite config holds: React, production mode, no config file of the project's. */
function pageConfig(root: string) {
  return {
    root,
    configFile: false as const,
    mode: 'production',
    logLevel: 'error' as const,
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }
}

/**
 * A bench page served by Vite in production mode on a free port of 127.0.0.1, with no HMR and no watching
 * (other work in the tree must not reload the page mid-measurement).
 */
export async function servePage(root: string): Promise<{ server: ViteDevServer; url: string }> {
  const server = await createServer({
    ...pageConfig(root),
    server: { port: 0, host: '127.0.0.1', hmr: false, watch: null },
  })
  await server.listen()
  const address = server.httpServer?.address()
  const port = typeof address === 'object' && address ? address.port : 5173
  return { server, url: `http://127.0.0.1:${port}/` }
}

/**
 * A bench page built as an app ships it (`vite build`, production mode, minified chunks) and served by
 * Vite's static preview server: nothing is transformed while the page runs, so the server takes no CPU
 * from the page being measured (a dev server transforms and serves each module and grammar on request,
 * on the same 2 cores).
 */
export async function serveBuiltPage(
  root: string,
  { compileHint = process.env.BENCH_COMPILE_HINT === '1' }: { compileHint?: boolean } = {},
): Promise<{ server: { close(): Promise<void> }; url: string }> {
  const outDir = mkdtempSync(join(tmpdir(), 'toolcards-bench-'))
  await build({
    ...pageConfig(root),
    // BENCH_MINIFY=0 keeps names, for profiles (the figures are taken minified, as an app ships).
    build: { outDir, emptyOutDir: true, target: 'es2022', minify: process.env.BENCH_MINIFY !== '0' },
    worker: { format: 'es' },
  })
  if (compileHint) addCompileHint(outDir)
  const server = await preview({
    root,
    configFile: false,
    logLevel: 'error',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1' },
  })
  const address = server.httpServer?.address()
  const port = typeof address === 'object' && address ? address.port : 4173
  return {
    server: {
      close: async () => {
        await server.close()
        rmSync(outDir, { recursive: true, force: true })
      },
    },
    url: `http://127.0.0.1:${port}/`,
  }
}

/**
 * Puts V8's compile hint (`//# allFunctionsCalledOnLoad`) on the first line of the page's entry script,
 * as docs/embedding.md advises a host to: V8 then compiles every function of that script with the
 * script, off the main thread, instead of each one inside the first render (`BENCH_COMPILE_HINT=1`).
 */
function addCompileHint(outDir: string): void {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8')
  const src = /<script type="module"[^>]*\ssrc="\/?([^"]+)"/.exec(html)?.[1]
  if (!src) throw new Error(`bench: no module script in ${outDir}/index.html`)
  const file = join(outDir, src)
  writeFileSync(file, `//# allFunctionsCalledOnLoad\n${readFileSync(file, 'utf8')}`)
}
