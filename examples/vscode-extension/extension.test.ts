// @vitest-environment node
// The example extension type-checks and builds with the repository's toolchain (part of `npm test`; the
// real-editor test, `npm run test:vscode`, then runs what this builds inside VS Code).
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error a plain .mjs script without declarations
import { buildExtension } from './build.mjs'

const here = import.meta.dirname

describe('examples/vscode-extension', () => {
  it('type-checks, and builds into one CommonJS file for the extension host and ES modules for the page', async () => {
    execFileSync('npx', ['tsc', '-p', resolve(here, 'tsconfig.json')], { stdio: 'pipe' })
    await buildExtension()
    const host = readFileSync(resolve(here, 'dist/extension.cjs'), 'utf8')
    expect(host).toMatch(/require\(["']vscode["']\)/)
    expect(host).not.toMatch(/from ["']toolcards/)
    const manifest = JSON.parse(readFileSync(resolve(here, 'package.json'), 'utf8'))
    expect(manifest.main).toBe('./dist/extension.cjs')
    const page = readdirSync(resolve(here, 'dist/webview'))
    expect(page).toEqual(expect.arrayContaining(['main.js', 'main.css', 'chunks']))
    // Nothing a nonce-only script-src would refuse to run.
    const js = readFileSync(resolve(here, 'dist/webview/main.js'), 'utf8')
    expect(js).not.toMatch(/\bnew Function\(|\beval\(/)
    // V8's compile hint opens the entry script (it counts only there), and only the entry.
    expect(js.split('\n', 1)[0]).toBe('//# allFunctionsCalledOnLoad')
    const chunk = readdirSync(resolve(here, 'dist/webview/chunks'))[0]!
    expect(readFileSync(resolve(here, 'dist/webview/chunks', chunk), 'utf8')).not.toContain(
      'allFunctionsCalledOnLoad',
    )
  }, 180_000)
})
