import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { parseUnifiedDiff, parseUnifiedDiffParts } from './parse'

const j = (...lines: string[]) => `${lines.join('\n')}\n`

describe('a hunk with more lines than its header says', () => {
  const overlong = (n: number) => `--- a/x\n+++ b/x\n@@ -0,0 +1 @@\n${'+l\n'.repeat(n)}`

  it('is reported once, with how many lines are extra, and its counts are fixed', () => {
    const { files, problems } = parseUnifiedDiff(overlong(20_000))
    expect(problems).toEqual([
      { line: 5, message: 'hunk @@ -0,0 +1 @@ has more lines than its header says: 19999 extra' },
    ])
    expect(files[0]!.hunks[0]).toMatchObject({ oldLines: 0, newLines: 20_000 })
    expect(files[0]!.additions).toBe(20_000)
  })

  test.prop([fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 400 })])(
    'one problem per hunk, at its first extra line, however many extra lines',
    (a, b) => {
      const text = j(
        '--- a/x',
        '+++ b/x',
        '@@ -1 +1 @@',
        ...Array(a).fill(' c'),
        '@@ -900 +899,0 @@',
        ...Array(b).fill('-d'),
      )
      const { files, problems } = parseUnifiedDiff(text)
      const want = []
      // one context line and nothing else: a hunk that changes nothing, which `git apply` refuses
      if (a === 1) want.push({ line: 3, message: 'hunk @@ -1 +1 @@ changes no line' })
      if (a > 1)
        want.push({
          line: 5,
          message: `hunk @@ -1 +1 @@ has more lines than its header says: ${a - 1} extra`,
        })
      if (b > 1)
        want.push({
          line: a + 6,
          message: `hunk @@ -900 +899,0 @@ has more lines than its header says: ${b - 1} extra`,
        })
      expect(problems).toEqual(want)
      expect(files[0]!.hunks.map((h) => [h.oldLines, h.newLines])).toEqual([
        [a, a],
        [b, 0],
      ])
    },
  )

  /** How many times the parser walks an array (a hunk's lines, to count them) while reading `text`. */
  function walks(text: string): number {
    const iterator = Array.prototype[Symbol.iterator]
    let n = 0
    Array.prototype[Symbol.iterator] = function (this: unknown[]) {
      n++
      return iterator.call(this)
    } as typeof iterator
    try {
      parseUnifiedDiff(text)
    } finally {
      Array.prototype[Symbol.iterator] = iterator
    }
    return n
  }

  it('costs the same work however many extra lines: the hunk is counted once, not after every line', () => {
    expect(walks(overlong(4_000))).toBe(walks(overlong(1_000)))
  })
})

