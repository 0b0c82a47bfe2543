import type { KeyboardEvent } from 'react'

const NUMBER = 'button[data-slot="line-number"]'

/**
 * The keyboard of a card's lines when the host can open files: each line number is a button, but out of
 * the Tab order (a 10,000-line file would be 10,000 stops, and a virtualized list mounts more as Tab
 * scrolls it, so Tab would never leave the card). The scroll area is the one stop: arrows scroll it;
 * Enter there focuses the first line number in view; on a line number, ArrowUp / ArrowDown move to the
 * next one in the same column (scrolling with it), ArrowLeft / ArrowRight to the other column of a split
 * or unified diff row, Enter opens, Escape goes back to the scroll area. `onKeyDown` of the scroll area.
 */
export function lineNumberKeys(event: KeyboardEvent<HTMLElement>): void {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
  const area = event.currentTarget
  const target = event.target as HTMLElement
  let to: HTMLElement | null | undefined
  if (target === area) {
    if (event.key !== 'Enter') return
    const top = area.getBoundingClientRect().top
    to = [...area.querySelectorAll<HTMLElement>(NUMBER)].find((b) => b.getBoundingClientRect().bottom > top)
  } else if (target.matches(NUMBER)) {
    const key = event.key
    if (key === 'Escape') to = area
    else if (key === 'ArrowDown' || key === 'ArrowUp') {
      event.preventDefault()
      step(area, target, key === 'ArrowDown' ? 1 : -1, 0)
      return
    } else if (key === 'ArrowLeft' || key === 'ArrowRight') {
      const row = [
        ...(target.closest('[data-slot="diff-line"]')?.querySelectorAll<HTMLElement>(NUMBER) ?? []),
      ]
      to = row[row.indexOf(target) + (key === 'ArrowRight' ? 1 : -1)]
    } else return
  } else return
  event.preventDefault()
  if (!to) return
  to.focus({ preventScroll: true })
  if (to !== area) to.scrollIntoView({ block: 'nearest' })
}

/**
 * Focuses the line number after (`by` 1) or before (-1) `from` in its column. A virtualized list mounts
 * only the rows near its view: when the next one is not there yet, the area scrolls by a row and the
 * next frame looks again (a few times: the end of the list has no next row).
 */
function step(area: HTMLElement, from: HTMLElement, by: 1 | -1, tries: number): void {
  const all = [...area.querySelectorAll<HTMLElement>(NUMBER)].filter(
    (b) => b.dataset.side === from.dataset.side,
  )
  const at = all.indexOf(from)
  const to = at < 0 ? undefined : all[at + by]
  if (to) {
    to.focus({ preventScroll: true })
    to.scrollIntoView({ block: 'nearest' })
  } else if (at >= 0 && tries < 4) {
    area.scrollTop += by * from.offsetHeight
    requestAnimationFrame(() => step(area, from, by, tries + 1))
  }
}
