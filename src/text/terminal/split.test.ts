import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { anything, splitAt } from '../../../test/helpers/terminal-generate'
import { createTerminalScreen, type TerminalScreen, type TerminalScreenOptions } from './index'

function snapshot(s: TerminalScreen) {
  const lines = []
  for (let i = 0; i < s.lineCount; i++) lines.push(s.line(i))
  return { text: s.toPlainText(), lines, dropped: s.droppedLines, droppedAt: s.droppedAt }
}

function check(input: string, cuts: number[], options?: TerminalScreenOptions) {
  const whole = createTerminalScreen(options)
  whole.write(input)
  const parts = createTerminalScreen(options)
  for (const chunk of splitAt(input, cuts)) parts.write(chunk)
  // lines parsed as written (not lazily), in the same chunks, read after every chunk
  const eager = createTerminalScreen({ ...options, lazy: false })
  const readEach = createTerminalScreen(options)
  for (const chunk of splitAt(input, cuts)) {
    eager.write(chunk)
    readEach.write(chunk)
    snapshot(readEach)
  }
  const expected = snapshot(whole)
  expect(snapshot(parts)).toEqual(expected)
  expect(snapshot(eager)).toEqual(expected)
  expect(snapshot(readEach)).toEqual(expected)
}

describe('streaming: any split gives the same screen as one write', () => {
  test('property: text, styled runs, links and dropped lines', () => {
    fc.assert(
      fc.property(
        anything,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }),
        (input, cuts) => check(input, cuts),
      ),
      { numRuns: 1000 },
    )
  })

  test('property: with a small line limit (head and tail kept)', () => {
    fc.assert(
      fc.property(
        anything,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }),
        (input, cuts) => check(input, cuts, { maxLines: 6, headLines: 2 }),
      ),
      { numRuns: 300 },
    )
  })

  test('one character at a time', () => {
    const input =
      '\x1b[1;38;2;10;20;30mbold\x1b[0m \x1b]8;;https://a.test/\x1b\\link\x1b]8;;\x07 中\u0301 \ud83d\ude00\r\nx\x1b[2Ay\x1b[K'
    const whole = createTerminalScreen()
    whole.write(input)
    const parts = createTerminalScreen()
    for (const ch of input) parts.write(ch)
    const units = createTerminalScreen()
    for (let i = 0; i < input.length; i++) units.write(input[i]!)
    expect(snapshot(parts)).toEqual(snapshot(whole))
    expect(snapshot(units)).toEqual(snapshot(whole))
  })
})

describe('dropping lines in bulk (the splice past 1,024 dropped lines)', () => {
  test('same screen in one write and in chunks, and the same as line-by-line expectations', () => {
    let input = ''
    for (let i = 1; i <= 3000; i++) {
      input += `\x1b[3${i % 8}mline ${i}\x1b[0m\n`
      if (i === 1500) input += '\x1b7'
      if (i % 700 === 0) input += '\x1b[2Aup\x1b[2B'
    }
    input += '\x1b8restored\n'
    const options = { maxLines: 100, headLines: 10 }
    const whole = createTerminalScreen(options)
    whole.write(input)
    for (const size of [1, 7, 4096]) {
      const parts = createTerminalScreen(options)
      for (let i = 0; i < input.length; i += size) parts.write(input.slice(i, i + size))
      expect(snapshot(parts)).toEqual(snapshot(whole))
    }
    const text = whole.toPlainText().split('\n')
    expect(text.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => `line ${i + 1}`))
    expect(text[10]).toBe(`[${whole.droppedLines} lines dropped]`)
    // the saved cursor pointed at a dropped line: restoring it lands on the first kept line after the gap
    expect(text[11]).toMatch(/^restored\d$/)
    expect(text.at(-1)).toBe('line 3000')
    expect(whole.lineCount).toBe(100)
  })
})
