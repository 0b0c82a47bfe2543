import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { isCrlf, looksBinary } from './ReadCard'

// The read card's scans are regular expressions (native, fast in a page's first render); these loops
// are what they replaced, kept as the oracle.
function looksBinaryLoop(content: string): boolean {
  const head = content.slice(0, 8192)
  if (head.includes('\u0000')) return true
  let odd = 0
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i)
    if ((c < 0x20 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 0xfffd) odd++
  }
  return head.length > 0 && odd / head.length > 0.1
}

function isCrlfLoop(content: string): boolean {
  const first = content.indexOf('\n')
  if (first <= 0 || content[first - 1] !== '\r') return false
  for (let i = content.indexOf('\n', first + 1); i >= 0; i = content.indexOf('\n', i + 1)) {
    if (content[i - 1] !== '\r') return false
  }
  return true
}

// every control character, the replacement character, line ends and plain text, in any mix
const char = fc.oneof(
  fc.integer({ min: 0, max: 0x20 }).map((c) => String.fromCharCode(c)),
  fc.constantFrom('\ufffd', '\r\n', '\n', '\r', 'a', 'é', '😀', ' '),
)
const text = fc.array(char, { maxLength: 300 }).map((cs) => cs.join(''))
// long enough that the 8 KB head matters: a text repeated past it
const long = fc.tuple(text, fc.integer({ min: 1, max: 200 })).map(([t, n]) => t.repeat(n))

describe("the read card's scans", () => {
  test.prop([fc.oneof(text, long)], { numRuns: 1000 })('looksBinary counts what the loop counted', (t) => {
    expect(looksBinary(t)).toBe(looksBinaryLoop(t))
  })

  const lines = fc
    .array(
      fc.tuple(
        fc.string({ unit: fc.constantFrom('a', '\r', ' '), maxLength: 4 }),
        fc.constantFrom('\n', '\r\n'),
      ),
      {
        maxLength: 30,
      },
    )
    .map((ls) => ls.map(([l, end]) => l + end).join(''))
  test.prop(
    [
      fc.oneof(
        text,
        lines,
        lines.map((l) => `${l}tail`),
      ),
    ],
    { numRuns: 1000 },
  )('isCrlf says CR LF where the loop did', (t) => {
    expect(isCrlf(t)).toBe(isCrlfLoop(t))
  })
})
