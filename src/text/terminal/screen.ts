import { clearLine, joinBefore, Line, spaces, spliceCells, truncateAt, writeAt } from './line'
import { oscLink } from './osc'
import { VtParser } from './parser'
import { Scrollback } from './scrollback'
import { applySgr, type Pen } from './sgr'
import { DEFAULT_COLOR, StyleTable, type TerminalLink, type TerminalStyle } from './style'
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

const DOTTED_CIRCLE = '\u25cc'

interface Saved extends Pen {
  row: number
  col: number
}

/**
 * The screen model: an unbounded-width terminal whose output is kept, as a log is. The parser
 * (`parser.ts`) hands it text, controls and sequences; SGR is `sgr.ts`, OSC `osc.ts`, the bounded line
 * store `scrollback.ts`, one line's runs `line.ts`.
 */
class Screen extends VtParser implements TerminalScreen {
  private readonly sb: Scrollback
  /** `sb.lines` (the same array for the screen's life). */
  private readonly lines: Line[]
  private row = 0
  private col = 0
  readonly #maxCol: number

  private readonly pen: Pen = { fg: DEFAULT_COLOR, bg: DEFAULT_COLOR, flags: 0 }
  private link = 0
  private styleId = 0
  private styleDirty = false
  private readonly table: StyleTable = new StyleTable()

  #saved: Saved | undefined
  /**
   * 1: a cursor is saved and not restored yet. 2: an absolute move (ignored) came after it, so what is
   * printed is drawn elsewhere on the screen (apt's progress bar on the last row), not in the log, until
   * the cursor is restored or a line ends. 0 otherwise.
   */
  private away = 0

  #ver = 0

  /**
   * Lazy lines: a line printed only by appending at its end keeps the input that printed it and is
   * parsed into runs when it is read or changed otherwise (most lines of a log are never shown).
   * `open` is the line whose input is still being collected: from index `from` of `src` (-1: none).
   * The parser's `at` is the index of the action being handled, where collected input ends.
   */
  readonly #eager: boolean
  private open: Line | null = null
  private src = ''
  private from = -1
  #scratch: Screen | null = null
  readonly #options: TerminalScreenOptions

  constructor(options: TerminalScreenOptions = {}, table?: StyleTable) {
    super()
    this.#options = options
    this.#eager = table !== undefined || options.lazy === false
    if (table) this.table = table
    this.sb = new Scrollback(options.maxLines, options.headLines)
    this.lines = this.sb.lines
    this.#maxCol = Math.max(1, Math.floor(options.maxCursorColumn ?? 2_000))
    if (!this.#eager) this.#openLine(this.lines[0]!, 0)
  }

  // ---- lazy lines

  /** Makes `line` (empty, at the cursor) lazy, collecting input from index `from`. */
  #openLine(line: Line, from: number): void {
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
  #expand(line: Line): void {
    if (!line.lazy) return
    if (line === this.open) this.close()
    let t = this.#scratch
    if (t === null) {
      t = new Screen(this.#options, this.table)
      this.#scratch = t
    }
    t.#reset(line.rawStyle, line.rawCol)
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

  #reset(styleId: number, col: number): void {
    const e = this.table.entries[styleId]!
    this.sb.reset()
    this.row = 0
    this.col = col
    this.pen.fg = e.fg
    this.pen.bg = e.bg
    this.pen.flags = e.flags
    this.link = e.linkId
    this.styleId = styleId
    this.styleDirty = false
    this.resetParser()
    this.#saved = undefined
    this.away = 0
  }

  /** The line at the cursor, parsed (for changes other than appending). */
  #eagerLine(): Line {
    const line = this.lines[this.row]!
    if (line.lazy) this.#expand(line)
    return line
  }

  // ---- reading

  get version(): number {
    return this.#ver
  }

  get droppedLines(): number {
    return this.sb.droppedLines
  }

  get droppedAt(): number {
    return this.sb.droppedLines > 0 ? this.sb.headLines : 0
  }

  get lineCount(): number {
    let n = this.sb.shownCount()
    while (n > 0) {
      const l = this.lines[this.sb.physical(n - 1)]!
      if (l.w > 0) {
        this.#expand(l)
        if (!isBlank(l)) break
      }
      n--
    }
    return n
  }

  line(index: number): TerminalLine {
    const l = this.lines[this.sb.physical(index)]
    if (l === undefined) return EMPTY_LINE
    if (l.view !== undefined) return l.view as TerminalLine
    this.#expand(l)
    const value = this.#materialize(l)
    l.view = value
    return value
  }

