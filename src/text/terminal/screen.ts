import { judgeUrl } from '../url'
import { clearLine, joinBefore, Line, truncateAt, writeAt } from './line'
import {
  BOLD,
  DEFAULT_COLOR,
  DIM,
  INVERSE,
  ITALIC,
  RGB_FLAG,
  STRIKE,
  StyleTable,
  type TerminalLink,
  type TerminalStyle,
  UNDERLINE,
} from './style'
import { cellWidth } from './width'

export interface TerminalScreenOptions {
  /**
   * Most lines kept (plus the line being written). Past it the first `headLines` stay and the oldest
   * lines after them are dropped (counted in `droppedLines`). @default 100_000
   */
  maxLines?: number
  /** Lines kept at the head once lines are dropped. @default a fifth of maxLines */
  headLines?: number
  /**
   * Cursor moves (CSI C, G, tab) stop at this column, or at the end of the line when it is longer.
   * Printing is not limited: a 5 MB line stays one line. @default 2_000
   */
  maxCursorColumn?: number
  /**
   * Parse a line into styled runs only when it is read or changed (true), or as it is written (false).
   * The result is the same; lazy is faster for logs whose lines are mostly never shown. @default true
   */
  lazy?: boolean
}

/** A run of text with one style; `link` is set only for a safe OSC 8 hyperlink. */
export interface TerminalRun {
  readonly text: string
  readonly style: TerminalStyle
  readonly link?: TerminalLink
}

/** One line as styled runs (adjacent runs always differ in style or link). */
export interface TerminalLine {
  /** The line's text, trailing spaces included. */
  readonly text: string
  readonly runs: readonly TerminalRun[]
}

export interface TerminalScreen {
  /** Feeds output. Any split of the input, even inside an escape sequence, gives the same screen. */
  write(chunk: string): void
  /** Every line's text, trailing spaces trimmed, trailing empty lines dropped; a dropped-lines marker line where lines were dropped. */
  toPlainText(): string
  /** Lines to show (trailing empty lines not counted). Dropped lines are not counted. */
  readonly lineCount: number
  /** Line `index` (0 <= index < lineCount) as styled runs. The same object until the line changes. */
  line(index: number): TerminalLine
  /** Lines dropped because of `maxLines`. */
  readonly droppedLines: number
  /** When lines were dropped: the index of the first line shown after the gap (the head's length). */
  readonly droppedAt: number
  /** Bumped by every write that changed something. */
  readonly version: number
}

const GROUND = 0
const ESC = 1
const ESC_INTER = 2
const CSI = 3
const OSC = 4
const STR = 5

const MAX_PARAMS = 32
const MAX_PARAM_VALUE = 99_999_999
/** OSC payload kept (judgeUrl refuses URLs over 8,192 characters anyway); the rest is skipped. */
const MAX_OSC = 16_384
const DOTTED_CIRCLE = '\u25cc'

interface Saved {
  row: number
  col: number
  fg: number
  bg: number
  flags: number
}

class Screen implements TerminalScreen {
  private lines: Line[] = [new Line()]
  private row = 0
  private col = 0
  private readonly maxLines: number
  private readonly headLines: number
  private readonly maxCol: number
  /** Physical index of the first kept line after the head; lines between head and it are dropped. */
  private tailStart: number
  /** Lines already spliced out of `lines`. */
  private spliced = 0

  private fg = DEFAULT_COLOR
  private bg = DEFAULT_COLOR
  private flags = 0
  private link = 0
  private styleId = 0
  private styleDirty = false
  private readonly table: StyleTable = new StyleTable()

  /** Width of the last printed character when a combining character may join it, else 0. */
  private joinW = 0

  private state = GROUND
  /** CSI parameters: the first `np` entries; `sub` marks those that followed a colon. */
  private readonly params: number[] = new Array<number>(MAX_PARAMS).fill(-1)
  private readonly sub: boolean[] = new Array<boolean>(MAX_PARAMS).fill(false)
  private np = 0
  private cur = -1
  private nextSub = false
  private prefix = 0
  private ignore = false
  private osc = ''
  private oscOverflow = false
  private pendingHigh = ''
  private saved: Saved | undefined

  private ver = 0

