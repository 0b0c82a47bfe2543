import type { Checklist as ChecklistData, ChecklistItem } from '../../protocol'
import { VisibleText } from '../shared/VisibleText'

type Status = ChecklistItem['status']

/** How each status reads and looks; a new status does not compile until it has both. */
const STATUS: Record<Status, { label: string; mark: string }> = {
  pending: { label: 'to do', mark: '○' },
  in_progress: { label: 'in progress', mark: '◐' },
  completed: { label: 'done', mark: '✓' },
  cancelled: { label: 'cancelled', mark: '✕' },
}

export interface ChecklistProps {
  checklist: ChecklistData
}

/**
 * A plan or to-do list as a checklist: one row per item with its status (a mark, and the status in words
 * for screen readers), done items struck through, and a count of done items in the heading.
 */
export function Checklist({ checklist }: ChecklistProps) {
  const { items, explanation } = checklist
  const done = items.filter((i) => i.status === 'completed').length
  const summary = `${done} of ${items.length} done`
  return (
    <div className="tc-generic-section" data-slot="checklist">
      <h4 className="tc-section-label">Plan · {summary}</h4>
      {explanation ? (
        <p className="tc-checklist-explanation">
          <VisibleText text={explanation} />
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="tc-empty">(no items)</p>
      ) : (
        <ul className="tc-checklist" aria-label={`Plan, ${summary}`}>
          {items.map((item, i) => (
            // Items have no ids and may repeat; their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
            <li key={i} className="tc-checklist-item" data-status={item.status}>
              <span className="tc-checklist-mark" aria-hidden="true">
                {STATUS[item.status]?.mark ?? '?'}
              </span>
              <span className="tc-checklist-text">
                <VisibleText text={item.text} />
              </span>
              <span className="tc-sr-only">, {STATUS[item.status]?.label ?? item.status}</span>
              {item.priority ? (
                <span className="tc-checklist-priority">
                  <VisibleText text={item.priority} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
