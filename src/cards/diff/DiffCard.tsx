'use client'
import { useCallback, useMemo, useRef, useState } from 'react'
import type { CardModel, DiffIntent } from '../../protocol'
import { buildFileViews } from '../../text/diff/view'
import { hasBidi } from '../../text/invisible'
import { type CardAction, CardFrame } from '../frame/CardFrame'
import { useCardActions, useHost, useTexts } from '../host'
import { useElementWidth } from '../shared/useElementWidth'
import { BidiWarning, VisibleText } from '../shared/VisibleText'
import { useCardUiState } from '../ui-state'
import { BIDI_SCAN_BUDGET, type DiffView, SPLIT_MIN_WIDTH } from './constants'
import { DiffFiles } from './DiffFiles'
import { Counts, CrlfBadge, FilePath, isCrlfFile } from './FileHeader'
import { canSplit } from './FileSection'
import { useFileViews } from './useFileViews'

export type { DiffView } from './constants'
export {
  DIFF_FILES_OPEN,
  DIFF_FILES_PAGE,
  DIFF_FIRST_READ,
  DIFF_LINE_LIMIT,
  DIFF_ROW_HEIGHT,
} from './constants'
export { Counts } from './FileHeader'

export interface DiffCardProps {
  model: CardModel
  intent: DiffIntent
}

/**
 * Changes to one or more files: a file list with status badges and counts (each jumps to its file), each
 * file collapsible, unified or split view (toggled per card, remembered by the host through
 * `onDiffViewChange`; split only where the card is at least `SPLIT_MIN_WIDTH` wide and a file has lines
 * on both sides), wrap, old and new line numbers that open the file at the line, word-level marks over
 * syntax colours, collapsed unchanged regions when whole texts are known, virtualized rows. A one-file
 * diff has no file header of its own: the card's header names the file.
 */
export function DiffCard({ model, intent }: DiffCardProps) {
  const host = useHost()
  const t = useTexts()
  const { canOpenPath, openPath } = useCardActions()
  const [saved, save] = useCardUiState(model.id)
  const [view, setView] = useState<DiffView>(saved?.diffView ?? host.defaultDiffView ?? 'unified')
  const [wrap, setWrap] = useState(false)
  const streaming = model.status === 'running' || model.status === 'pending'
  const { views: files, reading, pending } = useFileViews(intent.files)
  const ref = useRef<HTMLDivElement>(null)
  // The width matters only to a split view (narrow cards show it unified); the view toggles hide below
  // SPLIT_MIN_WIDTH by a container query (DiffCard.css), so a unified diff never forces a layout to learn it.
  const width = useElementWidth(ref, view === 'split')
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
  const only = files.length === 1 ? files[0] : undefined
  const crlf = useMemo(() => (only ? isCrlfFile(only) : false), [only])
  const wideEnough = width === undefined || width >= SPLIT_MIN_WIDTH
  const splittable = files.some(canSplit)
  const shownView: DiffView = wideEnough && splittable ? view : 'unified'
  const hasRows = files.some((f) => f.hunks.length > 0)

  const actions: CardAction[] = []
  if (splittable && wideEnough) {
    actions.push(
      {
        label: t.text('unified'),
        icon: 'unified',
        name: 'diff-view',
        pressed: view === 'unified',
        onSelect: () => choose('unified'),
      },
      {
        label: t.text('split'),
        icon: 'split',
        name: 'diff-view',
        pressed: view === 'split',
        onSelect: () => choose('split'),
      },
    )
  }
  if (hasRows)
    actions.push({ label: t.text('wrap'), icon: 'wrap', pressed: wrap, onSelect: () => setWrap(!wrap) })
  if (only && canOpenPath && only.newPath !== null) {
    const path = only.newPath
    actions.push({
      label: t.text('open'),
      icon: 'open',
      persistent: true,
      description: t.text('openFile', { path }),
      onSelect: () => openPath(path),
    })
  }

  const title =
    intent.title !== undefined ? (
      <VisibleText text={intent.title} />
    ) : only ? (
      <>
        <span data-keep="">{t.labels.diffVerb[only.status]}</span> <FilePath file={only} />
      </>
    ) : (
      <span>
        {files.length === 0 && streaming ? t.text('changes') : t.count('changesInFiles', files.length)}
      </span>
    )
  return (
    <CardFrame
      model={model}
      kind="diff"
      title={title}
      summary={<Counts additions={totals.additions} deletions={totals.deletions} />}
      badges={crlf ? <CrlfBadge /> : null}
      actions={actions}
      // while slices are still being read, Copy reads the rest first: it gives the whole patch
      copyText={async () => {
        // the formatter loads on the first Copy (it is not in the page's first load)
        const { formatFileViews } = await import('./copyService')
        return formatFileViews(reading ? buildFileViews(intent.files) : files)
      }}
      copyLabel={t.text('copyDiff')}
      truncated={intent.truncated}
      spill={intent.spill}
      notices={bidi ? <BidiWarning /> : null}
    >
      <div
        ref={ref}
        className="tc-diff"
        data-view={shownView}
        data-wrap={wrap ? '' : undefined}
        data-streaming={streaming ? '' : undefined}
        data-reading={reading ? '' : undefined}
        aria-busy={reading || undefined}
      >
        {files.length === 0 ? (
          <p className="tc-diff-empty" data-slot="diff-empty">
            {streaming ? t.text('waitingForChanges') : t.text('noChanges')}
          </p>
        ) : (
          <DiffFiles
            files={files}
            pending={pending}
            view={shownView}
            wrap={wrap}
            streaming={streaming || reading}
          />
        )}
      </div>
    </CardFrame>
  )
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
