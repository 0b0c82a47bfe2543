import { formatHunkHeader } from './hunkHeader'
import { readQuoted } from './quote'
import type { DiffHunk, DiffLine, DiffProblem, ParsedDiff, ParsedDiffFile } from './types'

const HUNK_RE = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(?: ([\s\S]*))?$/
const BASE85_RE = /^[A-Za-z][0-9A-Za-z!#$%&()*+\-;<=>?@^_`{|}~]*$/
const BINARY_DATA_RE = /^(?:literal|delta) \d+$/
const ISO_TIME_RE = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d+))?(?: ([+-])(\d\d):?(\d\d))?$/
const MAX_PROBLEMS = 200

const SPACE = 0x20
const PLUS = 0x2b
const MINUS = 0x2d
const BACKSLASH = 0x5c

/** Where one parsed file is in the patch text, and the problems found in it. */
export interface DiffFilePart {
  /** The file's own text is `text.slice(from, to)`: from its first header line to its last line. */
  from: number
  to: number
  /** The problems of this file (the same objects as in `problems`); the rest belong to no one file. */
  problems: DiffProblem[]
  /** How many lines its text holds. */
  lines: number
}

/** `parseUnifiedDiff`'s result plus, for each file (same order), where it is in the text. */
export interface ParsedDiffParts extends ParsedDiff {
  parts: DiffFilePart[]
  /** How many lines the whole text holds (a last line break ends the last line, it does not start one). */
  lines: number
}

interface FileState {
  file: ParsedDiffFile
  /** Saw `---`/`+++` for this file. */
  sawPaths: boolean
  newFile: boolean
  deletedFile: boolean
  renamed: boolean
  copied: boolean
  /** The prefixes of the `diff --git` line's names (`a/` `b/`, `i/` `w/`, `''` `''` without), when told. */
  prefixes: [string, string] | null
  /** The `---`/`+++` timestamp is the epoch: GNU `diff -N`'s mark of a side that does not exist. */
  oldEpoch: boolean
  newEpoch: boolean
  /** Added and removed lines so far. */
  adds: number
  dels: number
  /**
   * Its `index` line gave hashes: git wrote it, with exact counts, so its hunks end where they say (as
   * `git apply` reads them) and lines after them are text between files (`git log -p --stat`'s stat lines,
   * a commit body in `--format=%b`), not lines of a hunk whose header was wrong.
   */
  exact: boolean
  /** Its first and last lines (0-based). */
  first: number
  last: number
  problems: DiffProblem[]
}

interface Span {
  first: number
  last: number
  problems: DiffProblem[]
}

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line
}

function stripPrefix(path: string, prefix: 'a/' | 'b/'): string {
  return path.startsWith(prefix) ? path.slice(2) : path
}

/** Path of a `---`/`+++` line (after the marker): quoted, or up to a tab (timestamps follow a tab). */
function headerPath(rest: string): string {
  if (rest.startsWith('"')) {
    const q = readQuoted(rest, 0)
    if (q) return q.value
  }
  const tab = rest.indexOf('\t')
  return tab >= 0 ? rest.slice(0, tab) : rest.trimEnd()
}

/** The timestamp of a `---`/`+++` line is the Unix epoch (in any time zone). */
function isEpoch(rest: string): boolean {
  const tab = rest.lastIndexOf('\t')
  if (tab < 0) return false
  const ts = rest.slice(tab + 1).trim()
  if (ts === 'Thu Jan  1 00:00:00 1970' || ts === 'Thu Jan 01 00:00:00 1970') return true
  const m = ISO_TIME_RE.exec(ts)
  if (!m || (m[7] !== undefined && /[1-9]/.test(m[7]))) return false
  const utc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)
  const offset = m[8] === undefined ? 0 : (m[8] === '-' ? -1 : 1) * (+m[9]! * 60 + +m[10]!) * 60_000
  return utc - offset === 0
}

/**
 * The paths of a plain diff's two names: `a/` and `b/` are a tool's prefixes only when both names have
 * theirs (or a side is missing); Subversion, fossil and `diff -ru` name real directories `a` and `b`.
 */
function plainPaths(o: string, n: string): [string | null, string | null] {
  const none = (p: string) => p === '/dev/null' || p === ''
  const strip = (none(o) || o.startsWith('a/')) && (none(n) || n.startsWith('b/'))
  const take = (p: string) => (none(p) ? null : strip ? p.slice(2) : p)
  return [take(o), take(n)]
}

