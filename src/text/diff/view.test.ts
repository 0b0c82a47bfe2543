import { describe, expect, it } from 'vitest'
import { buildFileViews, buildRows, splitRows, unifiedRows } from './view'

const j = (...lines: string[]) => `${lines.join('\n')}\n`

describe('buildFileViews', () => {
  it('a patch: paths, status and counts from the patch', () => {
    const [f] = buildFileViews([
      {
        path: 'ignored.ts',
        patch: j(
          'diff --git a/a.ts b/b.ts',
          'similarity index 90%',
          'rename from a.ts',
          'rename to b.ts',
          '--- a/a.ts',
          '+++ b/b.ts',
          '@@ -1 +1 @@',
          '-x',
          '+y',
        ),
      },
    ])
    expect(f).toMatchObject({
      oldPath: 'a.ts',
      newPath: 'b.ts',
      path: 'b.ts',
      status: 'renamed',
      additions: 1,
      deletions: 1,
    })
    expect(f!.raw).toBeUndefined()
  })

  it('bare hunks (no file header) take the intent path and status', () => {
    const [f] = buildFileViews([{ path: 'src/x.rs', patch: j('@@ -2 +2 @@', '-a', '+b') }])
    expect(f).toMatchObject({
      oldPath: 'src/x.rs',
      newPath: 'src/x.rs',
      path: 'src/x.rs',
      status: 'modified',
    })
  })

  it('whole texts: added, deleted, modified, renamed', () => {
    const views = buildFileViews([
      { path: 'n.txt', oldText: null, newText: 'a\nb\n' },
      { path: 'd.txt', oldText: 'a\n', newText: null },
      { path: 'm.txt', oldText: 'a\nb\n', newText: 'a\nc\n' },
      { path: 'r2.txt', oldPath: 'r1.txt', oldText: 'same\n', newText: 'same\n' },
    ])
    expect(views.map((v) => [v.status, v.additions, v.deletions, v.oldPath, v.newPath])).toEqual([
      ['added', 2, 0, null, 'n.txt'],
      ['deleted', 0, 1, 'd.txt', null],
      ['modified', 1, 1, 'm.txt', 'm.txt'],
      ['renamed', 0, 0, 'r1.txt', 'r2.txt'],
    ])
    expect(views[2]!.oldLines).toEqual(['a', 'b'])
  })

  it('a patch with the old text known gets whole texts (for expanding), rebuilt by applying it', () => {
    const [f] = buildFileViews([
      { path: 'x', oldText: '1\n2\n3\n4\n5\n', patch: j('@@ -3 +3 @@', '-3', '+three') },
    ])
    expect(f!.newLines).toEqual(['1', '2', 'three', '4', '5'])
  })

  it('not a diff: raw text and a problem', () => {
    const [f] = buildFileViews([{ path: 'x', patch: 'permission denied' }])
    expect(f!.raw).toBe('permission denied')
    expect(f!.problems).toHaveLength(1)
    expect(f!.hunks).toEqual([])
  })

  it('a patch holding several files gives one view each', () => {
    const views = buildFileViews([
      {
        path: 'p',
        patch: j(
          '--- a/1',
          '+++ b/1',
          '@@ -1 +1 @@',
          '-a',
          '+b',
          '--- a/2',
          '+++ b/2',
          '@@ -1 +1 @@',
          '-c',
          '+d',
        ),
      },
    ])
    expect(views.map((v) => v.path)).toEqual(['1', '2'])
    expect(new Set(views.map((v) => v.key)).size).toBe(2)
  })

  it('unrelated texts over the work cap: replaced, with the notice', () => {
    const a = Array.from({ length: 4000 }, (_, i) => `a${i}`).join('\n')
    const b = Array.from({ length: 4000 }, (_, i) => `b${i}`).join('\n')
    const [f] = buildFileViews([{ path: 'x', oldText: a, newText: b }])
    expect(f!.notice).toBe('replaced')
  })
})

