import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createTerminalScreen, type TerminalScreenOptions } from './index'

// toPlainText reads a lazy line's text straight from the input that printed it when that input is
// simple (printable text, SGR, tabs), without parsing it into runs. These properties hold it to the
// slow path: the same text as parsing every line (`line(i)`), and as a screen that parses as it writes.

/** Mostly what the fast path takes, with spaces, tabs and start columns; some of what it hands back. */
const token = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom('a', 'ok', 'PASS', '(12 ms)', 'x y', ' ', '   ', '-- ', ' z  '),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '\u2713',
      '\u4e2d',
      '\u6587\u5b57',
      '\u2588\u2591',
      '\u00e9',
      '\u00a0',
      '\u3000',
    ),
  },
  { weight: 3, arbitrary: fc.constantFrom('\t', '\t\t', ' \t') },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.constantFrom('', '0', '1', '2', '22', '31', '39', '38;5;200', '38;2;1;2;3', '48:2::1:2:3'), {
        maxLength: 3,
      })
      .map((ps) => `\x1b[${ps.join(';')}m`),
  },
  { weight: 5, arbitrary: fc.constantFrom('\n', '\n', '\r\n', '\r', '\r\x1b[K', '\x1b[2K', '\x1bD') },
  // handed back to the parser: cursor moves, erase, a link, combining marks, surrogate pairs, controls
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '\x1b[A',
      '\x1b[3C',
      '\x1b[2D',
      '\x1b[5G',
      '\x1b[1K',
      '\b',
      'e\u0301',
      '\u0301',
      '\ud83d\ude00',
      '\ud83d',
      '\x1b]8;;https://a.test/\x07l\x1b]8;;\x07',
      '\x1b[?25l',
    ),
  },
)

const output = fc
  .array(
    fc.array(token, { maxLength: 8 }).map((ts) => ts.join('')),
    { maxLength: 14 },
  )
  .map((lines) => lines.join('\n'))

const options = fc.constantFrom<TerminalScreenOptions | undefined>(
  undefined,
  { maxCursorColumn: 12 },
  { maxLines: 5, headLines: 2 },
  { maxLines: 4, headLines: 0 },
)

/** The text the slow path gives: every line parsed into runs, trailing spaces trimmed. */
function parsedText(input: string, opts?: TerminalScreenOptions): string {
  const s = createTerminalScreen(opts)
  s.write(input)
  const lines: string[] = []
  for (let i = 0; i < s.lineCount; i++) {
    if (i === s.droppedAt && s.droppedLines > 0) lines.push(`[${s.droppedLines} lines dropped]`)
    lines.push(s.line(i).text.replace(/ +$/, ''))
  }
  return lines.join('\n')
}

function plain(input: string, opts?: TerminalScreenOptions): string {
  const s = createTerminalScreen(opts)
  s.write(input)
  return s.toPlainText()
}

describe('toPlainText: the text read from lazy lines equals the text of the parsed lines', () => {
  test('property: against line(i) and against a screen that parses as it writes', () => {
    fc.assert(
      fc.property(output, options, (input, opts) => {
        const text = plain(input, opts)
        expect(text).toBe(parsedText(input, opts))
        expect(text).toBe(plain(input, { ...opts, lazy: false }))
      }),
      { numRuns: 2000 },
    )
  })

  test('trailing spaces, tab padding and start columns', () => {
    expect(plain('a  \x1b[31m  \x1b[0m\n')).toBe('a')
    expect(plain('a \x1b[1m \tb \n')).toBe('a       b')
    expect(plain('\u2713 \t\u4e2d\t \n')).toBe('\u2713       \u4e2d')
    expect(plain('abcdef\x1b[2Kxy')).toBe('      xy')
    expect(plain('\t\t\t', { maxCursorColumn: 12 })).toBe('')
    expect(plain('ab\t\tc', { maxCursorColumn: 12 })).toBe('ab          c')
    expect(plain('\u3000 ')).toBe('\u3000')
  })
})
