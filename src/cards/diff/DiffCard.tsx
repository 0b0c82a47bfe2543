'use client'
import {
  type ComponentProps,
  memo,
  type ReactNode,
  type UIEvent,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useState,
} from 'react'
import type { CardModel, DiffIntent } from '../../protocol'
import {
  buildFileViews,
  type DiffFileStatus,
  type DiffFileView,
  type DiffRow,
  type DiffRowModel,
  formatUnifiedDiff,
  type SplitCell,
  type SplitRow,
  splitRows,
  unifiedRows,
  type WordDiff,
  wordDiff,
} from '../../text/diff'
import type { TokenLine } from '../../text/highlight/types'
import { hasBidi } from '../../text/invisible'
import { CardFrame } from '../frame/CardFrame'
import { useCardActions, useHost } from '../host'
import { cx, formatCount } from '../shared/format'
import { tokenSpanProps, tokensMatch, useHighlightedLines, useHighlighter } from '../shared/highlight'
import { VirtualLines } from '../shared/VirtualLines'
import { BidiWarning, VisibleText } from '../shared/VisibleText'
import { useCardUiState } from '../ui-state'

export type DiffView = 'unified' | 'split'

/** Height of a diff row in px (matches `--tc-line-height`). */
export const DIFF_ROW_HEIGHT = 20
/** Files shown at once; more behind "Show more files". */
export const DIFF_FILES_PAGE = 50
/** Files open at first; later ones start collapsed. */
export const DIFF_FILES_OPEN = 8
/** Characters of a line rendered; the rest is counted ("… 12,000 more characters"). Copy keeps all. */
export const DIFF_LINE_LIMIT = 5_000
/** Lines of raw patch text shown for a patch that could not be read. */
const RAW_LINE_LIMIT = 2_000
/** Characters scanned for bidi controls (rows show markers anyway). */
const BIDI_SCAN_BUDGET = 4_000_000
/**
 * Patches longer than this are first read up to this size, so the first screen paints at once; the whole
 * patch is read in the next task (one task each, neither long).
 */
export const DIFF_FIRST_READ = 64 * 1024

export interface DiffCardProps {
  model: CardModel
  intent: DiffIntent
}

const STATUS_LABEL: Record<DiffFileStatus, string> = {
  added: 'added',
  deleted: 'deleted',
  modified: 'modified',
  renamed: 'renamed',
  copied: 'copied',
  binary: 'binary',
}

/**
 * Changes to one or more files: a file list with status badges and counts, each file collapsible, unified
 * or split view (toggled per card, remembered by the host through `onDiffViewChange`), old and new line
 * numbers that open the file at the line, word-level marks over syntax colours, collapsed unchanged
 * regions when whole texts are known, virtualized rows.
 */
export function DiffCard({ model, intent }: DiffCardProps) {
  const host = useHost()
  const [saved, save] = useCardUiState(model.id)
  const [view, setView] = useState<DiffView>(saved?.diffView ?? host.defaultDiffView ?? 'unified')
  const streaming = model.status === 'running' || model.status === 'pending'
  const { views: files, reading } = useFileViews(intent.files)
  const totals = useMemo(() => {
    let additions = 0
    let deletions = 0
    for (const f of files) {
      additions += f.additions
      deletions += f.deletions
    }
    return { additions, deletions }
  }, [files])
  const bidi = useMemo(() => containsBidi(intent), [intent])
  const choose = useCallback(
    (next: DiffView) => {
      setView(next)
      save({ diffView: next })
      host.onDiffViewChange?.(next, model.id)
    },
    [host, model.id, save],
  )
  const title =
    intent.title !== undefined ? (
      <VisibleText text={intent.title} />
    ) : files.length === 1 ? (
      <>
        <span>{verbOf(files[0]!.status)} </span>
        <code className="tc-path">
          <VisibleText text={files[0]!.path} />
        </code>
      </>
    ) : (
      <span>
        {files.length === 0 && streaming ? 'Changes' : `Changes in ${formatCount(files.length)} files`}
      </span>
    )
  return (
    <CardFrame
      model={model}
      kind="diff"
      title={title}
      summary={<Counts additions={totals.additions} deletions={totals.deletions} />}
      actions={[
        { label: 'Unified', pressed: view === 'unified', onSelect: () => choose('unified') },
        { label: 'Split', pressed: view === 'split', onSelect: () => choose('split') },
      ]}
      copyText={() => copyPatch(files)}
      copyLabel="Copy diff"
      truncated={intent.truncated}
      spill={intent.spill}
      notices={
        <>
          {model.error ? (
            <div className="tc-notice" data-kind="error" data-slot="card-error">
              <VisibleText text={model.error} />
            </div>
          ) : null}
          {bidi ? <BidiWarning /> : null}
        </>
      }
    >
      <div
        className="tc-diff"
        data-view={view}
        data-streaming={streaming ? '' : undefined}
        data-reading={reading ? '' : undefined}
        aria-busy={reading || undefined}
      >
        {files.length === 0 ? (
          <p className="tc-diff-empty" data-slot="diff-empty">
            {streaming ? 'Waiting for changes…' : 'No changes.'}
          </p>
        ) : (
          <DiffFiles files={files} view={view} streaming={streaming || reading} />
        )}
      </div>
    </CardFrame>
  )
}

