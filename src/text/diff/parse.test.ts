import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseUnifiedDiff } from './parse'
import { buildFileViews } from './view'

const j = (...lines: string[]) => `${lines.join('\n')}\n`

describe('parseUnifiedDiff: git extended headers', () => {
  it('reads a modification with index and mode', () => {
    const { files, problems } = parseUnifiedDiff(
      j(
        'diff --git a/src/app.ts b/src/app.ts',
        'index 83db48f..bf269f4 100644',
        '--- a/src/app.ts',
        '+++ b/src/app.ts',
        '@@ -1,3 +1,3 @@ export function main() {',
        ' const a = 1',
        '-const b = 2',
        '+const b = 3',
        ' const c = 4',
      ),
    )
    expect(problems).toEqual([])
    expect(files).toHaveLength(1)
    const f = files[0]!
    expect(f).toMatchObject({
      oldPath: 'src/app.ts',
      newPath: 'src/app.ts',
      status: 'modified',
      additions: 1,
      deletions: 1,
      oldHash: '83db48f',
      newHash: 'bf269f4',
      mode: '100644',
      git: true,
    })
    expect(f.hunks[0]).toEqual({
      oldStart: 1,
      oldLines: 3,
      newStart: 1,
      newLines: 3,
      header: 'export function main() {',
      lines: [
        { kind: 'context', text: 'const a = 1' },
        { kind: 'del', text: 'const b = 2' },
        { kind: 'add', text: 'const b = 3' },
        { kind: 'context', text: 'const c = 4' },
      ],
    })
  })

  it('reads new file mode with /dev/null', () => {
    const { files, problems } = parseUnifiedDiff(
      j(
        'diff --git a/new.txt b/new.txt',
        'new file mode 100755',
        'index 0000000..3b18e51',
        '--- /dev/null',
        '+++ b/new.txt',
        '@@ -0,0 +1,2 @@',
        '+hello',
        '+world',
      ),
    )
    expect(problems).toEqual([])
    expect(files[0]).toMatchObject({
      oldPath: null,
      newPath: 'new.txt',
      status: 'added',
      newMode: '100755',
      additions: 2,
    })
  })

  it('reads an empty new file (no hunks)', () => {
    const { files } = parseUnifiedDiff(
      j('diff --git a/empty b/empty', 'new file mode 100644', 'index 0000000..e69de29'),
    )
    expect(files[0]).toMatchObject({
      oldPath: null,
      newPath: 'empty',
      status: 'added',
      additions: 0,
      hunks: [],
    })
  })

  it('reads deleted file mode', () => {
    const { files } = parseUnifiedDiff(
      j(
        'diff --git a/gone.txt b/gone.txt',
        'deleted file mode 100644',
        'index 3b18e51..0000000',
        '--- a/gone.txt',
        '+++ /dev/null',
        '@@ -1 +0,0 @@',
        '-bye',
      ),
    )
    expect(files[0]).toMatchObject({
      oldPath: 'gone.txt',
      newPath: null,
      status: 'deleted',
      oldMode: '100644',
      deletions: 1,
    })
  })

  it('reads old mode / new mode (mode change only)', () => {
    const { files, problems } = parseUnifiedDiff(
      j('diff --git a/run.sh b/run.sh', 'old mode 100644', 'new mode 100755'),
    )
    expect(problems).toEqual([])
    expect(files[0]).toMatchObject({
      oldPath: 'run.sh',
      newPath: 'run.sh',
      status: 'modified',
      oldMode: '100644',
      newMode: '100755',
    })
  })

  it('reads a rename with similarity and changes', () => {
    const { files } = parseUnifiedDiff(
      j(
        'diff --git a/old name.ts b/lib/new name.ts',
        'similarity index 91%',
        'rename from old name.ts',
        'rename to lib/new name.ts',
        'index 1111111..2222222 100644',
        '--- a/old name.ts\t',
        '+++ b/lib/new name.ts\t',
        '@@ -2 +2 @@',
        '-x',
        '+y',
      ),
    )
    expect(files[0]).toMatchObject({
      oldPath: 'old name.ts',
      newPath: 'lib/new name.ts',
      status: 'renamed',
      similarity: 91,
      additions: 1,
      deletions: 1,
    })
  })

  it('reads a pure rename (no hunks)', () => {
    const { files } = parseUnifiedDiff(
      j('diff --git a/a.txt b/b.txt', 'similarity index 100%', 'rename from a.txt', 'rename to b.txt'),
    )
    expect(files[0]).toMatchObject({
      oldPath: 'a.txt',
      newPath: 'b.txt',
      status: 'renamed',
      similarity: 100,
      hunks: [],
    })
  })

  it('reads a copy', () => {
    const { files } = parseUnifiedDiff(
      j('diff --git a/src.c b/dst.c', 'similarity index 100%', 'copy from src.c', 'copy to dst.c'),
    )
    expect(files[0]).toMatchObject({ oldPath: 'src.c', newPath: 'dst.c', status: 'copied' })
  })

  it('reads dissimilarity index (rewrite)', () => {
    const { files } = parseUnifiedDiff(
      j('diff --git a/x b/x', 'dissimilarity index 88%', 'index 1..2 100644'),
    )
    expect(files[0]).toMatchObject({ dissimilarity: 88, status: 'modified' })
  })

  it('reads Binary files ... differ', () => {
    const { files, problems } = parseUnifiedDiff(
      j(
        'diff --git a/img.png b/img.png',
        'index 1234567..89abcde 100644',
        'Binary files a/img.png and b/img.png differ',
      ),
    )
    expect(problems).toEqual([])
    expect(files[0]).toMatchObject({
      oldPath: 'img.png',
      newPath: 'img.png',
      status: 'binary',
      binary: true,
      hunks: [],
    })
  })

  it('skips the data of a GIT binary patch and reads the next file', () => {
    const { files, problems } = parseUnifiedDiff(
      j(
        'diff --git a/logo.bin b/logo.bin',
        'new file mode 100644',
        'index 0000000000000000000000000000000000000000..d1f3a1b2c3d4e5f60718293a4b5c6d7e8f901234',
        'GIT binary patch',
        'literal 12',
        'Tc${NkU|?WkU|{&q00C$K0ssI2',
        '',
        'literal 0',
        'HcmV?d00001',
        '',
        'diff --git a/b.txt b/b.txt',
        '--- a/b.txt',
        '+++ b/b.txt',
        '@@ -1 +1 @@',
        '-1',
        '+2',
      ),
    )
    expect(problems).toEqual([])
    expect(files.map((f) => [f.newPath, f.status])).toEqual([
      ['logo.bin', 'binary'],
      ['b.txt', 'modified'],
    ])
  })

  it('decodes quoted paths (octal UTF-8, escapes)', () => {
    const { files, problems } = parseUnifiedDiff(
      j(
        'diff --git "a/caf\\303\\251 \\"x\\".ts" "b/tab\\there.ts"',
        'similarity index 50%',
        'rename from "caf\\303\\251 \\"x\\".ts"',
        'rename to "tab\\there.ts"',
        '--- "a/caf\\303\\251 \\"x\\".ts"',
        '+++ "b/tab\\there.ts"',
        '@@ -1 +1 @@',
        '-a',
        '+b',
      ),
    )
    expect(problems).toEqual([])
    expect(files[0]).toMatchObject({ oldPath: 'café "x".ts', newPath: 'tab\there.ts', status: 'renamed' })
  })

  it('splits an unquoted diff --git line whose paths hold spaces', () => {
    const { files } = parseUnifiedDiff(
      j('diff --git a/my dir/b c.txt b/my dir/b c.txt', 'old mode 100644', 'new mode 100755'),
    )
    expect(files[0]).toMatchObject({ oldPath: 'my dir/b c.txt', newPath: 'my dir/b c.txt' })
  })
})