  /**
   * Lazy lines: a line printed only by appending at its end keeps the input that printed it and is
   * parsed into runs when it is read or changed otherwise (most lines of a log are never shown).
   * `open` is the line whose input is still being collected: from index `from` of `src` (-1: none).
   * `at` is the index of the action being handled, where collected input ends.
   */
  private readonly eager: boolean
  private open: Line | null = null
  private src = ''
  private from = -1
  private at = 0
  private scratch: Screen | null = null
  private readonly options: TerminalScreenOptions

  constructor(options: TerminalScreenOptions = {}, table?: StyleTable) {
    this.options = options
    this.eager = table !== undefined || options.lazy === false
    if (table) this.table = table
    this.maxLines = Math.max(2, Math.floor(options.maxLines ?? 100_000))
    this.headLines = Math.min(
      this.maxLines - 1,
      Math.max(0, Math.floor(options.headLines ?? this.maxLines / 5)),
    )
    this.maxCol = Math.max(1, Math.floor(options.maxCursorColumn ?? 2_000))
    this.tailStart = this.headLines
    if (!this.eager) this.openLine(this.lines[0]!, 0)
  }

  // ---- lazy lines

  /** Makes `line` (empty, at the cursor) lazy, collecting input from index `from`. */
  private openLine(line: Line, from: number): void {
    if (this.styleDirty) this.updateStyle()
    line.lazy = true
    line.raw = ''
    line.rawStyle = this.styleId
    line.rawCol = this.col
    line.view = undefined
    this.open = line
    this.from = from
  }

  /** Stops collecting input for the open line (the cursor leaves it, or it is about to change). */
  private close(): void {
    const line = this.open
    if (line === null) return
    if (this.from >= 0 && this.at > this.from) line.raw += this.src.slice(this.from, this.at)
    this.open = null
    this.from = -1
  }

  /** Parses a lazy line into runs (the same parser, on a scratch screen sharing the style table). */
  private expand(line: Line): void {
    if (!line.lazy) return
    if (line === this.open) this.close()
    let t = this.scratch
    if (t === null) {
      t = new Screen(this.options, this.table)
      this.scratch = t
    }
    t.reset(line.rawStyle, line.rawCol)
    t.write(line.raw)
    // a high surrogate at the end was followed by something else in the input: it prints as U+FFFD
    if (t.pendingHigh !== '') t.write('\u0000')
    const built = t.lines[0]!
    line.runs = built.runs
    line.w = built.w
    line.lazy = false
    line.raw = ''
    line.view = undefined
  }

  private reset(styleId: number, col: number): void {
    const e = this.table.entries[styleId]!
    this.lines = [new Line()]
    this.row = 0
    this.col = col
    this.fg = e.fg
    this.bg = e.bg
    this.flags = e.flags
    this.link = e.linkId
    this.styleId = styleId
    this.styleDirty = false
    this.joinW = 0
    this.state = GROUND
    this.np = 0
    this.osc = ''
    this.oscOverflow = false
    this.pendingHigh = ''
    this.saved = undefined
  }

  /** The line at the cursor, parsed (for changes other than appending). */
  private eagerLine(): Line {
    const line = this.lines[this.row]!
    if (line.lazy) this.expand(line)
    return line
  }

  get version(): number {
    return this.ver
  }

  get droppedLines(): number {
    return this.spliced + (this.tailStart - this.headLines)
  }

  get droppedAt(): number {
    return this.droppedLines > 0 ? this.headLines : 0
  }

  private dropping(): boolean {
    return this.spliced > 0 || this.tailStart > this.headLines
  }

  /** Physical indices of the lines shown, in order. */
  private physical(index: number): number {
    if (!this.dropping() || index < this.headLines) return index
    return index - this.headLines + this.tailStart
  }

  private shownCount(): number {
    if (!this.dropping()) return this.lines.length
    return this.headLines + (this.lines.length - this.tailStart)
  }

  get lineCount(): number {
    let n = this.shownCount()
    while (n > 0) {
      const l = this.lines[this.physical(n - 1)]!
      if (l.w > 0) {
        this.expand(l)
        if (!isBlank(l)) break
      }
      n--
    }
    return n
  }