/** A path given alone (`rename from x`): quoted or verbatim. */
function barePath(rest: string): string {
  if (rest.startsWith('"')) {
    const q = readQuoted(rest, 0)
    if (q) return q.value
  }
  return rest
}

/**
 * The prefixes of two names of one file: `X/rest` and `Y/rest` with one-component prefixes that differ
 * (git's `a/` `b/`, `diff.mnemonicPrefix`'s `i/` `w/` `c/` `o/`, `--src-prefix`/`--dst-prefix`), or none
 * when the names are equal (`--no-prefix`). Null when the names do not tell (a rename).
 */
function namePrefixes(a: string, b: string): [string, string] | null {
  if (a === b) return ['', '']
  const sa = a.indexOf('/')
  const sb = b.indexOf('/')
  if (sa <= 0 || sb <= 0) return null
  const rest = a.slice(sa + 1)
  if (rest === '' || rest !== b.slice(sb + 1)) return null
  return [a.slice(0, sa + 1), b.slice(0, sb + 1)]
}

/** `diff --git a/x b/y`: both names (prefixes kept), handling quotes and (when unquoted) spaces. */
function gitPaths(rest: string): [string, string] | null {
  if (rest.startsWith('"')) {
    const a = readQuoted(rest, 0)
    if (!a || rest[a.end] !== ' ') return null
    const tail = rest.slice(a.end + 1)
    const b = tail.startsWith('"') ? readQuoted(tail, 0)?.value : tail
    return b === undefined ? null : [a.value, b]
  }
  if (rest.endsWith('"')) {
    const at = rest.lastIndexOf(' "')
    if (at >= 0) {
      const b = readQuoted(rest, at + 1)
      if (b && b.end === rest.length) return [rest.slice(0, at), b.value]
    }
  }
  // Unquoted: the two halves name the same file unless renamed; try the split where they agree.
  let fallback = -1
  let other = -1
  for (let k = rest.indexOf(' '); k >= 0; k = rest.indexOf(' ', k + 1)) {
    const a = rest.slice(0, k)
    const b = rest.slice(k + 1)
    if (stripPrefix(a, 'a/') === stripPrefix(b, 'b/')) return [a, b]
    if (fallback < 0 && a.startsWith('a/') && b.startsWith('b/')) fallback = k
    if (other < 0 && namePrefixes(a, b) !== null) other = k
  }
  const at = fallback >= 0 ? fallback : other >= 0 ? other : rest.indexOf(' ')
  return at >= 0 ? [rest.slice(0, at), rest.slice(at + 1)] : null
}

function newFile(git: boolean, line: number): FileState {
  const file: ParsedDiffFile = {
    oldPath: null,
    newPath: null,
    status: 'modified',
    additions: 0,
    deletions: 0,
    hunks: [],
  }
  if (git) file.git = true
  return {
    file,
    sawPaths: false,
    newFile: false,
    deletedFile: false,
    renamed: false,
    copied: false,
    prefixes: null,
    oldEpoch: false,
    newEpoch: false,
    adds: 0,
    dels: 0,
    exact: false,
    first: line,
    last: line,
    problems: [],
  }
}

/** Takes the paths of a `---`/`+++` pair (`oldRest`, `newRest`: the text after the markers). */
function readHeaderPaths(st: FileState, oldRest: string, newRest: string): void {
  const f = st.file
  const o = headerPath(oldRest)
  const n = headerPath(newRest)
  st.sawPaths = true
  st.oldEpoch = isEpoch(oldRest)
  st.newEpoch = isEpoch(newRest)
  if (f.git) {
    // The `diff --git` line named the file; `---`/`+++` may say it does not exist on one side. An empty
    // name says nothing, and `rename`/`copy` lines name the paths better (they have no prefixes).
    if (o === '/dev/null') f.oldPath = null
    if (n === '/dev/null') f.newPath = null
    if (st.renamed || st.copied) return
    const pre = st.prefixes ?? namePrefixes(o, n)
    const take = (name: string, side: 0 | 1) => {
      const p = pre?.[side]
      if (p !== undefined && name.startsWith(p)) return name.slice(p.length)
      return stripPrefix(name, side === 0 ? 'a/' : 'b/')
    }
    if (o !== '' && o !== '/dev/null') f.oldPath = take(o, 0)
    if (n !== '' && n !== '/dev/null') f.newPath = take(n, 1)
    return
  }
  // Plain diffs keep other prefixes (`diff -ru old new` names real directories). An empty name (Python's
  // difflib by default) says nothing: the other side's name, or none (the caller's path stands).
  ;[f.oldPath, f.newPath] = plainPaths(o, n)
  if (o === '') f.oldPath = f.newPath
  if (n === '') f.newPath = f.oldPath
  if (o === '/dev/null' && n === '') st.newFile = true
  if (n === '/dev/null' && o === '') st.deletedFile = true
  // Subversion names a side that does not exist `path\t(nonexistent)`
  if (oldRest.endsWith('\t(nonexistent)')) st.newFile = true
  if (newRest.endsWith('\t(nonexistent)')) st.deletedFile = true
}

