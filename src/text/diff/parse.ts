import { formatHunkHeader } from './format'
import { readQuoted } from './quote'
import type { DiffHunk, DiffLine, DiffProblem, ParsedDiff, ParsedDiffFile } from './types'

const HUNK_RE = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(?: ([\s\S]*))?$/
const BASE85_RE = /^[A-Za-z][0-9A-Za-z!#$%&()*+\-;<=>?@^_`{|}~]*$/
const BINARY_DATA_RE = /^(?:literal|delta) \d+$/
const MAX_PROBLEMS = 200

interface FileState {
  file: ParsedDiffFile
  /** Saw `---`/`+++` for this file. */
  sawPaths: boolean
  newFile: boolean
  deletedFile: boolean
  renamed: boolean
  copied: boolean
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

/** A path given alone (`rename from x`): quoted or verbatim. */
function barePath(rest: string): string {
  if (rest.startsWith('"')) {
    const q = readQuoted(rest, 0)
    if (q) return q.value
  }
  return rest
}

/** `diff --git a/x b/y`: both paths, handling quotes and (when unquoted) spaces. */
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
  for (let k = rest.indexOf(' '); k >= 0; k = rest.indexOf(' ', k + 1)) {
    const a = rest.slice(0, k)
    const b = rest.slice(k + 1)
    if (stripPrefix(a, 'a/') === stripPrefix(b, 'b/')) return [a, b]
    if (fallback < 0 && b.startsWith('b/')) fallback = k
  }
  if (fallback >= 0) return [rest.slice(0, fallback), rest.slice(fallback + 1)]
  const sp = rest.indexOf(' ')
  return sp >= 0 ? [rest.slice(0, sp), rest.slice(sp + 1)] : null
}

function newFile(git: boolean): FileState {
  const file: ParsedDiffFile = {
    oldPath: null,
    newPath: null,
    status: 'modified',
    additions: 0,
    deletions: 0,
    hunks: [],
  }
  if (git) file.git = true
  return { file, sawPaths: false, newFile: false, deletedFile: false, renamed: false, copied: false }
}

function finish(st: FileState): ParsedDiffFile {
  const f = st.file
  if (st.newFile) f.oldPath = null
  if (st.deletedFile) f.newPath = null
  let adds = 0
  let dels = 0
  for (const h of f.hunks) {
    for (const l of h.lines) {
      if (l.kind === 'add') adds++
      else if (l.kind === 'del') dels++
    }
  }
  f.additions = adds
  f.deletions = dels
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
 * `@@` headers, so content lines that begin with `---`/`+++` are read right. Never throws: malformed input
 * gives what could be recovered plus `problems`.
 */
export function parseUnifiedDiff(text: string): ParsedDiff {
  const problems: DiffProblem[] = []
  const files: ParsedDiffFile[] = []
  try {
    parseInto(typeof text === 'string' ? text : String(text), files, problems)
  } catch (err) {
    problems.push({ line: 0, message: `parser error: ${err instanceof Error ? err.message : String(err)}` })
  }
  return { files, problems }
}

function parseInto(text: string, files: ParsedDiffFile[], problems: DiffProblem[]): void {
  const lines = text.split('\n')
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop()
  const problem = (i: number, message: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ line: i + 1, message })
    else if (problems.length === MAX_PROBLEMS)
      problems.push({ line: i + 1, message: 'more problems not listed' })
  }

  let st: FileState | null = null
  let hunk: DiffHunk | null = null
  let oldLeft = 0
  let newLeft = 0
  let overrun = false
  /** The previous line belonged to a hunk (so `\` and surplus lines attach to it). */
  let inHunkTail = false
  let skipping = false

  const close = () => {
    if (st) files.push(finish(st))
    st = null
    hunk = null
    inHunkTail = false
  }
  const pushLine = (l: DiffLine) => {
    hunk!.lines.push(l)
  }

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!
    const c = raw.charCodeAt(0)

    // Inside a hunk: read by the counts.
    if (hunk && (oldLeft > 0 || newLeft > 0)) {
      const h: DiffHunk = hunk
      if (c === 0x20 /* ' ' */) {
        pushLine({ kind: 'context', text: raw.slice(1) })
        oldLeft--
        newLeft--
        if (oldLeft < 0 || newLeft < 0) overrun = true
        continue
      }
      if (c === 0x2d /* - */ && !(oldLeft <= 0 && isFileHeader(lines, i))) {
        pushLine({ kind: 'del', text: raw.slice(1) })
        oldLeft--
        if (oldLeft < 0) overrun = true
        continue
      }
      if (c === 0x2b /* + */) {
        pushLine({ kind: 'add', text: raw.slice(1) })
        newLeft--
        if (newLeft < 0) overrun = true
        continue
      }
      if (c === 0x5c /* \ */) {
        const last = h.lines[h.lines.length - 1]
        if (last) last.noNewline = true
        continue
      }
      if ((raw === '' || raw === '\r') && oldLeft > 0 && newLeft > 0) {
        // A blank context line whose leading space was stripped (mail clients, editors). It can only be
        // context while both sides still expect lines; otherwise the hunk has ended early.
        pushLine({ kind: 'context', text: '' })
        oldLeft--
        newLeft--
        continue
      }
      problem(i - 1, endsEarly(h, oldLeft, newLeft))
      fixCounts(h)
      hunk = null
      inHunkTail = false
      // fall through: read this line as a header line
    } else if (hunk && overrun) {
      problem(i - 1, 'hunk has more lines than its header says')
      fixCounts(hunk)
      overrun = false
    }

    const line = stripCr(raw)

    if (inHunkTail && c === 0x5c) {
      const h = hunk as DiffHunk | null
      const last = h?.lines[h.lines.length - 1]
      if (last) last.noNewline = true
      continue
    }

    if (line.startsWith('diff --git ')) {
      close()
      skipping = false
      st = newFile(true)
      const paths = gitPaths(line.slice(11))
      if (paths) {
        st.file.oldPath = stripPrefix(paths[0], 'a/')
        st.file.newPath = stripPrefix(paths[1], 'b/')
      } else problem(i, 'cannot read the paths of this diff --git line')
      continue
    }
    if (line.startsWith('diff --cc ') || line.startsWith('diff --combined ')) {
      close()
      skipping = true
      problem(i, 'combined (merge) diffs are not supported; skipped')
      continue
    }
    if (line.startsWith('--- ') && isFileHeader(lines, i)) {
      const oldP = headerPath(line.slice(4))
      const newP = headerPath(stripCr(lines[i + 1]!).slice(4))
      const cur = st as FileState | null
      if (!(cur?.file.git && cur.file.hunks.length === 0 && !cur.sawPaths)) {
        close()
        st = newFile(false)
      }
      const s = st as unknown as FileState
      s.sawPaths = true
      s.file.oldPath = oldP === '/dev/null' ? null : stripPrefix(oldP, 'a/')
      s.file.newPath = newP === '/dev/null' ? null : stripPrefix(newP, 'b/')
      skipping = false
      i++
      continue
    }
    if (skipping) continue
    if (line.startsWith('@@')) {
      const m = HUNK_RE.exec(line)
      if (!m) {
        problem(i, 'malformed hunk header')
        hunk = null
        inHunkTail = false
        continue
      }
      if (!st) {
        problem(i, 'hunk without a file header')
        st = newFile(false)
      }
      const s = st as FileState
      hunk = {
        oldStart: Number(m[1]),
        oldLines: m[2] === undefined ? 1 : Number(m[2]),
        newStart: Number(m[3]),
        newLines: m[4] === undefined ? 1 : Number(m[4]),
        header: m[5] ?? '',
        lines: [],
      }
      const prev = s.file.hunks[s.file.hunks.length - 1]
      if (prev && hunk.oldStart < prev.oldStart + prev.oldLines)
        problem(i, 'hunk overlaps or precedes the one before')
      s.file.hunks.push(hunk)
      oldLeft = hunk.oldLines
      newLeft = hunk.newLines
      overrun = false
      inHunkTail = true
      continue
    }
    const cur = st as FileState | null
    if (cur?.file.git && cur.file.hunks.length === 0) {
      if (readGitHeader(line, cur, lines, i, problem)) {
        if (line === 'GIT binary patch') {
          while (i + 1 < lines.length) {
            const nx = stripCr(lines[i + 1]!)
            if (nx === '' || BINARY_DATA_RE.test(nx) || BASE85_RE.test(nx)) i++
            else break
          }
        }
        continue
      }
    }
    if (line.startsWith('Binary files ') && line.endsWith(' differ')) {
      const cur2 = st as FileState | null
      if (cur2?.file.git && cur2.file.hunks.length === 0) {
        cur2.file.binary = true
        continue
      }
      close()
      st = newFile(false)
      st.file.binary = true
      const body = line.slice(13, -7)
      const at = body.indexOf(' and ')
      if (at >= 0) {
        const a = headerPath(body.slice(0, at))
        const b = headerPath(body.slice(at + 5))
        st.file.oldPath = a === '/dev/null' ? null : stripPrefix(a, 'a/')
        st.file.newPath = b === '/dev/null' ? null : stripPrefix(b, 'b/')
      }
      continue
    }
    if (inHunkTail && hunk && (c === 0x20 || c === 0x2b || c === 0x2d) && line !== '-- ') {
      // Lines past the header's counts: keep them (the header was wrong), and say so.
      const h: DiffHunk = hunk
      const kind = c === 0x20 ? 'context' : c === 0x2b ? 'add' : 'del'
      h.lines.push({ kind, text: raw.slice(1) })
      overrun = true
      continue
    }
    inHunkTail = false
    if (line.trim() === '') continue
    if (st && !(line === '-- ')) {
      problem(i, 'unexpected line outside a hunk; ignored')
    }
    // Before the first file (commit message, `Index:` lines) or after a signature: ignored.
  }
  if (hunk && (oldLeft > 0 || newLeft > 0)) {
    const h: DiffHunk = hunk
    problem(lines.length - 1, endsEarly(h, oldLeft, newLeft))
    fixCounts(h)
  } else if (hunk && overrun) {
    problem(lines.length - 1, 'hunk has more lines than its header says')
    fixCounts(hunk)
  }
  close()
  if (files.length === 0 && text.trim() !== '')
    problems.push({ line: 1, message: 'no diff found in the text' })
}

/** `--- x` followed by `+++ y`. */
function isFileHeader(lines: string[], i: number): boolean {
  const a = lines[i]
  const b = lines[i + 1]
  return a !== undefined && b !== undefined && a.startsWith('--- ') && b.startsWith('+++ ')
}

/** Counts taken from the lines when the header's were wrong. */
function fixCounts(h: DiffHunk): void {
  let o = 0
  let n = 0
  for (const l of h.lines) {
    if (l.kind !== 'add') o++
    if (l.kind !== 'del') n++
  }
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
