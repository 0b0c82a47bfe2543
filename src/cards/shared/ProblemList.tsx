import type { Problem } from '../../protocol'
import { InlineCode } from './InlineCode'
import { VisibleText } from './VisibleText'

/**
 * Problems as a readable list: `$.files[2].path: expected string, got number`. The generic card's
 * intent problems and what a check cut (`data-slot="problems"`), and the envelope's problems and notices
 * on any card (`EnvelopeNotice`).
 */
export function ProblemList({
  title,
  problems,
  kind = 'error',
  slot = 'problems',
}: {
  title: string
  problems: readonly Problem[]
  kind?: 'error' | 'info'
  /** The list's `data-slot`. @default 'problems' */
  slot?: string
}) {
  return (
    <div className="tc-notice tc-problems" data-kind={kind} data-slot={slot}>
      <p>{title}:</p>
      <ul>
        {problems.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list (two problems may read the same)
          <li key={i}>
            <code>
              <VisibleText text={p.path} />
            </code>
            : <InlineCode text={p.message} />
          </li>
        ))}
      </ul>
    </div>
  )
}
