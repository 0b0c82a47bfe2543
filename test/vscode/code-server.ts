// Starts a real VS Code (code-server, installed by install-code-server.mjs) with the example extension in
// a scratch extensions folder, a scratch user folder and a given workspace; stops it again.
import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
// @ts-expect-error a plain .mjs script without declarations
import { codeServerEntry, installCodeServer } from './install-code-server.mjs'

export const EXTENSION_DIR = resolve(import.meta.dirname, '../../examples/vscode-extension')

export interface CodeServer {
  url: string
  /** The user settings file (themes are switched through the UI, but tests may read it). */
  settingsFile: string
  root: string
  log: () => string
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer()
    s.once('error', fail)
    s.listen(0, '127.0.0.1', () => {
      const address = s.address()
      const port = typeof address === 'object' && address ? address.port : 0
      s.close(() => ok(port))
    })
  })
}

export const SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.colorTheme': 'Default Dark+',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.commandCenter.enabled': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.ignoreRecommendations': true,
  'extensions.autoCheckUpdates': false,
  'git.enabled': false,
  'files.simpleDialog.enable': true,
  'window.commandCenter': false,
}

/** Installs code-server if needed, copies the built extension in, starts the server on a free port. */
export async function startCodeServer(workspace: string): Promise<CodeServer> {
  const dir = installCodeServer()
  const root = mkdtempSync(join(tmpdir(), 'toolcards-vscode-'))
  const extensions = join(root, 'extensions')
  const userData = join(root, 'user-data')
  const target = join(extensions, 'toolcards.toolcards-agent-sessions-0.1.0')
  mkdirSync(target, { recursive: true })
  cpSync(join(EXTENSION_DIR, 'package.json'), join(target, 'package.json'))
  cpSync(join(EXTENSION_DIR, 'dist'), join(target, 'dist'), { recursive: true })
  const settingsFile = join(userData, 'User', 'settings.json')
  mkdirSync(join(userData, 'User'), { recursive: true })
  writeFileSync(settingsFile, JSON.stringify(SETTINGS, null, 2))
  const port = await freePort()
  const config = join(root, 'config.yaml')
  writeFileSync(config, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`)
  const child: ChildProcess = spawn(
    process.execPath,
    [
      codeServerEntry(dir),
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--config',
      config,
      '--extensions-dir',
      extensions,
      '--user-data-dir',
      userData,
      workspace,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: root } },
  )
  let log = ''
  child.stdout?.on('data', (d) => {
    log += d
  })
  child.stderr?.on('data', (d) => {
    log += d
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`code-server exited (${child.exitCode}):\n${log}`)
    try {
      const r = await fetch(`${url}/healthz`)
      if (r.ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`code-server did not start in 60 s:\n${log}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    settingsFile,
    root,
    log: () => log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await new Promise((r) => {
          const t = setTimeout(() => {
            child.kill('SIGKILL')
            r(undefined)
          }, 5000)
          child.once('exit', () => {
            clearTimeout(t)
            r(undefined)
          })
        })
      }
      rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
    },
  }
}
