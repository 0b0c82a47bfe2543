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
