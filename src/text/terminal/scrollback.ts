import { Line } from './line'

/**
 * The screen's lines, with a bound: past `maxLines` the first `headLines` stay and the oldest lines
 * after them are dropped. Dropping is cheap: the boundary `tailStart` moves on, and the dropped lines are
 * spliced out in blocks (at least 1,024 and an eighth of `maxLines`), not one by one.
 */
export class Scrollback {
  /** Physical lines: the head, dropped lines not yet spliced out, then the tail. Never replaced. */
  readonly lines: Line[] = [new Line()]
  readonly maxLines: number
  readonly headLines: number
  /** Physical index of the first kept line after the head; lines between head and it are dropped. */
  tailStart: number
  /** Lines already spliced out of `lines`. */
  spliced = 0

  constructor(maxLines: number | undefined, headLines: number | undefined) {
    this.maxLines = Math.max(2, Math.floor(maxLines ?? 100_000))
    this.headLines = Math.min(this.maxLines - 1, Math.max(0, Math.floor(headLines ?? this.maxLines / 5)))
    this.tailStart = this.headLines
  }

  /** Back to one empty line. */
  reset(): void {
    this.lines.length = 0
    this.lines.push(new Line())
    this.tailStart = this.headLines
    this.spliced = 0
  }

  dropping(): boolean {
    return this.spliced > 0 || this.tailStart > this.headLines
  }

  get droppedLines(): number {
    return this.spliced + (this.tailStart - this.headLines)
  }

  /** Physical index of shown line `index`. */
  physical(index: number): number {
    if (!this.dropping() || index < this.headLines) return index
    return index - this.headLines + this.tailStart
  }

  /** Lines shown (dropped ones not counted). */
  shownCount(): number {
    if (!this.dropping()) return this.lines.length
    return this.headLines + (this.lines.length - this.tailStart)
  }

  /** The first row the cursor may reach (dropped lines are out of reach). */
  minRow(): number {
    return this.dropping() ? this.tailStart : 0
  }

  /**
   * Appends `line` and drops past the bound. Returns how many physical lines were spliced out before
   * the tail (the caller moves its row indices up by that much).
   */
  push(line: Line): number {
    this.lines.push(line)
    // the line just started (at the cursor) is not counted until the next one starts
    if (this.shownCount() <= this.maxLines + 1) return 0
    this.tailStart++
    const gap = this.tailStart - this.headLines
    if (gap > 1024 && gap > this.maxLines / 8) {
      this.lines.splice(this.headLines, gap)
      this.spliced += gap
      this.tailStart = this.headLines
      return gap
    }
    return 0
  }
}