  #materialize(l: Line): TerminalLine {
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
    const head = this.sb.headLines
    const dropping = this.sb.dropping()
    // One string built by appending: V8 copies the pieces (mostly slices of the input) once, when the
    // result is first read, where an array of line strings joined costs a copy per line and another one
    // for the join.
    let out = ''
    for (let i = 0; i < n; i++) {
      if (i > 0) out += '\n'
      if (i === head && dropping) out += `[${this.droppedLines} lines dropped]\n`
      const l = this.lines[this.sb.physical(i)]!
      // a lazy line's text straight from its input when that is simple (text, SGR, tabs): no runs built
      if (l.lazy) {
        const fast = this.#appendLazyText(out, l)
        if (fast !== null) {
          out = fast
          continue
        }
      }
      this.#expand(l)
      out = appendRunsText(out, l)
    }
    return out
  }

  /**
   * `out` followed by the text of lazy `line` (trailing spaces trimmed) read from its collected input
   * without building runs, or null when the input holds anything but printable text, SGR sequences and
   * tabs (then the line is parsed). Same result as parsing: text padded with spaces where tabs or the
   * start column left cells. Spaces are added only when text follows them, so none trail.
   */
  #appendLazyText(out: string, line: Line): string | null {
    if (line === this.open) this.close()
    const raw = line.raw
    const n = raw.length
    let col = line.rawCol
    /** Cells printed. */
    let w = 0
    /** Cells whose text is in `out` (the cells between it and the next text are spaces). */
    let done = 0
    let i = 0
    while (i < n) {
      const c = raw.charCodeAt(i)
      if (isPrintableAscii(c)) {
        // printable ASCII up to j, its last character other than a space ending at e
        let j = i + 1
        let e = c === 0x20 ? i : j
        while (j < n) {
          const d = raw.charCodeAt(j)
          if (!isPrintableAscii(d)) break
          j++
          if (d !== 0x20) e = j
        }
        if (col < w) return null
        if (e > i) {
          if (col > done) out += spaces(col - done)
          out += i === 0 && e === n ? raw : raw.slice(i, e)
          done = col + (e - i)
        }
        col += j - i
        w = col
        i = j
        continue
      }
      if (c === 0x1b) {
        // only `ESC [ digits ; : m` (colours and attributes)
        if (raw.charCodeAt(i + 1) !== 0x5b) return null
        let j = i + 2
        while (j < n && isSgrParam(raw.charCodeAt(j))) j++
        if (j >= n || raw.charCodeAt(j) !== 0x6d) return null
        i = j + 1
        continue
      }
      if (c === 0x09) {
        col = Math.min((Math.floor(col / 8) + 1) * 8, Math.max(this.#maxCol, w))
        i++
        continue
      }
      // characters from U+00A0 on (none is a space) up to j, one cell or two each
      if (col < w) return null
      const start = col
      let j = i
      while (j < n) {
        const d = raw.charCodeAt(j)
        if (d < 0xa0 || (d >= 0xd800 && d <= 0xdfff)) break
        const cw = cellWidth(d)
        if (cw === 0) return null
        col += cw
        j++
      }
      if (j === i) return null
      if (start > done) out += spaces(start - done)
      out += raw.slice(i, j)
      done = col
      w = col
      i = j
    }
    return out
  }

  // ---- writing

  write(chunk: string): void {
    if (chunk.length === 0) return
    this.#ver++
    let s = chunk
    if (this.pendingHigh !== '') {
      s = this.pendingHigh + s
      this.pendingHigh = ''
    }
    this.src = s
    if (this.open !== null) this.from = 0
    this.parse(s)
    const open = this.open
    if (open !== null && this.from >= 0) {
      const end = s.length - this.pendingHigh.length
      if (end > this.from) open.raw += s.slice(this.from, end)
      this.from = -1
    }
  }

  // ---- printing

  /** Prints `s.slice(i, j)`, `w` cells wide, at the cursor. */
  protected put(s: string, i: number, j: number, w: number, x: boolean): void {
    if (this.away > 1) return
    const line = this.lines[this.row]!
    if (line === this.open && this.col >= line.w) {
      // appending to a lazy line: the text is in its collected input already
      this.col += w
      line.w = this.col
      line.view = undefined
      return
    }
    if (line.lazy) this.#expand(line)
    if (this.styleDirty) this.updateStyle()
    writeAt(line, this.col, i === 0 && j === s.length ? s : s.slice(i, j), w, x, this.styleId)
    this.col += w
  }

  /** Joins a zero-width character to the cell before the cursor. */
  #join(mark: string): void {
    const line = this.lines[this.row]!
    if (line === this.open && this.col >= line.w) return
    if (line.lazy) this.#expand(line)
    joinBefore(line, this.col, mark)
  }

  protected printComplex(s: string, i: number, j: number): void {
    if (this.away > 1) return
    // Fast path: the text is printed as it is (no lone surrogate, no mark without a base), so it is
    // one slice of the input; only the widths are computed.
    let p = i
    while (p < j && this.joinW > 0) {
      // marks that join the cell printed before this text
      const cp = s.codePointAt(p)!
      if (cp < 0x300 || (cp >= 0xd800 && cp <= 0xdfff) || cellWidth(cp) !== 0) break
      const len = cp > 0xffff ? 2 : 1
      this.#join(s.slice(p, p + len))
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
    this.#printSlow(s, p, j)
  }

  #printSlow(s: string, i: number, j: number): void {
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
          else this.#join(ch)
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

  protected control(c: number): void {
    this.joinW = 0
    switch (c) {
      case 0x0a:
      case 0x0b:
      case 0x0c:
        this.away = 0
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
        this.col = this.#clampCol((Math.floor(this.col / 8) + 1) * 8)
        break
    }
  }

  #clampCol(col: number): number {
    const limit = Math.max(this.#maxCol, this.lines[this.row]!.w)
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
    const gap = this.sb.push(line)
    this.row += 1 - gap
    if (gap > 0 && this.#saved) this.#saved.row = Math.max(this.sb.headLines, this.#saved.row - gap)
    // lazy only from a clean start: not from inside a sequence (a control executed within one)
    if (!this.#eager && this.inGround) this.#openLine(line, this.at + 1)
  }

  #up(n: number): void {
    this.setRow(Math.max(this.sb.minRow(), this.row - n))
  }

  private setRow(row: number): void {
    if (row === this.row) return
    this.close()
    this.row = row
  }

  #saveCursor(): void {
    this.away = 1
    const { fg, bg, flags } = this.pen
    this.#saved = { row: this.row, col: this.col, fg, bg, flags }
  }

  #restoreCursor(): void {
    this.away = 0
    // the saved cursor may come from before a lazy line's input: stop collecting it
    this.close()
    const sv = this.#saved
    if (!sv) {
      this.setRow(Math.max(this.row, this.sb.minRow()))
      return
    }
    this.setRow(Math.min(this.lines.length - 1, Math.max(this.sb.minRow(), sv.row)))
    this.col = sv.col
    this.pen.fg = sv.fg
    this.pen.bg = sv.bg
    this.pen.flags = sv.flags
    this.styleDirty = true
  }

  // ---- escape sequences

  protected escDispatch(c: number): void {
    switch (c) {
      case 0x37: // 7
        this.#saveCursor()
        break
      case 0x38: // 8
        this.#restoreCursor()
        break
      case 0x44: // D  index
        this.down(true)
        break
      case 0x45: // E  next line
        this.col = 0
        this.down(true)
        break
      case 0x4d: // M  reverse index
        this.#up(1)
        break
      case 0x63: // c  reset: attributes only, the text stays
        this.pen.fg = DEFAULT_COLOR
        this.pen.bg = DEFAULT_COLOR
        this.pen.flags = 0
        this.link = 0
        this.styleDirty = true
        break
    }
  }

  private p0(): number {
    const v = this.np > 0 ? this.params[0]! : -1
    return Math.max(v, 1)
  }

  protected csiDispatch(c: number): void {
    switch (c) {
      case 0x41: // A
        this.#up(this.p0())
        break
      case 0x42: // B
        this.setRow(Math.min(this.lines.length - 1, this.row + this.p0()))
        break
      case 0x43: // C
        this.col = this.#clampCol(this.col + this.p0())
        break
      case 0x44: // D
        this.col = Math.max(0, this.col - this.p0())
        break
      case 0x45: // E
        this.setRow(Math.min(this.lines.length - 1, this.row + this.p0()))
        this.col = 0
        break
      case 0x46: // F
        this.#up(this.p0())
        this.col = 0
        break
      case 0x47: // G
      case 0x60: // `
        this.col = this.#clampCol(this.p0() - 1)
        break
      case 0x4b: // K
        this.#eraseInLine(this.np > 0 ? this.params[0]! : -1)
        break
      case 0x40: // @  insert blanks (ICH)
      case 0x50: // P  delete characters (DCH)
      case 0x58: // X  erase characters (ECH)
        this.#editChars(c, this.p0())
        break
      case 0x4a: // J
        if (this.np === 0 || this.params[0]! <= 0) {
          this.#eraseInLine(0)
          // lines below become empty: a terminal keeps them as blank rows, here they go (blank either way)
          if (this.lines.length > this.row + 1) this.lines.length = this.row + 1
        }
        break
      case 0x48: // H  cursor position, ignored (a log, not a screen)
      case 0x64: // d  line position
      case 0x66: // f
        if (this.away) {
          this.close()
          this.away = 2
        }
        break
      case 0x6d: // m
        applySgr(this.pen, this.params, this.sub, this.np)
        this.styleDirty = true
        break
      case 0x73: // s
        this.#saveCursor()
        break
      case 0x75: // u
        this.#restoreCursor()
        break
    }
  }

  #eraseInLine(mode: number): void {
    let line = this.lines[this.row]!
    if (mode <= 0 && this.col >= line.w) return
    if (mode === 2 || (mode <= 0 && this.col === 0)) {
      // the line becomes empty: it can start collecting lazily again
      this.close()
      line.lazy = false
      line.raw = ''
      clearLine(line)
      if (!this.#eager) this.#openLine(line, this.at + 1)
      return
    }
    line = this.#eagerLine()
    if (mode <= 0) {
      truncateAt(line, this.col)
    } else if (mode === 1) {
      const n = this.col + 1
      if (this.styleDirty) this.updateStyle()
      const erase = this.table.intern(DEFAULT_COLOR, this.pen.bg, 0, 0)
      writeAt(line, 0, ' '.repeat(n), n, false, erase)
      if (n >= line.w && erase === 0) truncateAt(line, 0)
    }
  }

  /**
   * ICH, DCH and ECH at the cursor, which stays (readline editing a command line, `\x1b[1P`). Past the
   * end of the line they change nothing a log shows. Blanks inserted push the line's end right up to a
   * margin at the maximum cursor column or the line's own width, whichever is more, and what passes it
   * goes, as at a terminal's right margin: a line grows by what is printed, not by `CSI 9999 @` repeated.
   */
  #editChars(c: number, n: number): void {
    if (this.col >= this.lines[this.row]!.w) return
    const line = this.#eagerLine()
    const col = this.col
    const end = Math.min(col + n, line.w)
    if (this.styleDirty) this.updateStyle()
    const blank = this.table.intern(DEFAULT_COLOR, this.pen.bg, 0, 0)
    if (c === 0x40) {
      const margin = Math.max(this.#maxCol, line.w)
      spliceCells(line, col, col, Math.min(n, margin - col), blank)
      truncateAt(line, margin)
    } else if (c === 0x50) spliceCells(line, col, end, 0, blank)
    else if (end === line.w && blank === 0) truncateAt(line, col)
    else writeAt(line, col, spaces(end - col), end - col, false, blank)
  }

  private updateStyle(): void {
    this.styleDirty = false
    this.styleId = this.table.intern(this.pen.fg, this.pen.bg, this.pen.flags, this.link)
  }

  // ---- OSC

  protected oscDispatch(payload: string, overflow: boolean): void {
    const link = oscLink(payload, overflow)
    if (link === undefined) return
    const id = link === null ? 0 : this.table.linkId(link)
    if (this.link !== id) {
      this.link = id
      this.styleDirty = true
    }
  }
}