/**
 * The files to show. A long patch is first read up to `DIFF_FIRST_READ` (what the first screen needs),
 * then wholly in the next task; meanwhile `reading` is true and cut-off hunks are not reported.
 */
function useFileViews(files: DiffIntent['files']): { views: DiffFileView[]; reading: boolean } {
  const long = useMemo(() => files.some((f) => (f.patch?.length ?? 0) > DIFF_FIRST_READ), [files])
  const first = useMemo(
    () =>
      buildFileViews(
        long
          ? files.map((f) =>
              f.patch && f.patch.length > DIFF_FIRST_READ
                ? { ...f, patch: f.patch.slice(0, f.patch.lastIndexOf('\n', DIFF_FIRST_READ) + 1) }
                : f,
            )
          : files,
      ),
    [files, long],
  )
  const [whole, setWhole] = useState<{ files: DiffIntent['files']; views: DiffFileView[] } | null>(null)
  useEffect(() => {
    if (!long) return
    const timer = setTimeout(() => setWhole({ files, views: buildFileViews(files) }), 0)
    return () => clearTimeout(timer)
  }, [files, long])
  if (!long) return { views: first, reading: false }
  if (whole && whole.files === files) return { views: whole.views, reading: false }
  return { views: first, reading: true }
}

function verbOf(status: DiffFileStatus): string {
  switch (status) {
    case 'added':
      return 'Create'
    case 'deleted':
      return 'Delete'
    case 'renamed':
      return 'Rename'
    case 'copied':
      return 'Copy'
    default:
      return 'Edit'
  }
}

function containsBidi(intent: DiffIntent): boolean {
  let budget = BIDI_SCAN_BUDGET
  for (const f of intent.files) {
    for (const s of [f.path, f.oldPath, f.patch, f.oldText, f.newText]) {
      if (typeof s !== 'string') continue
      if (s.length > budget) return hasBidi(s.slice(0, budget))
      if (hasBidi(s)) return true
      budget -= s.length
    }
  }
  return false
}

function copyPatch(files: DiffFileView[]): string {
  return formatUnifiedDiff(
    files.map((f) => ({
      oldPath: f.oldPath,
      newPath: f.newPath,
      status: f.status,
      additions: f.additions,
      deletions: f.deletions,
      hunks: f.hunks,
      ...(f.status === 'binary' ? { binary: true as const } : {}),
    })),
  )
}

/** "+12 −3", with words for screen readers. */
export function Counts({
  additions,
  deletions,
  className,
  ...props
}: ComponentProps<'span'> & { additions: number; deletions: number }) {
  return (
    <span {...props} className={cx('tc-diff-counts', className)} data-slot="diff-counts">
      <span className="tc-diff-plus" aria-hidden="true">
        +{formatCount(additions)}
      </span>{' '}
      <span className="tc-diff-minus" aria-hidden="true">
        −{formatCount(deletions)}
      </span>
      <span className="tc-sr-only">{`${formatCount(additions)} added, ${formatCount(deletions)} removed`}</span>
    </span>
  )
}

