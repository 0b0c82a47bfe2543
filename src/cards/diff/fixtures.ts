import type { CardModel, CardStatus, DiffFile, DiffIntent } from '../../protocol'
import { claudeEdit0, claudeEdit1, codexPatch, openhandsCreate, openhandsCreateApp } from './corpus'

/** A card model around a diff intent. */
export function diffModel(id: string, intent: DiffIntent, status: CardStatus = 'completed'): CardModel {
  return { id, toolName: 'edit', args: { files: intent.files.length }, status, intent }
}

const diff = (files: DiffFile[], extra: Partial<DiffIntent> = {}): DiffIntent => ({
  card: 'diff',
  files,
  ...extra,
})

const j = (...lines: string[]) => `${lines.join('\n')}\n`

/** A one-line fix in a git patch. */
export const oneLineFix = diff([
  {
    path: 'src/math.ts',
    patch: j(
      'diff --git a/src/math.ts b/src/math.ts',
      'index 83db48f..bf269f4 100644',
      '--- a/src/math.ts',
      '+++ b/src/math.ts',
      '@@ -10,7 +10,7 @@ export function clamp(value: number, min: number, max: number) {',
      '   if (min > max) {',
      "     throw new RangeError('min must not exceed max')",
      '   }',
      '-  return Math.max(min, Math.min(max, value + 1))',
      '+  return Math.max(min, Math.min(max, value))',
      ' }',
      ' ',
      ' export function lerp(a: number, b: number, t: number) {',
    ),
  },
])

/** A new file, as whole texts (oldText null). */
export const newFile = diff([
  {
    path: 'src/greet.py',
    oldText: null,
    newText: j(
      'def greet(name: str) -> str:',
      '    """Say hello."""',
      '    return f"Hello, {name}!"',
      '',
      '',
      "if __name__ == '__main__':",
      "    print(greet('world'))",
    ),
  },
])

/** A deleted file, as a git patch. */
export const deletedFile = diff([
  {
    path: 'old/legacy.js',
    patch: j(
      'diff --git a/old/legacy.js b/old/legacy.js',
      'deleted file mode 100644',
      'index 3b18e51..0000000',
      '--- a/old/legacy.js',
      '+++ /dev/null',
      '@@ -1,4 +0,0 @@',
      "-'use strict'",
      '-module.exports = function legacy() {',
      "-  return 'gone'",
      '-}',
    ),
  },
])

/** A rename with changes. */
export const renameWithChanges = diff([
  {
    path: 'src/utils/strings.ts',
    patch: j(
      'diff --git a/src/helpers.ts b/src/utils/strings.ts',
      'similarity index 87%',
      'rename from src/helpers.ts',
      'rename to src/utils/strings.ts',
      'index 1111111..2222222 100644',
      '--- a/src/helpers.ts',
      '+++ b/src/utils/strings.ts',
      '@@ -1,5 +1,5 @@',
      '-export function titleCase(s: string): string {',
      '+export function titleCase(s: string, locale = "en"): string {',
      '   return s',
      "     .split(' ')",
      '-    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))',
      '+    .map((w) => w.charAt(0).toLocaleUpperCase(locale) + w.slice(1))',
      "     .join(' ')",
    ),
  },
])

/** 20 files of a refactor (a rename of a function across the code base), one patch each. */
export const refactor20 = diff(
  Array.from({ length: 20 }, (_, i): DiffFile => {
    const path = `src/module${String(i + 1).padStart(2, '0')}/index.ts`
    if (i === 7)
      return {
        path,
        oldPath: `src/module08/main.ts`,
        status: 'renamed',
        patch: j('@@ -1 +1 @@', "-import { fetchUser } from '../api'", "+import { loadUser } from '../api'"),
      }
    if (i === 13)
      return {
        path: `src/module14/user.test.ts`,
        oldText: null,
        newText: j(
          "import { loadUser } from '../api'",
          '',
          "test('loads', () => expect(loadUser).toBeDefined())",
        ),
      }
    return {
      path,
      patch: j(
        `diff --git a/${path} b/${path}`,
        '--- a/' + path,
        '+++ b/' + path,
        `@@ -${i + 3},6 +${i + 3},6 @@ export async function handler${i}(id: string) {`,
        "-import { fetchUser } from '../api'",
        "+import { loadUser } from '../api'",
        ' ',
        ` export async function handler${i}(id: string) {`,
        '-  const user = await fetchUser(id)',
        '+  const user = await loadUser(id)',
        '   return user.name',
        ' }',
      ),
    }
  }),
)

