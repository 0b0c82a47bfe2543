import { memo } from 'react'
import type { SplitCell, SplitRow } from '../../text/diff'
import { Code, LineNo, type RowContext, SIGN, SpanRow, tokensFor } from './rows'

/** One row of the split view: the old line on the left, the new one on the right. */
export const SplitRowView = memo(function SplitRowView({ row, ctx }: { row: SplitRow; ctx: RowContext }) {
  if (row.type !== 'split') return <SpanRow row={row} ctx={ctx} />
  const w =
    row.pair !== undefined && row.left && row.right
      ? ctx.words(row.pair, row.left.text, row.right.text)
      : null
  return (
    <div className="tc-diff-row tc-diff-split-row" data-slot="diff-line">
      <SplitHalf cell={row.left} side="old" ctx={ctx} ranges={w?.old} />
      <SplitHalf cell={row.right} side="new" ctx={ctx} ranges={w?.new} />
    </div>
  )
})

function SplitHalf({
  cell,
  side,
  ctx,
  ranges,
}: {
  cell: SplitCell | undefined
  side: 'old' | 'new'
  ctx: RowContext
  ranges: Array<[number, number]> | undefined
}) {
  if (!cell) return <div className="tc-diff-half" data-side={side} data-empty="" />
  return (
    <div className="tc-diff-half" data-side={side} data-kind={cell.kind}>
      <LineNo no={cell.no} side={side} ctx={ctx} />
      <span className="tc-diff-sign" aria-hidden="true">
        {SIGN[cell.kind]}
      </span>
      <Code
        text={cell.text}
        tokens={tokensFor(ctx, side, cell.no)}
        ranges={cell.kind === 'context' ? undefined : ranges}
        kind={cell.kind}
        noNewline={cell.noNewline}
        ctx={ctx}
      />
    </div>
  )
}