function StatusBadge({ status }: { status: DiffFileStatus }) {
  return (
    <span className="tc-badge tc-diff-status" data-status={status} data-slot="diff-status">
      {STATUS_LABEL[status]}
    </span>
  )
}

function FilePath({ file }: { file: DiffFileView }) {
  const moved =
    (file.status === 'renamed' || file.status === 'copied') &&
    file.oldPath !== null &&
    file.newPath !== null &&
    file.oldPath !== file.newPath
  return (
    <code className="tc-path tc-diff-path" data-slot="diff-path">
      {moved ? (
        <>
          <VisibleText text={file.oldPath ?? ''} />
          <span aria-hidden="true"> → </span>
          <span className="tc-sr-only"> {file.status === 'copied' ? 'copied to' : 'renamed to'} </span>
          <VisibleText text={file.newPath ?? ''} />
        </>
      ) : (
        <VisibleText text={file.path} />
      )}
    </code>
  )
}

function DiffFiles({
  files,
  view,
  streaming,
}: {
  files: DiffFileView[]
  view: DiffView
  streaming: boolean
}) {
  const [shown, setShown] = useState(DIFF_FILES_PAGE)
  const visible = files.slice(0, shown)
  const more = files.length - visible.length
  return (
    <>
      {files.length > 1 ? (
        <ul className="tc-diff-filelist" data-slot="diff-filelist" aria-label="Changed files">
          {visible.map((f) => (
            <li key={f.key} className="tc-diff-filelist-item">
              <StatusBadge status={f.status} />
              <FilePath file={f} />
              <Counts additions={f.additions} deletions={f.deletions} />
            </li>
          ))}
        </ul>
      ) : null}
      {visible.map((f, i) => (
        <FileSection
          key={f.key}
          file={f}
          view={view}
          streaming={streaming}
          defaultOpen={i < DIFF_FILES_OPEN}
          single={files.length === 1}
        />
      ))}
      {more > 0 ? (
        <button
          type="button"
          className="tc-button tc-diff-more"
          data-slot="diff-more-files"
          onClick={() => setShown((n) => n + DIFF_FILES_PAGE)}
        >
          Show {formatCount(Math.min(more, DIFF_FILES_PAGE))} more files ({formatCount(more)} not shown)
        </button>
      ) : null}
    </>
  )
}

