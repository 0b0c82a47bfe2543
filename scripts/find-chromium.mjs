// Finds a Chromium for browser tests: $CHROMIUM_PATH, then /usr/bin/chromium, then Playwright's own.
// When none exists it installs one: Debian's package when root on Debian, else Playwright's download.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export function findChromium({ install = true } = {}) {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  for (const c of candidates) if (c && existsSync(c)) return c
  const pw = playwrightChromium()
  if (pw) return pw
  if (!install) return null
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('toolcards: no Chromium found; installing Debian chromium with apt-get')
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  }
  console.log('toolcards: no Chromium found; installing Playwright chromium')
  const r = spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' })
  if (r.status === 0) return playwrightChromium()
  throw new Error('No Chromium found and none could be installed. Set CHROMIUM_PATH to a Chromium binary.')
}

function playwrightChromium() {
  try {
    const out = execFileSync(
      process.execPath,
      ['-e', "process.stdout.write(require('playwright').chromium.executablePath())"],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    )
    return out && existsSync(out) ? out : null
  } catch {
    return null
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(findChromium({ install: false }) ?? 'none')
