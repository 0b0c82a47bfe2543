import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import pkg from './package.json' with { type: 'json' }

const external = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.peerDependencies ?? {}),
  /^node:/,
]

/** The library build: one ESM file per entry point; CSS is built by scripts/build-css.mjs. */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: false,
    lib: {
      formats: ['es'],
      entry: {
        index: resolve(import.meta.dirname, 'src/index.ts'),
        protocol: resolve(import.meta.dirname, 'src/protocol/index.ts'),
        session: resolve(import.meta.dirname, 'src/session/index.ts'),
        text: resolve(import.meta.dirname, 'src/text/index.ts'),
        adapters: resolve(import.meta.dirname, 'src/adapters/index.ts'),
        contract: resolve(import.meta.dirname, 'src/contract/index.ts'),
        cli: resolve(import.meta.dirname, 'src/cli/index.ts'),
      },
    },
    rollupOptions: {
      external: (id) =>
        external.some((e) => (typeof e === 'string' ? id === e || id.startsWith(`${e}/`) : e.test(id))),
    },
  },
})
