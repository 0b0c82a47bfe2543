// @vitest-environment node
/**
 * Oracle: real `git diff --no-index` over seeded generated file pairs. Parsing git's output and applying
 * the parsed hunks to the old file must give the new file exactly; counts must equal `git diff --numstat`.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runGit } from '../../../test/helpers/git'
import { applyDiffFile } from './apply'
import { computeDiff } from './compute'
import { formatUnifiedDiff } from './format'
import { parseUnifiedDiff } from './parse'

const PAIRS = 360

function rng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS = [
  'const',
  'x',
  '=',
  'return',
  'foo(bar)',
  '{',
  '}',
  'if',
  'else',
  '//',
  'naïve',
  'café',
  '日本語',
  '🎉',
  'Ω',
  'a\tb',
]
// Lines that trip parsers that do not count: they look like file or hunk headers.
const TRAPS = [
  '--- a/file',
  '+++ b/file',
  '-- ',
  '++',
  '@@ -1,2 +1,2 @@',
  '\\ No newline at end of file',
  'diff --git a/x b/x',
  '',
]
const INVISIBLE = ['\u202e', '\u200b', '\u2028', '\u00a0', '\ufeff']

function makeLine(r: () => number): string {
  const p = r()
  if (p < 0.12) return TRAPS[Math.floor(r() * TRAPS.length)]!
  if (p < 0.2) return ''
  const n = 1 + Math.floor(r() * 6)
  const parts: string[] = []
  for (let i = 0; i < n; i++) parts.push(WORDS[Math.floor(r() * WORDS.length)]!)
  let s = ' '.repeat(Math.floor(r() * 3) * 2) + parts.join(' ')
  if (r() < 0.05) s += INVISIBLE[Math.floor(r() * INVISIBLE.length)]!
  if (r() < 0.08) s += '   '
  return s
}

function makePair(seed: number): [string, string] {
  const r = rng(seed)
  const len = Math.floor(r() * (r() < 0.1 ? 400 : 40))
  const old: string[] = []
  for (let i = 0; i < len; i++) old.push(makeLine(r))
  const neu = old.slice()
  const ops = 1 + Math.floor(r() * 6)
  for (let k = 0; k < ops; k++) {
    const op = r()
    const at = Math.floor(r() * (neu.length + 1))
    if (op < 0.25) {
      if (neu.length) neu[Math.min(at, neu.length - 1)] = makeLine(r) // edit
    } else if (op < 0.45) {
      const n = 1 + Math.floor(r() * 5)
      const ins: string[] = []
      for (let i = 0; i < n; i++) ins.push(makeLine(r))
      neu.splice(at, 0, ...ins) // insertion
    } else if (op < 0.65) {
      neu.splice(at, 1 + Math.floor(r() * 5)) // deletion
    } else if (op < 0.8) {
      const n = 1 + Math.floor(r() * 6) // move a block
      const block = neu.splice(at, n)
      const to = Math.floor(r() * (neu.length + 1))
      neu.splice(to, 0, ...block)
    } else if (op < 0.92) {
      const i = Math.min(at, neu.length - 1) // whitespace-only change
      if (i >= 0) neu[i] = r() < 0.5 ? `${neu[i]} ` : `\t${neu[i]!.trimStart()}`
    } else {
      const i = Math.min(at, neu.length - 1) // unicode change
      if (i >= 0) neu[i] = `${neu[i]}${INVISIBLE[Math.floor(r() * INVISIBLE.length)]!}é`
    }
  }
  const crlfOld = r() < 0.12
  const crlfNew = crlfOld ? r() < 0.8 : r() < 0.06
  const join = (ls: string[], crlf: boolean, finalNl: boolean) => {
    if (ls.length === 0) return ''
    const eol = crlf ? '\r\n' : '\n'
    return ls.join(eol) + (finalNl ? eol : '')
  }
  const finalOld = r() > 0.15
  const finalNew = r() < 0.15 ? !finalOld : finalOld
  return [join(old, crlfOld, finalOld), join(neu, crlfNew, finalNew)]
}

const NAMES = ['plain', 'with space', 'café', 'q"uote', 'tab\there', 'ünï 日本']

let dir = ''
const pairs: Array<{ name: string; old: string; neu: string }> = []

/** git in the test's folder (`runGit`: no user configuration; exit 1 with output is the diff). */
const git = (args: string[], input?: string): string => runGit(dir, args, input)

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tc-diff-oracle-'))
  mkdirSync(join(dir, 'a'))
  mkdirSync(join(dir, 'b'))
  for (let s = 0; s < PAIRS; s++) {
    const [old, neu] = makePair(1000 + s)
    const name = `${String(s).padStart(3, '0')} ${NAMES[s % NAMES.length]}.txt`
    writeFileSync(join(dir, 'a', name), old)
    writeFileSync(join(dir, 'b', name), neu)
    pairs.push({ name, old, neu })
  }
})

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

