import type { ComponentProps } from 'react'
import type { CardKind } from '../../protocol'

const PATHS: Record<CardKind, string> = {
  // braces: a tool call with its arguments (the read card keeps the page)
  generic:
    'M7 3C5 3 5 4.5 5 6s0 3-2 4c2 1 2 2.5 2 4s0 3 2 3M13 3c2 0 2 1.5 2 3s0 3 2 4c-2 1-2 2.5-2 4s0 3-2 3',
  terminal: 'M3 4h14v12H3zM6 8l3 2-3 2M10 13h4',
  diff: 'M6 3v8M2 7h8M3 15h6M14 5v12M11 14l3 3 3-3',
  read: 'M4 3h8l3 3v11H4zM12 3v3h3M7 9h6M7 12h6M7 15h4',
  search: 'M8.5 3.5a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM12 12l5 5',
  web: 'M10 3a7 7 0 1 1 0 14 7 7 0 0 1 0-14zM3 10h14M10 3c2 2 3 4.5 3 7s-1 5-3 7c-2-2-3-4.5-3-7s1-5 3-7z',
}

/** The icon of a card kind (decorative: the title says what the card is). */
export function CardIcon({ kind, ...props }: { kind: CardKind } & ComponentProps<'svg'>) {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" data-slot="card-icon" {...props}>
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
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" data-slot="chevron" {...props}>
      <path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  )
}

/** Small line icons for header actions and statuses (16 px, decorative: the button or status has words). */
const GLYPHS = {
  copy: 'M6 6h8v9H6zM4 12V3h8',
  wrap: 'M3 4h12M3 9h10a2.5 2.5 0 0 1 0 5H9M11 12l-2 2 2 2M3 14h3',
  open: 'M9 4H4v12h12v-5M12 3h5v5M17 3l-8 8',
  unified: 'M4 4h12v12H4zM4 8h12M4 12h12',
  split: 'M3 4h14v12H3zM10 4v12',
  text: 'M4 5h12M4 9h12M4 13h8',
  prompt: 'M4 6l4 4-4 4M10 14h6',
  success: 'M5 10.5l3.5 3.5L15 6.5',
  failure: 'M6 6l8 8M14 6l-8 8',
  cancelled: 'M10 3a7 7 0 1 1 0 14 7 7 0 0 1 0-14zM5 15L15 5',
  rejected: 'M10 3a7 7 0 1 1 0 14 7 7 0 0 1 0-14zM6 10h8',
  waiting: 'M10 3a7 7 0 1 1 0 14 7 7 0 0 1 0-14zM10 6v4l3 2',
  unknown: 'M7.5 7.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M10 14.5v.5',
} as const

export type GlyphName = keyof typeof GLYPHS

export function Glyph({ name, ...props }: { name: GlyphName } & ComponentProps<'svg'>) {
  return (
    <svg
      viewBox="0 0 20 20"
      width="16"
      height="16"
      aria-hidden="true"
      data-slot="glyph"
      data-glyph={name}
      {...props}
    >
      <path
        d={GLYPHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth={name === 'success' || name === 'failure' ? 2.2 : 1.5}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
