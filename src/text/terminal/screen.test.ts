import { describe, expect, test } from 'vitest'
import { createTerminalScreen, type TerminalScreenOptions } from './index'

function plain(input: string, options?: TerminalScreenOptions): string {
  const s = createTerminalScreen(options)
  s.write(input)
  return s.toPlainText()
}

function runs(input: string, line = 0) {
  const s = createTerminalScreen()
  s.write(input)
  return s
    .line(line)
    .runs.map((r) => ({ text: r.text, ...r.style, ...(r.link ? { href: r.link.href } : {}) }))
}

describe('text and line breaks', () => {
  test('lines, trailing spaces trimmed, trailing empty lines dropped', () => {
    expect(plain('one  \ntwo\n\n\n')).toBe('one\ntwo')
    expect(plain('a\r\nb\r\n')).toBe('a\nb')
    expect(plain('')).toBe('')
  })

  test('a progress bar redrawn with \\r ends as one line', () => {
    expect(plain('[#   ] 25%\r[##  ] 50%\r[####] 100%\ndone')).toBe('[####] 100%\ndone')
  })

  test('\\r then shorter text keeps the rest of the line', () => {
    expect(plain('downloading 10%\rok')).toBe('okwnloading 10%')
  })

  test('erase, then append, then overwrite the same line (a regression found by the property test)', () => {
    expect(plain('error\b\x1b[Kerror\berror')).toBe('erroerroerror')
  })

  test('backspace moves left and stops at the first column', () => {
    expect(plain('abc\b\bX')).toBe('aXc')
    expect(plain('a\b\b\bZ')).toBe('Z')
  })

  test('tab stops every 8 columns', () => {
    expect(plain('a\tb')).toBe('a       b')
    expect(plain('12345678\tx')).toBe(`12345678${' '.repeat(8)}x`)
    expect(plain('\t\tx')).toBe(`${' '.repeat(16)}x`)
  })

  test('line feed on an earlier line moves down without adding a line', () => {
    expect(plain('1\n2\n3\x1b[2A\nX')).toBe('1\nX\n3')
  })
})

describe('cursor movement (CSI A B C D G)', () => {
  test('up and rewrite', () => {
    expect(plain('one\ntwo\x1b[1AONE')).toBe('oneONE\ntwo')
    expect(plain('one\ntwo\r\x1b[1AONE')).toBe('ONE\ntwo')
  })
  test('down stops at the last line', () => {
    expect(plain('a\nb\x1b[A\rX\x1b[5BY')).toBe('X\nbY')
  })
  test('forward pads with spaces, back overwrites', () => {
    expect(plain('a\x1b[3Cb')).toBe('a   b')
    expect(plain('abcdef\x1b[3DX')).toBe('abcXef')
    expect(plain('ab\x1b[10DX')).toBe('Xb')
  })
  test('column (G) is 1-based, default 1', () => {
    expect(plain('abcdef\x1b[3GX')).toBe('abXdef')
    expect(plain('abcdef\x1b[GX')).toBe('Xbcdef')
    expect(plain('ab\x1b[6GX')).toBe('ab   X')
  })
  test('cursor next/previous line (E F)', () => {
    expect(plain('a\nb\nc\x1b[2FX')).toBe('X\nb\nc')
  })
  test('save and restore the cursor', () => {
    expect(plain('a\x1b7\nb\nc\x1b8X')).toBe('aX\nb\nc')
    expect(plain('ab\x1b[s\ncd\x1b[uX')).toBe('abX\ncd')
  })

  test('a status line drawn at an absolute place between a save and a restore stays out of the log', () => {
    // apt's progress bar: save, go to the last row, draw, restore; then the next line of the log
    const bar = '\x1b7\x1b[40;0f\x1b[42mProgress: [ 50%]\x1b[49m [#####.....] \x1b8'
    expect(plain(`Unpacking a ...\r\n${bar}Setting up a ...\r\n`)).toBe('Unpacking a ...\nSetting up a ...')
    // the same with SCOSC/SCORC and with a line position (VPA)
    expect(plain('one\r\n\x1b[s\x1b[9dstatus\x1b[utwo')).toBe('one\ntwo')
  })

  test('an absolute move with no cursor saved, or whose line ends, loses nothing', () => {
    // no save: the text prints where the cursor is, as before (positions are not followed)
    expect(plain('zero\nabc\x1b[1;1Hzz')).toBe('zero\nabczz')
    // saved and never restored: only the rest of that line is left out, the next lines print
    expect(plain('a\x1b7\x1b[5;1Hstatus\nnext\nlast')).toBe('a\nnext\nlast')
    // a restore clears it: later moves print again
    expect(plain('a\x1b7\x1b[5;1Hgone\x1b8b\x1b[1;1Hc')).toBe('abc')
  })
})

