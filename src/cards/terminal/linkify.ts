/** Lines longer than this are not scanned for URLs (the line is cut for display anyway). */
export const LINKIFY_MAX_LINE = 5_000
/** URLs found per line at most. */
export const LINKIFY_MAX_URLS = 50

// Linear: one character class, bounded by whitespace and characters that end a URL in prose.
const URL_RE = /\bhttps?:\/\/[^\s<>"'`\u0000-\u001f\u007f]+/g
const TRAILING = /[.,;:!?'")\]}>]+$/

/**
 * Where plain `http(s)://` URLs sit in a line of terminal output, as `[start, end)` pairs in order. Trailing
 * sentence punctuation is left out, unless it closes a bracket the URL opened (`(see https://x.org/a_(b))`).
 */
export function findUrls(text: string): Array<[number, number]> {
  if (text.length > LINKIFY_MAX_LINE || !text.includes('://')) return []
  const out: Array<[number, number]> = []
  URL_RE.lastIndex = 0
  for (let m = URL_RE.exec(text); m !== null && out.length < LINKIFY_MAX_URLS; m = URL_RE.exec(text)) {
    let url = m[0]
    const trail = TRAILING.exec(url)
    if (trail) {
      let keep = url.slice(0, url.length - trail[0].length)
      // give back closing brackets the URL itself opened
      for (const ch of trail[0]) {
        const open = ch === ')' ? '(' : ch === ']' ? '[' : ch === '}' ? '{' : ''
        if (open && count(keep, open) > count(keep, ch)) keep += ch
        else break
      }
      url = keep
    }
    if (url.indexOf('://') + 3 < url.length) out.push([m.index, m.index + url.length])
  }
  return out
}

function count(s: string, ch: string): number {
  let n = 0
  for (let i = s.indexOf(ch); i >= 0; i = s.indexOf(ch, i + 1)) n++
  return n
}
