/** Texts longer than this stay plain (the markdown renderer's cost grows with the text). */
export const GENERIC_MARKDOWN_MAX = 100_000

/**
 * Does a text read as markdown (a sub-agent's answer, a summary) rather than a log or data? At least two
 * different markdown signs: a heading, a list, a fence, emphasis, a link, a table row, a quote. One sign
 * alone (a `#` comment, a `- ` in a log) is not enough. Linear, on the first 4,000 characters.
 */
export function looksLikeMarkdown(text: string): boolean {
  if (text.length === 0 || text.length > GENERIC_MARKDOWN_MAX) return false
  const head = text.slice(0, 4000)
  if (head.startsWith('{') || head.startsWith('[') || head.includes('\u001b[')) return false
  let signs = 0
  if (/^#{1,6} \S/m.test(head)) signs++
  if (/^\s{0,3}[-*+] \S/m.test(head)) signs++
  if (/^\s{0,3}\d{1,3}[.)] \S/m.test(head)) signs++
  if (/^```/m.test(head)) signs++
  if (/\*\*[^*\n]+\*\*|__[^_\n]+__/.test(head)) signs++
  if (/\[[^\]\n]+\]\([^)\s]+\)/.test(head)) signs++
  if (/^\|.+\|\s*$/m.test(head)) signs++
  if (/^> \S/m.test(head)) signs++
  if (/`[^`\n]+`/.test(head)) signs++
  return signs >= 2
}
