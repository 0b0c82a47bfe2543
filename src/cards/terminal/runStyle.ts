import type { CSSProperties } from 'react'
import type { TerminalColor, TerminalStyle } from '../../text/terminal'

const CUBE = [0, 95, 135, 175, 215, 255]

function hex(n: number): string {
  return n.toString(16).padStart(2, '0')
}

/** The colour of a 256-colour index 16-255 (xterm's cube and grey ramp), as #rrggbb. */
export function paletteHex(index: number): string {
  if (index >= 232) {
    const v = 8 + (index - 232) * 10
    return `#${hex(v)}${hex(v)}${hex(v)}`
  }
  const i = index - 16
  return `#${hex(CUBE[Math.floor(i / 36)]!)}${hex(CUBE[Math.floor(i / 6) % 6]!)}${hex(CUBE[i % 6]!)}`
}

/** A theme variable for the 16 ANSI colours; null for the others (they are plain RGB). */
function themeColor(c: TerminalColor): string | null {
  return typeof c === 'number' && c < 16 ? `var(--tc-ansi-${c})` : null
}

function rgbOf(c: TerminalColor): string {
  return typeof c === 'number' ? paletteHex(c) : c
}

export interface RunLook {
  style: CSSProperties | undefined
  /** data-* attributes for the CSS: fg-rgb (kept readable), bg (solid or tint), flags. */
  attrs: Record<string, string>
}

/**
 * How a run looks, from its attributes: the 16 ANSI colours are theme variables; 256-colour and
 * truecolor foregrounds are kept readable on the theme's background by the CSS (their lightness is
 * clamped per colour scheme); a background with the default foreground is drawn solid with the
 * terminal background as text colour (as a terminal's badges look); a background under an explicit
 * foreground is drawn as a tint, so the foreground stays readable. Inverse swaps first.
 */
export function runLook(s: TerminalStyle): RunLook {
  let fg = s.fg
  let bg = s.bg
  const attrs: Record<string, string> = {}
  const style: Record<string, string> = {}
  if (s.inverse) {
    const f = fg
    fg = bg
    bg = f
    if (bg === undefined) attrs['data-bg'] = 'fg'
  }
  if (fg !== undefined) {
    const theme = themeColor(fg)
    if (theme) style.color = theme
    else {
      style['--tc-run-fg'] = rgbOf(fg)
      attrs['data-fg'] = 'rgb'
    }
  } else if (s.inverse || bg !== undefined) {
    attrs['data-fg'] = 'bg'
  }
  if (bg !== undefined) {
    style['--tc-run-bg'] = themeColor(bg) ?? rgbOf(bg)
    attrs['data-bg'] = fg === undefined && themeColor(bg) ? 'solid' : 'tint'
    if (attrs['data-bg'] === 'tint' && attrs['data-fg'] === 'bg') delete attrs['data-fg']
  }
  if (s.dim && fg === undefined && bg === undefined && !s.inverse) style.color = 'var(--tc-terminal-fg-dim)'
  if (s.bold) attrs['data-bold'] = ''
  if (s.dim) attrs['data-dim'] = ''
  if (s.italic) attrs['data-italic'] = ''
  if (s.underline) attrs['data-underline'] = ''
  if (s.strikethrough) attrs['data-strike'] = ''
  const hasStyle = Object.keys(style).length > 0
  return { style: hasStyle ? (style as CSSProperties) : undefined, attrs }
}
