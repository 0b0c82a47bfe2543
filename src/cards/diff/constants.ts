/** Height of a diff row in px (matches `--tc-line-height`). */
export const DIFF_ROW_HEIGHT = 20
/** Files shown at once; more behind "Show more files". */
export const DIFF_FILES_PAGE = 50
/** Height in px of a file's rows before they scroll, in a diff of several files (one file: 560). */
export const DIFF_BODY_MAX_HEIGHT = 420
/** Rows of a file's box before it scrolls: a box this many rows high (or fewer) stands in for rows to come. */
export const DIFF_PENDING_ROWS = DIFF_BODY_MAX_HEIGHT / DIFF_ROW_HEIGHT
/** Files of a diff whose rows render at once; the others' rows render when they come near the screen. */
export const DIFF_EAGER_FILES = 1
/** Height in px of an open file's header in a diff of several files (`.tc-diff-file-header`, its border below included). */
export const DIFF_FILE_HEADER_HEIGHT = 27
/**
 * Files still being read that get a section of their own (their name, a box for their rows); the ones
 * after wait in one box until their slice is read, so that the first render creates no sections far below.
 */
export const DIFF_PENDING_NAMED = 2
/** Files open at first; later ones start collapsed. */
export const DIFF_FILES_OPEN = 8
/** Characters of a line rendered; the rest is counted ("… 12,000 more characters"). Copy keeps all. */
export const DIFF_LINE_LIMIT = 5_000
/** Lines of raw patch text shown for a patch that could not be read. */
export const RAW_LINE_LIMIT = 2_000
/** Characters scanned for bidi controls (rows show markers anyway). */
export const BIDI_SCAN_BUDGET = 4_000_000
/**
 * Characters of patch read before the first paint: files up to this much (the first screen's worth),
 * or the head of one longer patch. The rest is read `DIFF_SLICE_READ` at a time, one task each.
 */
export const DIFF_FIRST_READ = 64 * 1024
/**
 * Characters of whole texts (`oldText` + `newText`, counted twice: they are aligned) of the first input
 * diffed before the first paint; longer, they are diffed in steps from the next task (a new or deleted
 * file shows its head meanwhile, other texts their file's name).
 */
export const DIFF_FIRST_WHOLE = 256 * 1024
/** Characters of patch read per task after the first paint (at least one file). */
export const DIFF_SLICE_READ = 64 * 1024
/** Below this width in px (of the card's body) a split view shows unified: two halves would be too narrow. */
export const SPLIT_MIN_WIDTH = 640
/** Rows each side of the viewport that get colour before they are scrolled to. */
export const HIGHLIGHT_MARGIN = 40

export type DiffView = 'unified' | 'split'
/** Milliseconds of work per task on an input longer than `DIFF_SLICE_READ` (a 16 MB patch: many tasks). */
export const DIFF_SLICE_MS = 8