  line(index: number): TerminalLine {
    const l = this.lines[this.physical(index)]
    if (l === undefined) return EMPTY_LINE
    if (l.view !== undefined) return l.view as TerminalLine
    this.expand(l)
    const value = this.materialize(l)
    l.view = value
    return value
  }

  private materialize(l: Line): TerminalLine {
    const runs: TerminalRun[] = []
    let text = ''
    let t = ''
    let s = -1
    const flush = () => {
      if (s < 0 || t === '') return
      const entry = this.table.entries[s]!
      runs.push(
        entry.link ? { text: t, style: entry.style, link: entry.link } : { text: t, style: entry.style },
      )
    }
    for (const r of l.runs) {
      text += r.t
      if (r.s === s) {
        t += r.t
        continue
      }
      flush()
      t = r.t
      s = r.s
    }
    flush()
    return Object.freeze({ text, runs: Object.freeze(runs) })
  }

  toPlainText(): string {
    const n = this.lineCount
    const out: string[] = []
    for (let i = 0; i < n; i++) {
      if (i === this.headLines && this.dropping()) {
        out.push(`[${this.droppedLines} lines dropped]`)
      }
      const l = this.lines[this.physical(i)]!
      this.expand(l)
      out.push(trimSpaces(lineText(l)))
    }
    return out.join('\n')
  }

  write(chunk: string): void {
    if (chunk.length === 0) return
    this.ver++
    let s = chunk
    if (this.pendingHigh !== '') {
      s = this.pendingHigh + s
      this.pendingHigh = ''
    }
    const n = s.length
    this.src = s
    if (this.open !== null) this.from = 0
    let i = 0
    while (i < n) {
      const state = this.state
      if (state === GROUND) {
        let j = i
        let c = s.charCodeAt(j)
        while (c >= 0x20 && c < 0x7f) c = s.charCodeAt(++j)
        if (j > i) {
          this.at = i
          this.put(s, i, j, j - i, false)
          this.joinW = 1
          i = j
          if (i >= n) break
        }
        if (c === 0x1b && s.charCodeAt(i + 1) === 0x5b) {
          this.at = i
          const end = this.fastCsi(s, i + 2, n)
          if (end > 0) {
            i = end
            continue
          }
        }
        if (c < 0x20) {
          this.at = i
          this.control(c)
          i++
          continue
        }
        if (c < 0xa0) {
          // DEL and C1 controls: ignored
          i++
          continue
        }
        j = i + 1
        while (j < n && s.charCodeAt(j) >= 0xa0) j++
        const last = s.charCodeAt(j - 1)
        if (j === n && last >= 0xd800 && last <= 0xdbff) {
          this.pendingHigh = s[j - 1]!
          j--
        }
        if (j > i) {
          this.at = i
          this.printComplex(s, i, j)
        }
        i = j
        if (this.pendingHigh !== '') break
        continue
      }
      if (state === OSC || state === STR) {
        let j = i
        while (j < n && s.charCodeAt(j) >= 0x20) j++
        if (state === OSC && j > i && !this.oscOverflow) {
          const room = MAX_OSC - this.osc.length
          if (j - i > room) {
            this.osc += s.slice(i, i + room)
            this.oscOverflow = true
          } else {
            this.osc += s.slice(i, j)
          }
        }
        i = j
        if (i >= n) break
        const c = s.charCodeAt(i)
        if (c === 0x07) {
          if (state === OSC) this.oscEnd()
          this.state = GROUND
          i++
        } else if (c === 0x1b) {
          if (state === OSC) this.oscEnd()
          this.state = ESC
          i++
        } else if (c === 0x18 || c === 0x1a) {
          this.state = GROUND
          i++
        } else if (c === 0x0a || c === 0x0b || c === 0x0c) {
          // A string never swallows a line break: output that forgot a terminator keeps its next lines.
          this.state = GROUND
        } else {
          i++
        }
        continue
      }
      const c = s.charCodeAt(i)
      if (c >= 0x80) {
        // a non-ASCII character inside a sequence ends it; the character prints
        this.state = GROUND
        continue
      }
      this.at = i
      i++
      if (c < 0x20) {
        if (c === 0x1b) {
          this.state = ESC
        } else if (c === 0x18 || c === 0x1a) {
          this.state = GROUND
        } else {
          this.control(c)
        }
        continue
      }
      if (c === 0x7f) continue
      if (state === ESC) this.escChar(c)
      else if (state === ESC_INTER) {
        if (c >= 0x30) this.state = GROUND
      } else this.csiChar(c)
    }
    const open = this.open
    if (open !== null && this.from >= 0) {
      const end = n - this.pendingHigh.length
      if (end > this.from) open.raw += s.slice(this.from, end)
      this.from = -1
    }
  }