describe('text between files is passed over, as git apply does', () => {
  it('the end of git format-patch output: the signature and the version', () => {
    const r = parseUnifiedDiff(
      j(
        'From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001',
        'From: A <a@example.com>',
        'Subject: [PATCH] fix',
        '',
        '---',
        ' x | 2 +-',
        '',
        'diff --git a/x b/x',
        'index 1111111..2222222 100644',
        '--- a/x',
        '+++ b/x',
        '@@ -1 +1 @@',
        '-a',
        '+b',
        '-- ',
        '2.39.5',
        '',
      ),
    )
    expect(r.problems).toEqual([])
    expect(r.files.map((f) => [f.newPath, f.additions, f.deletions])).toEqual([['x', 1, 1]])
  })

  it('several format-patch mails in one stream (messages with - and + bullets)', () => {
    const mail = (n: number) => [
      `From ${String(n).repeat(40)} Mon Sep 17 00:00:00 2001`,
      `Subject: [PATCH ${n}/2] change ${n}`,
      '',
      '- fixed a thing',
      '+ added another',
      '---',
      ` f${n} | 2 +-`,
      ' 1 file changed, 1 insertion(+), 1 deletion(-)',
      '',
      `diff --git a/f${n} b/f${n}`,
      `--- a/f${n}`,
      `+++ b/f${n}`,
      '@@ -1 +1 @@',
      '-a',
      '+b',
      '-- ',
      '2.39.5',
      '',
    ]
    const r = parseUnifiedDiff(j(...mail(1), ...mail(2)))
    expect(r.problems).toEqual([])
    expect(r.files.map((f) => f.newPath)).toEqual(['f1', 'f2'])
  })

  it('GNU diff -ru: the command line before each file, and "Only in" lines', () => {
    const r = parseUnifiedDiff(
      j(
        'diff -ru a/x b/x',
        '--- a/x\t2024-01-01 00:00:00.000000000 +0000',
        '+++ b/x\t2024-01-02 00:00:00.000000000 +0000',
        '@@ -1 +1 @@',
        '-a',
        '+b',
        'Only in b: new-dir',
        'diff -ru a/y b/y',
        '--- a/y\t2024-01-01 00:00:00.000000000 +0000',
        '+++ b/y\t2024-01-02 00:00:00.000000000 +0000',
        '@@ -1 +1 @@',
        '-a',
        '+b',
      ),
    )
    expect(r.problems).toEqual([])
    expect(r.files.map((f) => f.newPath)).toEqual(['x', 'y'])
  })

  it('git log -p / git show: commit headers and indented messages between files', () => {
    const r = parseUnifiedDiff(
      j(
        'commit 3333333333333333333333333333333333333333',
        'Merge: 1111111 2222222',
        'Author: A <a@example.com>',
        'Date:   Mon Jan 1 00:00:00 2024 +0000',
        '',
        '    Merge branch x',
        '',
        'commit 1111111111111111111111111111111111111111',
        'Author: A <a@example.com>',
        'Date:   Mon Jan 1 00:00:00 2024 +0000',
        '',
        '    change x',
        '    ',
        '    - a list item',
        '    + another',
        '',
        'diff --git a/x b/x',
        'index 1111111..2222222 100644',
        '--- a/x',
        '+++ b/x',
        '@@ -1 +1 @@',
        '-a',
        '+b',
        '',
        'commit 2222222222222222222222222222222222222222',
        'Author: B <b@example.com>',
        'Date:   Sun Dec 31 00:00:00 2023 +0000',
        '',
        '    rename only',
        '',
        'diff --git a/old b/new',
        'similarity index 100%',
        'rename from old',
        'rename to new',
        '',
        'commit 0000000000000000000000000000000000000000',
        'Author: C <c@example.com>',
        'Date:   Sat Dec 30 00:00:00 2023 +0000',
        '',
        '    index fix: see -- the note',
        '',
        'diff --git a/y b/y',
        '--- a/y',
        '+++ b/y',
        '@@ -1,2 +1,2 @@',
        ' k',
        '-c',
        '+d',
      ),
    )
    expect(r.problems).toEqual([])
    expect(r.files.map((f) => [f.oldPath, f.newPath, f.status])).toEqual([
      ['x', 'x', 'modified'],
      ['old', 'new', 'renamed'],
      ['y', 'y', 'modified'],
    ])
  })

  it('svn-style Index: lines', () => {
    const r = parseUnifiedDiff(
      j(
        'Index: x',
        '===================================================================',
        '--- x',
        '+++ x',
        '@@ -1 +1 @@',
        '-a',
        '+b',
        'Index: y',
        '=====',
        '--- y',
        '+++ y',
        '@@ -1 +1 @@',
        '-a',
        '+b',
      ),
    )
    expect(r.problems).toEqual([])
    expect(r.files).toHaveLength(2)
  })

  it('still reports broken hunks: a stray line inside a hunk, a bad hunk header, content lines after a hunk', () => {
    const stray = parseUnifiedDiff(j('--- a/x', '+++ b/x', '@@ -1,3 +1,3 @@', ' a', '-b', 'oops', '+c', ' d'))
    expect(stray.problems.map((p) => p.line)).toEqual([5, 6])
    expect(stray.problems[0]!.message).toMatch(/ends early/)
    const header = parseUnifiedDiff(j('--- a/x', '+++ b/x', '@@ -1 +1 @', '-a', '+b'))
    expect(header.problems).toEqual([{ line: 3, message: 'malformed hunk header' }])
    const after = parseUnifiedDiff(j('--- a/x', '+++ b/x', '@@ -1 +1 @@', '-a', '+b', '', '+c'))
    expect(after.problems).toEqual([{ line: 7, message: 'unexpected line outside a hunk; ignored' }])
  })
})