function FileSection({
  file,
  view,
  streaming,
  defaultOpen,
  single,
}: {
  file: DiffFileView
  view: DiffView
  streaming: boolean
  defaultOpen: boolean
  single: boolean
}) {
  const [open, setOpen] = useState(defaultOpen)
  const { canOpenPath, openPath } = useCardActions()
  const id = useId()
  const problems = streaming ? [] : file.problems
  const binary = file.status === 'binary' || (file.raw !== undefined && file.hunks.length === 0 && !streaming)
  return (
    <div
      className="tc-diff-file"
      data-slot="diff-file"
      data-state={open ? 'expanded' : 'collapsed'}
      data-status={file.status}
    >
      <div className="tc-diff-file-header" data-slot="diff-file-header">
        <button
          type="button"
          className="tc-diff-file-toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen(!open)}
        >
          <span className="tc-diff-chevron" aria-hidden="true" />
          <StatusBadge status={file.status} />
          <FilePath file={file} />
        </button>
        <Counts additions={file.additions} deletions={file.deletions} />
        {canOpenPath && file.newPath !== null ? (
          <button
            type="button"
            className="tc-button tc-button-inline"
            onClick={() => openPath(file.newPath ?? file.path)}
            aria-label={`Open ${file.path}`}
          >
            Open
          </button>
        ) : null}
      </div>
      <div id={`${id}-body`} className="tc-diff-file-body" hidden={!open}>
        {open ? (
          <>
            {problems.length > 0 ? <ProblemNotice file={file} /> : null}
            {file.notice ? (
              <p className="tc-notice" data-kind="info" role="note" data-slot="diff-replaced">
                {file.notice === 'replaced'
                  ? 'These texts are too different to align line by line quickly: shown as the old text removed and the new one added.'
                  : 'Some regions are too different to align quickly: shown as removed and added.'}
              </p>
            ) : null}
            {file.status === 'binary' ? (
              <p className="tc-notice" data-kind="info" role="note" data-slot="diff-binary">
                Binary file: its contents are not shown.
              </p>
            ) : null}
            {file.hunks.length > 0 ? (
              <DiffBody file={file} view={view} single={single} />
            ) : !binary && !file.raw ? (
              <p className="tc-diff-empty">
                {streaming
                  ? 'Waiting for changes…'
                  : file.status === 'renamed' || file.status === 'copied'
                    ? 'No changes to the contents.'
                    : 'No changes to show.'}
              </p>
            ) : null}
            {file.raw !== undefined && (problems.length > 0 || file.hunks.length === 0) ? (
              <RawText text={file.raw} />
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  )
}

function ProblemNotice({ file }: { file: DiffFileView }) {
  const list = file.problems.slice(0, 5)
  return (
    <div className="tc-notice" data-kind="warning" role="note" data-slot="diff-problems">
      <p>
        {file.hunks.length > 0
          ? 'This patch is malformed; showing what could be read. The raw text is below.'
          : 'This patch could not be read; showing the raw text.'}
      </p>
      <ul>
        {list.map((p) => (
          <li key={`${p.line}:${p.message}`}>
            {p.line > 0 ? `line ${p.line}: ` : ''}
            <VisibleText text={p.message} />
          </li>
        ))}
        {file.problems.length > list.length ? <li>{file.problems.length - list.length} more</li> : null}
      </ul>
    </div>
  )
}

function RawText({ text }: { text: string }) {
  const lines = useMemo(() => text.split('\n'), [text])
  const shown = lines.length > RAW_LINE_LIMIT ? lines.slice(0, RAW_LINE_LIMIT) : lines
  return (
    <div className="tc-diff-raw" data-slot="diff-raw">
      <VirtualLines
        count={shown.length}
        rowHeight={DIFF_ROW_HEIGHT}
        maxHeight={320}
        aria-label="Raw patch text"
        role="group"
        renderRow={(i) => (
          <span className="tc-diff-raw-line">
            <VisibleText text={clip(shown[i] ?? '')} />
          </span>
        )}
      />
      {lines.length > shown.length ? (
        <p className="tc-diff-more-note">
          {formatCount(lines.length - shown.length)} more lines not shown; Copy gives all.
        </p>
      ) : null}
    </div>
  )
}

function clip(text: string): string {
  return text.length > DIFF_LINE_LIMIT ? text.slice(0, DIFF_LINE_LIMIT) : text
}

interface SideDoc {
  lines: string[]
  /** Line number (1-based) → index in `lines`. */
  index: (no: number) => number | undefined
}

/** The lines of each side, for the highlighter: the whole texts when known, else the hunks' lines. */
function sideDocs(file: DiffFileView): { old: SideDoc; new: SideDoc } {
  if (file.oldLines && file.newLines) {
    return {
      old: { lines: file.oldLines, index: (n) => n - 1 },
      new: { lines: file.newLines, index: (n) => n - 1 },
    }
  }
  // Line numbers run on within a hunk, so a number maps to (its hunk's start in the doc) + offset.
  const oldLines: string[] = []
  const newLines: string[] = []
  const oldFirst: number[] = []
  const newFirst: number[] = []
  const oldBase: number[] = []
  const newBase: number[] = []
  for (const h of file.hunks) {
    oldFirst.push(h.oldLines === 0 ? h.oldStart + 1 : h.oldStart)
    newFirst.push(h.newLines === 0 ? h.newStart + 1 : h.newStart)
    oldBase.push(oldLines.length)
    newBase.push(newLines.length)
    for (const l of h.lines) {
      if (l.kind !== 'add') oldLines.push(l.text)
      if (l.kind !== 'del') newLines.push(l.text)
    }
  }
  const finder = (first: number[], base: number[], total: number) => (no: number) => {
    let lo = 0
    let hi = first.length - 1
    if (hi < 0 || no < first[0]!) return undefined
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (first[mid]! <= no) lo = mid
      else hi = mid - 1
    }
    const idx = base[lo]! + (no - first[lo]!)
    const end = lo + 1 < base.length ? base[lo + 1]! : total
    return idx < end ? idx : undefined
  }
  return {
    old: { lines: oldLines, index: finder(oldFirst, oldBase, oldLines.length) },
    new: { lines: newLines, index: finder(newFirst, newBase, newLines.length) },
  }
}

const NO_DOC: SideDoc = { lines: [], index: () => undefined }
const NO_DOCS = { old: NO_DOC, new: NO_DOC }

/** Rows each side of the viewport that get colour before they are scrolled to. */
const HIGHLIGHT_MARGIN = 40

function DiffBody({ file, view, single }: { file: DiffFileView; view: DiffView; single: boolean }) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const model = useMemo<DiffRowModel<DiffRow | SplitRow>>(
    () => (view === 'split' ? splitRows(file, expanded) : unifiedRows(file, expanded)),
    [file, expanded, view],
  )
  const highlighter = useHighlighter()
  const docs = useMemo(() => (highlighter ? sideDocs(file) : NO_DOCS), [file, highlighter])
  const maxHeight = single ? 560 : 420
  const [first, setFirst] = useState(0)
  const onScroll = useCallback((e: UIEvent<HTMLDivElement>) => {
    setFirst(Math.floor(e.currentTarget.scrollTop / DIFF_ROW_HEIGHT))
  }, [])
  const screen = Math.ceil(maxHeight / DIFF_ROW_HEIGHT)
  const range = useMemo(
    () =>
      highlighter
        ? docRanges(model, Math.max(0, first - HIGHLIGHT_MARGIN), first + screen + HIGHLIGHT_MARGIN, docs)
        : EMPTY_RANGES,
    [highlighter, model, first, screen, docs],
  )
  const oldHl = useHighlightedLines(docs.old.lines, {
    path: file.oldPath ?? file.path,
    ...(file.language !== undefined ? { language: file.language } : {}),
    visible: range.old,
    partial: !file.oldLines,
  })
  const newHl = useHighlightedLines(docs.new.lines, {
    path: file.path,
    ...(file.language !== undefined ? { language: file.language } : {}),
    visible: range.new,
    partial: !file.newLines,
  })
  // Word marks come one task after the first paint: the first screen costs no word diffs.
  const [marks, setMarks] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setMarks(true), 0)
    return () => clearTimeout(timer)
  }, [])
  const cached = useWordCache(model)
  const words = marks ? cached : noWords
  const { canOpenPath, openPath } = useCardActions()
  const ctx: RowContext = {
    file,
    docs,
    oldTokens: oldHl.tokens,
    newTokens: newHl.tokens,
    words,
    open: canOpenPath ? openPath : undefined,
    expand: (id: string) => setExpanded((s) => new Set(s).add(id)),
  }
  return (
    <div className="tc-diff-body" data-slot="diff-body">
      <VirtualLines
        count={model.count}
        rowHeight={DIFF_ROW_HEIGHT}
        maxHeight={maxHeight}
        onScroll={onScroll}
        aria-label={`Changes to ${file.path}`}
        role="group"
        renderRow={(i) =>
          view === 'split' ? (
            <SplitRowView row={model.row(i) as SplitRow} ctx={ctx} />
          ) : (
            <UnifiedRowView row={model.row(i) as DiffRow} ctx={ctx} />
          )
        }
      />
    </div>
  )
}

