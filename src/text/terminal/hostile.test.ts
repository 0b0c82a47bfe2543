import { describe, expect, test } from 'vitest'
import { createTerminalScreen } from './index'

// BAD-INPUTS.md rows 6 to 12, as they concern the terminal engine. (The card's tests check the same
// inputs end up as text in the DOM, never as HTML.)

function screen(input: string | string[]) {
  const s = createTerminalScreen()
  for (const chunk of Array.isArray(input) ? input : [input]) s.write(chunk)
  return s
}

describe('row 7: markup and quotes stay literal text', () => {
  test('an <img onerror> between colour codes is text in a run', () => {
    const s = screen('\x1b[31m<img src=x onerror=alert(1)>\x1b[0m<b>x</b>')
    expect(s.toPlainText()).toBe('<img src=x onerror=alert(1)><b>x</b>')
    expect(s.line(0).runs.map((r) => r.text)).toEqual(['<img src=x onerror=alert(1)>', '<b>x</b>'])
  })
  test('a " in an OSC 8 URL cannot break out: the link is the parsed, encoded URL', () => {
    const s = screen('\x1b]8;;https://a.test/x" onclick="alert(1)\x07label\x1b]8;;\x07')
    const run = s.line(0).runs[0]!
    expect(run.text).toBe('label')
    expect(run.link?.href).toBe('https://a.test/x%22%20onclick=%22alert(1)')
  })
})

describe('row 8: links to other schemes keep the label as plain text', () => {
  test.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'vscode://file/etc/passwd',
    'command:workbench.action.terminal.new',
    '//evil.example/',
    '',
  ])('%s', (url) => {
    const s = screen(`before \x1b]8;;${url}\x1b\\label\x1b]8;;\x1b\\ after`)
    expect(s.toPlainText()).toBe('before label after')
    expect(s.line(0).runs.every((r) => r.link === undefined)).toBe(true)
  })
})

describe('row 9: a link whose label shows another URL', () => {
  test('the run carries the real target, separately from the label', () => {
    const s = screen('\x1b]8;;https://evil.example/login\x07https://bank.example/\x1b]8;;\x07')
    const run = s.line(0).runs[0]!
    expect(run.text).toBe('https://bank.example/')
    expect(run.link).toEqual({
      ok: true,
      href: 'https://evil.example/login',
      origin: 'https://evil.example',
      rest: '/login',
      suspiciousHost: false,
    })
  })
  test('an internationalized host is flagged', () => {
    const s = screen('\x1b]8;;https://аpple.com/\x07apple\x1b]8;;\x07')
    expect(s.line(0).runs[0]!.link?.suspiciousHost).toBe(true)
    expect(s.line(0).runs[0]!.link?.origin).toBe('https://xn--pple-43d.com')
  })
})

describe('row 10: title, clipboard, screen clears, alternate screen, bells, moves past the top', () => {
  test('no garbage and no effect outside the text', () => {
    const s = screen(
      'a\x1b]0;pwned title\x07b\x1b]2;t2\x1b\\c\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x07d\x1b[2Je\x1b[3Jf\x1b[?1049hg\x1b[?1049l\x07h\x1bPqsixel\x1b\\i\x1b_apc\x1b\\j\x1b^pm\x1b\\k\x1bXsos\x1b\\l',
    )
    expect(s.toPlainText()).toBe('abcdefghijkl')
  })
  test('cursor moves past the top stop at the first line', () => {
    const s = screen('one\ntwo\x1b[999999A\rX\x1b[999999F\x1bM\x1bMY')
    expect(s.toPlainText()).toBe('Yne\ntwo')
  })
  test('an OSC 8 opened and never closed only links to the end, then a reset line ends nothing else', () => {
    const s = screen('\x1b]8;;https://a.test/\x07linked\nstill')
    expect(s.line(1).runs[0]!.link?.href).toBe('https://a.test/')
  })
})

