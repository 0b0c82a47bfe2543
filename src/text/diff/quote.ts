/**
 * Git's C-style path quoting: `"a/caf\303\251 \"x\".ts"`. Octal escapes are UTF-8 bytes.
 */

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  t: '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  '"': '"',
  '\\': '\\',
}

const decoder = new TextDecoder('utf-8', { fatal: false })

/**
 * Reads a quoted string that starts at `start` (which must be `"`).
 * Returns the value and the index just past the closing quote, or null when it is not closed.
 */
export function readQuoted(s: string, start: number): { value: string; end: number } | null {
  if (s[start] !== '"') return null
  let out = ''
  let bytes: number[] = []
  const flush = () => {
    if (bytes.length > 0) {
      out += decoder.decode(new Uint8Array(bytes))
      bytes = []
    }
  }
  let i = start + 1
  while (i < s.length) {
    const c = s[i]!
    if (c === '"') {
      flush()
      return { value: out, end: i + 1 }
    }
    if (c === '\\' && i + 1 < s.length) {
      const n = s[i + 1]!
      if (n >= '0' && n <= '7') {
        let j = i + 1
        let v = 0
        while (j < s.length && j < i + 4 && s[j]! >= '0' && s[j]! <= '7') {
          v = v * 8 + (s.charCodeAt(j) - 48)
          j++
        }
        bytes.push(v & 0xff)
        i = j
        continue
      }
      flush()
      out += SIMPLE_ESCAPES[n] ?? n
      i += 2
      continue
    }
    flush()
    out += c
    i++
  }
  return null
}

/** A path as git writes it: quoted when it holds `"`, `\`, control or non-ASCII characters. */
export function quotePath(path: string): string {
  let needs = false
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i)
    if (c < 0x20 || c === 0x22 || c === 0x5c || c >= 0x7f) {
      needs = true
      break
    }
  }
  if (!needs) return path
  let out = '"'
  const bytes = new TextEncoder().encode(path)
  for (const b of bytes) {
    if (b === 0x22) out += '\\"'
    else if (b === 0x5c) out += '\\\\'
    else if (b === 0x09) out += '\\t'
    else if (b === 0x0a) out += '\\n'
    else if (b === 0x0d) out += '\\r'
    else if (b < 0x20 || b >= 0x7f) out += `\\${b.toString(8).padStart(3, '0')}`
    else out += String.fromCharCode(b)
  }
  return `${out}"`
}
