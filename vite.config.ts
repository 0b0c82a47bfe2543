// The one Vite config: the library build (`vite build --mode lib`), the `toolcards view` page
// (`vite build --mode viewer`), the Vitest projects (unit in jsdom, browser and stories in Chromium), and the
// settings Storybook reuses (it loads this file itself; `.storybook/main.ts` adds nothing of its own).
import { resolve } from 'node:path'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import MagicString from 'magic-string'
import type { Plugin, UserConfig } from 'vite'
import { defineConfig } from 'vitest/config'
import pkg from './package.json' with { type: 'json' }
import { ENTRIES } from './scripts/entries.mjs'

const root = import.meta.dirname

/**
 * Pre-bundle every dependency the browser tests and Storybook reach, so that Vite never discovers one
 * mid-run and reloads the page (which fails the running test on a fresh clone). shiki's languages and
 * themes are plain ESM loaded on demand: excluded rather than pre-bundled.
 */
export const optimizeDeps = {
  include: [
    'react',
    'react/jsx-runtime',
    'react/jsx-dev-runtime',
    'react-dom',
    'react-dom/client',
    '@sinclair/typebox',
    '@sinclair/typebox/value',
    '@sinclair/typebox/errors',
    '@tanstack/react-virtual',
    'react-markdown',
    '@cfworker/json-schema',
    'get-east-asian-width',
    '@testing-library/react',
    '@testing-library/user-event',
    'axe-core',
  ],
  exclude: [
    'shiki',
    '@shikijs/langs',
    '@shikijs/themes',
    '@shikijs/core',
    '@shikijs/engine-javascript',
    '@shikijs/engine-oniguruma',
    '@shikijs/langs-precompiled',
  ],
}

const external = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.peerDependencies ?? {}),
  /^node:/,
]
const isExternal = (id: string) =>
  external.some((e) => (typeof e === 'string' ? id === e || id.startsWith(`${e}/`) : e.test(id)))

/** Modules that call TypeBox at load (see the library's `manualChunks`). */
const TYPEBOX_MODULES = /src\/protocol\/(schema|events-schema|check-schema|parse-event)\.ts$/
/** What `parseIntent` needs (no TypeBox): kept out of the schema chunk. */
const CHECK_MODULES =
  /src\/protocol\/(parse|parse-event|json|limits|expected|checks\.gen|model|events|error-message)\.ts$/

/**
 * SessionView (with @tanstack/react-virtual, which it imports) in a chunk of its own, apart from the cards
 * it renders: a page that renders single cards drops that chunk whole (a bundler keeps an external
 * package that a file it loads imports, even when the code that uses it is dropped). What is loaded on
 * demand (`import()`) stays in chunks of its own.
 */
const SESSION_VIEW = /src\/cards\/session\//
const CARDS = /src\/cards\//
/**
 * The text engines (diff, terminal, search, read, web text), which `toolcards/text` and
 * `toolcards/adapters` export: a chunk of their own, so that those entries load no React (a React Server
 * Component, a Node service without React); in the cards' chunk they pulled in React with it.
 */
const TEXT = /src\/text\//
/**
 * Engine modules that the first load and chunks loaded later without the cards both import (the word
 * differ, the diff's Copy formatter, the web page's text): in the `languages` chunk, which is already
 * apart, so that a host's bundler (which splits by who imports what) keeps the rest of the text engines
 * in one chunk with the cards. In the text chunk they split it from the cards' in a host's build: one
 * more first-load chunk, 236 bytes more gzip; in a chunk of their own, 167 bytes; here, 44.
 */
const TEXT_SHARED = /src\/text\/(url|diff\/(myers|quote|hunkHeader))\.ts$/
const LOADED_LATER =
  /src\/(cards\/shared\/(SafeMarkdown|MeasuredLines|lineNumberKeys|highlight\/(shikiService|startHighlighter))\.tsx?|cards\/diff\/(wordsService|copyService)\.ts|cards\/frame\/(ApprovalButtons|CrashedCard)\.tsx|cards\/web\/(WebCard\.tsx|texts\.ts|useWebTexts\.ts)|cards\/shared\/englishTexts\.ts|text\/web\/(web|chunks)\.ts|text\/highlight\/(shiki|remote|serve|worker|grammars|precompiled|css-theme|languageTable)\.ts|text\/diff\/(words|format|formatViews)\.ts)$/
/** What both the cards and the highlighting service read (see the `languages` chunk). */
const HIGHLIGHT_TABLES = /src\/text\/highlight\/(languages|theme|types)\.ts$/
/** Barrels that re-export what loads later (the highlighting service): in the cards' chunk they would pull it in. */
const TEXT_BARRELS = /src\/text\/((highlight|diff)\/)?index\.ts$/

/** The worker URL as the sources write it (startHighlighter.ts), and as the package ships it. */
const WORKER_SOURCE_URL = "new URL('../../../text/highlight/worker.ts', import.meta.url)"
const WORKER_SHIPPED_URL = "new URL('./highlight-worker.js', import.meta.url)"
const WORKER_PLACEHOLDER = '__TOOLCARDS_HIGHLIGHT_WORKER_URL__'

/**
 * The default highlighter starts the package's own worker entry, `dist/highlight-worker.js`, beside the
 * chunk that starts it: the build leaves `new Worker(new URL('./highlight-worker.js', import.meta.url))`
 * as written, so that the host's bundler (Vite, webpack 5) finds the pattern and bundles the worker with
 * the host's copy of shiki. Vite would otherwise bundle a second copy of the worker into `dist/assets`.
 */
