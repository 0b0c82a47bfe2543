import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { corpusOutputs } from '../../../test/helpers/terminal-corpus'
import { realistic } from '../../../test/helpers/terminal-generate'
import { xtermText } from '../../../test/helpers/xterm'
import { createTerminalScreen } from './index'

// Oracle: @xterm/headless, a real terminal emulator. The screen's plain text must equal xterm's buffer,
// line by line, on generated output (seeded, so a failure replays) and on every output in the corpus.

function screenText(input: string): string {
  const s = createTerminalScreen()
  s.write(input)
  return s.toPlainText()
}

describe('differential against @xterm/headless', () => {
  test('220 seeded generated outputs give the same text', async () => {
    let runs = 0
    await fc.assert(
      fc.asyncProperty(realistic, async (input) => {
        runs++
        expect(screenText(input)).toBe(await xtermText(input))
      }),
      { seed: 20261202, numRuns: 220 },
    )
    expect(runs).toBe(220)
  })

  // Line editing as readline draws it (a sweep of real programs in a pty found it ignored): insert blanks
  // (ICH, `CSI n @`), delete characters (DCH, `CSI n P`) and erase characters (ECH, `CSI n X`) at the
  // cursor, among text, cursor moves, carriage returns, colours and new lines
  test('300 seeded line edits (ICH, DCH, ECH) give the same text', async () => {
    const n = fc.integer({ min: 0, max: 12 }).map((k) => (k === 0 ? '' : String(k)))
    const piece = fc.oneof(
      fc.stringMatching(/^[a-z ]{1,8}$/),
      fc.constantFrom('\r', '\n', '\x1b[31m', '\x1b[42m', '\x1b[0m', '界'),
      fc.tuple(n, fc.constantFrom('@', 'P', 'X', 'C', 'D')).map(([k, f]) => `\x1b[${k}${f}`),
    )
    let runs = 0
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 30 }), async (pieces) => {
        runs++
        const input = pieces.join('')
        expect(screenText(input)).toBe(await xtermText(input))
      }),
      { seed: 20261206, numRuns: 300 },
    )
    expect(runs).toBe(300)
  })

  test('bash editing a command line: the text the line ends with', async () => {
    // typed `git sttus`, moved back 3, deleted the second `t`, inserted two blanks and wrote `at` there
    const input = 'git sttus\x1b[3D\x1b[P\x1b[2@at\n'
    expect(screenText(input)).toBe('git status')
    expect(screenText(input)).toBe(await xtermText(input))
  })

  const corpus = corpusOutputs()

  test('the corpus holds terminal outputs from every source', () => {
    const sources = new Set(corpus.map((c) => c.name.split(/[/:]/)[0]))
    expect([...sources].sort()).toEqual(['claude-code', 'codex', 'openhands', 'swe-agent'])
    expect(corpus.length).toBeGreaterThan(90)
    expect(corpus.some((c) => c.output.includes('\x1b['))).toBe(true)
  })

  test.each(corpus.map((c) => [c.name, c.output] as const))('corpus %s', async (_name, output) => {
    expect(screenText(output)).toBe(await xtermText(output))
  })

  test('apt install in a pty: its progress bar, drawn on the last row between a saved and a restored cursor, stays out of the log', async () => {
    const output = readFileSync(
      resolve(import.meta.dirname, '../../../test/fixtures/pty/apt-install.raw'),
      'latin1',
    )
    const text = screenText(output)
    expect(text).toBe(await xtermText(output))
    expect(text).toContain('Setting up tree')
    expect(text).not.toContain('Progress: [')
  })
})
