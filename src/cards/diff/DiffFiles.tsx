import { useCallback, useId, useState } from 'react'
import type { DiffFileView } from '../../text/diff'
import { useTexts } from '../host'
import { useAfterFirstFrame } from '../shared/frameTurn'
import { VirtualLines } from '../shared/VirtualLines'
import { DIFF_EAGER_FILES, DIFF_FILES_OPEN, DIFF_FILES_PAGE, type DiffView } from './constants'
import { Counts, FilePath, FileStatusBadge } from './FileHeader'
import { FileSection } from './FileSection'

/** Height of a row of the file list in px. */
const FILE_ROW_HEIGHT = 24

/**
 * The files of a diff: for more than one, a list of them (status, path, counts; each jumps to its file;
 * at most about 12 rows high, then it scrolls), then each file's section, `DIFF_FILES_PAGE` at a time.
 */
export function DiffFiles({
  files,
  pending,
  view,
  wrap,
  streaming,
}: {
  files: DiffFileView[]
  /** Keys of the files not read yet (see useFileViews). */
  pending: ReadonlySet<string>
  view: DiffView
  wrap: boolean
  streaming: boolean
}) {
  const t = useTexts()
  const base = useId()
  const [shown, setShown] = useState(DIFF_FILES_PAGE)
  // Files the user opened or closed; the rest follow `DIFF_FILES_OPEN`.
  const [chosen, setChosen] = useState<ReadonlyMap<string, boolean>>(() => new Map())
  const isOpen = (f: DiffFileView, i: number) => chosen.get(f.key) ?? i < DIFF_FILES_OPEN
  const setOpen = useCallback((key: string, open: boolean) => setChosen((m) => new Map(m).set(key, open)), [])
  const visible = files.slice(0, shown)
  const more = files.length - visible.length
  const sectionId = (i: number) => `${base}-file-${i}`
  const jump = (f: DiffFileView, i: number) => {
    if (i >= shown) setShown(Math.ceil((i + 1) / DIFF_FILES_PAGE) * DIFF_FILES_PAGE)
    setOpen(f.key, true)
    // after the render that mounts and opens it
    requestAnimationFrame(() => {
      const el = document.getElementById(sectionId(i))
      el?.scrollIntoView?.({ block: 'start', behavior: 'auto' })
      el?.focus({ preventScroll: true })
    })
  }
  const single = files.length === 1
  // The list's names come a frame after the first paint, in its turn: the first frame lays out the first
  // file's rows, not the dozen rows of names above them (their box is there from the start).
  const listed = useAfterFirstFrame(!single)
  return (
    <>
      {files.length > 1 ? (
        <VirtualLines
          className="tc-diff-filelist"
          data-slot="diff-filelist"
          role="list"
          rowRole="listitem"
          aria-label={t.text('changedFiles')}
          count={files.length}
          rowHeight={FILE_ROW_HEIGHT}
          maxHeight={FILE_ROW_HEIGHT * 12 + 8}
          getRowKey={(i) => files[i]?.key ?? i}
          renderRow={(i) => {
            const f = files[i]
            if (!f || !listed) return null
            return (
              <button
                type="button"
                className="tc-diff-filelist-jump"
                onClick={() => jump(f, i)}
                title={t.text('jumpToFile', { path: f.path })}
              >
                <span className="tc-diff-filelist-status">
                  {f.status !== 'modified' ? <FileStatusBadge status={f.status} /> : null}
                </span>
                <FilePath file={f} />
                <Counts additions={f.additions} deletions={f.deletions} />
              </button>
            )
          }}
        />
      ) : null}
      {visible.map((f, i) => (
        <FileSection
          key={f.key}
          id={sectionId(i)}
          file={f}
          view={view}
          wrap={wrap}
          streaming={streaming}
          single={single}
          open={isOpen(f, i)}
          pending={pending.has(f.key)}
          eager={i < DIFF_EAGER_FILES}
          onToggle={setOpen}
        />
      ))}
      {more > 0 ? (
        <button
          type="button"
          className="tc-button tc-diff-more"
          data-slot="diff-more-files"
          onClick={() => setShown((n) => n + DIFF_FILES_PAGE)}
        >
          {t.count('showMoreFiles', Math.min(more, DIFF_FILES_PAGE), { rest: t.number(more) })}
        </button>
      ) : null}
    </>
  )
}