function bigTexts(changedLines: number): { oldText: string; newText: string } {
  const old: string[] = []
  const neu: string[] = []
  for (let i = 0; i < changedLines * 2; i++) {
    const line = `  const value${i} = compute(${i}, 'item-${i % 97}') // step ${i}`
    old.push(line)
    neu.push(i % 2 === 0 ? line.replace('compute', 'calculate').replace('step', 'stage') : line)
  }
  return { oldText: `${old.join('\n')}\n`, newText: `${neu.join('\n')}\n` }
}

/** 10,000 changed lines in one file (20,000 lines, every other one changed). */
export const big10k = diff([{ path: 'src/generated/table.ts', ...bigTexts(10_000) }])

/** A long minified line with a small change in the middle. */
const minified = Array.from({ length: 1500 }, (_, i) => `function f${i}(a){return a*${i}+1}`).join(';')
export const minifiedLine = diff([
  {
    path: 'dist/app.min.js',
    oldText: `${minified}\n`,
    newText: `${minified.replace('function f700(a){return a*700+1}', 'function f700(a){return a*700+2}')}\n`,
  },
])

/** CRLF files: the carriage returns stay in the text and are shown as markers nowhere (they end lines). */
export const crlf = diff([
  {
    path: 'scripts/build.bat',
    oldText: '@echo off\r\nset TARGET=debug\r\ncall make %TARGET%\r\n',
    newText: '@echo off\r\nset TARGET=release\r\ncall make %TARGET%\r\necho done\r\n',
  },
])

/** The ACP shape: whole old and new texts; unchanged regions collapse and expand. */
const acpOld = Array.from({ length: 60 }, (_, i) => `line ${i + 1}: the quick brown fox`).join('\n')
export const acpShape = diff([
  {
    path: 'notes/fox.md',
    oldText: `${acpOld}\n`,
    newText: `${acpOld.replace('line 20: the quick brown fox', 'line 20: the quick red fox').replace('line 45: the quick brown fox', 'line 45: the slow brown fox\nline 45b: an inserted line')}\n`,
  },
])

/** A malformed patch: a hunk shorter than its header says, garbage between hunks. */
export const malformed = diff([
  {
    path: 'src/broken.ts',
    patch: j(
      '--- a/src/broken.ts',
      '+++ b/src/broken.ts',
      '@@ -1,6 +1,6 @@',
      ' const a = 1',
      '-const b = 2',
      '+const b = 3',
      'this line is not part of any hunk',
      '@@ -20 +20 @@',
      '-old',
      '+new',
    ),
  },
])

/** Text that is not a diff at all. */
export const notADiff = diff([
  { path: 'README.md', patch: 'I could not apply the patch: permission denied\n' },
])

/** A binary file. */
export const binaryFile = diff([
  {
    path: 'assets/logo.png',
    patch: j(
      'diff --git a/assets/logo.png b/assets/logo.png',
      'index 1234567..89abcde 100644',
      'Binary files a/assets/logo.png and b/assets/logo.png differ',
    ),
  },
])

/** Hostile paths and hunk headers (BAD-INPUTS 13), Trojan Source and zero-width characters (17). */
export const hostile = diff([
  {
    path: '"><svg onload=alert(1)>.ts',
    patch: j(
      'diff --git "a/\\"><svg onload=alert(1)>.ts" "b/\\"><svg onload=alert(1)>.ts"',
      '--- "a/\\"><svg onload=alert(1)>.ts"',
      '+++ "b/\\"><svg onload=alert(1)>.ts"',
      '@@ -1,3 +1,3 @@ <img src=x onerror=alert(1)><script>alert(2)</script>',
      ' const isAdmin = false',
      '-if (isAdmin) { grant() }',
      '+if (isAdmin\u202e) { \u2066// check later\u2069 grant() }',
      ' const zero = "a\u200bb"',
    ),
  },
  {
    path: 'docs/<b>bold</b>\u202egnp.exe',
    oldText: 'safe\n',
    newText: 'safe\u200d\n',
  },
])

/** 1,000 files (BAD-INPUTS 14): the list and the sections are paged. */
export const thousandFiles = diff(
  Array.from(
    { length: 1000 },
    (_, i): DiffFile => ({
      path: `pkg/file${i}.txt`,
      patch: j('@@ -1 +1 @@', `-value ${i}`, `+value ${i + 1}`),
    }),
  ),
)

/** A patch still arriving: the hunk is cut off mid-way. */
export const streamingPatch = diff([
  {
    path: 'src/stream.ts',
    patch:
      '--- a/src/stream.ts\n+++ b/src/stream.ts\n@@ -1,8 +1,9 @@\n import { read } from "./io"\n-const x = 1\n+const x = 2\n+const y = 3\n ',
  },
])

export const claudeEdits = diff([...claudeEdit0, ...claudeEdit1])
export const codexPatchIntent = diff(codexPatch)
export const openhandsEdits = diff([...openhandsCreate, ...openhandsCreateApp])
