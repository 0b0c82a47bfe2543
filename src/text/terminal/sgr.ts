import { BOLD, DEFAULT_COLOR, DIM, INVERSE, ITALIC, RGB_FLAG, STRIKE, UNDERLINE } from './style'

/** The attributes that the next printed text takes (engine numbers: see `StyleTable`). */
export interface Pen {
  fg: number
  bg: number
  flags: number
}

/**
 * Applies one SGR sequence (`CSI ... m`) to `pen`: parameters `ps[0..n)`, `sub[k]` set for those that
 * followed a colon. Underline colour (58) is read and dropped; unknown parameters are ignored.
 */
export function applySgr(pen: Pen, ps: readonly number[], sub: readonly boolean[], n: number): void {
  for (let k = 0; k < n; k++) {
    if (sub[k]) continue
    const p = Math.max(ps[k]!, 0)
    if (p >= 30 && p <= 37) pen.fg = p - 30
    else if (p >= 40 && p <= 47) pen.bg = p - 40
    else if (p >= 90 && p <= 97) pen.fg = p - 90 + 8
    else if (p >= 100 && p <= 107) pen.bg = p - 100 + 8
    else if (p === 38 || p === 48 || p === 58) {
      let color = -2
      if (k + 1 < n && sub[k + 1]) {
        // colon form: 38:5:n, 38:2:r:g:b or 38:2:cs:r:g:b
        let e = k + 1
        while (e < n && sub[e]) e++
        const args = ps.slice(k + 1, e)
        k = e - 1
        if (args[0] === 5) color = palette(args[1])
        else if (args[0] === 2)
          color = args.length >= 5 ? rgb(args[2], args[3], args[4]) : rgb(args[1], args[2], args[3])
      } else {
        const mode = arg(ps, n, k + 1)
        if (mode === 5) {
          color = palette(arg(ps, n, k + 2))
          k += 2
        } else if (mode === 2) {
          color = rgb(arg(ps, n, k + 2), arg(ps, n, k + 3), arg(ps, n, k + 4))
          k += 4
        } else {
          k = n
        }
      }
      if (color !== -2) {
        if (p === 38) pen.fg = color
        else if (p === 48) pen.bg = color
      }
    } else {
      switch (p) {
        case 0:
          pen.fg = DEFAULT_COLOR
          pen.bg = DEFAULT_COLOR
          pen.flags = 0
          break
        case 1:
          pen.flags |= BOLD
          break
        case 2:
          pen.flags |= DIM
          break
        case 3:
          pen.flags |= ITALIC
          break
        case 4:
          if (k + 1 < n && sub[k + 1]) {
            pen.flags = ps[k + 1] === 0 ? pen.flags & ~UNDERLINE : pen.flags | UNDERLINE
            k++
          } else pen.flags |= UNDERLINE
          break
        case 7:
          pen.flags |= INVERSE
          break
        case 9:
          pen.flags |= STRIKE
          break
        case 21:
          pen.flags |= UNDERLINE
          break
        case 22:
          pen.flags &= ~(BOLD | DIM)
          break
        case 23:
          pen.flags &= ~ITALIC
          break
        case 24:
          pen.flags &= ~UNDERLINE
          break
        case 27:
          pen.flags &= ~INVERSE
          break
        case 29:
          pen.flags &= ~STRIKE
          break
        case 39:
          pen.fg = DEFAULT_COLOR
          break
        case 49:
          pen.bg = DEFAULT_COLOR
          break
      }
    }
  }
}

/** Parameter k, or undefined past the last one. */
function arg(ps: readonly number[], n: number, k: number): number | undefined {
  return k < n ? ps[k] : undefined
}

/** A 256-colour palette index, or -2 (no change) when missing or out of range. */
function palette(v: number | undefined): number {
  if (v === undefined || v < 0 || v > 255) return -2
  return v
}

/** A truecolor value (components clamped to 0-255), or -2 (no change) when a component is missing. */
function rgb(r: number | undefined, g: number | undefined, b: number | undefined): number {
  if (r === undefined || g === undefined || b === undefined) return -2
  return RGB_FLAG + (clamp255(r) << 16) + (clamp255(g) << 8) + clamp255(b)
}

function clamp255(x: number): number {
  return x < 0 ? 0 : Math.min(x, 255)
}
