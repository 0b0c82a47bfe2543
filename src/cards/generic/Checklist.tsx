import { useState } from 'react'
import type { Checklist as ChecklistData, ChecklistItem } from '../../protocol'
import { useTexts } from '../host'
import { SectionHeading } from '../shared/SectionHeading'
import { ShowMore } from '../shared/ShowMore'
import { VisibleText } from '../shared/VisibleText'

type Status = ChecklistItem['status']

/** Items shown at first, and added by each "Show more" (a plan of 100,000 items renders 100 rows). */
export const CHECKLIST_PAGE_SIZE = 100

/** How each status looks (its words are the labels' `checklistStatus`); a new status does not compile until it has one. */
const MARK: Record<Status, string> = { pending: '○', in_progress: '◐', completed: '✓', cancelled: '✕' }

export interface ChecklistProps {
  checklist: ChecklistData
}

/**
 * A plan or to-do list as a checklist: one row per item with its status (a mark, and the status in words
 * for screen readers), done items struck through, and a count of done items in the heading.
 */
export function Checklist({ checklist }: ChecklistProps) {
  const t = useTexts()
  const [shown, setShown] = useState(CHECKLIST_PAGE_SIZE)
  const { items, explanation } = checklist
  const done = items.filter((i) => i.status === 'completed').length
  const summary = t.text('planDone', { done: t.number(done), n: t.number(items.length) })
  const plan = t.text('plan')
  return (
    <div className="tc-generic-section" data-slot="checklist">
      <SectionHeading className="tc-section-label">
        {plan} · {summary}
      </SectionHeading>
      {explanation ? (
        <p className="tc-checklist-explanation">
          <VisibleText text={explanation} />
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="tc-empty">{t.text('noItems')}</p>
      ) : (
        <ul className="tc-checklist" aria-label={`${plan}, ${summary}`}>
          {items.slice(0, shown).map((item, i) => (
            // Items have no ids and may repeat; their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
            <li key={i} className="tc-checklist-item" data-status={item.status}>
              <span className="tc-checklist-mark" aria-hidden="true">
                {MARK[item.status] ?? '?'}
              </span>
              <span className="tc-checklist-text">
                <VisibleText text={item.text} />
              </span>
              <span className="tc-sr-only">, {t.labels.checklistStatus[item.status] ?? item.status}</span>
              {item.priority ? (
                <span className="tc-checklist-priority">
                  <VisibleText text={item.priority} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {items.length > shown ? (
        <p className="tc-show-more">
          <ShowMore shown={shown} total={items.length} page={CHECKLIST_PAGE_SIZE} onMore={setShown} />
        </p>
      ) : null}
    </div>
  )
}