describe('parseUnifiedDiff: plain unified diffs', () => {
  it('reads diff -u output with timestamps, several files, and no newline at end', () => {
    const { files, problems } = parseUnifiedDiff(
      j(
        '--- old/a.txt\t2024-01-01 10:00:00.000000000 +0000',
        '+++ new/a.txt\t2024-01-02 10:00:00.000000000 +0000',
        '@@ -1,2 +1,2 @@',
        ' keep',
        '-last',
        '\\ No newline at end of file',
        '+last',
        '--- old/b.txt\t2024-01-01 10:00:00.000000000 +0000',
        '+++ new/b.txt\t2024-01-02 10:00:00.000000000 +0000',
        '@@ -1 +1,2 @@',
        ' one',
        '+two',
      ),
    )
    expect(problems).toEqual([])
    expect(files.map((f) => f.oldPath)).toEqual(['old/a.txt', 'old/b.txt'])
    expect(files[0]!.hunks[0]!.lines[1]).toEqual({ kind: 'del', text: 'last', noNewline: true })
    expect(files[0]!.hunks[0]!.lines[2]).toEqual({ kind: 'add', text: 'last' })
    expect(files[1]!.hunks[0]).toMatchObject({ oldStart: 1, oldLines: 1, newStart: 1, newLines: 2 })
  })

  it('reads content lines that start with --- and +++ by the counts', () => {
    const { files, problems } = parseUnifiedDiff(
      j('--- a/x.md', '+++ b/x.md', '@@ -1,2 +1,3 @@', '--- a/y', '+++ b/y', ' ---', '++++'),
    )
    expect(problems).toEqual([])
    expect(files).toHaveLength(1)
    expect(files[0]!.hunks[0]!.lines).toEqual([
      { kind: 'del', text: '-- a/y' },
      { kind: 'add', text: '++ b/y' },
      { kind: 'context', text: '---' },
      { kind: 'add', text: '+++' },
    ])
  })

  it('keeps CR of CRLF content lines and reads CRLF headers', () => {
    const { files, problems } = parseUnifiedDiff('--- a/w.txt\r\n+++ b/w.txt\r\n@@ -1 +1 @@\r\n-a\r\n+b\r\n')
    expect(problems).toEqual([])
    expect(files[0]).toMatchObject({ oldPath: 'w.txt', newPath: 'w.txt' })
    expect(files[0]!.hunks[0]!.lines).toEqual([
      { kind: 'del', text: 'a\r' },
      { kind: 'add', text: 'b\r' },
    ])
  })

  it('ignores a commit message before the first file and a format-patch signature after', () => {
    const { files, problems } = parseUnifiedDiff(
      j(
        'From 123 Mon Sep 17 00:00:00 2001',
        'Subject: [PATCH] fix',
        '',
        '---',
        ' x | 2 +-',
        '',
        'diff --git a/x b/x',
        '--- a/x',
        '+++ b/x',
        '@@ -1 +1 @@',
        '-1',
        '+2',
        '-- ',
        '2.43.0',
      ),
    )
    expect(files).toHaveLength(1)
    expect(files[0]!.hunks[0]!.lines).toHaveLength(2)
    expect(problems.filter((p) => p.line < 7)).toEqual([])
  })
})