const EMPTY_LINE: TerminalLine = Object.freeze({ text: '', runs: Object.freeze([]) })

/** `out` followed by the text of `l`'s runs, trailing spaces trimmed. */
function appendRunsText(out: string, l: Line): string {
  const runs = l.runs
  // the last run with a character other than a space, and where that character ends in it
  let k = runs.length - 1
  let e = 0
  for (; k >= 0; k--) {
    const t = runs[k]!.t
    e = t.length
    while (e > 0 && t.charCodeAt(e - 1) === 0x20) e--
    if (e > 0) break
  }
  for (let r = 0; r < k; r++) out += runs[r]!.t
  if (k >= 0) {
    const t = runs[k]!.t
    out += e === t.length ? t : t.slice(0, e)
  }
  return out
}

function isPrintableAscii(c: number): boolean {
  return c >= 0x20 && c < 0x7f
}

function isSgrParam(c: number): boolean {
  return c === 0x3b || c === 0x3a || (c >= 0x30 && c <= 0x39)
}

function isBlank(l: Line): boolean {
  for (const r of l.runs) {
    const t = r.t
    for (let k = 0; k < t.length; k++) if (t.charCodeAt(k) !== 0x20) return false
  }
  return true
}

/**
 * One empty screen kept for the module's life (a few hundred bytes). V8's optimized code for the
 * parser and the screen checks the hidden classes (maps) of a screen's objects, and those maps live
 * only as long as some object has them: once the last screen is collected, a full collection drops
 * them and throws that code away (a "weak objects" deoptimization), so the next screen's first large
 * write runs unoptimized while it is compiled again. Measured on the 5 MB bench log after a full
 * collection with no screen alive: 68 ms wall and 120 ms CPU (the compiler runs on another thread)
 * without this, 26 ms and 26 ms with it.
 */
const kept: Screen[] = []

/** Creates an empty screen: an unbounded-width terminal whose output is kept, as a log is. */
export function createTerminalScreen(options?: TerminalScreenOptions): TerminalScreen {
  if (kept.length === 0) kept.push(new Screen())
  return new Screen(options)
}
