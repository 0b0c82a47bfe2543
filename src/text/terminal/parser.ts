/**
 * The VT parser: a state machine over the input (ground, ESC, CSI, OSC and the other strings) that
 * hands printable text, controls and finished sequences to the screen through the abstract methods
 * below. Bounded whatever the input: at most `MAX_PARAMS` CSI parameters (each capped), at most
 * `MAX_OSC` characters of an OSC kept, and no string swallows a line break.
 */

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

export abstract class VtParser {
  /** CSI parameters: the first `np` entries (-1: empty); `sub` marks those that followed a colon. */
  protected readonly params: number[] = new Array<number>(MAX_PARAMS).fill(-1)
  protected readonly sub: boolean[] = new Array<boolean>(MAX_PARAMS).fill(false)
  protected np = 0
  /** Width of the last printed character when a combining character may join it, else 0. */
  protected joinW = 0
  /** A high surrogate that ended the last chunk (printed with the next one). */
  protected pendingHigh = ''
  /** Index in the current chunk of the action being handled. */
  protected at = 0
  /** True between sequences (the parser is not inside an escape sequence or a string). */
  protected get inGround(): boolean {
    return this.state === GROUND
  }

  private state = GROUND
  private cur = -1
  private nextSub = false
  private prefix = 0
  private ignore = false
  #osc = ''
  #oscOverflow = false

  /** Prints `s.slice(i, j)`, `w` cells wide; `x`: it holds non-ASCII text. */
  protected abstract put(s: string, i: number, j: number, w: number, x: boolean): void
  /** Prints `s.slice(i, j)`, text at or above U+00A0 (widths, combining marks, surrogates to work out). */
  protected abstract printComplex(s: string, i: number, j: number): void
  /** A C0 control other than ESC (line feed, carriage return, backspace, tab, ...). */
  protected abstract control(c: number): void
  /** `ESC c` for a final byte `c` other than those that start a sequence or a string. */
  protected abstract escDispatch(c: number): void
  /** A finished CSI with no private marker or intermediate: final byte `c`, parameters in `params`. */
  protected abstract csiDispatch(c: number): void
  /** A finished OSC string (`overflow`: it was longer than kept, `payload` is its start). */
  protected abstract oscDispatch(payload: string, overflow: boolean): void

  /** Back to the ground state with nothing pending. */
  protected resetParser(): void {
    this.joinW = 0
    this.state = GROUND
    this.np = 0
    this.#osc = ''
    this.#oscOverflow = false
    this.pendingHigh = ''
  }

  /** Parses one chunk (the caller has put any pending high surrogate in front of it). */
  protected parse(s: string): void {
    const n = s.length
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
          if (c === 0x1b) {
            this.joinW = 0
            this.state = ESC
          } else this.control(c)
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
        if (state === OSC && j > i && !this.#oscOverflow) {
          const room = MAX_OSC - this.#osc.length
          if (j - i > room) {
            this.#osc += s.slice(i, i + room)
            this.#oscOverflow = true
          } else {
            this.#osc += s.slice(i, j)
          }
        }
        i = j
        if (i >= n) break
        const c = s.charCodeAt(i)
        if (c === 0x07) {
          if (state === OSC) this.#oscEnd()
          this.state = GROUND
          i++
        } else if (c === 0x1b) {
          if (state === OSC) this.#oscEnd()
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
  }

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
        this.#osc = ''
        this.#oscOverflow = false
        break
      case 0x50: // P  DCS
      case 0x58: // X  SOS
      case 0x5e: // ^  PM
      case 0x5f: // _  APC
        this.state = STR
        break
      default:
        this.escDispatch(c)
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

  #oscEnd(): void {
    this.joinW = 0
    const payload = this.#osc
    this.#osc = ''
    this.oscDispatch(payload, this.#oscOverflow)
  }
}