const noWords = () => null

const EMPTY_RANGES = { old: { start: 0, end: 0 }, new: { start: 0, end: 0 } }

function docRanges(
  model: DiffRowModel<DiffRow | SplitRow>,
  start: number,
  end: number,
  docs: { old: SideDoc; new: SideDoc },
): { old: { start: number; end: number }; new: { start: number; end: number } } {
  let o0 = Number.POSITIVE_INFINITY
  let o1 = -1
  let n0 = Number.POSITIVE_INFINITY
  let n1 = -1
  const see = (side: 'old' | 'new', no: number | undefined) => {
    if (no === undefined) return
    const idx = docs[side].index(no)
    if (idx === undefined) return
    if (side === 'old') {
      o0 = Math.min(o0, idx)
      o1 = Math.max(o1, idx)
    } else {
      n0 = Math.min(n0, idx)
      n1 = Math.max(n1, idx)
    }
  }
  for (let i = start; i < Math.min(end, model.count); i++) {
    const r = model.row(i)
    if (r.type === 'line') {
      if (r.kind !== 'add') see('old', r.oldNo)
      if (r.kind !== 'del') see('new', r.newNo)
    } else if (r.type === 'split') {
      if (r.left) see('old', r.left.no)
      if (r.right) see('new', r.right.no)
    }
  }
  return {
    old: o1 < 0 ? { start: 0, end: 0 } : { start: o0, end: o1 + 1 },
    new: n1 < 0 ? { start: 0, end: 0 } : { start: n0, end: n1 + 1 },
  }
}