function numstat(extra: string[]): Map<string, [number, number]> {
  const out = git(['diff', '--no-index', '--no-renames', '--numstat', '-z', ...extra, 'a', 'b'])
  const map = new Map<string, [number, number]>()
  const recs = out.split('\0')
  for (let i = 0; i < recs.length; i++) {
    const m = /^(\d+)\t(\d+)\t(.*)$/s.exec(recs[i]!)
    if (!m) continue
    // With -z, a path pair (as no-index prints it) follows as two records after an empty path.
    let path = m[3]!
    if (path === '') {
      path = recs[i + 2] ?? ''
      i += 2
    }
    map.set(path.replace(/^[ab]\//, ''), [Number(m[1]), Number(m[2])])
  }
  return map
}

describe.each([['-U3'], ['-U0'], ['-U1']])('git diff --no-index %s', (ctx) => {
  it(`parses ${PAIRS} generated pairs and applying the hunks rebuilds the new file exactly`, () => {
    const patch = git(['diff', '--no-index', '--no-renames', '--no-color', '--no-ext-diff', ctx, 'a', 'b'])
    const parsed = parseUnifiedDiff(patch)
    expect(parsed.problems).toEqual([])
    const byName = new Map(parsed.files.map((f) => [f.newPath?.replace(/^b\//, ''), f]))
    const stats = numstat([ctx])
    let compared = 0
    let trapHunks = 0
    for (const p of pairs) {
      const f = byName.get(p.name)
      if (p.old === p.neu) {
        expect(f).toBeUndefined()
        continue
      }
      expect(f, p.name).toBeDefined()
      expect(f!.oldPath).toBe(`a/${p.name}`)
      expect(f!.status).toBe('modified')
      const applied = applyDiffFile(p.old, f!)
      expect(applied, p.name).toEqual({ ok: true, text: p.neu })
      expect([f!.additions, f!.deletions], p.name).toEqual(stats.get(p.name))
      compared++
      if (
        f!.hunks.some((h) =>
          h.lines.some(
            (l) =>
              (l.kind === 'del' && l.text.startsWith('--')) || (l.kind === 'add' && l.text.startsWith('++')),
          ),
        )
      )
        trapHunks++
    }
    expect(compared).toBeGreaterThanOrEqual(300)
    // content lines that read as `---`/`+++` in the patch (the jsdiff parsePatch trap)
    expect(trapHunks).toBeGreaterThan(20)
  })
})

describe('computeDiff against git apply', () => {
  it(`hunks computed from old/new texts of ${PAIRS} pairs, written as a patch, are applied by git to give the new files`, () => {
    cpSync(join(dir, 'a'), join(dir, 'c'), { recursive: true })
    const files = []
    let ours = 0
    for (const p of pairs) {
      const d = computeDiff(p.old, p.neu)
      expect(d.notice).toBeUndefined()
      const own = applyDiffFile(p.old, {
        oldPath: null,
        newPath: null,
        status: 'modified',
        additions: 0,
        deletions: 0,
        hunks: d.hunks,
      })
      expect(own, p.name).toEqual({ ok: true, text: p.neu })
      if (d.hunks.length === 0) continue
      ours++
      files.push({
        oldPath: `c/${p.name}`,
        newPath: `c/${p.name}`,
        status: 'modified' as const,
        additions: d.additions,
        deletions: d.deletions,
        hunks: d.hunks,
      })
    }
    expect(ours).toBeGreaterThanOrEqual(300)
    git(['apply', '--unsafe-paths', '--whitespace=nowarn', '-'], formatUnifiedDiff(files))
    for (const p of pairs) expect(readFileSync(join(dir, 'c', p.name), 'utf8'), p.name).toBe(p.neu)
  })

  it('unrelated 5,000-line files fall back to "replaced" and still rebuild exactly', () => {
    const mk = (tag: string) =>
      Array.from({ length: 5000 }, (_, i) => `${tag} line ${i} ${(i * 7919) % 1013}`).join('\n')
    const a = mk('old')
    const b = mk('new')
    const d = computeDiff(a, b)
    expect(d.notice).toBe('replaced')
    expect([d.additions, d.deletions]).toEqual([5000, 5000])
    const own = applyDiffFile(a, {
      oldPath: null,
      newPath: null,
      status: 'modified',
      additions: 0,
      deletions: 0,
      hunks: d.hunks,
    })
    expect(own).toEqual({ ok: true, text: b })
  })

  it('10,000 interleaved changed lines align line by line (no fallback)', () => {
    const base = Array.from({ length: 20_000 }, (_, i) => `const v${i} = compute(${i})`)
    const changed = base.map((l, i) => (i % 2 === 0 ? l.replace('compute', 'calc') : l))
    const d = computeDiff(`${base.join('\n')}\n`, `${changed.join('\n')}\n`)
    expect(d.notice).toBeUndefined()
    expect([d.additions, d.deletions]).toEqual([10_000, 10_000])
  })
})

describe('git output that is more than a diff', () => {
  it('`git diff --color=always` reads as the same diff without its colour codes', () => {
    const plain = git(['diff', '--no-index', '--no-renames', '--no-color', '--no-ext-diff', 'a', 'b'])
    const coloured = git(['diff', '--no-index', '--no-renames', '--color=always', '--no-ext-diff', 'a', 'b'])
    expect(coloured).toContain('\x1b[')
    const want = parseUnifiedDiff(plain)
    const got = parseUnifiedDiff(coloured)
    expect(got.problems).toEqual([])
    expect(got.files.length).toBeGreaterThanOrEqual(300)
    expect(got.files).toEqual(want.files)
  })

  it('`git log -p` with stat lines or commit bodies between patches: each file has the counts git gives', () => {
    const repo = join(dir, 'history')
    mkdirSync(repo)
    const run = (args: string[]) => {
      const saved = dir
      dir = repo
      try {
        return git(args)
      } finally {
        dir = saved
      }
    }
    run(['init', '-q'])
    run(['config', 'user.email', 't@example.com'])
    run(['config', 'user.name', 't'])
    // bodies whose lines begin with '-', '+' and a space: as hunk lines do
    const bodies = ['- add f.txt\n- more\n', '+ one\n  two\n', ' indented body\n-- \n', '- last\n']
    pairs.slice(0, 4).forEach((p, k) => {
      writeFileSync(join(repo, `f${k}.txt`), p.old)
      if (k > 0) writeFileSync(join(repo, `f${k - 1}.txt`), pairs[k - 1]!.neu)
      run(['add', '-A'])
      run(['commit', '-q', '-m', `commit ${k}`, '-m', bodies[k]!])
    })
    const counts = (format: string[]) =>
      run(['log', '--numstat', ...format])
        .split('\n')
        .map((l) => /^(\d+)\t(\d+)\t/.exec(l))
        .filter((m) => m !== null)
        .map((m) => [Number(m[1]), Number(m[2])])
    const want = counts(['--format='])
    expect(want.length).toBeGreaterThanOrEqual(6)
    for (const format of [
      ['--format='],
      ['--format=%b'],
      ['--stat', '--format='],
      ['--stat', '--format=%b'],
    ]) {
      const parsed = parseUnifiedDiff(run(['log', '-p', '--no-color', ...format]))
      expect(parsed.problems, format.join(' ')).toEqual([])
      expect(
        parsed.files.map((f) => [f.additions, f.deletions]),
        format.join(' '),
      ).toEqual(want)
    }
  })
})
