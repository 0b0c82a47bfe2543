import { memo } from 'react'
import type { DiffRow } from '../../text/diff'
import { Code, LineNo, type RowContext, SIGN, SpanRow, tokensFor } from './rows'

/** One row of the unified view: both line numbers, the sign, the line with its word marks. */
export const UnifiedRowView = memo(function UnifiedRowView({ row, ctx }: { row: DiffRow; ctx: RowContext }) {
  if (row.type !== 'line') return <SpanRow row={row} ctx={ctx} />
  const side = row.kind === 'del' ? 'old' : 'new'
  const no = side === 'old' ? row.oldNo : row.newNo
  const w =
    row.pair !== undefined && row.pairWith !== undefined
      ? row.kind === 'del'
        ? ctx.words(row.pair, row.text, row.pairWith)
        : ctx.words(row.pair, row.pairWith, row.text)
      : null
  return (
    <div className="tc-diff-row" data-kind={row.kind} data-slot="diff-line">
      <LineNo no={row.oldNo} side="old" ctx={ctx} />
      <LineNo no={row.newNo} side="new" ctx={ctx} />
      <span className="tc-diff-sign" aria-hidden="true">
        {SIGN[row.kind]}
      </span>
      <Code
        text={row.text}
        tokens={tokensFor(ctx, side, no)}
        ranges={w ? (row.kind === 'del' ? w.old : w.new) : undefined}
        kind={row.kind}
        noNewline={row.noNewline}
        ctx={ctx}
      />
    </div>
  )
})
