// Builds the example extension with the repository's toolchain (Vite): the extension host part as one
// CommonJS file (dist/extension.cjs; `vscode` and Node's modules stay external) and the webview page as
// ES modules (dist/webview/main.js, main.css, and the highlighter's languages as chunks loaded on demand).
// `toolcards/*` resolves to the kit's sources, as a published package would to its dist/.
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const here = import.meta.dirname
const repo = resolve(here, '../..')
const alias = [
  { find: /^toolcards\/styles\.css$/, replacement: resolve(repo, 'src/styles.css') },
  { find: /^toolcards\/([a-z]+)$/, replacement: resolve(repo, 'src/$1/index.ts') },
  { find: /^toolcards$/, replacement: resolve(repo, 'src/index.ts') },
]

export async function buildExtension({ quiet = true } = {}) {
  const common = { configFile: false, logLevel: quiet ? 'warn' : 'info', resolve: { alias } }
  await build({
    ...common,
    build: {
      outDir: resolve(here, 'dist'),
      emptyOutDir: true,
      target: 'node20',
      ssr: resolve(here, 'src/extension.ts'),
      minify: false,
      sourcemap: true,
      rolldownOptions: {
        external: ['vscode', /^node:/],
        output: { format: 'cjs', entryFileNames: 'extension.cjs' },
      },
    },
    ssr: { noExternal: true, target: 'node' },
  })
  await build({
    ...common,
    root: resolve(here, 'src/webview'),
    base: './',
    plugins: [react()],
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: resolve(here, 'dist/webview'),
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      assetsInlineLimit: 0,
      cssCodeSplit: false,
      // No preload helper: it would add <link> elements the CSP's nonce-only script-src does not cover.
      modulePreload: false,
      chunkSizeWarningLimit: 4096,
      rolldownOptions: {
        input: resolve(here, 'src/webview/main.tsx'),
        output: {
          // V8's compile hint, on the entry's first line: a webview is a renderer process of its own, where
          // V8 would compile each function on its first call, inside the first render; with the hint it
          // compiles them all with the script, off the main thread (docs/embedding.md, "A new tab").
          postBanner: (chunk) => (chunk.isEntry ? '//# allFunctionsCalledOnLoad' : ''),
          entryFileNames: 'main.js',
          chunkFileNames: 'chunks/[name]-[hash].js',
          assetFileNames: (info) =>
            info.names?.[0]?.endsWith('.css') ? 'main.css' : 'assets/[name]-[hash][extname]',
        },
        checks: { pluginTimings: false },
      },
    },
  })
}

if (import.meta.url === `file://${process.argv[1]}`) await buildExtension({ quiet: false })