function shippedWorkerUrl(): Plugin {
  return {
    name: 'toolcards:shipped-worker-url',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/cards/shared/highlight/startHighlighter.ts')) return null
      if (!code.includes(WORKER_SOURCE_URL)) this.error(`${id}: the worker URL is not ${WORKER_SOURCE_URL}`)
      // a placeholder that Vite's worker and asset plugins do not see; renderChunk writes the URL
      const s = new MagicString(code)
      s.replace(WORKER_SOURCE_URL, WORKER_PLACEHOLDER)
      return { code: s.toString(), map: s.generateMap({ hires: 'boundary' }) }
    },
    renderChunk(code) {
      if (!code.includes(WORKER_PLACEHOLDER)) return null
      const s = new MagicString(code)
      s.replaceAll(WORKER_PLACEHOLDER, WORKER_SHIPPED_URL)
      return { code: s.toString(), map: s.generateMap({ hires: 'boundary' }) }
    },
  }
}

/** The library: one ESM file per entry, dependencies external, CSS built by scripts/build.mjs. */
const library: UserConfig = {
  plugins: [react(), shippedWorkerUrl()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: false,
    lib: {
      formats: ['es'],
      entry: Object.fromEntries(ENTRIES.map((e) => [e.name, resolve(root, e.source)])),
    },
    // The bundler keeps the entries' own first lines: `'use client'` (src/index.ts) and the CLI's hashbang.
    rollupOptions: {
      external: isExternal,
      // (required by includeDependenciesRecursively: false; the entries still export exactly their names)
      preserveEntrySignatures: 'allow-extension',
      // TypeBox's schema builders run at module load, so a bundler cannot drop them from a chunk it
      // needs: they get a chunk of their own, which a page that only renders cards never loads.
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'schema', test: TYPEBOX_MODULES, priority: 4 },
            { name: 'check', test: CHECK_MODULES, priority: 3 },
            { name: 'session-view', test: SESSION_VIEW, priority: 2 },
            // the language and token tables: shared by the cards (detection) and the highlighting
            // worker, which must not pull the cards chunk (React, markdown) in with them; and the
            // engine modules that chunks loaded later share with the first load (TEXT_SHARED)
            {
              name: 'languages',
              test: (id: string) => HIGHLIGHT_TABLES.test(id) || TEXT_SHARED.test(id),
              priority: 2,
            },
            {
              name: 'text',
              test: (id: string) => TEXT.test(id) && !LOADED_LATER.test(id) && !TEXT_BARRELS.test(id),
              priority: 1,
            },
            {
              name: 'cards',
              test: (id: string) => CARDS.test(id) && !LOADED_LATER.test(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
}

/** The page `toolcards view` serves: dist/viewer/ (relative URLs, no inline script or style). */
const viewer: UserConfig = {
  root: resolve(root, 'cli/viewer'),
  base: './',
  plugins: [react()],
  resolve: {
    alias: [
      {
        find: /^\.\/shikiService$/, // startHighlighter.ts's import
        replacement: resolve(root, 'cli/viewer/noMainThreadHighlighter.ts'),
      },
    ],
  },
  logLevel: 'warn',
  build: {
    outDir: resolve(root, 'dist/viewer'),
    emptyOutDir: true,
    sourcemap: false,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 4096,
    // The highlighter's languages are many small chunks; their CSS pass is not slow enough to report.
    rolldownOptions: { checks: { pluginTimings: false } },
  },
  // The highlighting worker as a module that loads each language's chunk when a card shows that language
  // (with the default `iife` it was one 5.2 MB file with every language, beside the main-thread
  // fallback's chunks, which the alias above leaves out: dist/viewer/ was 11.0 MB of the package's 13.8 MB).
  worker: { format: 'es' },
}

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

function browser() {
  const executablePath = process.env.CHROMIUM_PATH || undefined
  return {
    enabled: true,
    headless: true,
    provider: playwright({
      launchOptions: { ...(executablePath ? { executablePath } : {}), args: chromiumArgs },
    }),
    instances: [{ browser: 'chromium' as const }],
  }
}

export default defineConfig(({ mode }) => {
  if (mode === 'lib') return library
  if (mode === 'viewer') return viewer
  return {
    plugins: [react()],
    optimizeDeps,
    test: {
      projects: [
        {
          plugins: [react()],
          test: {
            name: 'unit',
            environment: 'jsdom',
            globals: true,
            include: [
              'src/**/*.test.{ts,tsx}',
              'test/**/*.test.{ts,tsx}',
              'cli/**/*.test.{ts,tsx}',
              'examples/**/*.test.{ts,tsx}',
            ],
            exclude: ['**/*.browser.test.{ts,tsx}', 'examples/**/node_modules/**'],
            setupFiles: ['test/setup-unit.ts'],
            testTimeout: 30_000,
          },
        },
        {
          plugins: [react()],
          optimizeDeps,
          test: {
            name: 'browser',
            globals: true,
            include: ['src/**/*.browser.test.{ts,tsx}', 'test/**/*.browser.test.{ts,tsx}'],
            testTimeout: 60_000,
            browser: browser(),
          },
        },
        {
          // The real VS Code (code-server) test: Node, one file at a time, long timeouts. Only
          // `npm run test:vscode` runs it (`--project vscode`); `npm test` names its projects.
          test: {
            name: 'vscode',
            include: ['test/vscode/**/*.e2e.ts'],
            environment: 'node',
            testTimeout: 180_000,
            hookTimeout: 600_000,
            fileParallelism: false,
          },
        },
        {
          plugins: [storybookTest({ configDir: resolve(root, '.storybook') })],
          optimizeDeps,
          test: { name: 'storybook', testTimeout: 60_000, browser: browser() },
        },
      ],
    },
  }
})