/** Word diffs computed on first view of each pair and kept while the rows stay the same. */
function useWordCache(model: unknown): (pair: number, removed: string, added: string) => WordDiff | null {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new row model starts a new cache
  return useMemo(() => {
    const cache = new Map<number, WordDiff | null>()
    return (pair: number, removed: string, added: string) => {
      let w = cache.get(pair)
      if (w === undefined) {
        w = wordDiff(removed, added)
        cache.set(pair, w)
      }
      return w
    }
  }, [model])
}

interface RowContext {
  file: DiffFileView
  docs: { old: SideDoc; new: SideDoc }
  oldTokens: ReadonlyArray<TokenLine | null | undefined>
  newTokens: ReadonlyArray<TokenLine | null | undefined>
  words: (pair: number, removed: string, added: string) => WordDiff | null
  open: ((path: string, line?: number) => void) | undefined
  expand: (id: string) => void
}

const SIGN: Record<'context' | 'add' | 'del', string> = { context: ' ', add: '+', del: '-' }

function tokensFor(
  ctx: RowContext,
  side: 'old' | 'new',
  no: number | undefined,
): TokenLine | null | undefined {
  if (no === undefined) return undefined
  const idx = ctx.docs[side].index(no)
  if (idx === undefined) return undefined
  return (side === 'old' ? ctx.oldTokens : ctx.newTokens)[idx]
}

function LineNo({ no, side, ctx }: { no: number | undefined; side: 'old' | 'new'; ctx: RowContext }) {
  if (no === undefined) return <span className="tc-diff-no" data-side={side} />
  const path = side === 'old' ? (ctx.file.oldPath ?? ctx.file.path) : (ctx.file.newPath ?? ctx.file.path)
  if (ctx.open && (side === 'new' ? ctx.file.newPath !== null : ctx.file.oldPath !== null)) {
    const open = ctx.open
    const label = `Open ${path} at line ${no}${side === 'old' ? ' (before the change)' : ''}`
    return (
      <button
        type="button"
        className="tc-diff-no"
        data-side={side}
        title={label}
        aria-label={label}
        onClick={() => open(path, no)}
      >
        {no}
      </button>
    )
  }
  return (
    <span className="tc-diff-no" data-side={side}>
      {no}
    </span>
  )
}

const UnifiedRowView = memo(function UnifiedRowView({ row, ctx }: { row: DiffRow; ctx: RowContext }) {
  if (row.type !== 'line') return <SpanRow row={row} ctx={ctx} />
  const side = row.kind === 'del' ? 'old' : 'new'
  const no = side === 'old' ? row.oldNo : row.newNo
  const w =
    row.pair !== undefined && row.pairWith !== undefined
      ? row.kind === 'del'
        ? ctx.words(row.pair, row.text, row.pairWith)
        : ctx.words(row.pair, row.pairWith, row.text)
      : null
  return (
    <div className="tc-diff-row" data-kind={row.kind} data-slot="diff-line">
      <LineNo no={row.oldNo} side="old" ctx={ctx} />
      <LineNo no={row.newNo} side="new" ctx={ctx} />
      <span className="tc-diff-sign" aria-hidden="true">
        {SIGN[row.kind]}
      </span>
      <Code
        text={row.text}
        tokens={tokensFor(ctx, side, no)}
        ranges={w ? (row.kind === 'del' ? w.old : w.new) : undefined}
        kind={row.kind}
        noNewline={row.noNewline}
      />
    </div>
  )
})