describe('rows', () => {
  const [file] = buildFileViews([
    {
      path: 'f.txt',
      patch: j(
        '--- a/f.txt',
        '+++ b/f.txt',
        '@@ -10,4 +10,5 @@ fn main',
        ' keep',
        '-old1',
        '-old2',
        '+new1',
        '+new2',
        '+new3',
        ' tail',
      ),
    },
  ])

  it('unified rows: hunk header, numbers on each side, pairs', () => {
    const { unified } = buildRows(file!)
    expect(unified[0]).toEqual({ type: 'hunk', hunk: 0, text: '@@ -10,4 +10,5 @@ fn main' })
    const lines = unified.slice(1)
    expect(lines.map((r) => (r.type === 'line' ? [r.kind, r.oldNo ?? null, r.newNo ?? null] : null))).toEqual(
      [
        ['context', 10, 10],
        ['del', 11, null],
        ['del', 12, null],
        ['add', null, 11],
        ['add', null, 12],
        ['add', null, 13],
        ['context', 13, 14],
      ],
    )
    const l = lines as Array<Extract<(typeof lines)[number], { type: 'line' }>>
    expect([l[1]!.pairWith, l[2]!.pairWith, l[3]!.pairWith, l[5]!.pairWith]).toEqual([
      'new1',
      'new2',
      'old1',
      undefined,
    ])
    expect(l[1]!.pair).toBe(l[3]!.pair)
  })

  it('split rows: removed beside added, the extra added line alone', () => {
    const { split } = buildRows(file!)
    const cells = split
      .slice(1)
      .map((r) =>
        r.type === 'split'
          ? [
              r.left ? `${r.left.no}${r.left.kind[0]}` : '-',
              r.right ? `${r.right.no}${r.right.kind[0]}` : '-',
            ]
          : null,
      )
    expect(cells).toEqual([
      ['10c', '10c'],
      ['11d', '11a'],
      ['12d', '12a'],
      ['-', '13a'],
      ['13c', '14c'],
    ])
  })

  it('whole texts: gaps instead of hunk headers, expanded on request', () => {
    const old = Array.from({ length: 30 }, (_, i) => `l${i + 1}`)
    const neu = old.slice()
    neu[14] = 'changed'
    const [f] = buildFileViews([
      { path: 'g', oldText: `${old.join('\n')}\n`, newText: `${neu.join('\n')}\n` },
    ])
    const u = unifiedRows(f!)
    const rows = Array.from({ length: u.count }, (_, i) => u.row(i))
    expect(rows[0]).toEqual({ type: 'gap', id: 'g0', count: 11, oldStart: 1, newStart: 1 })
    expect(rows[rows.length - 1]).toEqual({ type: 'gap', id: 'gend', count: 12, oldStart: 19, newStart: 19 })
    const open = unifiedRows(f!, new Set(['g0']))
    expect(open.count).toBe(u.count + 10)
    expect(open.row(0)).toEqual({ type: 'line', kind: 'context', oldNo: 1, newNo: 1, text: 'l1' })
    const s = splitRows(f!, new Set(['gend']))
    const last = s.row(s.count - 1)
    expect(last).toEqual({
      type: 'split',
      left: { kind: 'context', no: 30, text: 'l30' },
      right: { kind: 'context', no: 30, text: 'l30' },
    })
  })

  it('a 30,000-line hunk: counts without building every row', () => {
    const body: string[] = []
    for (let i = 0; i < 10_000; i++) body.push(` c${i}`, `-d${i}`, `+a${i}`)
    const [big] = buildFileViews([
      { path: 'b', patch: j('--- a/b', '+++ b/b', '@@ -1,20000 +1,20000 @@', ...body) },
    ])
    expect(unifiedRows(big!).count).toBe(30_001)
    expect(splitRows(big!).count).toBe(20_001)
    expect(unifiedRows(big!).row(30_000)).toMatchObject({
      kind: 'add',
      newNo: 20_000,
      text: 'a9999',
      pairWith: 'd9999',
    })
  })
})
