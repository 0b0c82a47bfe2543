// @vitest-environment node
import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { makeRegex, parseGrepLines } from './util'

// grep -rn -C / rg -n -C output, written by the rules of those tools: the oracle is what was written.
const name = fc.string({ unit: fc.constantFrom(...'ab12-. é_/'.split('')), minLength: 1, maxLength: 12 })
const text = fc.string({ unit: fc.constantFrom(...'ab12:- \r\u2028é'.split('')), maxLength: 16 })
const file = fc.record({
  path: name,
  lines: fc.array(fc.record({ n: fc.integer({ min: 1, max: 999 }), text, context: fc.boolean() }), {
    minLength: 1,
    maxLength: 4,
  }),
})

describe('parseGrepLines', () => {
  test.prop([fc.array(file, { minLength: 1, maxLength: 3 })], { numRuns: 500 })(
    'reads back every line grep -n -C writes: its file, number, text and whether it matched',
    (files) => {
      // A file has a match (grep prints context only around one); no name is another's start followed by a
      // separator (`a` and `a-1-b`: a line of the second reads as the first's; the output cannot tell).
      const given = files.map((f) => ({
        ...f,
        lines: [{ ...f.lines[0]!, context: false }, ...f.lines.slice(1)],
      }))
      fc.pre(
        given.every(
          (f, i) =>
            !given.some(
              (g, j) =>
                i !== j &&
                (g.path === f.path || g.path.startsWith(`${f.path}-`) || g.path.startsWith(`${f.path}:`)),
            ),
        ),
      )
      const output = given
        .map((f) =>
          f.lines
            .map((l) => `${f.path}${l.context ? '-' : ':'}${l.n}${l.context ? '-' : ':'}${l.text}`)
            .join('\n'),
        )
        .join('\n--\n')
      const read = parseGrepLines(output, { pattern: null }).map((m) => [
        m.path,
        m.line,
        m.text,
        m.context === true,
      ])
      expect(read).toEqual(given.flatMap((f) => f.lines.map((l) => [f.path, l.n, l.text, l.context])))
    },
  )

  // Found against `rg --json` (ripgrep 13.0.0, GNU grep 3.8) on a tree of tricky names: each failed before.
  it('a name with -N- in it, a folder of numbered files, a CR LF line, output without numbers', () => {
    const pattern = makeRegex('needle', false)
    const read = (t: string, o: { defaultPath?: string; lineNumbers?: boolean } = {}) =>
      parseGrepLines(t, { pattern, ...o }).map((m) => [m.path, m.line, m.text, m.context === true])
    // `v1-2-3.txt`, a dated post: the name was cut at its first `-N-` and the line read as context
    expect(
      read('_posts/2023-05-01-hello-world.md:2:title: needle\n_posts/2023-05-01-hello-world.md-3-more'),
    ).toEqual([
      ['_posts/2023-05-01-hello-world.md', 2, 'title: needle', false],
      ['_posts/2023-05-01-hello-world.md', 3, 'more', true],
    ])
    // a search of a folder whose files start with digits: every line went to the folder, as context
    expect(read('001-init.sql:1:-- needle\n2024-01-15-a.md:2:needle a', { defaultPath: 'db' })).toEqual([
      ['001-init.sql', 1, '-- needle', false],
      ['2024-01-15-a.md', 2, 'needle a', false],
    ])
    // one file searched, lines of a CR LF file: `12:text` and `11-text`
    expect(read('1-one\r\n2:needle\r', { defaultPath: 'crlf.txt' })).toEqual([
      ['crlf.txt', 1, 'one\r', true],
      ['crlf.txt', 2, 'needle\r', false],
    ])
    // a CR (or U+2028) in the text: the line lost its file and number
    expect(read('crlf.txt:2:needle crlf\r\nls.txt:3:a\u2028b')).toEqual([
      ['crlf.txt', 2, 'needle crlf\r', false],
      ['ls.txt', 3, 'a\u2028b', false],
    ])
    // without -n: a `:12:` in the text is text; a context line of a known file; a Windows drive
    expect(
      read('plain.txt-ctx :12: x\nplain.txt:needle :12: in text\nC:\\src\\a.ts:needle', {
        lineNumbers: false,
      }),
    ).toEqual([
      ['plain.txt', undefined, 'ctx :12: x', true],
      ['plain.txt', undefined, 'needle :12: in text', false],
      ['C:\\src\\a.ts', undefined, 'needle', false],
    ])
  })
})
