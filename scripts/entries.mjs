// The package's entry points, in one place: vite.config.ts builds `dist/<name>.js` from `source`,
// scripts/build.mjs rolls `dist/<name>.d.ts` up from `types` (the entry's declaration in tsc's output),
// and test/package/consumer.test.ts expects exactly these declaration files. package.json `exports` maps
// each public subpath to them (scripts/check-package.mjs checks every file it names exists).
/** @type {ReadonlyArray<{ name: string, source: string, types?: string }>} */
export const ENTRIES = [
  { name: 'index', source: 'src/index.ts', types: 'index.d.ts' },
  { name: 'protocol', source: 'src/protocol/index.ts', types: 'protocol/index.d.ts' },
  { name: 'session', source: 'src/session/index.ts', types: 'session/index.d.ts' },
  { name: 'text', source: 'src/text/index.ts', types: 'text/index.d.ts' },
  { name: 'adapters', source: 'src/adapters/index.ts', types: 'adapters/index.d.ts' },
  { name: 'contract', source: 'src/contract/index.ts', types: 'contract/index.d.ts' },
  { name: 'highlight-worker', source: 'src/text/highlight/worker.ts', types: 'text/highlight/worker.d.ts' },
  { name: 'webview', source: 'src/webview/index.ts', types: 'webview/index.d.ts' },
  { name: 'vscode', source: 'src/vscode/index.ts', types: 'vscode/index.d.ts' },
  { name: 'ai-sdk', source: 'src/ai-sdk/index.ts', types: 'ai-sdk/index.d.ts' },
  { name: 'ai-sdk-server', source: 'src/ai-sdk/server.ts', types: 'ai-sdk/server.d.ts' },
  { name: 'cli', source: 'cli/index.ts' },
]
