import type { UrlJudgement } from '../url'

/** A colour: an index into the 256-colour palette (0-15 are the theme's ANSI colours), or `#rrggbb`. */
export type TerminalColor = number | `#${string}`

/** The attributes of a run of text. Absent means off / the default colour. */
export interface TerminalStyle {
  readonly fg?: TerminalColor
  readonly bg?: TerminalColor
  readonly bold?: true
  readonly dim?: true
  readonly italic?: true
  readonly underline?: true
  readonly inverse?: true
  readonly strikethrough?: true
}

/** A safe hyperlink (OSC 8), judged by `judgeUrl`: only http, https and mailto ever get here. */
export type TerminalLink = Extract<UrlJudgement, { ok: true }>

export const BOLD = 1
export const DIM = 2
export const ITALIC = 4
export const UNDERLINE = 8
export const INVERSE = 16
export const STRIKE = 32

/** Colours inside the engine: -1 default, 0-255 palette, 0x1000000 + rgb for truecolor. */
export const DEFAULT_COLOR = -1
export const RGB_FLAG = 0x1000000

export interface StyleEntry {
  readonly style: TerminalStyle
  readonly link: TerminalLink | undefined
  /** The engine's numbers behind it (to restart parsing in this style). */
  readonly fg: number
  readonly bg: number
  readonly flags: number
  readonly linkId: number
}

const EMPTY: TerminalStyle = Object.freeze({})

function color(c: number): TerminalColor {
  if (c >= RGB_FLAG) return `#${(c - RGB_FLAG).toString(16).padStart(6, '0')}`
  return c
}

/** Interns (fg, bg, flags, link) into small integers so lines store one number per run. Id 0 is the default. */
export class StyleTable {
  private readonly ids = new Map<string, number>()
  readonly entries: StyleEntry[] = [
    { style: EMPTY, link: undefined, fg: DEFAULT_COLOR, bg: DEFAULT_COLOR, flags: 0, linkId: 0 },
  ]
  readonly #links: TerminalLink[] = []
  readonly #linkIds = new Map<string, number>()

  constructor() {
    this.ids.set('-1,-1,0,0', 0)
  }

  /** Link ids start at 1; 0 is "no link". */
  linkId(link: TerminalLink): number {
    let id = this.#linkIds.get(link.href)
    if (id === undefined) {
      this.#links.push(link)
      id = this.#links.length
      this.#linkIds.set(link.href, id)
    }
    return id
  }

  private readonly small = new Map<number, number>()

  intern(fg: number, bg: number, flags: number, link: number): number {
    // palette colours and the first links: a numeric key (fast); truecolor: a string key
    const numeric = fg < 256 && bg < 256 && link < 64
    const small = numeric ? (((fg + 1) * 257 + (bg + 1)) * 64 + flags) * 64 + link : -1
    let id = numeric ? this.small.get(small) : this.ids.get(`${fg},${bg},${flags},${link}`)
    if (id !== undefined) return id
    const key = `${fg},${bg},${flags},${link}`
    id = this.ids.get(key)
    if (id !== undefined) {
      if (numeric) this.small.set(small, id)
      return id
    }
    const style: {
      -readonly [K in keyof TerminalStyle]: TerminalStyle[K]
    } = {}
    if (fg !== DEFAULT_COLOR) style.fg = color(fg)
    if (bg !== DEFAULT_COLOR) style.bg = color(bg)
    if (flags & BOLD) style.bold = true
    if (flags & DIM) style.dim = true
    if (flags & ITALIC) style.italic = true
    if (flags & UNDERLINE) style.underline = true
    if (flags & INVERSE) style.inverse = true
    if (flags & STRIKE) style.strikethrough = true
    id = this.entries.length
    this.entries.push({
      style: Object.freeze(style),
      link: link ? this.#links[link - 1] : undefined,
      fg,
      bg,
      flags,
      linkId: link,
    })
    this.ids.set(key, id)
    if (numeric) this.small.set(small, id)
    return id
  }
}
