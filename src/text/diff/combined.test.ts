/**
 * Oracle: real git merges. Seeded merges of two branches (conflicts resolved by hand, as a person would)
 * are shown with `git show -c` and `git show --cc`; the parser reads each combined diff against the
 * merge's first parent (`parents: 2`), and git's own files check it: every hunk's old side is the first parent's lines
 * at its place and its new side the merge's. With `-c` (every hunk) the parsed diff applied to the first
 * parent gives the merge exactly.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runGit } from '../../../test/helpers/git'
import { applyDiffFile, splitLines } from './apply'
import { parseUnifiedDiff } from './parse'
import type { ParsedDiffFile } from './types'

const MERGES = 12

let dir = ''
/** git in the test's repository (`runGit`: no user configuration; exit 1 with output is a conflict). */
const git = (args: string[]): string => runGit(dir, args)

function rng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A branch's edit of the base: lines changed, removed and added at random places. */
function edit(base: string[], r: () => number, tag: string): string[] {
  const out = base.slice()
  for (let k = 0; k < 2 + Math.floor(r() * 4); k++) {
    const at = Math.floor(r() * out.length)
    const what = r()
    if (what < 0.5) out[at] = `${out[at]} ${tag}${k}`
    else if (what < 0.75) out.splice(at, 1)
    else out.splice(at, 0, `${tag} added ${k}`)
  }
  return out
}

const FILES = ['a.txt', 'b c.txt']
const merges: Array<{
  cc: string
  c: string
  parent: Record<string, string>
  merged: Record<string, string>
}> = []

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tc-diff-combined-'))
  git(['init', '-q', '-b', 'main'])
  git(['config', 'user.email', 'oracle@example.com'])
  git(['config', 'user.name', 'oracle'])
  for (let m = 0; m < MERGES; m++) {
    const r = rng(7000 + m)
    git(['checkout', '-q', 'main'])
    const base = Array.from({ length: 30 }, (_, i) => `m${m} line ${i + 1}`)
    for (const f of FILES) writeFileSync(join(dir, f), `${base.join('\n')}\n`)
    git(['add', '.'])
    git(['commit', '-qm', `base ${m}`])
    git(['checkout', '-qb', `side${m}`])
    for (const f of FILES) writeFileSync(join(dir, f), `${edit(base, r, 'side').join('\n')}\n`)
    git(['commit', '-qam', `side ${m}`])
    git(['checkout', '-q', 'main'])
    for (const f of FILES) writeFileSync(join(dir, f), `${edit(base, r, 'main').join('\n')}\n`)
    git(['commit', '-qam', `main ${m}`])
    git(['merge', '-q', '--no-edit', `side${m}`])
    // each conflict resolved as a person would: a line of each side's first line, then a line of their own
    for (const f of FILES) {
      const text = readFileSync(join(dir, f), 'utf8').replace(
        /^<<<<<<< .*\n([\s\S]*?)^=======\n([\s\S]*?)^>>>>>>> .*\n/gm,
        (_, ours: string, theirs: string) =>
          `${ours.split('\n')[0] || 'none'} + ${theirs.split('\n')[0] || 'none'}\nresolved by hand\n`,
      )
      writeFileSync(join(dir, f), text)
    }
    git(['add', '.'])
    git(['commit', '-qm', `merge ${m}`])
    const parent: Record<string, string> = {}
    const merged: Record<string, string> = {}
    for (const f of FILES) {
      parent[f] = git(['show', `HEAD^1:${f}`])
      merged[f] = git(['show', `HEAD:${f}`])
    }
    merges.push({
      cc: git(['show', '--cc', '--format=commit %H%nMerge: x y%n%n    merge', 'HEAD']),
      c: git(['show', '-c', '--format=', 'HEAD']),
      parent,
      merged,
    })
  }
})

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** Each hunk's old side is the first parent's lines at its place, and its new side the merge's. */
function checkHunks(file: ParsedDiffFile, parent: string, merged: string): void {
  const p = splitLines(parent).lines
  const n = splitLines(merged).lines
  for (const h of file.hunks) {
    const olds = h.lines.filter((l) => l.kind !== 'add').map((l) => l.text)
    const news = h.lines.filter((l) => l.kind !== 'del').map((l) => l.text)
    expect(olds).toEqual(p.slice(h.oldStart - 1, h.oldStart - 1 + olds.length))
    expect(news).toEqual(n.slice(h.newStart - 1, h.newStart - 1 + news.length))
    expect([olds.length, news.length]).toEqual([h.oldLines, h.newLines])
  }
}

describe('combined (merge) diffs read against the first parent, checked by git', () => {
  it('git show -c: every file, every hunk in place; applied to the first parent, the merge', () => {
    let files = 0
    for (const { c, parent, merged } of merges) {
      const r = parseUnifiedDiff(c)
      expect(r.problems).toEqual([])
      for (const f of r.files) {
        const path = f.newPath as string
        expect(FILES).toContain(path)
        checkHunks(f, parent[path]!, merged[path]!)
        const applied = applyDiffFile(parent[path]!, f)
        expect(applied).toEqual({ ok: true, text: merged[path] })
        files++
      }
    }
    // the seeds give merges whose files changed from both parents (else -c lists none)
    expect(files).toBeGreaterThan(MERGES / 2)
  })

  it('git show --cc after a commit message: every hunk in place, each file a merge of 2 parents', () => {
    let hunks = 0
    for (const { cc, parent, merged } of merges) {
      const r = parseUnifiedDiff(cc)
      // (--cc leaves out a merge whose every change took one side whole: its text is the commit alone)
      expect(r.problems.map((p) => p.message)).toEqual(
        r.files.length === 0 ? ['no diff found in the text'] : [],
      )
      for (const f of r.files) {
        expect([f.status, f.parents]).toEqual(['modified', 2])
        checkHunks(f, parent[f.newPath as string]!, merged[f.newPath as string]!)
        hunks += f.hunks.length
      }
    }
    expect(hunks).toBeGreaterThan(MERGES / 2)
  })
})