describe('combined (merge) diffs', () => {
  const cc = (name: string) => [
    `diff --cc ${name}`,
    'index 1111111,2222222..3333333',
    `--- a/${name}`,
    `+++ b/${name}`,
    '@@@ -1,1 -1,1 +1,2 @@@',
    '  a',
    '++b',
    '--- not a header',
    '+++ either',
  ]

  it('are read against the first parent, to the next file, each saying how many parents', () => {
    const r = parseUnifiedDiff(
      j(
        ...cc('f'),
        'diff --git a/g b/g',
        '--- a/g',
        '+++ b/g',
        '@@ -1 +1 @@',
        '-a',
        '+b',
        'diff --combined h',
        '--- a/h',
        '+++ b/h',
        '@@@ -1 -1 +1 @@@',
        '- a',
        ' -b',
        '++c',
      ),
    )
    expect(r.files.map((f) => [f.newPath, f.status, f.additions, f.deletions, f.parents])).toEqual([
      ['f', 'modified', 1, 0, 2],
      ['g', 'modified', 1, 1, undefined],
      ['h', 'modified', 1, 1, 2],
    ])
    // f: its hunk is `a` then `b` added; h: ` -b` was the second parent's only, not in the diff
    expect(r.files[0]!.hunks[0]!.lines).toEqual([
      { kind: 'context', text: 'a' },
      { kind: 'add', text: 'b' },
    ])
    expect(r.files[2]!.hunks[0]!.lines).toEqual([
      { kind: 'del', text: 'a' },
      { kind: 'add', text: 'c' },
    ])
    // the lines past f's hunk's counts (looking like a file header) are not its paths
    expect(r.problems).toEqual([
      { line: 8, message: 'unexpected line outside a hunk; ignored' },
      { line: 9, message: 'unexpected line outside a hunk; ignored' },
    ])
  })

  it('a merge diff alone, after its commit header: its file, and not "no diff found"', () => {
    const r = parseUnifiedDiff(j('commit 1', 'Merge: 2 3', '', ...cc('f')))
    expect(r.files.map((f) => f.newPath)).toEqual(['f'])
    expect(r.problems.map((p) => p.message)).toEqual([
      'unexpected line outside a hunk; ignored',
      'unexpected line outside a hunk; ignored',
    ])
  })

  it('an octopus merge (three parents), a file the merge added, and a hunk cut short', () => {
    const r = parseUnifiedDiff(
      j(
        'diff --cc o.txt',
        'index 1,2,3..4',
        '--- a/o.txt',
        '+++ b/o.txt',
        '@@@@ -1,3 -1,2 -1,1 +1,3 @@@@ head',
        '   x',
        '-  y',
        '+++z',
        ' ++w',
        'diff --cc n.txt',
        'new file mode 100644',
        'index 0000000,1111111..2222222',
        '--- /dev/null',
        '+++ b/n.txt',
        '@@@ -0,0 -1,1 +1,2 @@@',
        '+ one',
        '++two',
        'diff --cc cut.txt',
        '--- a/cut.txt',
        '+++ b/cut.txt',
        '@@@ -1,3 -1,3 +1,3 @@@',
        '  a',
      ),
    )
    expect(r.files.map((f) => [f.newPath, f.oldPath, f.status])).toEqual([
      ['o.txt', 'o.txt', 'modified'],
      ['n.txt', null, 'added'],
      ['cut.txt', 'cut.txt', 'modified'],
    ])
    expect(r.files[0]!.hunks[0]).toMatchObject({
      oldStart: 1,
      oldLines: 3,
      newStart: 1,
      newLines: 3,
      header: 'head',
    })
    expect(r.files[0]!.hunks[0]!.lines.map((l) => `${l.kind} ${l.text}`)).toEqual([
      'context x',
      'del y',
      'add z',
      'context w',
    ])
    expect(r.files[1]!.hunks[0]!.lines.map((l) => `${l.kind} ${l.text}`)).toEqual(['add one', 'add two'])
    expect(r.files.map((f) => f.parents)).toEqual([3, 2, 2])
    expect(r.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^hunk @@ -1,3 \+1,3 @@ ends early/),
    ])
  })
})

