/**
 * A deterministic generated build/test log of about `bytes` bytes: coloured test lines (16, 256 and
 * truecolor), `\r` progress blocks, cursor-up redraw blocks (as multi-line progress displays do),
 * erase-in-line, tabs and some wide characters.
 */
export function generateLog(bytes: number, seed = 1): string {
  let s = seed >>> 0
  const rand = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!
  const words = [
    'compile',
    'src/index.ts',
    'test',
    'should render',
    'ok',
    'warning:',
    'unused variable',
    'module',
    'dist/app.js',
    'Done',
  ]
  const parts: string[] = []
  let size = 0
  let n = 0
  while (size < bytes) {
    n++
    const kind = rand()
    let chunk: string
    if (kind < 0.55) {
      const status = rand() < 0.9 ? '\x1b[32m✓\x1b[39m' : '\x1b[31m✗\x1b[39m'
      chunk = ` ${status} ${pick(words)} ${pick(words)} \x1b[2m(${Math.floor(rand() * 900)} ms)\x1b[22m\n`
    } else if (kind < 0.7) {
      const c = Math.floor(rand() * 256)
      chunk = `\x1b[38;5;${c}m[${String(n).padStart(6, '0')}]\x1b[0m\t${pick(words)}\t\x1b[38;2;${c};${255 - c};128m${pick(words)}\x1b[0m ${pick(['构建完成', 'テスト', 'ok'])}\n`
    } else if (kind < 0.8) {
      let p = ''
      for (let k = 0; k <= 20; k++)
        p += `\r\x1b[K\x1b[36m${'█'.repeat(k)}${'░'.repeat(20 - k)}\x1b[0m ${k * 5}% ${pick(words)}`
      chunk = `${p}\n`
    } else if (kind < 0.85) {
      const rows = ['\x1b[1mlayer 1\x1b[22m', '\x1b[1mlayer 2\x1b[22m', '\x1b[1mlayer 3\x1b[22m']
      let p = rows.map((r) => `${r}: waiting\n`).join('')
      for (let k = 1; k <= 5; k++) p += `\x1b[3A${rows.map((r) => `\x1b[2K${r}: ${k * 20}%\n`).join('')}`
      chunk = p
    } else if (kind < 0.95) {
      chunk = `${pick(words)} ${pick(words)} ${pick(words)} ${'-'.repeat(Math.floor(rand() * 60))}\n`
    } else {
      chunk = `\x1b[1;41;97m FAIL \x1b[0m \x1b[4m${pick(words)}\x1b[24m \x1b[3m${pick(words)}\x1b[23m\n`
    }
    parts.push(chunk)
    size += chunk.length
  }
  return parts.join('')
}
