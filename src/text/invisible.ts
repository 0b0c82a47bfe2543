/**
 * Makes characters that hide or reorder text visible (Trojan Source, CVE-2021-42574): bidi controls,
 * zero-width and other invisible format characters, C0/C1 controls (except tab and newline), NUL,
 * lone surrogates. Each becomes a marker part `{ code: 'U+202E', name }`; plain runs stay strings.
 * A renderer shows markers as visible labels and never puts the raw character in the DOM.
 */

export interface InvisibleMark {
  /** `U+202E` style code point label. */
  code: string
  /** A short human name, e.g. `RIGHT-TO-LEFT OVERRIDE`. */
  name: string
  /** Bidi controls can reorder what follows them: warn more loudly. */
  bidi: boolean
  /** The original character(s), for copy. */
  raw: string
}

export type VisiblePart = string | InvisibleMark

const NAMES: Record<number, string> = {
  0: 'NULL',
  27: 'ESCAPE',
  127: 'DELETE',
  173: 'SOFT HYPHEN',
  847: 'COMBINING GRAPHEME JOINER',
  1564: 'ARABIC LETTER MARK',
  4447: 'HANGUL CHOSEONG FILLER',
  4448: 'HANGUL JUNGSEONG FILLER',
  6068: 'KHMER VOWEL INHERENT AQ',
  6069: 'KHMER VOWEL INHERENT AA',
  6158: 'MONGOLIAN VOWEL SEPARATOR',
  8203: 'ZERO WIDTH SPACE',
  8204: 'ZERO WIDTH NON-JOINER',
  8205: 'ZERO WIDTH JOINER',
  8206: 'LEFT-TO-RIGHT MARK',
  8207: 'RIGHT-TO-LEFT MARK',
  8232: 'LINE SEPARATOR',
  8233: 'PARAGRAPH SEPARATOR',
  8234: 'LEFT-TO-RIGHT EMBEDDING',
  8235: 'RIGHT-TO-LEFT EMBEDDING',
  8236: 'POP DIRECTIONAL FORMATTING',
  8237: 'LEFT-TO-RIGHT OVERRIDE',
  8238: 'RIGHT-TO-LEFT OVERRIDE',
  8288: 'WORD JOINER',
  8289: 'FUNCTION APPLICATION',
  8290: 'INVISIBLE TIMES',
  8291: 'INVISIBLE SEPARATOR',
  8292: 'INVISIBLE PLUS',
  8294: 'LEFT-TO-RIGHT ISOLATE',
  8295: 'RIGHT-TO-LEFT ISOLATE',
  8296: 'FIRST STRONG ISOLATE',
  8297: 'POP DIRECTIONAL ISOLATE',
  12644: 'HANGUL FILLER',
  65279: 'ZERO WIDTH NO-BREAK SPACE',
  65440: 'HALFWIDTH HANGUL FILLER',
  65529: 'INTERLINEAR ANNOTATION ANCHOR',
  65530: 'INTERLINEAR ANNOTATION SEPARATOR',
  65531: 'INTERLINEAR ANNOTATION TERMINATOR',
}

const BIDI = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
])

/**
 * Characters to reveal. Tab (U+0009) and line feed (U+000A) are ordinary. A carriage return is marked
 * too: split lines on /\r?\n/ first, so only a stray CR (not a CRLF line end) is shown.
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: the class lists single code points on purpose
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|\udb40[\udc00-\udc7f]/g

/** Quick test: does the text hold anything `splitInvisible` would mark? */
export function hasInvisible(text: string): boolean {
  INVISIBLE.lastIndex = 0
  return INVISIBLE.test(text)
}

/** Does the text hold a bidi control (the Trojan Source class)? */
export function hasBidi(text: string): boolean {
  return /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(text)
}

/**
 * Splits text into plain runs and marks. Linear time; never throws. Past `maxMarks` marks (default: no
 * limit), the rest of the text comes as one plain run in which each such character is written as its
 * label (`<U+202E>`): still visible, never raw, and cheap to render when a text holds millions of them.
 */
export function splitInvisible(text: string, maxMarks = Number.POSITIVE_INFINITY): VisiblePart[] {
  const parts: VisiblePart[] = []
  INVISIBLE.lastIndex = 0
  let last = 0
  let marks = 0
  for (let m = INVISIBLE.exec(text); m !== null; m = INVISIBLE.exec(text)) {
    if (m.index > last) parts.push(text.slice(last, m.index))
    last = m.index + m[0].length
    if (++marks > maxMarks) {
      parts.push(labelInvisible(text.slice(m.index)))
      return parts
    }
    parts.push(describeInvisible(m[0]))
  }
  if (last < text.length) parts.push(text.slice(last))
  return parts
}

/** The text with each character `splitInvisible` would mark written as its label (`<U+202E>`). */
export function labelInvisible(text: string): string {
  return text.replace(INVISIBLE, labelOf)
}

const LABELS = new Map<string, string>()

function labelOf(raw: string): string {
  let label = LABELS.get(raw)
  if (label === undefined) {
    label = `<U+${(raw.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`
    LABELS.set(raw, label)
  }
  return label
}

export function describeInvisible(raw: string): InvisibleMark {
  const cp = raw.codePointAt(0) ?? 0
  const code = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`
  let name = NAMES[cp]
  if (!name) {
    if (cp >= 0xd800 && cp <= 0xdfff) name = 'LONE SURROGATE'
    else if (cp >= 0xe0000 && cp <= 0xe007f) name = 'TAG CHARACTER'
    else if (cp < 0x20) name = 'CONTROL CHARACTER'
    else if (cp >= 0x80 && cp <= 0x9f) name = 'C1 CONTROL CHARACTER'
    else name = 'INVISIBLE CHARACTER'
  }
  return { code, name, bidi: BIDI.has(cp), raw }
}