describe('erase (CSI K, CSI J)', () => {
  test('K 0 erases to the end of the line', () => {
    expect(plain('abcdef\x1b[3D\x1b[K')).toBe('abc')
    expect(plain('abcdef\x1b[3D\x1b[0K')).toBe('abc')
  })
  test('K 1 erases from the start to the cursor', () => {
    expect(plain('abcdef\x1b[3D\x1b[1K')).toBe('    ef')
  })
  test('K 2 erases the whole line, the cursor stays', () => {
    expect(plain('abcdef\x1b[2KX')).toBe(`${' '.repeat(6)}X`)
    expect(plain('abcdef\r\x1b[2KX')).toBe('X')
  })
  test('J 0 erases below the cursor', () => {
    expect(plain('1\n2\n3\n4\x1b[2A\r\x1b[J')).toBe('1')
    expect(plain('111\n222\n333\x1b[1A\x1b[2D\x1b[0J')).toBe('111\n2')
  })
  test('J 1, 2, 3 (screen clears) keep the output: no effect outside the card', () => {
    expect(plain('keep\x1b[2J\x1b[3J\x1b[1J\x1b[Hnext')).toBe('keepnext')
  })
})

describe('wide and combining characters', () => {
  test('wide characters take two columns', () => {
    expect(plain('中文\x1b[2DX')).toBe('中X')
    expect(plain('中文ab\x1b[GX')).toBe('X 文ab')
  })
  test('overwriting half of a wide character blanks the other half', () => {
    expect(plain('中文x\x1b[2Dy')).toBe('中 yx')
  })
  test('combining marks join the previous cell', () => {
    expect(plain('e\u0301x\x1b[2DY')).toBe('Yx')
    expect(plain('e\u0301\u0323tc\x1b[3GZ')).toBe('e\u0301\u0323tZ')
    expect(plain('中\u0301b\x1b[3GX')).toBe('中\u0301X')
  })
  test('a combining mark with nothing to join shows on a dotted circle', () => {
    expect(plain('\u0301a')).toBe('\u25cc\u0301a')
  })
  test('emoji and astral characters', () => {
    expect(plain('\ud83d\ude00x\x1b[DY')).toBe('\ud83d\ude00Y')
  })
  test('lone surrogates become U+FFFD, NUL and other controls vanish', () => {
    expect(plain('a\ud800b\udc00c')).toBe('a\ufffdb\ufffdc')
    expect(plain('a\x00b\x07c\x7fd\x9be\x85f')).toBe('abcdef')
  })
})

describe('SGR', () => {
  test('16 colours, bright colours and resets', () => {
    expect(runs('\x1b[31mred\x1b[39m plain \x1b[44;93mhi\x1b[49mx\x1b[0my')).toEqual([
      { text: 'red', fg: 1 },
      { text: ' plain ' },
      { text: 'hi', fg: 11, bg: 4 },
      { text: 'x', fg: 11 },
      { text: 'y' },
    ])
    expect(runs('\x1b[101ma')).toEqual([{ text: 'a', bg: 9 }])
  })
  test('attributes on and off', () => {
    expect(
      runs('\x1b[1mb\x1b[2md\x1b[22m\x1b[3mi\x1b[23m\x1b[4mu\x1b[24m\x1b[7mv\x1b[27m\x1b[9ms\x1b[29mn'),
    ).toEqual([
      { text: 'b', bold: true },
      { text: 'd', bold: true, dim: true },
      { text: 'i', italic: true },
      { text: 'u', underline: true },
      { text: 'v', inverse: true },
      { text: 's', strikethrough: true },
      { text: 'n' },
    ])
  })
  test('256 colours and truecolor, semicolon and colon forms', () => {
    expect(runs('\x1b[38;5;208ma\x1b[48;5;17mb')).toEqual([
      { text: 'a', fg: 208 },
      { text: 'b', fg: 208, bg: 17 },
    ])
    expect(runs('\x1b[38;2;255;128;0ma\x1b[0;48:2::1:2:3mb\x1b[0;38:2:16:32:48mc\x1b[0;38:5:9md')).toEqual([
      { text: 'a', fg: '#ff8000' },
      { text: 'b', bg: '#010203' },
      { text: 'c', fg: '#102030' },
      { text: 'd', fg: 9 },
    ])
  })
  test('an empty SGR resets; 4:0 ends underline; underline colour is consumed, not misread', () => {
    expect(runs('\x1b[1;31ma\x1b[mb')).toEqual([{ text: 'a', fg: 1, bold: true }, { text: 'b' }])
    expect(runs('\x1b[4:3mu\x1b[4:0mn')).toEqual([{ text: 'u', underline: true }, { text: 'n' }])
    expect(runs('\x1b[58;5;1;32ma')).toEqual([{ text: 'a', fg: 2 }])
    expect(runs('\x1b[58;2;1;2;3;1ma')).toEqual([{ text: 'a', bold: true }])
  })
  test('bad colour numbers change nothing', () => {
    expect(runs('\x1b[32m\x1b[38;5;300ma')).toEqual([{ text: 'a', fg: 2 }])
  })
  test('overwriting keeps each cell its own style', () => {
    expect(runs('\x1b[31mAAAA\x1b[0m\r\x1b[32mBB')).toEqual([
      { text: 'BB', fg: 2 },
      { text: 'AA', fg: 1 },
    ])
  })
})

