import { useEffect, useMemo, useState } from 'react'
import type { DiffFileView, DiffRow, DiffRowModel, SplitRow } from '../../text/diff'
import { splitRows, unifiedRows } from '../../text/diff/view'
import { useCardActions, useTexts } from '../host'
import { afterPaint, inFrameTurn } from '../shared/frameTurn'
import { lineKeyProps } from '../shared/lineKeys'
import { VirtualLines } from '../shared/VirtualLines'
import { DIFF_BODY_MAX_HEIGHT, DIFF_ROW_HEIGHT, type DiffView } from './constants'
import type { RowContext } from './rows'
import { SplitRowView } from './SplitView'
import { UnifiedRowView } from './UnifiedView'
import { loadWordDiff, useDiffHighlight, useWordCache, type WordDiffFn } from './useDiffHighlight'

const noWords = () => null

/** One file's rows, virtualized: unified or split, wrapped or not, coloured near the viewport. */
export function DiffBody({
  file,
  view,
  wrap,
  single,
  crlf,
}: {
  file: DiffFileView
  view: DiffView
  wrap: boolean
  single: boolean
  crlf: boolean
}) {
  const t = useTexts()
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const model = useMemo<DiffRowModel<DiffRow | SplitRow>>(
    () => (view === 'split' ? splitRows(file, expanded) : unifiedRows(file, expanded)),
    [file, expanded, view],
  )
  const maxHeight = single ? 560 : DIFF_BODY_MAX_HEIGHT
  const { docs, oldTokens, newTokens, onScroll } = useDiffHighlight(file, model, maxHeight)
  // Word marks come in a task after the first paint, with the word differ (loaded by `import()` the first
  // time): the first screen costs no word diffs and the first load carries no differ.
  const [wordDiff, setWordDiff] = useState<WordDiffFn | null>(null)
  useEffect(() => {
    let live = true
    const cancel = afterPaint(() => {
      loadWordDiff().then(
        (fn) => {
          // (in its frame turn: the marks of every file on screen would otherwise land in one frame)
          inFrameTurn(() => live && setWordDiff(() => fn))
        },
        () => {}, // no marks when it cannot load (offline, a refused chunk): the rows stay as they are
      )
    })
    return () => {
      live = false
      cancel()
    }
  }, [])
  const cached = useWordCache(model, wordDiff)
  const words = wordDiff ? cached : noWords
  const { canOpenPath, openPath } = useCardActions()
  const ctx: RowContext = {
    file,
    docs,
    oldTokens,
    newTokens,
    words,
    open: canOpenPath ? openPath : undefined,
    expand: (id: string) => setExpanded((s) => new Set(s).add(id)),
    crlf,
    t,
  }
  return (
    <div className="tc-diff-body" data-slot="diff-body" data-view={view} data-wrap={wrap ? '' : undefined}>
      <VirtualLines
        count={model.count}
        rowHeight={DIFF_ROW_HEIGHT}
        measure={wrap}
        maxHeight={maxHeight}
        onScroll={onScroll}
        aria-label={t.text('changesTo', { path: file.path })}
        role="group"
        {...(canOpenPath ? lineKeyProps : null)}
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