const SplitRowView = memo(function SplitRowView({ row, ctx }: { row: SplitRow; ctx: RowContext }) {
  if (row.type !== 'split') return <SpanRow row={row} ctx={ctx} />
  const w =
    row.pair !== undefined && row.left && row.right
      ? ctx.words(row.pair, row.left.text, row.right.text)
      : null
  return (
    <div className="tc-diff-row tc-diff-split-row" data-slot="diff-line">
      <SplitHalf cell={row.left} side="old" ctx={ctx} ranges={w?.old} />
      <SplitHalf cell={row.right} side="new" ctx={ctx} ranges={w?.new} />
    </div>
  )
})

function SplitHalf({
  cell,
  side,
  ctx,
  ranges,
}: {
  cell: SplitCell | undefined
  side: 'old' | 'new'
  ctx: RowContext
  ranges: Array<[number, number]> | undefined
}) {
  if (!cell) return <div className="tc-diff-half" data-side={side} data-empty="" />
  return (
    <div className="tc-diff-half" data-side={side} data-kind={cell.kind}>
      <LineNo no={cell.no} side={side} ctx={ctx} />
      <span className="tc-diff-sign" aria-hidden="true">
        {SIGN[cell.kind]}
      </span>
      <Code
        text={cell.text}
        tokens={tokensFor(ctx, side, cell.no)}
        ranges={cell.kind === 'context' ? undefined : ranges}
        kind={cell.kind}
        noNewline={cell.noNewline}
      />
    </div>
  )
}

function SpanRow({ row, ctx }: { row: Extract<DiffRow, { type: 'hunk' | 'gap' }>; ctx: RowContext }) {
  if (row.type === 'hunk') {
    return (
      <div className="tc-diff-row tc-diff-hunk" data-slot="diff-hunk">
        <VisibleText text={clip(row.text)} />
      </div>
    )
  }
  return (
    <div className="tc-diff-row tc-diff-gap" data-slot="diff-gap">
      <button type="button" className="tc-diff-expand" onClick={() => ctx.expand(row.id)}>
        Expand {formatCount(row.count)} unchanged {row.count === 1 ? 'line' : 'lines'}
      </button>
    </div>
  )
}

/** Text of one line: syntax tokens (when they match), word marks over them, visible invisibles. */
function Code({
  text,
  tokens,
  ranges,
  kind,
  noNewline,
}: {
  text: string
  tokens: TokenLine | null | undefined
  ranges: Array<[number, number]> | undefined
  kind: 'context' | 'add' | 'del'
  noNewline: true | undefined
}) {
  const shown = clip(text)
  const cut = text.length - shown.length
  const toks = tokens && tokens.length > 0 && cut === 0 && tokensMatch(tokens, text) ? tokens : null
  return (
    <span className="tc-diff-code" data-slot="code-line" data-highlighted={toks ? '' : undefined}>
      {renderPieces(shown, toks, ranges, kind)}
      {cut > 0 ? <span className="tc-diff-cut"> … {formatCount(cut)} more characters</span> : null}
      {noNewline ? (
        <span className="tc-diff-nonl" title="No newline at end of file">
          no newline at end
        </span>
      ) : null}
    </span>
  )
}

function renderPieces(
  text: string,
  tokens: TokenLine | null,
  ranges: Array<[number, number]> | undefined,
  kind: 'context' | 'add' | 'del',
): ReactNode {
  if (!tokens && (!ranges || ranges.length === 0)) return <VisibleText text={text} />
  const toks: TokenLine = tokens ?? [{ content: text }]
  const out: ReactNode[] = []
  const rs = ranges ?? []
  let pos = 0
  let r = 0
  let key = 0
  for (const t of toks) {
    const props = tokens ? tokenSpanProps(t) : {}
    const end = pos + t.content.length
    let at = pos
    while (at < end) {
      while (r < rs.length && rs[r]![1] <= at) r++
      const range = rs[r]
      let stop: number
      let marked: boolean
      if (range && range[0] <= at) {
        marked = true
        stop = Math.min(end, range[1])
      } else {
        marked = false
        stop = Math.min(end, range ? range[0] : end)
      }
      const piece = text.slice(at, stop)
      out.push(
        marked ? (
          <mark key={key++} {...props} className={cx('tc-diff-word', props.className)} data-kind={kind}>
            <VisibleText text={piece} />
          </mark>
        ) : (
          <span key={key++} {...props}>
            <VisibleText text={piece} />
          </span>
        ),
      )
      at = stop
    }
    pos = end
  }
  return out
}