describe('parseUnifiedDiff: malformed input', () => {
  it('a hunk shorter than its header: recovered lines plus a problem', () => {
    const { files, problems } = parseUnifiedDiff(
      j(
        '--- a/x',
        '+++ b/x',
        '@@ -1,5 +1,5 @@',
        ' a',
        '-b',
        '+c',
        'garbage here',
        '@@ -10 +10 @@',
        '-p',
        '+q',
      ),
    )
    expect(files[0]!.hunks).toHaveLength(2)
    expect(files[0]!.hunks[0]).toMatchObject({ oldLines: 2, newLines: 2 })
    expect(files[0]!.hunks[1]!.lines).toHaveLength(2)
    expect(problems.some((p) => p.message.includes('ends early'))).toBe(true)
    expect(problems.some((p) => p.line === 7)).toBe(true)
  })

  it('a hunk longer than its header: lines kept, counts fixed, problem reported', () => {
    const { files, problems } = parseUnifiedDiff(
      j('--- a/x', '+++ b/x', '@@ -1 +1 @@', '-a', '+b', '+c', ' d'),
    )
    expect(files[0]!.hunks[0]!.lines.map((l) => l.kind)).toEqual(['del', 'add', 'add', 'context'])
    expect(files[0]!.hunks[0]).toMatchObject({ oldLines: 2, newLines: 3 })
    expect(files[0]!.additions).toBe(2)
    expect(problems.some((p) => p.message.includes('more lines'))).toBe(true)
  })

  it('a hunk with no file header, a malformed @@ line, and text after it', () => {
    const { files, problems } = parseUnifiedDiff(j('@@ -1 +1 @@', '-a', '+b', '@@ -x +y @@', '-c', 'junk'))
    expect(files).toHaveLength(1)
    expect(files[0]).toMatchObject({ oldPath: null, newPath: null, additions: 1, deletions: 1 })
    // the malformed header is the problem; its body (-c) cannot be read; text that is not diff syntax
    // (junk) is passed over, as between files
    expect(problems.map((p) => p.line)).toEqual([1, 4])
  })

  it('text with no diff in it', () => {
    expect(parseUnifiedDiff('hello\nworld')).toEqual({
      files: [],
      problems: [{ line: 1, message: 'no diff found in the text' }],
    })
    expect(parseUnifiedDiff('')).toEqual({ files: [], problems: [] })
  })

  it('a combined diff is read against its first parent, and says it is one', () => {
    const { files, problems } = parseUnifiedDiff(
      j('diff --cc m.txt', 'index 1,2..3', '@@@ -1,1 -1,1 +1,1 @@@', '- a', ' -b', '++c'),
    )
    expect(files.map((f) => [f.oldPath, f.newPath, f.additions, f.deletions, f.parents])).toEqual([
      ['m.txt', 'm.txt', 1, 1, 2],
    ])
    expect(problems).toEqual([])
  })

  it('a truncated stream (still arriving) keeps what it has', () => {
    const { files, problems } = parseUnifiedDiff('--- a/x\n+++ b/x\n@@ -1,4 +1,4 @@\n a\n-b\n+B')
    expect(files[0]!.hunks[0]!.lines).toHaveLength(3)
    expect(problems).toHaveLength(1)
  })

  it('hostile hunk header text and paths stay as data', () => {
    const { files } = parseUnifiedDiff(
      j(
        'diff --git "a/\\"><svg onload=alert(1)>.ts" "b/\\"><svg onload=alert(1)>.ts"',
        '--- "a/\\"><svg onload=alert(1)>.ts"',
        '+++ "b/\\"><svg onload=alert(1)>.ts"',
        '@@ -1 +1 @@ <img src=x onerror=alert(1)>',
        '-a',
        '+b',
      ),
    )
    expect(files[0]!.newPath).toBe('"><svg onload=alert(1)>.ts')
    expect(files[0]!.hunks[0]!.header).toBe('<img src=x onerror=alert(1)>')
  })
})