describe('row 11: unterminated and huge sequences are bounded; the text after them renders', () => {
  test('an unterminated OSC does not swallow the next lines', () => {
    const s = screen('\x1b]0;no terminator here\nnext line\n\x1b]8;;https://a.test/ still open\nlast')
    expect(s.toPlainText()).toBe('\nnext line\n\nlast')
  })
  test('an unterminated OSC at the very end leaves the text before it', () => {
    expect(screen('before\x1b]2;title without end').toPlainText()).toBe('before')
  })
  test('a 10 MB OSC is skipped, in one write or in chunks', () => {
    const big = 'A'.repeat(10 * 1024 * 1024)
    const input = `start\x1b]8;;https://a.test/${big}\x07label\x1b]8;;\x07 end`
    const one = screen(input)
    expect(one.toPlainText()).toBe('startlabel end')
    expect(one.line(0).runs.every((r) => r.link === undefined)).toBe(true)
    const chunks: string[] = []
    for (let i = 0; i < input.length; i += 65536) chunks.push(input.slice(i, i + 65536))
    expect(screen(chunks).toPlainText()).toBe('startlabel end')
    expect(screen(`x\x1b]0;${big}\x07y`).toPlainText()).toBe('xy')
  })
  test('a CSI with 100,000 parameters is one ignored-or-applied sequence; the text after it renders', () => {
    const params = Array.from({ length: 100_000 }, (_, i) => String(i % 50)).join(';')
    const s = screen(`a\x1b[${params}mb\x1b[0mc\x1b[${params}Ad`)
    expect(s.toPlainText()).toBe('abcd')
    expect(s.line(0).runs.length).toBeLessThanOrEqual(4)
  })
  test('huge numbers are clamped', () => {
    const s = screen('a\x1b[99999999999999999999999Cb\nc\x1b[99999999999999999999Gd')
    const [l0, l1] = s.toPlainText().split('\n')
    expect(l0).toBe(`a${' '.repeat(1999)}b`)
    expect(l1).toBe(`c${' '.repeat(1999)}d`)
  })
  test('cursor far to the right on many lines stays bounded by the column limit', () => {
    const s = createTerminalScreen({ maxCursorColumn: 100 })
    s.write('\x1b[999999Cx\n'.repeat(10_000))
    expect(s.lineCount).toBe(10_000)
    expect(s.line(9_999).text).toBe(`${' '.repeat(100)}x`)
  })
  test('inserted blanks (ICH) repeated do not grow a line past its margin: what passes it goes', () => {
    // 7 bytes inserting 4,000 cells each, 10,000 times: a line of 40 million cells without a margin
    const s = createTerminalScreen({ maxCursorColumn: 100 })
    s.write(`abc\x1b[3D${'\x1b[4000@'.repeat(10_000)}x`)
    expect(s.line(0).text).toBe(`x${' '.repeat(99)}`)
    // a line longer than the margin keeps its own width as the margin
    const long = 'y'.repeat(150)
    const t = createTerminalScreen({ maxCursorColumn: 100 })
    t.write(`${long}\r\x1b[2@zz`)
    expect(t.line(0).text).toBe(`zz${long.slice(0, 148)}`)
  })
  test('sequences cut anywhere and random bytes never throw', () => {
    let seed = 7
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed / 2 ** 31
    }
    const s = createTerminalScreen({ maxLines: 1000 })
    const alphabet = '\x1b[]0123456789;:?mABCDGHJK\x07\x18\r\n\b\t\\P_8 a中\u0301\ud83d\ude00\x9b'
    for (let k = 0; k < 2000; k++) {
      let chunk = ''
      for (let i = 0; i < 64; i++) chunk += alphabet[Math.floor(rand() * alphabet.length)]
      s.write(chunk)
    }
    s.write('\x1b\\\x07\x1b[0m\nthe end')
    expect(s.toPlainText().endsWith('the end')).toBe(true)
  })
})

describe('row 12: one 5 MB line', () => {
  test('stays one line with all its text, and a redraw over it is cheap to express', () => {
    const line = '0123456789'.repeat(512 * 1024)
    const s = screen([line.slice(0, 1_000_000), line.slice(1_000_000), '\rSTART\nnext'])
    expect(s.lineCount).toBe(2)
    expect(s.line(0).text.length).toBe(5 * 1024 * 1024)
    expect(s.line(0).text.startsWith('START56789')).toBe(true)
    expect(s.line(1).text).toBe('next')
  })
})