function finish(st: FileState): ParsedDiffFile {
  const f = st.file
  // GNU `diff -N`: a side stamped with the epoch and every hunk empty on that side does not exist.
  if (!f.git && f.hunks.length > 0 && st.oldEpoch !== st.newEpoch) {
    if (st.oldEpoch && f.hunks.every((h) => h.oldStart === 0 && h.oldLines === 0)) st.newFile = true
    if (st.newEpoch && f.hunks.every((h) => h.newStart === 0 && h.newLines === 0)) st.deletedFile = true
  }
  if (st.newFile) f.oldPath = null
  if (st.deletedFile) f.newPath = null
  f.additions = st.adds
  f.deletions = st.dels
  if (f.binary) f.status = 'binary'
  else if (st.renamed) f.status = 'renamed'
  else if (st.copied) f.status = 'copied'
  else if (st.newFile || (f.oldPath === null && f.newPath !== null)) f.status = 'added'
  else if (st.deletedFile || (f.newPath === null && f.oldPath !== null)) f.status = 'deleted'
  else f.status = 'modified'
  return f
}

/**
 * Parses a unified diff (plain or git, one or many files). Hunk bodies are read by the counts in their
 * `@@` headers, so content lines that begin with `---`/`+++` are read right. Text that is not diff syntax
 * between files (a commit message, `git log -p` commit headers, a format-patch signature, GNU `diff -r`
 * lines) is passed over. Never throws: malformed input gives what could be recovered plus `problems`.
 */
export function parseUnifiedDiff(text: string): ParsedDiff {
  const { files, problems } = parseUnifiedDiffParts(text)
  return { files, problems }
}

/**
 * `parseUnifiedDiff`, plus where each file is in the text and which problems are its own: a caller can
 * show or copy one file's part of a patch that holds many.
 */
export function parseUnifiedDiffParts(text: string): ParsedDiffParts {
  return drain(parseUnifiedDiffPartsSteps(text))
}

/**
 * `parseUnifiedDiffParts` as steps: the generator yields after each piece of work (a slice of the text
 * split into lines, a few thousand lines read), so that a caller can read a 16 MB patch over many tasks.
 * Its return value is `parseUnifiedDiffParts`'s.
 */
export function* parseUnifiedDiffPartsSteps(text: string): Generator<void, ParsedDiffParts, void> {
  const s = typeof text === 'string' ? text : String(text)
  const problems: DiffProblem[] = []
  const files: ParsedDiffFile[] = []
  const spans: Span[] = []
  let lines: string[] = []
  try {
    lines = yield* parseSteps(s, files, problems, spans)
  } catch (err) {
    // nothing above should throw: defence in depth
    problems.push({ line: 0, message: `parser error: ${err instanceof Error ? err.message : String(err)}` })
  }
  // A file's part runs from its first line's start to the start of the line after its last (the spans
  // run in order: one walk over the lines finds every offset, a few milliseconds for 300,000 lines).
  let line = 0
  let at = 0
  const offset = (to: number) => {
    for (; line < to && line < lines.length; line++) at += lines[line]!.length + 1
    return to < lines.length ? at : s.length
  }
  const parts = files.map((_, k): DiffFilePart => {
    const sp = spans[k]
    if (!sp) return { from: 0, to: s.length, problems: [], lines: lines.length }
    const from = offset(sp.first)
    const to = Math.max(from, offset(sp.last + 1))
    return { from, to, problems: sp.problems, lines: sp.last - sp.first + 1 }
  })
  return { files, problems, parts, lines: lines.length }
}

/** Runs steps to their end. */
export function drain<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const r = steps.next()
    if (r.done) return r.value
  }
}

