/**
 * Markdown in pieces that render one after another as the whole renders: a long page is parsed a piece
 * per frame instead of in one long task (micromark parses about 20 KB in 60-150 ms on a 2-core machine).
 *
 * A piece ends only at a blank line outside fenced code and HTML blocks, and only where the next line
 * starts a block of its own at the left margin: not before an indented line (an indented code block, a
 * list item's continuation) nor before a list item (a loose list stays one list); or right before a
 * heading at the margin (`# Title`), which starts a block of its own even after a paragraph's text. Link reference
 * definitions (`[id]: url`) are returned apart, for the caller to put before each piece, so that a
 * reference in one piece finds its definition in another. A property test renders the pieces and the
 * whole with react-markdown and compares them (cards/shared/SafeMarkdown.test.tsx).
 */
export interface MarkdownChunks {
  /** The pieces, in order; joined they give back the text. */
  chunks: string[]
  /** With more than one piece, every link reference definition line of the text with its line break; else ''. */
  definitions: string
}

const BLANK = /^[ \t]*\r?$/
const FENCE = /^ {0,3}(`{3,}|~{3,})/
const LIST_ITEM = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|\r?$)/
/** The first line of a list item or a block quote (up to 3 spaces in). */
const CONTAINER = /^ {0,3}(?:>|(?:[-+*]|\d{1,9}[.)])(?:[ \t]|\r?$))/
const DEFINITION = /^ {0,3}\[(?:\\.|[^\\\]])+\]:/
/** An ATX heading or a thematic break: a block of one line. */
const ONE_LINE_BLOCK = /^ {0,3}(?:#{1,6}(?:[ \t]|\r?$)|([-*_])(?:[ \t]*\1){2,}[ \t]*\r?$)/
const ATX_AT_MARGIN = /^#{1,6}(?:[ \t]|\r?$)/
const SETEXT_H1 = /^ {0,3}=+[ \t]*\r?$/
const INDENTED = /^(?: {4}| {0,3}\t)/
/** HTML blocks that end at a closing mark and may hold blank lines (CommonMark's kinds 1 to 5). */
const HTML_TO_MARK: Array<[RegExp, RegExp]> = [
  [/^ {0,3}<(?:pre|script|style|textarea)(?:[\s>]|\r?$)/i, /<\/(?:pre|script|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
]
/** HTML blocks that end at a blank line: block-level tags (kind 6, may interrupt a paragraph). */
const HTML_BLOCK_TAG =
  /^ {0,3}<\/?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?:[\s>]|\/>|\r?$)/i
/** Any other complete tag alone on its line (kind 7, may not interrupt a paragraph). */
const HTML_LONE_TAG =
  /^ {0,3}(?:<[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>)[ \t]*\r?$/

type LineKind =
  /** A blank line outside any fenced or HTML block. */
  | 'blank'
  /** A line that may be a link reference definition (at the margin, where a block may start). */
  | 'definition'
  /** Looks like a definition, in a list or a quote, where telling needs the whole parse. */
  | 'unsure'
  /** Any other line that starts or continues a block. */
  | 'other'
  /** Inside a fenced code block or an HTML block (its first and last lines included). */
  | 'inside'

function fenceOf(line: string): { char: string; length: number } | null {
  const marks = FENCE.exec(line)?.[1]
  // a backtick fence's info string holds no backtick (else the line is not a fence)
  if (!marks || (marks[0] === '`' && line.slice(line.indexOf(marks) + marks.length).includes('`')))
    return null
  return { char: marks.charAt(0), length: marks.length }
}

/** A line that starts a block even right after a paragraph's text (it cannot be a lazy continuation). */
function interrupts(line: string): boolean {
  return (
    fenceOf(line) !== null ||
    HTML_TO_MARK.some(([open]) => open.test(line)) ||
    HTML_BLOCK_TAG.test(line) ||
    ONE_LINE_BLOCK.test(line)
  )
}

/** Calls `visit` with each line (without its line break), its offset and its kind, in order. */
function scanLines(text: string, visit: (line: string, at: number, kind: LineKind) => void): void {
  let fence: { char: string; length: number } | null = null
  /** The end of an open HTML block: a closing mark, or the next blank line. */
  let html: RegExp | 'blank' | null = null
  /** A paragraph is open: the next line may continue it. */
  let paragraph = false
  /**
   * In a list or a block quote, from its first line to a line at the margin that ends it. Its lines are
   * its content (fences and indentation there are relative to the item, so they are not followed).
   */
  let container = false
  /** In a block quote or a list item: a fence open in its content, and whether its last line left a paragraph open. */
  let quoteFence: { char: string; length: number } | null = null
  let quoteParagraph = true
  let previousBlank = true
  let previousDefinition = false
  let at = 0
  while (at <= text.length) {
    const nl = text.indexOf('\n', at)
    const line = text.slice(at, nl < 0 ? text.length : nl)
    let kind: LineKind = 'other'
    if (fence) {
      const close = fenceOf(line)
      if (
        close &&
        close.char === fence.char &&
        close.length >= fence.length &&
        BLANK.test(line.slice(line.indexOf(close.char.repeat(close.length)) + close.length))
      )
        fence = null
      kind = 'inside'
    } else if (html === 'blank') {
      if (BLANK.test(line)) {
        html = null
        kind = 'blank'
      } else kind = 'inside'
    } else if (html) {
      if (html.test(line)) html = null
      kind = 'inside'
    } else if (BLANK.test(line)) {
      paragraph = false
      kind = 'blank'
    } else {
      const atMargin = line[0] !== ' ' && line[0] !== '\t'
      // a line at the margin continues a container lazily only after a paragraph (not after a quote's code)
      if (
        container &&
        atMargin &&
        !CONTAINER.test(line) &&
        (previousBlank || interrupts(line) || !quoteParagraph)
      ) {
        container = false
        paragraph = false
      }
      if (!container && CONTAINER.test(line)) {
        container = true
        quoteFence = null
      }
      if (container) {
        const quoted = /^ {0,3}>[ \t]?([\s\S]*)$/.exec(line)
        // a quote's content after its `>`; a list item's after its marker and indentation (a fence closed
        // in an item leaves no paragraph for a tag at the margin to continue, CI seed 1751504164)
        const content = quoted
          ? quoted[1]!
          : line.replace(/^ {0,3}(?:(?:[-+*]|\d{1,9}[.)])(?:[ \t]|\r?$))?[ \t]*/, '')
        const f = fenceOf(content)
        if (quoteFence) {
          if (f && f.char === quoteFence.char && f.length >= quoteFence.length) quoteFence = null
          quoteParagraph = false
        } else if (f) {
          quoteFence = f
          quoteParagraph = false
        } else quoteParagraph = !BLANK.test(content)
        kind =
          DEFINITION.test(line.replace(/^ {0,3}>[ \t]?/, '')) || DEFINITION.test(line.trimStart())
            ? 'unsure'
            : 'other'
        paragraph = true
      } else {
        const opens = fenceOf(line)
        const toMark = HTML_TO_MARK.find(([open]) => open.test(line))
        if (opens) {
          fence = opens
          paragraph = false
          kind = 'inside'
        } else if (toMark) {
          if (!toMark[1].test(line)) html = toMark[1]
          paragraph = false
          kind = 'inside'
        } else if (HTML_BLOCK_TAG.test(line) || (!paragraph && HTML_LONE_TAG.test(line))) {
          html = 'blank'
          paragraph = false
          kind = 'inside'
        } else if (ONE_LINE_BLOCK.test(line)) {
          paragraph = false
        } else if (SETEXT_H1.test(line)) {
          // the underline of a heading ends it; alone it is a paragraph's text
          paragraph = !paragraph
        } else if (!paragraph && INDENTED.test(line)) {
          // indented code
        } else if ((!paragraph || previousDefinition) && DEFINITION.test(line)) {
          // a definition opens a paragraph of its own: what follows it continues that paragraph (a lone
          // tag or an indented line is its text), unless it is another definition
          kind = 'definition'
          paragraph = true
        } else {
          paragraph = true
        }
      }
    }
    previousBlank = kind === 'blank'
    previousDefinition = kind === 'definition'
    visit(line, at, kind)
    if (nl < 0) break
    at = nl + 1
  }
}

/**
 * Characters of a list past which it is cut between items (a tight list of 6 KB took 70 ms to parse, of
 * 200 KB seconds). A cut list renders as two lists one after the other: not done below this size.
 */
export const MARKDOWN_LONG_LIST = 3_000

/**
 * Splits `text` into pieces of about `size` characters, the first of about `firstSize` (a single block
 * longer than that stays whole, but for a list longer than `longList` characters, cut between items).
 */
export function markdownChunks(
  text: string,
  size: number,
  firstSize = size,
  longList = MARKDOWN_LONG_LIST,
): MarkdownChunks {
  if (text.length <= Math.min(size, firstSize)) return { chunks: [text], definitions: '' }
  const chunks: string[] = []
  let definitions = ''
  let start = 0
  /** Offset of the blank line where the current piece may end, or -1. */
  let cut = -1
  let previous: LineKind = 'blank'
  let unsure = false
  let quoted = false
  /** The lines at the margin since a blank line are list items: a list item next continues that list, and may start a piece. */
  let inList = false
  scanLines(text, (line, at, kind) => {
    const before = previous
    if (kind === 'definition') definitions += `${line}\n`
    if (kind === 'unsure') unsure = true
    if (kind === 'blank') {
      if (previous !== 'blank') cut = at
    } else if (kind === 'other' && previous !== 'blank' && !quoted && ATX_AT_MARGIN.test(line)) {
      // a heading at the margin starts a block of its own, even right after a paragraph's text
      if (at - start > (chunks.length === 0 ? firstSize : size)) {
        chunks.push(text.slice(start, at))
        start = at
      }
      cut = -1
    } else if (kind === 'other' && inList && LIST_ITEM.test(line) && at - start > Math.max(size, longList)) {
      // a list too long for one piece (its items parsed at once took seconds): cut before one of its
      // items at the margin; it renders as two lists, one after the other
      const end = previous === 'blank' && cut > start ? cut : at
      chunks.push(text.slice(start, end))
      start = end
      cut = -1
    } else if (previous === 'blank' && cut > start) {
      // a line after a blank line: a block of its own at the margin may start the next piece
      const limit = chunks.length === 0 ? firstSize : size
      if (line[0] !== ' ' && line[0] !== '\t' && !LIST_ITEM.test(line) && at - start > limit) {
        chunks.push(text.slice(start, cut))
        start = cut
      }
      cut = -1
    }
    previous = kind
    // In a list or a quote (from its first line to a line at the margin after a blank line), what follows
    // may be inside a block the scan does not follow there (a lone tag after a quoted fence opens an HTML
    // block, and a heading after it is its text: found by fast-check): no heading there starts a piece
    if (CONTAINER.test(line)) quoted = true
    else if (before === 'blank' && kind !== 'blank' && line[0] !== ' ' && line[0] !== '\t') quoted = false
    // (a list counts from a first item after a blank line, a bullet or numbered 1: an item that follows
    // text may be that text, and micromark reads an item numbered 2 after code as a paragraph)
    if (kind !== 'blank' && line[0] !== ' ' && line[0] !== '\t')
      inList =
        kind === 'other' &&
        LIST_ITEM.test(line) &&
        (inList || (before === 'blank' && (line.charCodeAt(0) < 48 || /^0*1[.)]/.test(line))))
  })
  chunks.push(text.slice(start))
  // a definition in a list or a quote may or may not be one: the whole text in one piece then
  if (unsure) return { chunks: [text], definitions: '' }
  return { chunks, definitions: chunks.length > 1 ? definitions : '' }
}

/** Nested block quotes and list items past which a text is shown as plain text, not parsed as markdown. */
export const MARKDOWN_MAX_DEPTH = 32
/** Brackets open at once on a line (`![![![…`) past which likewise. */
export const MARKDOWN_MAX_OPEN = 16
/** Emphasis marks (`*`, `_`) in one piece past which likewise (the parser pairs them in quadratic time). */
export const MARKDOWN_MAX_MARKS = 1_000
/** Characters of one piece (a block that cannot be cut) past which likewise. */
export const MARKDOWN_MAX_BLOCK = 8_000

/** Why a text is shown as plain text: what in it, and how much of it. */
export interface MarkdownHazard {
  kind: 'depth' | 'brackets' | 'marks' | 'block'
  size: number
}

/**
 * What would make the markdown parser (micromark, mdast, hast: recursive, and quadratic or worse in
 * nesting and in emphasis marks) take seconds or overflow the stack on a text within `MARKDOWN_MAX_CHARS`,
 * in `text` cut into `chunks`: 5,000 nested `>` overflowed it; 3,200 marks (`*_*_…x…_*_*`) in 3.4 KB took
 * 208 ms; `![` 250 deep in 1.5 KB, 67 ms; 500 list levels by indentation, 5 s. Null when none: each piece
 * then parses in tens of milliseconds. A loop over the characters (no regular expression to backtrack).
 */
export function markdownHazard(text: string, chunks: readonly string[]): MarkdownHazard | null {
  let prefix = true
  let depth = 0
  let spaces = 0
  /** The last character was a container's mark: one space after it separates, it does not indent. */
  let mark = false
  let open = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 10) {
      prefix = true
      depth = spaces = open = 0
      mark = false
      continue
    }
    if (prefix) {
      // the line's containers: `>`, list markers, and indentation (a level per 4 columns)
      if (c === 32 || c === 9) {
        if (mark && c === 32) mark = false
        else spaces += c === 9 ? 4 : 1
      } else if (
        c === 62 ||
        ((c === 45 || c === 43 || c === 42 || c === 46 || c === 41) && isSpace(text.charCodeAt(i + 1)))
      ) {
        depth++
        mark = true
      } else if (c < 48 || c > 57) prefix = false
      if (depth + (spaces >> 2) > MARKDOWN_MAX_DEPTH) return { kind: 'depth', size: depth + (spaces >> 2) }
      if (prefix) continue
    }
    if (c === 91 && ++open > MARKDOWN_MAX_OPEN) return { kind: 'brackets', size: open }
    if (c === 93 && open > 0) open--
  }
  for (const c of chunks) {
    if (c.length > MARKDOWN_MAX_BLOCK) return { kind: 'block', size: c.length }
    let marks = 0
    for (let i = 0; i < c.length; i++) {
      const ch = c.charCodeAt(i)
      if ((ch === 42 || ch === 95) && ++marks > MARKDOWN_MAX_MARKS) return { kind: 'marks', size: marks }
    }
  }
  return null
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || Number.isNaN(c)
}
