import type { ComponentProps } from 'react'
import type { DiffFileStatus, DiffFileView } from '../../text/diff'
import { useCardActions, useTexts } from '../host'
import { cx } from '../shared/format'
import { PathText } from '../shared/PathText'

/** "+12 −3", with words for screen readers; nothing when both are 0 (not news). */
export function Counts({
  additions,
  deletions,
  className,
  ...props
}: ComponentProps<'span'> & { additions: number; deletions: number }) {
  const t = useTexts()
  if (additions === 0 && deletions === 0) return null
  return (
    <span {...props} className={cx('tc-diff-counts', className)} data-slot="diff-counts">
      <span className="tc-diff-plus" aria-hidden="true">
        +{t.number(additions)}
      </span>{' '}
      <span className="tc-diff-minus" aria-hidden="true">
        −{t.number(deletions)}
      </span>
      <span className="tc-sr-only">
        {t.text('diffCounts', { added: t.number(additions), removed: t.number(deletions) })}
      </span>
    </span>
  )
}

export function FileStatusBadge({ status }: { status: DiffFileStatus }) {
  const t = useTexts()
  return (
    <span className="tc-badge tc-diff-status" data-status={status} data-slot="diff-status">
      {t.labels.fileStatus[status]}
    </span>
  )
}

/** The file's path, cut in the middle where narrow; `old → new` for a rename or copy. */
export function FilePath({ file }: { file: DiffFileView }) {
  const t = useTexts()
  const moved =
    (file.status === 'renamed' || file.status === 'copied') &&
    file.oldPath !== null &&
    file.newPath !== null &&
    file.oldPath !== file.newPath
  return (
    <code className="tc-diff-path" data-slot="diff-path">
      {moved ? (
        <>
          <PathText path={file.oldPath ?? ''} />
          <span aria-hidden="true"> → </span>
          <span className="tc-sr-only">
            {' '}
            {file.status === 'copied' ? t.text('copiedTo') : t.text('renamedTo')}{' '}
          </span>
          <PathText path={file.newPath ?? ''} />
        </>
      ) : (
        <PathText path={file.path} />
      )}
    </code>
  )
}

/** Every line of the file ends with CR (a CRLF file): shown without a marker on each line. */
export function isCrlfFile(file: DiffFileView): boolean {
  let seen = 0
  for (const h of file.hunks) {
    for (const l of h.lines) {
      if (l.noNewline && l.text === '') continue
      if (!l.text.endsWith('\r')) return false
      seen++
    }
  }
  return seen > 0
}

/** A file's header inside a multi-file diff: toggle (status, path), counts, CRLF, Open. */
export function FileHeader({
  file,
  open,
  bodyId,
  crlf,
  onToggle,
}: {
  file: DiffFileView
  open: boolean
  bodyId: string
  crlf: boolean
  onToggle: () => void
}) {
  const t = useTexts()
  const { canOpenPath, openPath } = useCardActions()
  return (
    <div className="tc-diff-file-header" data-slot="diff-file-header">
      <button
        type="button"
        className="tc-diff-file-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={onToggle}
      >
        <span className="tc-diff-chevron" aria-hidden="true" />
        {file.status !== 'modified' ? <FileStatusBadge status={file.status} /> : null}
        <FilePath file={file} />
      </button>
      {crlf ? <CrlfBadge /> : null}
      <Counts additions={file.additions} deletions={file.deletions} />
      {canOpenPath && file.newPath !== null ? (
        <button
          type="button"
          className="tc-button tc-button-inline"
          onClick={() => openPath(file.newPath ?? file.path)}
          aria-label={t.text('openFile', { path: file.path })}
        >
          {t.text('open')}
        </button>
      ) : null}
    </div>
  )
}

export function CrlfBadge() {
  const t = useTexts()
  return (
    <span className="tc-badge" title={t.text('crlfTitle')} data-slot="crlf">
      {t.text('crlf')}
    </span>
  )
}