describe('empty names in ---/+++ lines (Python difflib)', () => {
  it('name no file, so the caller can', () => {
    const r = parseUnifiedDiff('--- \n+++ \n@@ -1 +1 @@\n-a\n+b\n')
    expect(r.problems).toEqual([])
    expect(r.files[0]).toMatchObject({ oldPath: null, newPath: null, status: 'modified', additions: 1 })
  })

  it('one empty name takes the other side’s', () => {
    expect(parseUnifiedDiff('--- \n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n').files[0]).toMatchObject({
      oldPath: 'x',
      newPath: 'x',
      status: 'modified',
    })
    expect(parseUnifiedDiff('--- /dev/null\n+++ \t2024-01-01\n@@ -0,0 +1 @@\n+b\n').files[0]).toMatchObject({
      oldPath: null,
      newPath: null,
      status: 'added',
    })
  })

  it('do not replace the paths of a diff --git line', () => {
    const r = parseUnifiedDiff(j('diff --git a/x b/x', '--- ', '+++ ', '@@ -1 +1 @@', '-a', '+b'))
    expect(r.files[0]).toMatchObject({ oldPath: 'x', newPath: 'x' })
  })
})

describe('git path prefixes other than a/ and b/', () => {
  it.each([
    ['i/', 'w/'],
    ['c/', 'i/'],
    ['o/', 'w/'],
    ['SRC/', 'DST/'],
  ])('%s %s (diff.mnemonicPrefix, --src-prefix/--dst-prefix) are stripped', (x, y) => {
    const r = parseUnifiedDiff(
      j(
        `diff --git ${x}dir/x.txt ${y}dir/x.txt`,
        'index 7898192..6178079 100644',
        `--- ${x}dir/x.txt`,
        `+++ ${y}dir/x.txt`,
        '@@ -1 +1 @@',
        '-a',
        '+b',
        `diff --git ${x}n.txt ${y}n.txt`,
        'new file mode 100644',
        '--- /dev/null',
        `+++ ${y}n.txt`,
        '@@ -0,0 +1 @@',
        '+n',
        `diff --git ${x}my file ${y}my file`,
        'old mode 100644',
        'new mode 100755',
      ),
    )
    expect(r.problems).toEqual([])
    expect(r.files.map((f) => [f.oldPath, f.newPath, f.status])).toEqual([
      ['dir/x.txt', 'dir/x.txt', 'modified'],
      [null, 'n.txt', 'added'],
      ['my file', 'my file', 'modified'],
    ])
  })

  it('a rename with other prefixes: the rename lines name the paths', () => {
    const r = parseUnifiedDiff(
      j(
        'diff --git c/old.txt w/lib/new.txt',
        'similarity index 90%',
        'rename from old.txt',
        'rename to lib/new.txt',
        '--- c/old.txt',
        '+++ w/lib/new.txt',
        '@@ -1 +1 @@',
        '-a',
        '+b',
      ),
    )
    expect(r.files[0]).toMatchObject({ oldPath: 'old.txt', newPath: 'lib/new.txt', status: 'renamed' })
  })

  it('--no-prefix: names are kept, even when they start with a/ or a directory', () => {
    const r = parseUnifiedDiff(
      j(
        'diff --git x.txt x.txt',
        '--- x.txt',
        '+++ x.txt',
        '@@ -1 +1 @@',
        '-a',
        '+b',
        'diff --git a/foo a/foo',
        '--- a/foo',
        '+++ a/foo',
        '@@ -1 +1 @@',
        '-a',
        '+b',
        'diff --git src/lib.rs src/lib.rs',
        'old mode 100644',
        'new mode 100755',
        'diff --git src/a.rs lib/a.rs',
        'similarity index 100%',
        'rename from src/a.rs',
        'rename to lib/a.rs',
      ),
    )
    expect(r.files.map((f) => [f.oldPath, f.newPath])).toEqual([
      ['x.txt', 'x.txt'],
      ['a/foo', 'a/foo'],
      ['src/lib.rs', 'src/lib.rs'],
      ['src/a.rs', 'lib/a.rs'],
    ])
  })
})

