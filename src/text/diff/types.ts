/** One line of a hunk. `text` has no line terminator (a `\r` of a CRLF file stays in it). */
export interface DiffLine {
  kind: 'context' | 'add' | 'del'
  text: string
  /** Followed by `\ No newline at end of file`: this line has no terminator on its side. */
  noNewline?: true
}

export interface DiffHunk {
  oldStart: number
  oldLines: number
  newStart: number
  newLines: number
  /** Text after the second `@@` (usually the enclosing function), without the leading space. */
  header: string
  lines: DiffLine[]
}

export type DiffFileStatus = 'added' | 'deleted' | 'modified' | 'renamed' | 'copied' | 'binary'

export interface ParsedDiffFile {
  /** Old path without the `a/` prefix; null when the file did not exist (`/dev/null`). */
  oldPath: string | null
  /** New path without the `b/` prefix; null when the file was deleted (`/dev/null`). */
  newPath: string | null
  status: DiffFileStatus
  additions: number
  deletions: number
  hunks: DiffHunk[]
  /** True for `Binary files ... differ` and `GIT binary patch`. */
  binary?: true
  oldMode?: string
  newMode?: string
  /** From `index <old>..<new> [mode]`. */
  oldHash?: string
  newHash?: string
  /** The mode on the `index` line (unchanged mode). */
  mode?: string
  /** `similarity index` (renames, copies) or `dissimilarity index` (rewrites), in percent. */
  similarity?: number
  dissimilarity?: number
  /** The file came with a `diff --git` header. */
  git?: true
  /**
   * A merge's combined diff (`diff --cc`) of this many parents: its hunks are read against the first
   * parent (a line only another parent had is left out).
   */
  parents?: number
}

export interface DiffProblem {
  /** 1-based line in the patch text. */
  line: number
  message: string
}

export interface ParsedDiff {
  files: ParsedDiffFile[]
  problems: DiffProblem[]
}
