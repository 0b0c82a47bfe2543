import { memo, useId, useMemo, useRef } from 'react'
import type { DiffFileView } from '../../text/diff'
import { useTexts } from '../host'
import { useRowsNow } from '../shared/frameTurn'
import { useNearViewport } from '../shared/useNearViewport'
import { VirtualLines } from '../shared/VirtualLines'
import { VisibleText } from '../shared/VisibleText'
import { DIFF_PENDING_ROWS, DIFF_ROW_HEIGHT, type DiffView, RAW_LINE_LIMIT } from './constants'
import { DiffBody } from './DiffBody'
import { FileHeader, isCrlfFile } from './FileHeader'
import { clip } from './rows'

export interface FileSectionProps {
  file: DiffFileView
  /** The view the card asks for; a file with only additions or only deletions always shows unified. */
  view: DiffView
  wrap: boolean
  streaming: boolean
  /** The card's only file: no header of its own (the card's header says it all). */
  single: boolean
  open: boolean
  /**
   * Not read yet (a big diff is read in slices): the name now, the rows in a moment. A box as high as a
   * full box of rows stands in, so that the files below stay where they are.
   */
  pending?: boolean
  /**
   * Render the rows at once. Otherwise they render when the file comes within a viewport of the screen
   * (a box of about their height stands in), so a 20-file diff builds, lays out and colours only what is
   * near. @default false
   */
  eager?: boolean
  /** Opens or closes the file (`key` is `file.key`); keep it stable, the section is memoized. */
  onToggle: (key: string, open: boolean) => void
  /** The section's element id (the file list jumps to it). */
  id: string
}

/** Split is worth it only when a file has lines on both sides. */
export function canSplit(file: DiffFileView): boolean {
  return file.additions > 0 && file.deletions > 0
}

/**
 * One file: its header (unless it is the only file), notices, then its rows or raw text. Memoized: while
 * a big diff is read in slices, the files already shown do not render again.
 */
export const FileSection = memo(function FileSection({
  file,
  view,
  wrap,
  streaming,
  single,
  open,
  pending = false,
  eager = false,
  onToggle,
  id,
}: FileSectionProps) {
  const t = useTexts()
  const bodyId = useId()
  const ref = useRef<HTMLDivElement>(null)
  const shown = open || single
  // Watched once read and open: a file still being read is short, and would count as near for a moment.
  // A file shown at once (the first, or the only one) with more than a box of rows has them from the
  // next task: the card's first task builds its frame and this file's header.
  const rowsNow = useRowsNow(eager || single ? laterRows(file) : 0)
  const near = useNearViewport(ref, (eager || single) && rowsNow, shown && !pending)
  const crlf = useMemo(() => isCrlfFile(file), [file])
  return (
    <div
      ref={ref}
      className="tc-diff-file"
      id={id}
      data-slot="diff-file"
      data-state={shown ? 'expanded' : 'collapsed'}
      data-status={file.status}
      data-single={single ? '' : undefined}
      tabIndex={-1}
    >
      {single ? null : (
        <FileHeader
          file={file}
          open={open}
          bodyId={bodyId}
          crlf={crlf}
          onToggle={() => onToggle(file.key, !open)}
        />
      )}
      <div id={bodyId} className="tc-diff-file-body" hidden={!shown}>
        {!shown ? null : pending || !near ? (
          // Not read yet, or not near the screen yet: a box of about the rows' height stands in, so the
          // files below do not move when the rows come.
          <div
            className="tc-diff-later"
            data-slot="diff-later"
            style={{
              height:
                (pending ? DIFF_PENDING_ROWS : Math.min(laterRows(file), DIFF_PENDING_ROWS)) *
                DIFF_ROW_HEIGHT,
            }}
          >
            {pending ? (
              <p className="tc-diff-empty" data-slot="diff-pending">
                {t.text('readingPatch')}
              </p>
            ) : null}
          </div>
        ) : (
          <FileContents
            file={file}
            view={canSplit(file) ? view : 'unified'}
            wrap={wrap}
            streaming={streaming}
            single={single}
            crlf={crlf}
          />
        )}
      </div>
    </div>
  )
})