  // ---- printing

  /** Prints `s.slice(i, j)`, `w` cells wide, at the cursor. */
  private put(s: string, i: number, j: number, w: number, x: boolean): void {
    const line = this.lines[this.row]!
    if (line === this.open && this.col >= line.w) {
      // appending to a lazy line: the text is in its collected input already
      this.col += w
      line.w = this.col
      line.view = undefined
      return
    }
    if (line.lazy) this.expand(line)
    if (this.styleDirty) this.updateStyle()
    writeAt(line, this.col, i === 0 && j === s.length ? s : s.slice(i, j), w, x, this.styleId)
    this.col += w
  }

  /** Joins a zero-width character to the cell before the cursor. */
  private join(mark: string): void {
    const line = this.lines[this.row]!
    if (line === this.open && this.col >= line.w) return
    if (line.lazy) this.expand(line)
    joinBefore(line, this.col, mark)
  }

  private printComplex(s: string, i: number, j: number): void {
    // Fast path: the text is printed as it is (no lone surrogate, no mark without a base), so it is
    // one slice of the input; only the widths are computed.
    let p = i
    while (p < j && this.joinW > 0) {
      // marks that join the cell printed before this text
      const cp = s.codePointAt(p)!
      if (cp < 0x300 || (cp >= 0xd800 && cp <= 0xdfff) || cellWidth(cp) !== 0) break
      const len = cp > 0xffff ? 2 : 1
      this.join(s.slice(p, p + len))
      p += len
    }
    if (p >= j) return
    let w = 0
    let joinW = 0
    let q = p
    let ok = true
    while (q < j) {
      const c = s.charCodeAt(q)
      let cp = c
      if (c >= 0xd800 && c <= 0xdfff) {
        if (c > 0xdbff || q + 1 >= j) {
          ok = false
          break
        }
        const lo = s.charCodeAt(q + 1)
        if (lo < 0xdc00 || lo > 0xdfff) {
          ok = false
          break
        }
        cp = ((c - 0xd800) << 10) + (lo - 0xdc00) + 0x10000
        q++
      }
      q++
      const cw = cellWidth(cp)
      if (cw === 0) {
        if (joinW === 0) {
          ok = false
          break
        }
        continue
      }
      w += cw
      joinW = cw
    }
    if (ok) {
      this.joinW = joinW
      this.put(s, p, j, w, true)
      return
    }
    this.printSlow(s, p, j)
  }

  private printSlow(s: string, i: number, j: number): void {
    let text = ''
    let w = 0
    let p = i
    while (p < j) {
      let cp = s.codePointAt(p)!
      let ch: string
      if (cp > 0xffff) {
        ch = s.slice(p, p + 2)
        p += 2
      } else {
        p++
        if (cp >= 0xd800 && cp <= 0xdfff) {
          cp = 0xfffd
          ch = '\ufffd'
        } else {
          ch = s[p - 1]!
        }
      }
      const cw = cellWidth(cp)
      if (cw === 0) {
        if (this.joinW > 0) {
          if (text !== '') text += ch
          else this.join(ch)
        } else {
          // nothing to join: shown on a dotted circle, in a cell of its own
          text += DOTTED_CIRCLE + ch
          w += 1
        }
        continue
      }
      text += ch
      w += cw
      this.joinW = cw
    }
    if (text !== '') this.put(text, 0, text.length, w, true)
  }

  // ---- controls and cursor

  private control(c: number): void {
    this.joinW = 0
    switch (c) {
      case 0x0a:
      case 0x0b:
      case 0x0c:
        this.col = 0
        this.down(true)
        break
      case 0x0d:
        this.col = 0
        break
      case 0x08:
        if (this.col > 0) this.col--
        break
      case 0x09:
        this.col = this.clampCol((Math.floor(this.col / 8) + 1) * 8)
        break
      case 0x1b:
        this.state = ESC
        break
    }
  }

