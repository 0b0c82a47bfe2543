import { createRequire } from 'node:module'
import type { Terminal as XtermTerminal } from '@xterm/headless'

const require = createRequire(import.meta.url)
const { Terminal } = require('@xterm/headless') as { Terminal: typeof XtermTerminal }
const { Unicode11Addon } = require('@xterm/addon-unicode11') as {
  Unicode11Addon: new () => Parameters<XtermTerminal['loadAddon']>[0]
}

/**
 * The oracle: what @xterm/headless shows for `input`, as plain text (trailing spaces trimmed, trailing
 * empty lines dropped). `\n` is a new line (convertEol, as a tty's onlcr does); the terminal is wider
 * and taller than the input can fill, so nothing wraps and cursor-up never stops at a viewport top.
 */
export async function xtermText(input: string): Promise<string> {
  let longest = 0
  let lines = 1
  for (const l of input.split('\n')) {
    lines++
    if (l.length > longest) longest = l.length
  }
  const cols = Math.max(80, longest * 2 + 16)
  const rows = Math.max(10, lines + 2)
  const term = new Terminal({ cols, rows, convertEol: true, scrollback: 0, allowProposedApi: true })
  // Unicode 11 widths (emoji two cells, as terminals and the kit's width table have them): xterm's own
  // table is Unicode 6, where ✅ and 🚀 are one cell
  term.loadAddon(new Unicode11Addon())
  term.unicode.activeVersion = '11'
  await new Promise<void>((resolve) => term.write(input, resolve))
  const buf = term.buffer.active
  const out: string[] = []
  for (let i = 0; i < buf.length; i++) {
    out.push((buf.getLine(i)?.translateToString(true) ?? '').replace(/ +$/, ''))
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop()
  term.dispose()
  return out.join('\n')
}
