import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { formatFileViews } from './formatViews'
import { parseUnifiedDiff } from './parse'
import { buildFileViews } from './view'

const j = (...lines: string[]) => `${lines.join('\n')}\n`

const rename = j('diff --git a/old b/new', 'similarity index 100%', 'rename from old', 'rename to new')
const mode = j('diff --git a/run.sh b/run.sh', 'old mode 100644', 'new mode 100755')
const empty = j('diff --git a/empty b/empty', 'new file mode 100644', 'index 0000000..e69de29')
const binary = j(
  'diff --git a/img.png b/img.png',
  'index 1234567..89abcde 100644',
  'Binary files a/img.png and b/img.png differ',
)
const good = j(
  'diff --git a/g b/g',
  'index 1111111..2222222 100644',
  '--- a/g',
  '+++ b/g',
  '@@ -1 +1 @@',
  '-a',
  '+b',
)
const broken = j('diff --git a/x b/x', '--- a/x', '+++ b/x', '@@ -1,3 +1,3 @@', ' a', '-b', 'stray', '+c')

/** What `git apply --summary` says of a patch (it reads renames and mode changes). */
function gitSummary(patch: string): string {
  return execFileSync('git', ['apply', '--summary', '-'], {
    input: patch,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' },
  })
}

describe('raw text: each file its own part of the patch, only when that file has a problem or is binary', () => {
  it('a problem in one file of many', () => {
    const views = buildFileViews([{ path: 'p', patch: `${rename}${mode}${empty}${broken}${good}` }])
    expect(views.map((v) => [v.path, v.raw])).toEqual([
      ['new', undefined],
      ['run.sh', undefined],
      ['empty', undefined],
      ['x', broken],
      ['g', undefined],
    ])
    expect(views.map((v) => v.problems.map((p) => p.line))).toEqual([[], [], [], [16, 17], []])
  })

  it('a merge diff of 17 files and a combined section: that file says it is a merge, no raw text, no problem', () => {
    const files = Array.from({ length: 16 }, (_, i) => rename.replace(/old|new/g, (w) => `${w}${i}`))
    const cc = j('diff --cc m.txt', 'index 1,2..3', '@@@ -1,1 -1,1 +1,1 @@@', '- a', ' -b', '++c')
    const views = buildFileViews([{ path: 'p', patch: `${files.join('')}${binary}${cc}` }])
    expect(views).toHaveLength(18)
    // (a binary file, with no hunks, shows its own lines too)
    expect(views.filter((v) => v.raw !== undefined).map((v) => [v.path, v.raw])).toEqual([
      ['img.png', binary],
    ])
    expect(views.flatMap((v) => v.problems)).toEqual([])
    expect(views.map((v) => v.notice).filter(Boolean)).toEqual(['combined'])
    expect(views[17]!.notice).toBe('combined')
    expect(views[17]!.hunks.map((h) => h.lines.map((l) => l.kind))).toEqual([['del', 'add']])
  })

  it('a single file with a problem: its own part, without the text around it', () => {
    const [v] = buildFileViews([{ path: 'x', patch: `commit 1\n\n    msg\n\n${broken}-- \n2.39.5\n` }])
    expect(v!.raw).toBe(broken)
    expect(v!.problems).toHaveLength(2)
  })

  it('not a diff: the whole text, as before', () => {
    const [v] = buildFileViews([{ path: 'x', patch: 'permission denied' }])
    expect(v!.raw).toBe('permission denied')
  })
})

describe('empty names in ---/+++ lines (Python difflib) keep the path the caller gave', () => {
  it('a modification', () => {
    const [v] = buildFileViews([{ path: 'src/f.txt', patch: '--- \n+++ \n@@ -1 +1 @@\n-a\n+b\n' }])
    expect(v).toMatchObject({
      path: 'src/f.txt',
      oldPath: 'src/f.txt',
      newPath: 'src/f.txt',
      status: 'modified',
    })
    expect(v!.problems).toEqual([])
  })

  it('a new file', () => {
    const [v] = buildFileViews([{ path: 'src/n.txt', patch: '--- /dev/null\n+++ \n@@ -0,0 +1 @@\n+b\n' }])
    expect(v).toMatchObject({ path: 'src/n.txt', oldPath: null, newPath: 'src/n.txt', status: 'added' })
  })
})

describe('formatFileViews (Copy diff)', () => {
  it('keeps git extended headers: git apply reads the renames, mode changes and new empty files', () => {
    const patch = `${rename}${mode}${empty}`
    const copied = formatFileViews(buildFileViews([{ path: 'p', patch }]))
    expect(copied).toBe(patch)
    expect(gitSummary(copied)).toBe(
      ' rename old => new (100%)\n mode change 100644 => 100755 run.sh\n create mode 100644 empty\n',
    )
  })

  it('each file as it came, without the text between files, from every input', () => {
    const copied = formatFileViews(
      buildFileViews([
        { path: 'a', patch: `From 1 Mon Sep 17 00:00:00 2001\nSubject: x\n\n---\n${good}-- \n2.39.5\n` },
        { path: 'b', patch: mode.slice(0, -1) },
      ]),
    )
    expect(copied).toBe(`${good}${mode}`)
  })

  it('a merge diff: the patch as it came (it could not be read)', () => {
    const cc = j(
      'diff --cc m.txt',
      'index 1,2..3',
      '--- a/m.txt',
      '+++ b/m.txt',
      '@@@ -1,1 -1,1 +1,1 @@@',
      '- a',
      ' -b',
      '++c',
    )
    expect(formatFileViews(buildFileViews([{ path: 'm.txt', patch: cc }]))).toBe(cc)
  })

  it('whole texts and bare hunks are written out, with the headers git needs', () => {
    const copied = formatFileViews(
      buildFileViews([
        { path: 'r2.txt', oldPath: 'r1.txt', oldText: 'same\n', newText: 'same\n' },
        { path: 'n.txt', oldText: null, newText: '' },
        { path: 'same.txt', oldText: 'a\n', newText: 'a\n' },
        { path: 'src/x.rs', patch: j('@@ -2 +2 @@', '-a', '+b') },
      ]),
    )
    expect(gitSummary(copied)).toBe(' rename r1.txt => r2.txt (0%)\n create mode 100644 n.txt\n')
    const back = parseUnifiedDiff(copied)
    expect(back.problems).toEqual([])
    expect(back.files.map((f) => [f.oldPath, f.newPath, f.status, f.additions])).toEqual([
      ['r1.txt', 'r2.txt', 'renamed', 0],
      [null, 'n.txt', 'added', 0],
      ['src/x.rs', 'src/x.rs', 'modified', 1],
    ])
  })
})

describe('raw text of what could not be read', () => {
  it('a context diff beside a binary file: the binary file shows all of the text', () => {
    const ctx = j(
      '*** A/t.txt',
      '--- B/t.txt',
      '***************',
      '*** 1 ****',
      '! two',
      '--- 1 ----',
      '! TWO',
    )
    const bin = j('Binary files A/b.bin and B/b.bin differ')
    const [v, more] = buildFileViews([{ path: 'p', patch: `${bin}${ctx}` }])
    expect(more).toBeUndefined()
    expect(v!.raw).toBe(`${bin}${ctx}`)
    expect(v!.problems.map((p) => p.message)).toEqual([
      'context diff (diff -c) is not supported; shown as text',
    ])
  })
})