  private minRow(): number {
    return this.dropping() ? this.tailStart : 0
  }

  private clampCol(col: number): number {
    const limit = Math.max(this.maxCol, this.lines[this.row]!.w)
    return Math.min(col, limit)
  }

  /** Moves down one line; at the last line a new line is added when `scroll`. */
  private down(scroll: boolean): void {
    if (this.row < this.lines.length - 1) {
      this.setRow(this.row + 1)
      return
    }
    if (!scroll) return
    this.close()
    const line = new Line()
    this.lines.push(line)
    this.row++
    // lazy only from a clean start: not from inside a sequence (a control executed within one)
    if (!this.eager && this.state === GROUND) this.openLine(line, this.at + 1)
    // the line just started (at the cursor) is not counted until the next one starts
    if (this.shownCount() > this.maxLines + 1) {
      this.tailStart++
      const gap = this.tailStart - this.headLines
      if (gap > 1024 && gap > this.maxLines / 8) {
        this.lines.splice(this.headLines, gap)
        this.spliced += gap
        this.tailStart = this.headLines
        this.row -= gap
        if (this.saved) this.saved.row = Math.max(this.headLines, this.saved.row - gap)
      }
    }
  }

  private up(n: number): void {
    this.setRow(Math.max(this.minRow(), this.row - n))
  }

  private setRow(row: number): void {
    if (row === this.row) return
    this.close()
    this.row = row
  }

  private saveCursor(): void {
    this.saved = { row: this.row, col: this.col, fg: this.fg, bg: this.bg, flags: this.flags }
  }

  private restoreCursor(): void {
    // the saved cursor may come from before a lazy line's input: stop collecting it
    this.close()
    const sv = this.saved
    if (!sv) {
      this.setRow(Math.max(this.row, this.minRow()))
      return
    }
    this.setRow(Math.min(this.lines.length - 1, Math.max(this.minRow(), sv.row)))
    this.col = sv.col
    this.fg = sv.fg
    this.bg = sv.bg
    this.flags = sv.flags
    this.styleDirty = true
  }

  // ---- escape sequences

  private escChar(c: number): void {
    this.state = GROUND
    if (c < 0x30) {
      this.state = ESC_INTER
      return
    }
    this.joinW = 0
    switch (c) {
      case 0x5b: // [
        this.state = CSI
        this.np = 0
        this.cur = -1
        this.nextSub = false
        this.prefix = 0
        this.ignore = false
        break
      case 0x5d: // ]
        this.state = OSC
        this.osc = ''
        this.oscOverflow = false
        break
      case 0x50: // P  DCS
      case 0x58: // X  SOS
      case 0x5e: // ^  PM
      case 0x5f: // _  APC
        this.state = STR
        break
      case 0x37: // 7
        this.saveCursor()
        break
      case 0x38: // 8
        this.restoreCursor()
        break
      case 0x44: // D  index
        this.down(true)
        break
      case 0x45: // E  next line
        this.col = 0
        this.down(true)
        break
      case 0x4d: // M  reverse index
        this.up(1)
        break
      case 0x63: // c  reset: attributes only, the text stays
        this.fg = DEFAULT_COLOR
        this.bg = DEFAULT_COLOR
        this.flags = 0
        this.link = 0
        this.styleDirty = true
        break
    }
  }

  /**
   * A whole plain CSI (digits, `;`, `:` and a final byte) inside this chunk, handled in one loop with
   * the same result as the state machine. Returns the index after it, or -1 to let the state machine
   * take it (private markers, intermediates, controls inside, or the chunk ends first).
   */
  private fastCsi(s: string, start: number, n: number): number {
    this.np = 0
    this.cur = -1
    this.nextSub = false
    this.prefix = 0
    this.ignore = false
    for (let k = start; k < n; k++) {
      const c = s.charCodeAt(k)
      if (c >= 0x30 && c <= 0x39) {
        const v = this.cur < 0 ? c - 0x30 : this.cur * 10 + (c - 0x30)
        this.cur = Math.min(v, MAX_PARAM_VALUE)
      } else if (c === 0x3b || c === 0x3a) {
        this.pushParam()
        this.nextSub = c === 0x3a
      } else if (c >= 0x40 && c <= 0x7e) {
        this.pushParam()
        this.joinW = 0
        this.at = k
        this.csiDispatch(c)
        return k + 1
      } else {
        return -1
      }
    }
    return -1
  }