describe('GNU diff -N: a side stamped with the epoch does not exist', () => {
  it.each([
    '1970-01-01 00:00:00.000000000 +0000',
    '1970-01-01 01:00:00.000000000 +0100',
    '1969-12-31 19:00:00.000000000 -0500',
    '1970-01-01 00:00:00 +0000',
  ])('deleted and added files (%s)', (epoch) => {
    const r = parseUnifiedDiff(
      j(
        'diff -ruN a/z.txt b/z.txt',
        '--- a/z.txt\t2024-05-01 10:00:00.000000000 +0200',
        `+++ b/z.txt\t${epoch}`,
        '@@ -1,2 +0,0 @@',
        '-a',
        '-b',
        'diff -ruN a/n.txt b/n.txt',
        `--- a/n.txt\t${epoch}`,
        '+++ b/n.txt\t2024-05-01 10:00:00.000000000 +0200',
        '@@ -0,0 +1 @@',
        '+n',
      ),
    )
    expect(r.problems).toEqual([])
    expect(r.files.map((f) => [f.oldPath, f.newPath, f.status])).toEqual([
      ['z.txt', null, 'deleted'],
      [null, 'n.txt', 'added'],
    ])
  })

  it('not when that side has lines (a file whose time is the epoch), nor one second later', () => {
    const r = parseUnifiedDiff(
      j(
        '--- a/z.txt\t2024-05-01 10:00:00.000000000 +0200',
        '+++ b/z.txt\t1970-01-01 00:00:00.000000000 +0000',
        '@@ -1 +1 @@',
        '-a',
        '+b',
        '--- a/y.txt\t2024-05-01 10:00:00.000000000 +0200',
        '+++ b/y.txt\t1970-01-01 00:00:01.000000000 +0000',
        '@@ -1 +0,0 @@',
        '-a',
      ),
    )
    expect(r.files.map((f) => f.status)).toEqual(['modified', 'modified'])
  })
})

describe('parseUnifiedDiffParts', () => {
  it('gives each file its own text and its own problems', () => {
    const a = j('diff --git a/old b/new', 'similarity index 100%', 'rename from old', 'rename to new')
    const b = j('diff --git a/x b/x', '--- a/x', '+++ b/x', '@@ -1,2 +1,2 @@', '-a', 'junk')
    const c = j('--- a/y', '+++ b/y', '@@ -1 +1 @@', '-a', '+b')
    const text = `preamble\n${a}${b}\ncommit 1\n\n${c}-- \n2.39.5\n`
    const r = parseUnifiedDiffParts(text)
    expect(r.parts.map((p) => text.slice(p.from, p.to))).toEqual([a, b, c])
    expect(r.parts.map((p) => p.problems.map((q) => q.line))).toEqual([[], [10, 11], []])
    expect(r.parts.flatMap((p) => p.problems)).toEqual(r.problems)
  })

  it('the same files and problems as parseUnifiedDiff', () => {
    const text = j(
      'x',
      '--- a/1',
      '+++ b/1',
      '@@ -1 +1 @@',
      '-a',
      '+b',
      '+c',
      'Binary files a/2 and b/2 differ',
    )
    const { parts, lines, ...rest } = parseUnifiedDiffParts(text)
    expect(rest).toEqual(parseUnifiedDiff(text))
    expect(lines).toBe(text.split('\n').length - 1)
    expect(parts.map((p) => p.lines)).toEqual([6, 1])
    expect(parts.map((p) => text.slice(p.from, p.to))).toEqual([
      j('--- a/1', '+++ b/1', '@@ -1 +1 @@', '-a', '+b', '+c'),
      j('Binary files a/2 and b/2 differ'),
    ])
  })

  it('a last line without a newline', () => {
    const text = '--- a/1\n+++ b/1\n@@ -1 +1 @@\n-a\n+b'
    const r = parseUnifiedDiffParts(text)
    expect(text.slice(r.parts[0]!.from, r.parts[0]!.to)).toBe(text)
  })
})

