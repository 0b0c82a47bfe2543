import { useEffect, useState } from 'react'
import type { SearchMatch } from '../../protocol'
import { createSearchIndex, extendSearchIndex, type SearchIndex } from '../../text/search'
import { useFromServer } from '../shared/frameTurn'
import { PROGRESS_MS, SEARCH_FIRST_SLICE, SEARCH_SLICE_MS, SLICE_STEP } from './constants'

/**
 * Groups matches by file without blocking the page: the first slice at once, the rest in time-boxed
 * slices between frames. Returns the index (mutated as slices land) and a version that changes when the
 * card should re-render (at most every `PROGRESS_MS`, and when grouping is done).
 */
export function useSearchIndex(matches: readonly SearchMatch[]): { index: SearchIndex; version: number } {
  // on a server, and when hydrating its HTML, there is no later task: all grouped at once
  const all = useFromServer()
  const [state, setState] = useState(() => start(matches, all))
  let current = state
  if (state.matches !== matches) {
    // a new intent: start over (render-time reset, React's documented pattern)
    current = start(matches, all)
    setState(current)
  }
  const { index } = current
  useEffect(() => {
    if (index.done >= matches.length) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let shown = performance.now()
    const step = () => {
      const began = performance.now()
      do extendSearchIndex(index, matches, index.done + SLICE_STEP)
      while (index.done < matches.length && performance.now() - began < SEARCH_SLICE_MS)
      const finished = index.done >= matches.length
      if (finished || performance.now() - shown >= PROGRESS_MS) {
        shown = performance.now()
        setState((s) => (s.index === index ? { ...s, version: s.version + 1 } : s))
      }
      if (!finished) timer = setTimeout(step, 0)
    }
    timer = setTimeout(step, 0)
    return () => clearTimeout(timer)
  }, [index, matches])
  return { index, version: current.version }
}

function start(matches: readonly SearchMatch[], all: boolean) {
  const index = createSearchIndex()
  extendSearchIndex(index, matches, all ? matches.length : SEARCH_FIRST_SLICE)
  return { matches, index, version: 0 }
}
