export type { ApplyResult } from './apply'
export { applyDiffFile, splitLines } from './apply'
export type { ComputedDiff, ComputeOptions } from './compute'
export { COMPUTE_DEFAULTS, computeDiff, hunksFromOps } from './compute'
export { formatHunkHeader, formatUnifiedDiff } from './format'
export type { EditOp, WorkBudget } from './myers'
export { ADD, DEL, EQ, myers } from './myers'
export { parseUnifiedDiff } from './parse'
export { quotePath, readQuoted } from './quote'
export type { DiffFileStatus, DiffHunk, DiffLine, DiffProblem, ParsedDiff, ParsedDiffFile } from './types'
export type {
  DiffFileInput,
  DiffFileView,
  DiffLineRow,
  DiffRow,
  DiffRowModel,
  SplitCell,
  SplitRow,
} from './view'
export { buildFileViews, buildRows, splitRows, unifiedRows } from './view'
export type { WordDiff } from './words'
export { WORD_DIFF_LIMITS, wordDiff } from './words'
