import type { ReactNode } from 'react'
import { useHeadingLevel } from '../host'

/**
 * A heading inside a card (a generic card's "Input" and "Output", a terminal's "stderr"): one level
 * below the card's title (`headingLevel`), so that the page's headings never skip a level.
 */
export function SectionHeading({ className, children }: { className: string; children: ReactNode }) {
  const H = `h${Math.min(6, useHeadingLevel() + 1)}` as 'h3'
  return <H className={className}>{children}</H>
}
