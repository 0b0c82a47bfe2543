import type { ParsedDiffFile } from './types'

export type ApplyResult = { ok: true; text: string } | { ok: false; reason: string }

/** Splits text into lines the way git does: on `\n` only; reports whether the last line ends with one. */
export function splitLines(text: string): { lines: string[]; finalNewline: boolean } {
  if (text === '') return { lines: [], finalNewline: true }
  const lines = text.split('\n')
  const finalNewline = lines[lines.length - 1] === ''
  if (finalNewline) lines.pop()
  return { lines, finalNewline }
}

/**
 * Applies one file's parsed hunks to its old text, checking every context and removed line.
 * Used by the oracle test and by the card to rebuild the new text of a patch when the old one is known.
 */
export function applyDiffFile(oldText: string, file: ParsedDiffFile): ApplyResult {
  const { lines: old, finalNewline: oldFinal } = splitLines(oldText)
  const out: string[] = []
  let pos = 0
  let finalNewline = oldFinal
  for (const h of file.hunks) {
    // A hunk with no old lines starts *after* oldStart; otherwise at oldStart (1-based).
    const start = h.oldLines === 0 ? h.oldStart : h.oldStart - 1
    if (start < pos || start > old.length)
      return { ok: false, reason: `hunk at -${h.oldStart} is out of place` }
    while (pos < start) out.push(old[pos++]!)
    let lastNew: { noNewline?: true } | null = null
    for (const l of h.lines) {
      if (l.kind !== 'add') {
        if (old[pos] !== l.text) {
          return { ok: false, reason: `line ${pos + 1} differs: expected ${JSON.stringify(l.text)}` }
        }
        pos++
      }
      if (l.kind !== 'del') {
        out.push(l.text)
        lastNew = l
      }
    }
    if (pos === old.length) {
      // The hunk reaches the end of the old file: its last new-side line decides the final newline.
      finalNewline = lastNew ? !lastNew.noNewline : true
    }
  }
  while (pos < old.length) out.push(old[pos++]!)
  if (out.length === 0) return { ok: true, text: '' }
  return { ok: true, text: out.join('\n') + (finalNewline ? '\n' : '') }
}
