// The real-editor test's own Vitest config (`npm run test:vscode`): Node, one file at a time, long
// timeouts (it starts a VS Code). Kept apart from vite.config.ts so `npm test` does not run it.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  root: new URL('../..', import.meta.url).pathname,
  test: {
    name: 'vscode',
    include: ['test/vscode/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
})
