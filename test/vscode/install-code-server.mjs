// Installs code-server 4.100.3 (a real VS Code 1.100.3, the last line that runs on Node 20) into a cache
// folder outside the repository, following docs/../TOOLCHAIN's recipe: everything from the npm registry or
// Debian, native modules rebuilt against the local Node headers, nothing downloaded by install scripts.
// Idempotent: a stamp file marks a finished install. Prints the install folder on its last line.
//
//   node test/vscode/install-code-server.mjs        (or imported: `await installCodeServer()`)
//   TOOLCARDS_CACHE=/some/dir overrides the cache root (default ~/.cache/toolcards).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'

export const CODE_SERVER_VERSION = '4.100.3'

export function codeServerDir() {
  const root = process.env.TOOLCARDS_CACHE || join(homedir(), '.cache', 'toolcards')
  return join(root, `code-server-${CODE_SERVER_VERSION}`)
}

/** The file to start with `node <entry> --bind-addr ...`. */
export function codeServerEntry(dir = codeServerDir()) {
  return join(dir, 'node_modules', 'code-server', 'out', 'node', 'entry.js')
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

function run(cmd, args, cwd, env = {}) {
  console.log(`code-server install: (${cwd}) ${cmd} ${args.join(' ')}`)
  execFileSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } })
}

function has(cmd) {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** Debian packages the build needs, installed only when missing and only when root on Debian. */
function ensureSystemTools() {
  const missing = []
  if (!existsSync('/usr/bin/rg')) missing.push('ripgrep')
  if (!has('make') || !has('g++')) missing.push('build-essential')
  if (!has('python3')) missing.push('python3')
  if (missing.length === 0) return
  if (!isRoot || !existsSync('/usr/bin/apt-get'))
    throw new Error(`code-server needs ${missing.join(', ')}; install them and run again`)
  run('apt-get', ['update', '-qq'], '/')
  run('apt-get', ['install', '-y', '-qq', ...missing], '/', { DEBIAN_FRONTEND: 'noninteractive' })
}

function link(target, path) {
  rmSync(path, { force: true, recursive: false })
  symlinkSync(target, path)
}

export function installCodeServer(dir = codeServerDir()) {
  const stamp = join(dir, '.installed')
  if (existsSync(stamp) && existsSync(codeServerEntry(dir))) return dir
  ensureSystemTools()
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n')
  // Node's own headers (the prefix of this node binary): node-gyp then downloads nothing.
  const nodedir = dirname(dirname(process.execPath))
  // node-pty's post-install runs `npx node-gyp`: let npx fetch it without asking.
  const native = { npm_config_nodedir: nodedir, npm_config_yes: 'true' }
  const quiet = ['--no-audit', '--no-fund', '--loglevel=error']
  run('npm', ['install', `code-server@${CODE_SERVER_VERSION}`, '--ignore-scripts', ...quiet], dir)
  const cs = join(dir, 'node_modules', 'code-server')
  const vscode = join(cs, 'lib', 'vscode')
  run('npm', ['install', '--omit=dev', '--ignore-scripts', ...quiet], vscode)
  run(
    'npm',
    ['rebuild', '@vscode/spdlog', 'native-watchdog', '@vscode/deviceid', 'node-pty', ...quiet],
    vscode,
    native,
  )
  link('node_modules', join(vscode, 'node_modules.asar'))
  link('code-linux.sh', join(vscode, 'bin', 'remote-cli', 'code-server'))
  link('browser-linux.sh', join(vscode, 'bin', 'helpers', 'browser.sh'))
  run('npm', ['install', '--omit=dev', ...quiet], join(vscode, 'extensions'))
  // ripgrep's postinstall would download a binary: use Debian's.
  const rgDir = join(vscode, 'node_modules', '@vscode', 'ripgrep', 'bin')
  mkdirSync(rgDir, { recursive: true })
  link('/usr/bin/rg', join(rgDir, 'rg'))
  // argon2 is loaded at start even with --auth none.
  run('npm', ['rebuild', 'argon2', ...quiet], dir, { ...native, npm_config_build_from_source: 'true' })
  writeFileSync(stamp, `${new Date().toISOString()}\n`)
  return dir
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(installCodeServer())
