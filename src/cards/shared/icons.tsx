import type { ComponentProps } from 'react'
import type { CardKind } from '../../protocol'

const PATHS: Record<CardKind, string> = {
  generic: 'M4 3h8l3 3v11H4zM12 3v3h3M7 10h6M7 13h6',
  terminal: 'M3 4h14v12H3zM6 8l3 2-3 2M10 13h4',
  diff: 'M6 3v8M2 7h8M3 15h6M14 5v12M11 14l3 3 3-3',
  read: 'M4 3h8l3 3v11H4zM12 3v3h3M7 9h6M7 12h6M7 15h4',
  search: 'M8.5 3.5a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM12 12l5 5',
  web: 'M10 3a7 7 0 1 1 0 14 7 7 0 0 1 0-14zM3 10h14M10 3c2 2 3 4.5 3 7s-1 5-3 7c-2-2-3-4.5-3-7s1-5 3-7z',
}

/** The icon of a card kind (decorative: the title says what the card is). */
export function CardIcon({ kind, ...props }: { kind: CardKind } & ComponentProps<'svg'>) {
  return (
    <svg
      viewBox="0 0 20 20"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
      data-slot="card-icon"
      {...props}
    >
      <path
        d={PATHS[kind]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

export function Chevron(props: ComponentProps<'svg'>) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="12"
      height="12"
      aria-hidden="true"
      focusable="false"
      data-slot="chevron"
      {...props}
    >
      <path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  )
}