/** The rows of a file not rendered yet (each hunk's lines and its header). */
function laterRows(file: DiffFileView): number {
  let rows = 0
  for (const h of file.hunks) rows += h.lines.length + 1
  return rows
}

function FileContents({
  file,
  view,
  wrap,
  streaming,
  single,
  crlf,
}: {
  file: DiffFileView
  view: DiffView
  wrap: boolean
  streaming: boolean
  single: boolean
  crlf: boolean
}) {
  const t = useTexts()
  const problems = streaming ? [] : file.problems
  const binary = file.status === 'binary' || (file.raw !== undefined && file.hunks.length === 0 && !streaming)
  return (
    <>
      {problems.length > 0 ? <ProblemNotice file={file} /> : null}
      {file.notice ? (
        <p className="tc-notice" data-kind="info" role="note" data-slot="diff-replaced">
          {t.text(
            file.notice === 'replaced'
              ? 'diffReplaced'
              : file.notice === 'combined'
                ? 'diffCombined'
                : 'diffPartlyReplaced',
          )}
        </p>
      ) : null}
      {file.status === 'binary' ? (
        <p className="tc-notice" data-kind="info" role="note" data-slot="diff-binary">
          {t.text('binaryFile')}
        </p>
      ) : null}
      {file.hunks.length > 0 ? (
        <DiffBody file={file} view={view} wrap={wrap} single={single} crlf={crlf} />
      ) : !binary && !file.raw ? (
        <p className="tc-diff-empty" data-slot="diff-empty">
          {emptyText(file, streaming, t)}
        </p>
      ) : null}
      {file.raw !== undefined && (problems.length > 0 || file.hunks.length === 0) ? (
        <RawText text={file.raw} lines={file.rawLines} />
      ) : null}
    </>
  )
}

function emptyText(file: DiffFileView, streaming: boolean, t: ReturnType<typeof useTexts>): string {
  if (streaming) return t.text('waitingForChanges')
  switch (file.status) {
    case 'renamed':
    case 'copied':
      return t.text('noContentChanges')
    case 'added':
      return t.text('emptyFileCreated')
    case 'deleted':
      return t.text('emptyFileDeleted')
    default:
      return t.text('noChangesToShow')
  }
}

function ProblemNotice({ file }: { file: DiffFileView }) {
  const t = useTexts()
  const list = file.problems.slice(0, 5)
  return (
    <div className="tc-notice" data-kind="warning" role="note" data-slot="diff-problems">
      <p>{file.hunks.length > 0 ? t.text('patchMalformed') : t.text('patchUnreadable')}</p>
      <ul>
        {list.map((p) => (
          <li key={`${p.line}:${p.message}`}>
            {p.line > 0 ? (
              t.text('problemAtLine', { line: t.number(p.line), message: p.message })
            ) : (
              <VisibleText text={p.message} />
            )}
          </li>
        ))}
        {file.problems.length > list.length ? (
          <li>{t.count('moreProblems', file.problems.length - list.length)}</li>
        ) : null}
      </ul>
    </div>
  )
}

function RawText({ text, lines }: { text: string; lines?: number | undefined }) {
  const t = useTexts()
  // the lines shown, and how many there are (a 16 MB patch is not split whole to show 2,000 lines)
  const { shown, total } = useMemo(() => rawLines(text, lines), [text, lines])
  return (
    <div className="tc-diff-raw" data-slot="diff-raw">
      <VirtualLines
        count={shown.length}
        rowHeight={DIFF_ROW_HEIGHT}
        maxHeight={320}
        aria-label={t.text('rawPatchText')}
        role="group"
        renderRow={(i) => (
          <span className="tc-diff-raw-line">
            <VisibleText text={clip(shown[i] ?? '')} />
          </span>
        )}
      />
      {total > shown.length ? (
        <p className="tc-diff-more-note">{t.count('moreLinesNotShown', total - shown.length)}</p>
      ) : null}
    </div>
  )
}

/**
 * The first `RAW_LINE_LIMIT` lines of `text`, and how many lines it holds: `lines`, as the parser
 * counted them (a 16 MB text is not split again to count), else one split's pieces.
 */
export function rawLines(text: string, lines?: number): { shown: string[]; total: number } {
  return { shown: text.split('\n', RAW_LINE_LIMIT), total: lines ?? text.split('\n').length }
}