  private pushParam(): void {
    if (this.np < MAX_PARAMS) {
      this.params[this.np] = this.cur
      this.sub[this.np] = this.nextSub
      this.np++
    }
    this.cur = -1
  }

  private csiChar(c: number): void {
    if (c >= 0x30 && c <= 0x39) {
      const v = this.cur < 0 ? c - 0x30 : this.cur * 10 + (c - 0x30)
      this.cur = Math.min(v, MAX_PARAM_VALUE)
      return
    }
    if (c === 0x3b || c === 0x3a) {
      this.pushParam()
      this.nextSub = c === 0x3a
      return
    }
    if (c >= 0x3c && c <= 0x3f) {
      if (this.np === 0 && this.cur < 0 && this.prefix === 0) this.prefix = c
      else this.ignore = true
      return
    }
    if (c < 0x30) {
      this.ignore = true
      return
    }
    // final byte
    this.pushParam()
    this.state = GROUND
    this.joinW = 0
    if (this.ignore || this.prefix !== 0) return
    this.csiDispatch(c)
  }

  private p0(): number {
    const v = this.np > 0 ? this.params[0]! : -1
    return Math.max(v, 1)
  }

  private csiDispatch(c: number): void {
    switch (c) {
      case 0x41: // A
        this.up(this.p0())
        break
      case 0x42: // B
        this.setRow(Math.min(this.lines.length - 1, this.row + this.p0()))
        break
      case 0x43: // C
        this.col = this.clampCol(this.col + this.p0())
        break
      case 0x44: // D
        this.col = Math.max(0, this.col - this.p0())
        break
      case 0x45: // E
        this.setRow(Math.min(this.lines.length - 1, this.row + this.p0()))
        this.col = 0
        break
      case 0x46: // F
        this.up(this.p0())
        this.col = 0
        break
      case 0x47: // G
      case 0x60: // `
        this.col = this.clampCol(this.p0() - 1)
        break
      case 0x4b: // K
        this.eraseInLine(this.np > 0 ? this.params[0]! : -1)
        break
      case 0x4a: // J
        if (this.np === 0 || this.params[0]! <= 0) {
          this.eraseInLine(0)
          // lines below become empty: a terminal keeps them as blank rows, here they go (blank either way)
          if (this.lines.length > this.row + 1) this.lines.length = this.row + 1
        }
        break
      case 0x6d: // m
        this.sgr()
        break
      case 0x73: // s
        this.saveCursor()
        break
      case 0x75: // u
        this.restoreCursor()
        break
    }
  }

  private eraseInLine(mode: number): void {
    let line = this.lines[this.row]!
    if (mode <= 0 && this.col >= line.w) return
    if (mode === 2 || (mode <= 0 && this.col === 0)) {
      // the line becomes empty: it can start collecting lazily again
      this.close()
      line.lazy = false
      line.raw = ''
      clearLine(line)
      if (!this.eager) this.openLine(line, this.at + 1)
      return
    }
    line = this.eagerLine()
    if (mode <= 0) {
      truncateAt(line, this.col)
    } else if (mode === 1) {
      const n = this.col + 1
      if (this.styleDirty) this.updateStyle()
      const erase = this.table.intern(DEFAULT_COLOR, this.bg, 0, 0)
      writeAt(line, 0, ' '.repeat(n), n, false, erase)
      if (n >= line.w && erase === 0) truncateAt(line, 0)
    }
  }

  // ---- SGR

