import { useCallback, useId, useState } from 'react'
import type { DiffFileView } from '../../text/diff'
import { useTexts } from '../host'
import { useAfterFirstFrame, useNextTask } from '../shared/frameTurn'
import { VirtualLines } from '../shared/VirtualLines'
import {
  DIFF_BODY_MAX_HEIGHT,
  DIFF_EAGER_FILES,
  DIFF_FILE_HEADER_HEIGHT,
  DIFF_FILES_OPEN,
  DIFF_FILES_PAGE,
  DIFF_PENDING_NAMED,
  type DiffView,
} from './constants'
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
  // The farthest file the list jumped to: it has a section of its own even while it is being read.
  const [reach, setReach] = useState(-1)
  const visible = files.slice(0, shown)
  const more = files.length - visible.length
  // Of several files, the first task renders the first (`DIFF_EAGER_FILES`) with its rows, so that the
  // first frame shows them, and one box for the others; their sections come in the next task, so that no
  // one task builds (and, in a new renderer process, compiles) the whole card. With all the sections in
  // the next task, a frame came between the two tasks as often as not, and the rows came a frame later
  // (new tab: first paint 99 ms against 48 ms now, medians of 8 runs).
  const sectionsNow = useNextTask(files.length > 1)
  const named = Math.min(
    sectionsNow ? Number.POSITIVE_INFINITY : DIFF_EAGER_FILES,
    namedCount(visible, pending, reach),
  )
  const sectionId = (i: number) => `${base}-file-${i}`
  const jump = (f: DiffFileView, i: number) => {
    if (i >= shown) setShown(Math.ceil((i + 1) / DIFF_FILES_PAGE) * DIFF_FILES_PAGE)
    if (i >= named) setReach(i)
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
      {visible.slice(0, named).map((f, i) => (
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
      {named < visible.length ? (
        // The files still being read after the first few: one box as high as their sections will be (so
        // that what is below does not move), instead of a section each; each comes with its slice.
        <div
          className="tc-diff-later"
          data-slot="diff-pending-files"
          data-files={visible.length - named}
          style={{ height: pendingHeight(visible, named, isOpen) }}
        >
          {sectionsNow ? (
            <p className="tc-diff-empty">{t.count('readingFiles', visible.length - named)}</p>
          ) : null}
        </div>
      ) : null}
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

/** Gap between two file sections in px (`.tc-diff`'s gap). */
const SECTION_GAP = 8
/** A section's border, top and bottom, in px. */
const SECTION_BORDERS = 2

/**
 * How many of `visible` get a section of their own: all of them, except that files still being read after
 * the first `DIFF_PENDING_NAMED` of them (and after `reach`) wait in one box. Files are read in order, so
 * those being read are the last ones; if not (a file read out of order), each gets its own section.
 */
export function namedCount(visible: DiffFileView[], pending: ReadonlySet<string>, reach = -1): number {
  const first = visible.findIndex((f) => pending.has(f.key))
  if (first < 0) return visible.length
  const cut = Math.max(first + DIFF_PENDING_NAMED, reach + 1)
  for (let i = cut; i < visible.length; i++) if (!pending.has(visible[i]!.key)) return visible.length
  return Math.min(cut, visible.length)
}

/** The height in px the sections of `visible` from `from` on will have, off screen, once read. */
function pendingHeight(
  visible: DiffFileView[],
  from: number,
  isOpen: (f: DiffFileView, i: number) => boolean,
): number {
  let px = 0
  for (let i = from; i < visible.length; i++) {
    // an open file's header has a border below it (1 px), then its box of rows
    const section = isOpen(visible[i]!, i)
      ? DIFF_FILE_HEADER_HEIGHT + DIFF_BODY_MAX_HEIGHT
      : DIFF_FILE_HEADER_HEIGHT - 1
    px += section + SECTION_BORDERS + (i > from ? SECTION_GAP : 0)
  }
  return px
}
