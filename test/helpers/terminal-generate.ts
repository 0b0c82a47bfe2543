import fc from 'fast-check'

/**
 * Generators of terminal output for the property and differential tests. `realistic` is what command
 * output does (colours, progress bars redrawn with \r, cursor-up redraws, erase, tabs, wide and
 * combining characters, links); it stays inside what a real terminal and this screen agree on
 * (no cursor-down past the last line, moves short enough for the oracle's width). `anything` adds
 * every other sequence, broken sequences, controls, surrogates: for split invariance and robustness.
 */

const WORDS = [
  'error',
  'ok',
  'PASS',
  'FAIL',
  'src/index.ts',
  '42',
  'a',
  ' ',
  '  ',
  '-',
  '=>',
  '[',
  ']',
  '%',
  '|',
]
const WIDE = ['中', '文', '日本語', '한국어', 'Ｆｕｌｌ', '字', '✅', '❌', '⚡', '🚀', '👍', '🔨', '🎉']
const NARROW_UNICODE = ['✓', '✗', '→', '•', '…', 'é', 'ß', 'Ω', 'ж']
const COMBINING = ['e\u0301', 'a\u0308', 'n\u0303', '中\u0301', 'o\u0302\u0323']

const sgrParam = fc.oneof(
  fc.constantFrom('0', '1', '2', '3', '4', '7', '9', '21', '22', '23', '24', '27', '29', '39', '49', ''),
  fc.integer({ min: 30, max: 37 }).map(String),
  fc.integer({ min: 40, max: 47 }).map(String),
  fc.integer({ min: 90, max: 97 }).map(String),
  fc.integer({ min: 100, max: 107 }).map(String),
  fc.integer({ min: 0, max: 255 }).map((n) => `38;5;${n}`),
  fc.integer({ min: 0, max: 255 }).map((n) => `48;5;${n}`),
  fc
    .tuple(
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 0, max: 255 }),
    )
    .map(([r, g, b]) => `38;2;${r};${g};${b}`),
  fc
    .tuple(
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 0, max: 255 }),
    )
    .map(([r, g, b]) => `48:2::${r}:${g}:${b}`),
)

const sgr = fc.array(sgrParam, { minLength: 0, maxLength: 4 }).map((ps) => `\x1b[${ps.join(';')}m`)

const text = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...WORDS) },
      fc.constantFrom(...WIDE, ...NARROW_UNICODE, ...COMBINING),
    ),
    {
      minLength: 1,
      maxLength: 6,
    },
  )
  .map((ws) => ws.join(''))

const n = (max: number) => fc.integer({ min: 0, max })
const move = fc.oneof(
  n(12).map((k) => `\x1b[${k || ''}A`),
  n(20).map((k) => `\x1b[${k || ''}C`),
  n(20).map((k) => `\x1b[${k || ''}D`),
  n(30).map((k) => `\x1b[${k || ''}G`),
  fc.constantFrom('\x1b[K', '\x1b[0K', '\x1b[1K', '\x1b[2K', '\x1b[J', '\x1b[0J'),
)

const progress = fc
  .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 30 }), fc.boolean())
  .map(([steps, width, clear]) => {
    let s = ''
    for (let k = 0; k <= steps; k++) {
      const done = Math.round((k / steps) * width)
      const pct = Math.round((k / steps) * 100)
      s += `\r${clear ? '\x1b[K' : ''}[${'#'.repeat(done)}${'.'.repeat(width - done)}] ${pct}%`
    }
    return `${s}\n`
  })

const redraw = fc
  .tuple(fc.array(text, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 3 }))
  .map(([rows, times]) => {
    let s = rows.map((r) => `${r}\n`).join('')
    for (let t = 0; t < times; t++) {
      s += `\x1b[${rows.length}A`
      s += rows.map((r, i) => `\x1b[2K${r}${t}${i}\n`).join('')
    }
    return s
  })

const link = fc
  .tuple(
    fc.constantFrom(
      'https://example.com/a',
      'http://x.test/?q=1',
      'mailto:a@b.c',
      'javascript:alert(1)',
      'file:///etc/passwd',
    ),
    text,
  )
  .map(([url, label]) => `\x1b]8;;${url}\x1b\\${label}\x1b]8;;\x07`)

const control = fc.constantFrom('\n', '\n', '\n', '\r\n', '\r', '\b', '\t', '\t\t')

export const realisticToken = fc.oneof(
  { weight: 8, arbitrary: text },
  { weight: 4, arbitrary: sgr },
  { weight: 5, arbitrary: control },
  { weight: 3, arbitrary: move },
  { weight: 1, arbitrary: progress },
  { weight: 1, arbitrary: redraw },
  { weight: 1, arbitrary: link },
)

/** Realistic command output: the oracle (a real terminal emulator) and this screen must agree on it. */
export const realistic = fc.array(realisticToken, { minLength: 1, maxLength: 60 }).map((ts) => ts.join(''))

const weird = fc.oneof(
  fc.constantFrom(
    '\x1b',
    '\x1b[',
    '\x1b]',
    '\x1b]0;title\x07',
    '\x1b]2;title\x1b\\',
    '\x1b]52;c;aGVsbG8=\x07',
    '\x1b]8;;https://a.b/c',
    '\x1b]8;;',
    '\x1bP1$r\x1b\\',
    '\x1b_apc\x07',
    '\x1b[?1049h',
    '\x1b[?25l',
    '\x1b[2J',
    '\x1b[3J',
    '\x1b[H',
    '\x1b[5B',
    '\x1b[2E',
    '\x1b[F',
    '\x1b7',
    '\x1b8',
    '\x1b[s',
    '\x1b[u',
    '\x1bD',
    '\x1bE',
    '\x1bM',
    '\x1bc',
    '\x1b(0',
    '\x1b[1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18;19;20;21;22;23;24;25;26;27;28;29;30;31;32;33;34m',
    '\x1b[4:3m',
    '\x1b[58;5;3m',
    '\x1b[38:5:200m',
    '\x1b[99999999999C',
    '\x1b[ q',
    '\x00',
    '\x07',
    '\x7f',
    '\x9b31m',
    '\x18',
    '\x1a',
    '\ud83d',
    '\ude00',
    '\ud83d\ude00',
    '\u0301',
    '\u202e',
  ),
  fc.string({ maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
)

/** Anything: realistic output mixed with broken, hostile and unsupported sequences. */
export const anything = fc
  .array(fc.oneof({ weight: 3, arbitrary: realisticToken }, { weight: 2, arbitrary: weird }), {
    minLength: 0,
    maxLength: 50,
  })
  .map((ts) => ts.join(''))

/** Cut points that split `s` into chunks, anywhere (inside escape sequences and surrogate pairs too). */
export function splitAt(s: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => Math.floor(c * (s.length + 1))))].sort((a, b) => a - b)
  const out: string[] = []
  let prev = 0
  for (const p of points) {
    if (p <= prev || p >= s.length) continue
    out.push(s.slice(prev, p))
    prev = p
  }
  out.push(s.slice(prev))
  return out
}