describe('blank lines inside a hunk', () => {
  it('a bare blank line is context only while both sides expect lines (found by fast-check, seed -913191437)', () => {
    const r = parseUnifiedDiff('@@ -0,0 +1 @@ h\n\n')
    const hunk = r.files[0]!.hunks[0]!
    expect(hunk.lines.filter((l) => l.kind !== 'add')).toHaveLength(hunk.oldLines)
    expect(hunk.lines.filter((l) => l.kind !== 'del')).toHaveLength(hunk.newLines)
    expect(r.problems.map((p) => p.message).join('\n')).toMatch(/ends early/)
  })

  it('still reads a stripped blank context line in the middle of a hunk', () => {
    const r = parseUnifiedDiff('--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n\n-b\n+c\n')
    expect(r.problems).toEqual([])
    expect(r.files[0]!.hunks[0]!.lines.map((l) => l.kind)).toEqual(['context', 'context', 'del', 'add'])
  })
})

describe('diffs from an unseen sweep of git and GNU diff output', () => {
  it('GNU diff -r names binary files unquoted: a name holding " and " is split between the two names', () => {
    const { files } = parseUnifiedDiff(
      j('Binary files X/p.bin and Y/p.bin differ', 'Binary files X/x and y.bin and Y/x and y.bin differ'),
    )
    expect(files.map((f) => [f.oldPath, f.newPath, f.status])).toEqual([
      ['X/p.bin', 'Y/p.bin', 'binary'],
      ['X/x and y.bin', 'Y/x and y.bin', 'binary'],
    ])
  })

  it('a context diff (diff -c) is said, not passed over, even beside a file that was read', () => {
    const { files, problems } = parseUnifiedDiff(
      j(
        'Binary files A/b.bin and B/b.bin differ',
        'diff -rc A/t.txt B/t.txt',
        '*** A/t.txt\t2026-01-01 00:00:00.000000000 +0000',
        '--- B/t.txt\t2026-01-01 00:00:00.000000000 +0000',
        '***************',
        '*** 1,2 ****',
        '  one',
        '! two',
        '--- 1,2 ----',
        '  one',
        '! TWO',
      ),
    )
    expect(files).toHaveLength(1)
    expect(problems).toEqual([{ line: 5, message: 'context diff (diff -c) is not supported; shown as text' }])
  })

  // A third sweep (2026-12-06): git 2.39 and GNU diffutils 3.8 output with options not tried before, each
  // text as the tool wrote it.
  it('a word diff (git diff --word-diff, --color-words, =porcelain) is said: its hunks change no line', () => {
    const wordDiff = j(
      'diff --git a/m.py b/m.py',
      'index 0c842a4..e0eb100 100644',
      '--- a/m.py',
      '+++ b/m.py',
      '@@ -1,3 +1,3 @@',
      '    a = 1',
      '    b = [-2-]{+20+}',
      '    c = 3',
    )
    const colorWords = j(
      '\x1b[1mdiff --git a/m.py b/m.py\x1b[m',
      '\x1b[1mindex 0c842a4..e0eb100 100644\x1b[m',
      '\x1b[1m--- a/m.py\x1b[m',
      '\x1b[1m+++ b/m.py\x1b[m',
      '\x1b[36m@@ -1,3 +1,3 @@\x1b[m',
      '    a = 1\x1b[m',
      '    b = \x1b[31m2\x1b[m\x1b[32m20\x1b[m',
      '    c = 3\x1b[m',
    )
    const porcelain = j(
      'diff --git a/n.txt b/n.txt',
      'index 79c5395..1b1238b 100644',
      '--- a/n.txt',
      '+++ b/n.txt',
      '@@ -1 +1 @@',
      ' nested ',
      '+2',
      '~',
    )
    for (const [text, header] of [
      [wordDiff, '@@ -1,3 +1,3 @@'],
      [colorWords, '@@ -1,3 +1,3 @@'],
      [porcelain, '@@ -1 +1 @@'],
    ] as const) {
      const { files, problems } = parseUnifiedDiff(text)
      expect(files).toHaveLength(1)
      expect(problems).toEqual([{ line: 5, message: `hunk ${header} changes no line` }])
      // the file's problem: the card shows its text as written, not three unchanged lines
      const [view] = buildFileViews([{ path: 'm.py', patch: text }])
      // (porcelain: `+2` and `~` come after the hunk's counts, so after the file's part, as git reads them)
      expect(view!.raw).toBe(text === porcelain ? text.slice(0, text.indexOf('+2')) : text)
    }
  })

  it('GNU diff -r in its normal format (no -u) beside a binary file is said, not lost', () => {
    const { files, problems } = parseUnifiedDiff(
      j('Binary files a/bin and b/bin differ', 'diff -r a/t.txt b/t.txt', '1c1', '< x', '---', '> y'),
    )
    expect(files.map((f) => [f.oldPath, f.newPath, f.status])).toEqual([['bin', 'bin', 'binary']])
    expect(problems).toEqual([
      { line: 3, message: 'normal diff (diff without -u) is not supported; shown as text' },
    ])
    // alone: the same, not "no diff found"
    expect(parseUnifiedDiff(j('2,3d1', '< a', '< b', '5a4', '> c')).problems).toEqual([
      { line: 1, message: 'normal diff (diff without -u) is not supported; shown as text' },
    ])
  })

  it('git diff in a merge conflict: an unmerged path it does not show is said', () => {
    const { files, problems } = parseUnifiedDiff(
      j(
        '* Unmerged path c.txt',
        'diff --git a/side-only.txt b/side-only.txt',
        'new file mode 100644',
        'index 0000000..b478595',
        '--- /dev/null',
        '+++ b/side-only.txt',
        '@@ -0,0 +1 @@',
        '+s',
      ),
    )
    expect(files.map((f) => [f.newPath, f.status])).toEqual([['side-only.txt', 'added']])
    expect(problems).toEqual([{ line: 1, message: 'c.txt: unmerged (a conflict); not shown' }])
  })

  it('a hunk git wrote (its index line gives hashes) ends at its counts: lines after it are text between files', () => {
    const { files, problems } = parseUnifiedDiff(
      j(
        'diff --git a/f.txt b/f.txt',
        'index 7898192..6178079 100644',
        '--- a/f.txt',
        '+++ b/f.txt',
        '@@ -1 +1 @@',
        '-a',
        '+b',
        '--------------2.39.5--',
        ' g.txt | 2 ++',
        '- a bullet of the next commit',
        '',
        'diff --git a/g.txt b/g.txt',
        'new file mode 100644',
        'index 0000000..0f3e6b4',
        '--- /dev/null',
        '+++ b/g.txt',
        '@@ -0,0 +1 @@',
        '+g',
      ),
    )
    expect(problems).toEqual([])
    expect(files.map((f) => [f.newPath, f.additions, f.deletions, f.hunks[0]!.lines.length])).toEqual([
      ['f.txt', 1, 1, 2],
      ['g.txt', 1, 0, 1],
    ])
  })
})

