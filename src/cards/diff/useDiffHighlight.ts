import { type UIEvent, useCallback, useMemo, useState } from 'react'
import type { DiffFileView, DiffRow, DiffRowModel, SplitRow, WordDiff } from '../../text/diff'
import { type SideDoc, type SideDocs, sideDocs } from '../../text/diff/sides'
import type { TokenLine } from '../../text/highlight/types'
import { usePageIdle } from '../shared/frameTurn'
import { useHighlightedLines, useHighlighter } from '../shared/highlight'
import { DIFF_ROW_HEIGHT, HIGHLIGHT_MARGIN } from './constants'

export type { SideDoc, SideDocs } from '../../text/diff/sides'

const NO_DOC: SideDoc = { lines: [], index: () => undefined }
const NO_DOCS: SideDocs = { old: NO_DOC, new: NO_DOC }
const EMPTY_RANGES = { old: { start: 0, end: 0 }, new: { start: 0, end: 0 } }

type Range = { start: number; end: number }

/** The lines of each side that rows `start`..`end` of the row model show. */
export function docRanges(
  model: DiffRowModel<DiffRow | SplitRow>,
  start: number,
  end: number,
  docs: SideDocs,
): { old: Range; new: Range } {
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

export interface DiffHighlight {
  docs: SideDocs
  oldTokens: ReadonlyArray<TokenLine | null | undefined>
  newTokens: ReadonlyArray<TokenLine | null | undefined>
  /** Give to the scroll area: the rows in view (plus a margin) get colour first. */
  onScroll: (e: UIEvent<HTMLDivElement>) => void
}

/** Syntax tokens for both sides of a file, for the rows near the viewport. */
export function useDiffHighlight(
  file: DiffFileView,
  model: DiffRowModel<DiffRow | SplitRow>,
  maxHeight: number,
): DiffHighlight {
  const highlighter = useHighlighter()
  const docs = useMemo(() => (highlighter ? sideDocs(file) : NO_DOCS), [file, highlighter])
  const [first, setFirst] = useState(0)
  const onScroll = useCallback((e: UIEvent<HTMLDivElement>) => {
    setFirst(Math.floor(e.currentTarget.scrollTop / DIFF_ROW_HEIGHT))
  }, [])
  const screen = Math.ceil(maxHeight / DIFF_ROW_HEIGHT)
  // the rows in view get colour first; the margin around them once the page has been idle
  const margin = usePageIdle() ? HIGHLIGHT_MARGIN : 0
  const range = useMemo(
    () =>
      highlighter
        ? docRanges(model, Math.max(0, first - margin), first + screen + margin, docs)
        : EMPTY_RANGES,
    [highlighter, model, first, screen, docs, margin],
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
  return { docs, oldTokens: oldHl.tokens, newTokens: newHl.tokens, onScroll }
}

/** `wordDiff` of `toolcards/text`. */
export type WordDiffFn = (removed: string, added: string) => WordDiff | null

let wordDiffLoad: Promise<WordDiffFn> | null = null

/** The word differ, loaded the first time a diff card shows (`import()`), once per page. */
export function loadWordDiff(): Promise<WordDiffFn> {
  wordDiffLoad ??= import('./wordsService').then(
    (m) => m.wordDiff,
    (error: unknown) => {
      wordDiffLoad = null // a later card tries again
      throw error
    },
  )
  return wordDiffLoad
}

/** Word diffs computed on first view of each pair and kept while the rows stay the same. */
export function useWordCache(
  model: unknown,
  wordDiff: WordDiffFn | null,
): (pair: number, removed: string, added: string) => WordDiff | null {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new row model starts a new cache
  return useMemo(() => {
    const cache = new Map<number, WordDiff | null>()
    return (pair: number, removed: string, added: string) => {
      if (!wordDiff) return null
      let w = cache.get(pair)
      if (w === undefined) {
        w = wordDiff(removed, added)
        cache.set(pair, w)
      }
      return w
    }
  }, [model, wordDiff])
}
