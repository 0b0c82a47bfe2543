import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** The page `toolcards view` serves: built into dist/viewer/ (relative URLs, no inline script or style). */
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: resolve(import.meta.dirname, '../../../dist/viewer'),
    emptyOutDir: true,
    sourcemap: false,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 4096,
    // The highlighter's languages are many small chunks; their CSS pass is not slow enough to report.
    rolldownOptions: { checks: { pluginTimings: false } },
  },
})