/** Characters of text split into lines per step. */
const STEP_CHARS = 256 * 1024
/** Lines read per step (a power of two: `(i & STEP_LINES_MASK) === 0` marks a step). */
const STEP_LINES_MASK = 8192 - 1

/**
 * The text's lines (`text.split('\n')` without a last empty one), split `stepChars` characters (whole
 * lines) per step. Exported for tests.
 */
export function* splitSteps(text: string, stepChars = STEP_CHARS): Generator<void, string[], void> {
  const lines: string[] = []
  let at = 0
  while (at < text.length) {
    // up to the last line break of the slice; a line longer than a slice, to its end
    let end = at + stepChars >= text.length ? text.length : text.lastIndexOf('\n', at + stepChars)
    if (end < at) end = text.indexOf('\n', at + stepChars)
    if (end < 0) end = text.length
    const part = text.slice(at, end).split('\n')
    // (a text that ends with a line break has no empty line after it)
    if (end === text.length && part[part.length - 1] === '') part.pop()
    if (at === 0 && end === text.length) return part
    for (let k = 0; k < part.length; k++) lines.push(part[k]!)
    at = end + 1
    if (at < text.length) yield
  }
  return lines
}

/** Reads `text` into `files`, `problems` and `spans` (where each file is), in steps; returns its lines. */
function* parseSteps(
  text: string,
  files: ParsedDiffFile[],
  problems: DiffProblem[],
  spans: Span[],
): Generator<void, string[], void> {
  const given = yield* splitSteps(text)
  // `git diff --color` (an agent ran it in a terminal): the colour codes are taken off every line before
  // it is read; the parts' offsets stay the text's own
  const lines =
    text.includes('\x1b[') && COLOURED_RE.test(text)
      ? given.map((l) => l.replace(/\x1b\[[\d;]*m/g, ''))
      : given

  let st: FileState | null = null
  let hunk: DiffHunk | null = null
  let oldLeft = 0
  let newLeft = 0
  /** Lines of the current hunk past its header's counts, and the first of them. */
  let extra = 0
  let extraAt = -1
  /** The current hunk's counts are met: `\` and surplus lines still attach to it. */
  let inHunkTail = false
  /** `diff -c` hunks seen. */
  let context = 0
  /** After a hunk cut short by a stray line, or a malformed hunk header: its body lines are passed over. */
  let badBody = false
  /** Text that is not diff syntax came after the current file (a commit message, a signature…). */
  let trailer = false
  /** The name of Subversion's last `Index:` line. */
  let index = ''

  /** Reports a problem at line `i` (0-based), as one of `owner`'s (by default the current file). */
  const problem = (i: number, message: string, owner: FileState | null = st) => {
    let p: DiffProblem | undefined
    if (problems.length < MAX_PROBLEMS) p = { line: i + 1, message }
    else if (problems.length === MAX_PROBLEMS) p = { line: i + 1, message: 'more problems not listed' }
    if (!p) return
    problems.push(p)
    owner?.problems.push(p)
  }
  /** Line `i` belongs to the current file. */
  const own = (i: number) => {
    if (st) st.last = i
  }
  const overrun = (i: number) => {
    if (extra++ === 0) extraAt = i
  }
  /** The current hunk is over: lines past its header's counts are reported once, with how many. */
  const endHunk = () => {
    const h = hunk as DiffHunk | null
    if (h && extra > 0) {
      const head = formatHunkHeader(h)
      fixCounts(h, hunkOld, hunkNew)
      problem(extraAt, `hunk ${head} has more lines than its header says: ${extra} extra`)
    } else if (h && hunkOld + hunkNew === 2 * h.lines.length)
      // (each context line counts on both sides, an added or removed line on one: all context, no walk)
      // as `git apply` refuses it: a word diff (`--word-diff`, `--color-words`) reads as context lines
      problem(hunkAt, `hunk ${formatHunkHeader(h)} changes no line`)
    hunk = null
    inHunkTail = false
    extra = 0
    extraAt = -1
  }
  /** The current hunk's lines stop (at line `i`) before its header's counts are met. */
  const cutHunk = (i: number) => {
    const h = hunk as DiffHunk
    problem(i, endsEarly(h, oldLeft, newLeft))
    fixCounts(h, hunkOld, hunkNew)
    hunk = null
    inHunkTail = false
    extra = 0
    extraAt = -1
    oldLeft = 0
    newLeft = 0
  }
  const close = () => {
    endHunk()
    const s = st as FileState | null
    if (s) {
      files.push(finish(s))
      spans.push({ first: s.first, last: s.last, problems: s.problems })
    }
    st = null
    badBody = false
    trailer = false
  }
  const begin = (git: boolean, i: number): FileState => {
    close()
    const s = newFile(git, i)
    st = s
    return s
  }
  /** Lines of the current hunk on each side, for its counts when its header's are wrong. */
  let hunkOld = 0
  let hunkNew = 0
  /** The current hunk's header line. */
  let hunkAt = 0
  const pushLine = (l: DiffLine) => {
    ;(hunk as DiffHunk).lines.push(l)
    // (a hunk belongs to the current file: `close` ends it)
    const s = st as FileState
    if (l.kind === 'add') {
      s.adds++
      hunkNew++
    } else if (l.kind === 'del') {
      s.dels++
      hunkOld++
    } else {
      hunkOld++
      hunkNew++
    }
  }

  for (let i = 0; i < lines.length; i++) {
    if ((i & STEP_LINES_MASK) === 0 && i > 0) yield
    const raw = lines[i]!
    const c = raw.charCodeAt(0)
    /** This line stopped a hunk short of its counts. */
    let cut = false
    /** The current file's hunks end where their counts say. */
    const exact = (st as FileState | null)?.exact === true

    // Inside a hunk: read by the counts.
    if (hunk && (oldLeft > 0 || newLeft > 0)) {
      const h: DiffHunk = hunk
      if (c === SPACE) {
        pushLine({ kind: 'context', text: raw.slice(1) })
        oldLeft--
        newLeft--
        if (oldLeft < 0 || newLeft < 0) overrun(i)
        own(i)
        continue
      }
      if (c === MINUS && !(oldLeft <= 0 && isFileHeader(lines, i))) {
        pushLine({ kind: 'del', text: raw.slice(1) })
        oldLeft--
        if (oldLeft < 0) overrun(i)
        own(i)
        continue
      }
      if (c === PLUS) {
        pushLine({ kind: 'add', text: raw.slice(1) })
        newLeft--
        if (newLeft < 0) overrun(i)
        own(i)
        continue
      }
      if (c === BACKSLASH) {
        const last = h.lines[h.lines.length - 1]
        if (last) last.noNewline = true
        own(i)
        continue
      }
      if ((raw === '' || raw === '\r') && oldLeft > 0 && newLeft > 0) {
        // A blank context line whose leading space was stripped (mail clients, editors). It can only be
        // context while both sides still expect lines; otherwise the hunk has ended early.
        pushLine({ kind: 'context', text: '' })
        oldLeft--
        newLeft--
        own(i)
        continue
      }
      cutHunk(i - 1)
      cut = true
      // fall through: read this line as a header line
    } else if (inHunkTail) {
      // The counts are met; `\` and content lines still attach to the hunk (its header was wrong).
      const h = hunk as DiffHunk
      if (c === BACKSLASH) {
        const last = h.lines[h.lines.length - 1]
        if (last) last.noNewline = true
        own(i)
        continue
      }
      if (
        !exact &&
        (c === SPACE ||
          c === PLUS ||
          (c === MINUS && stripCr(raw) !== '-- ' /* a format-patch signature */ && !isFileHeader(lines, i)))
      ) {
        pushLine({ kind: c === SPACE ? 'context' : c === PLUS ? 'add' : 'del', text: raw.slice(1) })
        overrun(i)
        own(i)
        continue
      }
      endHunk()
    }

    const line = stripCr(raw)

    if (line.startsWith('diff --git ')) {
      const s = begin(true, i)
      const paths = gitPaths(line.slice(11))
      if (paths) {
        const pre = namePrefixes(paths[0], paths[1])
        s.prefixes = pre
        s.file.oldPath = pre ? paths[0].slice(pre[0].length) : stripPrefix(paths[0], 'a/')
        s.file.newPath = pre ? paths[1].slice(pre[1].length) : stripPrefix(paths[1], 'b/')
      } else problem(i, 'cannot read the paths of this diff --git line')
      continue
    }
    if (line.startsWith('diff --cc ') || line.startsWith('diff --combined ')) {
      // A merge's combined diff (`git show` of a merge, `git diff` in a conflict): read against the
      // merge's first parent, the diff `git diff HEAD^1` gives (see `readCombined`); `parents` says so.
      const name = barePath(line.slice(line.indexOf(' ', 5) + 1))
      const s = begin(true, i)
      s.file.oldPath = name
      s.file.newPath = name
      s.file.parents = 2
      i = yield* readCombined(lines, i + 1, s, problem)
      own(i)
      continue
    }
    if (line.startsWith('--- ') && isFileHeader(lines, i)) {
      const cur = st as FileState | null
      const s = cur?.file.git && cur.file.hunks.length === 0 && !cur.sawPaths ? cur : begin(false, i)
      readHeaderPaths(s, line.slice(4), stripCr(lines[i + 1]!).slice(4))
      badBody = false
      trailer = false
      i++
      own(i)
      continue
    }
    if (line.startsWith('@@')) {
      const m = HUNK_RE.exec(line)
      if (!m) {
        problem(i, 'malformed hunk header')
        own(i)
        // its body (if any) is passed over: it cannot be read without counts
        badBody = true
        trailer = false
        continue
      }
      let s = st as FileState | null
      if (!s) {
        s = begin(false, i)
        problem(i, 'hunk without a file header')
      }
      hunk = hunkOf(m[1]!, m[2], m[3]!, m[4], m[5])
      const prev = s.file.hunks[s.file.hunks.length - 1]
      if (prev && hunk.oldStart < prev.oldStart + prev.oldLines)
        problem(i, 'hunk overlaps or precedes the one before')
      s.file.hunks.push(hunk)
      oldLeft = hunk.oldLines
      newLeft = hunk.newLines
      hunkAt = i
      hunkOld = 0
      hunkNew = 0
      extra = 0
      extraAt = -1
      inHunkTail = true
      badBody = false
      trailer = false
      own(i)
      continue
    }
    const cur = st as FileState | null
    if (cur?.file.git && cur.file.hunks.length === 0 && !trailer && !badBody) {
      if (readGitHeader(line, cur, lines, i, problem)) {
        if (line === 'GIT binary patch') {
          while (i + 1 < lines.length) {
            const nx = stripCr(lines[i + 1]!)
            if (nx === '' || BINARY_DATA_RE.test(nx) || BASE85_RE.test(nx)) i++
            else break
          }
        }
        own(i)
        continue
      }
    }
    // A binary file: GNU's `Binary files X and Y differ`, busybox's `Files X and Y differ`, Mercurial's
    // `Binary file X has changed`, Subversion's `Cannot display: file marked as a binary type.` under
    // `Index: X`
    const binary = BINARY_RE.exec(line)
    if (binary) {
      if (cur?.file.git && cur.file.hunks.length === 0 && !trailer) {
        cur.file.binary = true
        own(i)
        continue
      }
      const s = begin(false, i)
      s.file.binary = true
      const body = binary[1] ?? `${binary[2] ?? index} and ${binary[2] ?? index}`
      // GNU `diff -r` does not quote names: of the ` and `s, the one between two names of one file
      let at = body.indexOf(' and ')
      for (let k = at; k >= 0; k = body.indexOf(' and ', k + 1))
        if (namePrefixes(body.slice(0, k), body.slice(k + 5))) {
          at = k
          break
        }
      if (at >= 0) {
        ;[s.file.oldPath, s.file.newPath] = plainPaths(
          headerPath(body.slice(0, at)),
          headerPath(body.slice(at + 5)),
        )
      }
      continue
    }
    if (line.trim() === '') continue
    if (line.startsWith('Index: ')) index = line.slice(7)
    if (cut) {
      // A stray line inside a hunk (its counts not met): the hunk is broken.
      problem(i, 'unexpected line outside a hunk; ignored')
      own(i)
      badBody = true
      continue
    }
    if (badBody && (c === SPACE || c === PLUS || c === MINUS || c === BACKSLASH) && line !== '-- ') {
      own(i)
      continue
    }
    badBody = false
    if (
      st &&
      !trailer &&
      !exact &&
      (c === SPACE || c === PLUS || c === MINUS) &&
      line !== '-- ' &&
      !SVN_LOG_RULE.test(line)
    ) {
      // Content lines after a file's hunks or headers, before any other text: a broken hunk.
      problem(i, 'unexpected line outside a hunk; ignored')
      own(i)
      continue
    }
    // `diff -c` writes `***************` before each hunk: its files are not read, the text says them
    if (line === '***************' && !context++)
      problem(i, 'context diff (diff -c) is not supported; shown as text', null)
    // GNU's normal format (`diff`, `diff -r` without `-u`): `1c1`, then `< ` and `> ` lines
    if (NORMAL_RE.test(line) && /^[<>]/.test(lines[i + 1] ?? '') && !context++)
      problem(i, 'normal diff (diff without -u) is not supported; shown as text', null)
    // `git diff` in a merge conflict names the paths it does not show
    if (line.startsWith('* Unmerged path '))
      problem(i, `${line.slice(16)}: unmerged (a conflict); not shown`, null)
    // Not diff syntax: text before the first file or between files (a commit message, `git log -p`
    // commit headers, a format-patch signature, `diff -r` command lines, `Index:` lines). Passed over,
    // with what follows it up to the next header.
    trailer = true
  }
  if (hunk && (oldLeft > 0 || newLeft > 0)) cutHunk(lines.length - 1)
  close()
  if (files.length === 0 && context === 0 && text.trim() !== '')
    problems.push({ line: 1, message: 'no diff found in the text' })
  return given
}

/** An empty hunk from its header's numbers as written (a missing count is 1) and the text after it. */
function hunkOf(o: string, ol: string | undefined, n: string, nl: string | undefined, header = ''): DiffHunk {
  return {
    oldStart: Number(o),
    oldLines: ol === undefined ? 1 : Number(ol),
    newStart: Number(n),
    newLines: nl === undefined ? 1 : Number(nl),
    header,
    lines: [],
  }
}

/** A combined hunk's header: `@@@ -1,5 -1,4 +1,6 @@@ fn()` (one more `@` and one more `-` range per parent). */
const COMBINED_HUNK_RE = /^(@{3,}) ((?:-\d+(?:,\d+)? )+)\+(\d+)(?:,(\d+))? \1(?: ([\s\S]*))?$/

/**
 * Reads a combined diff's file from line `start` (after its `diff --cc` line) up to the next `diff ` line,
 * as a unified diff against the merge's first parent: each body line has one column per parent; a line
 * of the merge (`+` or ` ` in each column) is added when its first column is `+`, else context; a line
 * the merge dropped (`-` in the columns of the parents that had it) is removed when its first column is
 * `-`, else passed over (it was in another parent only). The header's first `-` range and its `+` range
 * are the hunk's. Returns the last line read.
 */
function* readCombined(
  lines: string[],
  start: number,
  st: FileState,
  problem: (i: number, message: string) => void,
): Generator<void, number, void> {
  let i = start
  let hunk: DiffHunk | null = null
  let parents = 0
  let oldLeft = 0
  let newLeft = 0
  for (; i < lines.length; i++) {
    if ((i & STEP_LINES_MASK) === 0) yield
    const raw = lines[i]!
    const line = stripCr(raw)
    if (line.startsWith('diff ')) break
    if (hunk) {
      if (raw.charCodeAt(0) === BACKSLASH) {
        const last = hunk.lines[hunk.lines.length - 1]
        if (last) last.noNewline = true
        continue
      }
      const cols = raw.slice(0, parents)
      if (cols.length === parents && /^(?:[ +]+|[ -]+)$/.test(cols)) {
        const c = cols.charCodeAt(0)
        const kind = cols.includes('-') ? (c === MINUS ? 'del' : null) : c === PLUS ? 'add' : 'context'
        // a line the merge dropped that the first parent did not have: not in this diff
        if (!kind) continue
        if (kind === 'del' ? oldLeft > 0 : kind === 'add' ? newLeft > 0 : oldLeft > 0 && newLeft > 0) {
          hunk.lines.push({ kind, text: raw.slice(parents) })
          if (kind !== 'add') oldLeft--
          if (kind !== 'del') newLeft--
          if (kind === 'add') st.adds++
          else if (kind === 'del') st.dels++
          continue
        }
      }
      if (oldLeft > 0 || newLeft > 0) problem(i - 1, endsEarly(hunk, oldLeft, newLeft))
      else if (/^[ +-]/.test(raw)) {
        problem(i, 'unexpected line outside a hunk; ignored')
        continue
      }
      hunk = null
    }
    const m = COMBINED_HUNK_RE.exec(line)
    if (m) {
      const first = /^-(\d+)(?:,(\d+))?/.exec(m[2]!)!
      parents = m[1]!.length - 1
      st.file.parents = parents
      hunk = hunkOf(first[1]!, first[2], m[3]!, m[4], m[5])
      st.file.hunks.push(hunk)
      oldLeft = hunk.oldLines
      newLeft = hunk.newLines
      continue
    }
    if (!hunk && st.file.hunks.length === 0 && isFileHeader(lines, i)) {
      readHeaderPaths(st, line.slice(4), stripCr(lines[i + 1]!).slice(4))
      i++
      continue
    }
    // `index a,b..c`, `mode a,b..c`, `new file mode m`, `deleted file mode a,b`: the merge's own header
    if (line.startsWith('new file mode ')) st.newFile = true
    if (line.startsWith('deleted file mode ')) st.deletedFile = true
  }
  if (hunk && (oldLeft > 0 || newLeft > 0)) problem(i - 1, endsEarly(hunk, oldLeft, newLeft))
  return i - 1
}

/** A hunk of GNU's normal format: `5c5`, `2,3d1`, `0a1,2`. */
const NORMAL_RE = /^\d+(?:,\d+)?[acd]\d+(?:,\d+)?$/

/** The line `svn log --diff` writes between revisions (not a removed line of a broken hunk). */
const SVN_LOG_RULE = /^-{72}$/

/** A line that says a file is binary (the names, or the one name, in a group). */
const BINARY_RE =
  /^(?:(?:Binary f|F)iles (.+) differ|Binary file (.+) has changed|Cannot display: file marked as a binary type\.)$/

/** A file or hunk header line that begins with colour codes. */
const COLOURED_RE = /^(?:\x1b\[[\d;]*m)+(?:diff |@@ |--- |\+\+\+ )/m

/** `--- x` followed by `+++ y`. */
function isFileHeader(lines: string[], i: number): boolean {
  const a = lines[i]
  const b = lines[i + 1]
  return a !== undefined && b !== undefined && a.startsWith('--- ') && b.startsWith('+++ ')
}
/** Counts taken from the lines (`o` old, `n` new) when the header's were wrong. */
function fixCounts(h: DiffHunk, o: number, n: number): void {
  h.oldLines = o
  h.newLines = n
}

function readGitHeader(
  line: string,
  st: FileState,
  _lines: string[],
  i: number,
  problem: (i: number, m: string) => void,
): boolean {
  const f = st.file
  const sp = line.indexOf(' ')
  const word = sp < 0 ? line : line.slice(0, sp)
  switch (word) {
    case 'old':
      if (line.startsWith('old mode ')) {
        f.oldMode = line.slice(9)
        return true
      }
      return false
    case 'new':
      if (line.startsWith('new mode ')) {
        f.newMode = line.slice(9)
        return true
      }
      if (line.startsWith('new file mode ')) {
        f.newMode = line.slice(14)
        st.newFile = true
        return true
      }
      return false
    case 'deleted':
      if (line.startsWith('deleted file mode ')) {
        f.oldMode = line.slice(18)
        st.deletedFile = true
        return true
      }
      return false
    case 'rename':
    case 'copy': {
      const m = /^(rename|copy) (from|to|old|new) (.*)$/.exec(line)
      if (!m) return false
      const p = barePath(m[3]!)
      if (m[2] === 'from' || m[2] === 'old') f.oldPath = p
      else f.newPath = p
      if (m[1] === 'rename') st.renamed = true
      else st.copied = true
      return true
    }
    case 'similarity':
    case 'dissimilarity': {
      const m = /^(dis)?similarity index (\d+)%$/.exec(line)
      if (!m) return false
      if (m[1]) f.dissimilarity = Number(m[2])
      else f.similarity = Number(m[2])
      return true
    }
    case 'index': {
      const m = /^index ([0-9a-fA-F]+)\.\.([0-9a-fA-F]+)(?: (\d+))?$/.exec(line)
      if (!m) {
        problem(i, 'malformed index line')
        return true
      }
      f.oldHash = m[1]!
      f.newHash = m[2]!
      st.exact = true
      if (m[3]) f.mode = m[3]
      return true
    }
    case 'GIT':
      if (line === 'GIT binary patch') {
        f.binary = true
        return true
      }
      return false
    default:
      return false
  }
}

/** The problem of a hunk whose lines stop before its header's counts are met. */
function endsEarly(h: DiffHunk, oldLeft: number, newLeft: number): string {
  return `hunk ${formatHunkHeader(h)} ends early: ${Math.max(oldLeft, 0)} old and ${Math.max(newLeft, 0)} new lines missing`
}