describe('OSC 8 links', () => {
  test('http, https and mailto become links with the parsed URL', () => {
    expect(runs('see \x1b]8;;https://example.com/a b\x1b\\docs\x1b]8;;\x1b\\ end')).toEqual([
      { text: 'see ' },
      { text: 'docs', href: 'https://example.com/a%20b' },
      { text: ' end' },
    ])
    expect(runs('\x1b]8;id=1;mailto:a@b.c\x07mail\x1b]8;;\x07')).toEqual([
      { text: 'mail', href: 'mailto:a@b.c' },
    ])
  })
  test('any other scheme keeps the label as plain text', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'vscode://x',
      'command:y',
    ]) {
      expect(runs(`\x1b]8;;${url}\x07label\x1b]8;;\x07`)).toEqual([{ text: 'label' }])
    }
  })
})

describe('line limit: head and tail kept, dropped lines counted', () => {
  test('keeps the first and the last lines', () => {
    const s = createTerminalScreen({ maxLines: 10, headLines: 3 })
    for (let i = 1; i <= 100; i++) s.write(`line ${i}\n`)
    expect(s.lineCount).toBe(10)
    expect(s.droppedLines).toBe(90)
    expect(s.droppedAt).toBe(3)
    expect(s.line(2).text).toBe('line 3')
    expect(s.line(3).text).toBe('line 94')
    expect(s.toPlainText()).toBe(
      [
        'line 1',
        'line 2',
        'line 3',
        '[90 lines dropped]',
        'line 94',
        'line 95',
        'line 96',
        'line 97',
        'line 98',
        'line 99',
        'line 100',
      ].join('\n'),
    )
  })
  test('many lines: memory stays at the limit, cursor-up cannot reach dropped lines', () => {
    const s = createTerminalScreen({ maxLines: 100, headLines: 10 })
    s.write('x\n'.repeat(50_000))
    s.write('\x1b[99999Aup')
    expect(s.droppedLines).toBe(50_001 - 101)
    expect(s.line(10).text).toBe('up')
    expect(s.line(11).text).toBe('x')
    expect(s.line(0).text).toBe('x')
  })
  test('default: 100,000 lines kept', () => {
    const s = createTerminalScreen()
    s.write('y\n'.repeat(100_010))
    expect(s.lineCount + s.droppedLines).toBe(100_010)
    expect(s.droppedLines).toBe(10)
    expect(s.lineCount).toBe(100_000)
  })
})

describe('reading lines', () => {
  test('line objects stay the same until the line changes; version counts writes', () => {
    const s = createTerminalScreen()
    s.write('a\nb')
    const v = s.version
    const first = s.line(0)
    const second = s.line(1)
    s.write('c')
    expect(s.version).toBe(v + 1)
    expect(s.line(0)).toBe(first)
    expect(s.line(1)).not.toBe(second)
    expect(s.line(1).text).toBe('bc')
  })
  test('deterministic: the same input gives the same lines', () => {
    const input = '\x1b[1;32mok\x1b[0m\n中\u0301\r\x1b[2Kz\n'
    const a = createTerminalScreen()
    const b = createTerminalScreen()
    a.write(input)
    b.write(input)
    expect(JSON.stringify([a.line(0), a.line(1)])).toBe(JSON.stringify([b.line(0), b.line(1)]))
  })
})