// Captured from real tools by a sweep of 246 diffs (svn 1.14.2, fossil 2.21, brz 3.3.2, quilt 0.66,
// jsdiff 9, difflib): a plain diff names the same file on both sides, with no prefixes of its own.
describe('plain diffs whose real paths start with a/ or b/', () => {
  it('svn diff of a file in a directory named a: both sides keep the path', () => {
    const text = j(
      'Index: a/x.txt',
      '===================================================================',
      '--- a/x.txt\t(revision 1)',
      '+++ a/x.txt\t(revision 2)',
      '@@ -1 +1 @@',
      '-one',
      '+two',
    )
    const { files, problems } = parseUnifiedDiff(text)
    expect(problems).toEqual([])
    expect(files.map((f) => [f.oldPath, f.newPath, f.status])).toEqual([['a/x.txt', 'a/x.txt', 'modified']])
  })

  test.prop([
    fc.constantFrom('a/', 'b/', 'a/b/', 'b/a/', 'src/', ''),
    fc.stringMatching(/^[\w.-]{1,12}(\/[\w.-]{1,12}){0,2}$/),
  ])('the same name on both sides is one path; git’s a/ and b/ pair is a prefix', (dir, rest) => {
    const path = dir + rest
    const same = parseUnifiedDiff(
      j(`--- ${path}\t(revision 1)`, `+++ ${path}\t(working copy)`, '@@ -1 +1 @@', '-x', '+y'),
    )
    expect([same.files[0]!.oldPath, same.files[0]!.newPath]).toEqual([path, path])
    const git = parseUnifiedDiff(j(`--- a/${path}`, `+++ b/${path}`, '@@ -1 +1 @@', '-x', '+y'))
    expect([git.files[0]!.oldPath, git.files[0]!.newPath]).toEqual([path, path])
    const added = parseUnifiedDiff(j('--- /dev/null', `+++ b/${path}`, '@@ -0,0 +1 @@', '+y'))
    expect([added.files[0]!.oldPath, added.files[0]!.newPath, added.files[0]!.status]).toEqual([
      null,
      path,
      'added',
    ])
  })

  it('Binary files a/x and a/x differ: one path', () => {
    const { files } = parseUnifiedDiff('Binary files a/pic.png and a/pic.png differ\n')
    expect(files.map((f) => [f.oldPath, f.newPath, f.status])).toEqual([['a/pic.png', 'a/pic.png', 'binary']])
  })
})

describe('svn log --diff', () => {
  it('the line between revisions is not a broken hunk', () => {
    const rule = '-'.repeat(72)
    const text = j(
      rule,
      'r3 | root | 2026-12-06 03:49:58 +0000 (Sun, 06 Dec 2026) | 1 line',
      '',
      'r3',
      '',
      'Index: x.txt',
      '===================================================================',
      '--- x.txt\t(revision 2)',
      '+++ x.txt\t(revision 3)',
      '@@ -1 +1 @@',
      '-two',
      '+three',
      '',
      rule,
      'r2 | root | 2026-12-06 03:49:57 +0000 (Sun, 06 Dec 2026) | 1 line',
      '',
      'Index: y.txt',
      '===================================================================',
      '--- y.txt\t(revision 1)',
      '+++ y.txt\t(revision 2)',
      '@@ -1 +1 @@',
      '-one',
      '+two',
      '',
      rule,
    )
    const r = parseUnifiedDiffParts(text)
    expect(r.problems).toEqual([])
    expect(r.files.map((f) => [f.newPath, f.additions, f.deletions])).toEqual([
      ['x.txt', 1, 1],
      ['y.txt', 1, 1],
    ])
    // the rule is text between revisions, not the file's
    expect(text.slice(r.parts[0]!.from, r.parts[0]!.to)).not.toContain(rule)
  })
})