  private sgr(): void {
    const n = this.np
    const ps = this.params
    const sub = this.sub
    this.styleDirty = true
    for (let k = 0; k < n; k++) {
      if (sub[k]) continue
      const p = Math.max(ps[k]!, 0)
      if (p >= 30 && p <= 37) this.fg = p - 30
      else if (p >= 40 && p <= 47) this.bg = p - 40
      else if (p >= 90 && p <= 97) this.fg = p - 90 + 8
      else if (p >= 100 && p <= 107) this.bg = p - 100 + 8
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
          const mode = this.arg(k + 1)
          if (mode === 5) {
            color = palette(this.arg(k + 2))
            k += 2
          } else if (mode === 2) {
            color = rgb(this.arg(k + 2), this.arg(k + 3), this.arg(k + 4))
            k += 4
          } else {
            k = n
          }
        }
        if (color !== -2) {
          if (p === 38) this.fg = color
          else if (p === 48) this.bg = color
        }
      } else {
        switch (p) {
          case 0:
            this.fg = DEFAULT_COLOR
            this.bg = DEFAULT_COLOR
            this.flags = 0
            break
          case 1:
            this.flags |= BOLD
            break
          case 2:
            this.flags |= DIM
            break
          case 3:
            this.flags |= ITALIC
            break
          case 4:
            if (k + 1 < n && sub[k + 1]) {
              this.flags = ps[k + 1] === 0 ? this.flags & ~UNDERLINE : this.flags | UNDERLINE
              k++
            } else this.flags |= UNDERLINE
            break
          case 7:
            this.flags |= INVERSE
            break
          case 9:
            this.flags |= STRIKE
            break
          case 21:
            this.flags |= UNDERLINE
            break
          case 22:
            this.flags &= ~(BOLD | DIM)
            break
          case 23:
            this.flags &= ~ITALIC
            break
          case 24:
            this.flags &= ~UNDERLINE
            break
          case 27:
            this.flags &= ~INVERSE
            break
          case 29:
            this.flags &= ~STRIKE
            break
          case 39:
            this.fg = DEFAULT_COLOR
            break
          case 49:
            this.bg = DEFAULT_COLOR
            break
        }
      }
    }
  }

  /** Parameter k of the current CSI, or undefined past the last one. */
  private arg(k: number): number | undefined {
    return k < this.np ? this.params[k] : undefined
  }

  private updateStyle(): void {
    this.styleDirty = false
    this.styleId = this.table.intern(this.fg, this.bg, this.flags, this.link)
  }

  // ---- OSC

  private oscEnd(): void {
    this.joinW = 0
    if (this.oscOverflow) {
      // too long to judge: an OSC 8 link this large ends any open link and is not a link
      if (this.osc.startsWith('8;')) this.setLink(0)
      return
    }
    const payload = this.osc
    this.osc = ''
    if (!payload.startsWith('8;')) return
    const semi = payload.indexOf(';', 2)
    if (semi < 0) {
      this.setLink(0)
      return
    }
    const uri = payload.slice(semi + 1)
    if (uri === '') {
      this.setLink(0)
      return
    }
    const judged = judgeUrl(uri)
    this.setLink(judged.ok ? this.table.linkId(judged) : 0)
  }

  private setLink(id: number): void {
    if (this.link !== id) {
      this.link = id
      this.styleDirty = true
    }
  }
}

function palette(v: number | undefined): number {
  if (v === undefined || v < 0 || v > 255) return -2
  return v
}

function rgb(r: number | undefined, g: number | undefined, b: number | undefined): number {
  if (r === undefined || g === undefined || b === undefined) return -2
  const c = (x: number) => (x < 0 ? 0 : Math.min(x, 255))
  return RGB_FLAG + (c(r) << 16) + (c(g) << 8) + c(b)
}

const EMPTY_LINE: TerminalLine = Object.freeze({ text: '', runs: Object.freeze([]) })

function lineText(l: Line): string {
  const runs = l.runs
  if (runs.length === 1) return runs[0]!.t
  let t = ''
  for (const r of runs) t += r.t
  return t
}

function trimSpaces(t: string): string {
  let e = t.length
  while (e > 0 && t.charCodeAt(e - 1) === 0x20) e--
  return e === t.length ? t : t.slice(0, e)
}

function isBlank(l: Line): boolean {
  for (const r of l.runs) {
    const t = r.t
    for (let k = 0; k < t.length; k++) if (t.charCodeAt(k) !== 0x20) return false
  }
  return true
}

/** Creates an empty screen: an unbounded-width terminal whose output is kept, as a log is. */
export function createTerminalScreen(options?: TerminalScreenOptions): TerminalScreen {
  return new Screen(options)
}
