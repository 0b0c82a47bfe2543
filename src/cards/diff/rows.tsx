import type { ReactNode } from 'react'
import type { DiffFileView, DiffRow, WordDiff } from '../../text/diff'
import type { TokenLine } from '../../text/highlight/types'
import { cx, type Texts } from '../shared/format'
import { tokenPiece, tokenSpanProps, tokensMatch } from '../shared/highlight'
import { VisibleText } from '../shared/VisibleText'
import { DIFF_LINE_LIMIT } from './constants'
import type { SideDocs } from './useDiffHighlight'

/** What every row of one file's diff needs: its file, tokens, word marks, callbacks, texts. */
export interface RowContext {
  file: DiffFileView
  docs: SideDocs
  oldTokens: ReadonlyArray<TokenLine | null | undefined>
  newTokens: ReadonlyArray<TokenLine | null | undefined>
  words: (pair: number, removed: string, added: string) => WordDiff | null
  open: ((path: string, line?: number) => void) | undefined
  expand: (id: string) => void
  /** Every line of the file ends with CR: the CR is dropped from display (a badge says so once). */
  crlf: boolean
  t: Texts
}

export const SIGN: Record<'context' | 'add' | 'del', string> = { context: ' ', add: '+', del: '-' }

/**
 * A changed line's text is an ARIA insertion or deletion: the sign beside it is hidden from screen
 * readers (a "plus" or "minus" read before each line), so the role is what tells them apart there.
 */
const ROLE: Partial<Record<'context' | 'add' | 'del', string>> = { add: 'insertion', del: 'deletion' }

export function clip(text: string): string {
  return text.length > DIFF_LINE_LIMIT ? text.slice(0, DIFF_LINE_LIMIT) : text
}

export function tokensFor(
  ctx: RowContext,
  side: 'old' | 'new',
  no: number | undefined,
): TokenLine | null | undefined {
  if (no === undefined) return undefined
  const idx = ctx.docs[side].index(no)
  if (idx === undefined) return undefined
  return (side === 'old' ? ctx.oldTokens : ctx.newTokens)[idx]
}

/** A line number; a button that opens the file at the line when the host can open paths. */
export function LineNo({ no, side, ctx }: { no: number | undefined; side: 'old' | 'new'; ctx: RowContext }) {
  if (no === undefined) return <span className="tc-diff-no" data-side={side} />
  const path = side === 'old' ? (ctx.file.oldPath ?? ctx.file.path) : (ctx.file.newPath ?? ctx.file.path)
  if (ctx.open && (side === 'new' ? ctx.file.newPath !== null : ctx.file.oldPath !== null)) {
    const open = ctx.open
    const label = ctx.t.text(side === 'old' ? 'openAtLineBefore' : 'openAtLine', { path, line: no })
    return (
      <button
        type="button"
        className="tc-diff-no"
        data-slot="line-number"
        data-side={side}
        tabIndex={-1}
        title={label}
        aria-label={label}
        onClick={() => open(path, no)}
      >
        {no}
      </button>
    )
  }
  return (
    <span className="tc-diff-no" data-side={side}>
      {no}
    </span>
  )
}

/** A hunk header or a collapsed run of unchanged lines. */
export function SpanRow({ row, ctx }: { row: Extract<DiffRow, { type: 'hunk' | 'gap' }>; ctx: RowContext }) {
  if (row.type === 'hunk') {
    return (
      <div className="tc-diff-row tc-diff-hunk" data-slot="diff-hunk">
        <VisibleText text={clip(row.text)} />
      </div>
    )
  }
  return (
    <div className="tc-diff-row tc-diff-gap" data-slot="diff-gap">
      <button type="button" className="tc-diff-expand" onClick={() => ctx.expand(row.id)}>
        {ctx.t.count('expandUnchanged', row.count)}
      </button>
    </div>
  )
}

/** Text of one line: syntax tokens (when they match), word marks over them, visible invisibles. */
export function Code({
  text: raw,
  tokens,
  ranges,
  kind,
  noNewline,
  ctx,
}: {
  text: string
  tokens: TokenLine | null | undefined
  ranges: Array<[number, number]> | undefined
  kind: 'context' | 'add' | 'del'
  noNewline: true | undefined
  ctx: RowContext
}) {
  const text = ctx.crlf && raw.endsWith('\r') ? raw.slice(0, -1) : raw
  const shown = clip(text)
  const cut = text.length - shown.length
  const toks = tokens && tokens.length > 0 && cut === 0 && tokensMatch(tokens, text) ? tokens : null
  return (
    <span
      className="tc-diff-code"
      data-slot="code-line"
      data-highlighted={toks ? '' : undefined}
      role={ROLE[kind]}
    >
      {renderPieces(shown, toks, ranges, kind)}
      {cut > 0 ? <span className="tc-diff-cut"> {ctx.t.count('moreCharacters', cut)}</span> : null}
      {noNewline ? (
        <span className="tc-diff-nonl" title={ctx.t.text('noNewlineTitle')}>
          {ctx.t.text('noNewline')}
        </span>
      ) : null}
    </span>
  )
}

function renderPieces(
  text: string,
  tokens: TokenLine | null,
  ranges: Array<[number, number]> | undefined,
  kind: 'context' | 'add' | 'del',
): ReactNode {
  if (!tokens && (!ranges || ranges.length === 0)) return <VisibleText text={text} />
  const toks: TokenLine = tokens ?? [{ content: text }]
  const out: ReactNode[] = []
  const rs = ranges ?? []
  let pos = 0
  let r = 0
  let key = 0
  for (const t of toks) {
    const props = tokens ? tokenSpanProps(t) : {}
    const end = pos + t.content.length
    let at = pos
    while (at < end) {
      while (r < rs.length && rs[r]![1] <= at) r++
      const range = rs[r]
      let stop: number
      let marked: boolean
      if (range && range[0] <= at) {
        marked = true
        stop = Math.min(end, range[1])
      } else {
        marked = false
        stop = Math.min(end, range ? range[0] : end)
      }
      const piece = text.slice(at, stop)
      out.push(
        marked ? (
          <mark key={key++} {...props} className={cx('tc-diff-word', props.className)} data-kind={kind}>
            <VisibleText text={piece} />
          </mark>
        ) : (
          tokenPiece(key++, props, piece)
        ),
      )
      at = stop
    }
    pos = end
  }
  return out
}