describe('diffs written by Subversion, Mercurial and BusyBox (test/fixtures/vcs)', () => {
  const vcs = (name: string) =>
    readFileSync(resolve(import.meta.dirname, '../../../test/fixtures/vcs', name), 'utf8')
  const summary = (text: string) =>
    parseUnifiedDiff(text).files.map((f) => [f.status, f.oldPath, f.newPath, f.additions, f.deletions])

  it('svn: a side named `(nonexistent)` does not exist: an added and a deleted file', () => {
    const d = parseUnifiedDiff(vcs('svn-nonexistent.diff'))
    expect(d.problems).toEqual([])
    expect(summary(vcs('svn-nonexistent.diff'))).toEqual([
      ['added', null, 'add.txt', 2, 0],
      ['deleted', 'del.txt', null, 0, 3],
    ])
  })

  it('svn: "Cannot display: file marked as a binary type." under `Index: bin.dat` is that binary file', () => {
    const d = parseUnifiedDiff(vcs('svn-binary.diff'))
    expect(d.problems).toEqual([])
    expect(summary(vcs('svn-binary.diff'))).toEqual([['binary', 'bin.dat', 'bin.dat', 0, 0]])
  })

  it('hg: "Binary file bin.dat has changed" is that binary file, beside the text file after it', () => {
    expect(summary(vcs('hg-binary.diff'))).toEqual([
      ['binary', 'bin.dat', 'bin.dat', 0, 0],
      ['modified', 'edit.txt', 'edit.txt', 1, 1],
    ])
  })

  it('busybox: "Files A/bin.dat and B/bin.dat differ" is that binary file', () => {
    expect(summary(vcs('busybox-binary.diff'))).toEqual([
      ['binary', 'A/bin.dat', 'B/bin.dat', 0, 0],
      ['modified', 'A/edit.txt', 'B/edit.txt', 2, 1],
    ])
  })

  it('a line of text that only mentions these words is not a binary file', () => {
    const text = 'Files were moved; they differ now\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n'
    expect(summary(text)).toEqual([['modified', 'x', 'x', 1, 1]])
  })
})
