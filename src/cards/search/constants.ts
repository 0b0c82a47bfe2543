/** Characters of a matched line shown (a window around the first match); Copy gives the whole line. */
export const SEARCH_LINE_LIMIT = 1000
/** Height of a row in px (matches `--tc-line-height` of 20px). */
export const SEARCH_ROW_HEIGHT = 20
/** Matches grouped before the first paint; the rest are grouped in slices between frames. */
export const SEARCH_FIRST_SLICE = 1_000
/** Time budget of one grouping slice in ms (well under the 50 ms of a long task, even before the JIT warms up). */
export const SEARCH_SLICE_MS = 8
/** Matches between two looks at the clock inside a slice. */
export const SLICE_STEP = 500
/** The card re-renders with the grouping progress at most this often (each re-render lays out all rows). */
export const PROGRESS_MS = 100
