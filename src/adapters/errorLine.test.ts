import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { errorLine } from './util'

const sgr = fc.constantFrom(
  '\u001b[31m',
  '\u001b[1;41m',
  '\u001b[0m',
  '\u001b[39m',
  '\u001b]8;;https://x\u0007',
  '\u001b]8;;\u001b\\',
  '\u009b2K',
)

describe('errorLine', () => {
  it('takes the first line with text, without its escape sequences', () => {
    expect(
      errorLine('\u001b[31m⎯⎯\u001b[39m\u001b[1m\u001b[41m Failed Tests 1 \u001b[49m\u001b[22m\nmore'),
    ).toBe('⎯⎯ Failed Tests 1')
    expect(errorLine('\n  \nError: boom\nstack')).toBe('Error: boom')
    expect(errorLine('')).toBe('')
  })

  test.prop([fc.array(fc.oneof(fc.string({ maxLength: 20 }), sgr), { maxLength: 30 }), sgr])(
    'escape sequences anywhere leave the same line as the text without them',
    (parts, esc) => {
      const plain = parts.filter((p) => !p.startsWith('\u001b') && !p.startsWith('\u009b')).join('')
      if (/[\u001b\u009b]/.test(plain)) return
      const coloured = parts.join('') + esc
      expect(errorLine(coloured)).toBe(errorLine(plain))
      expect(errorLine(coloured)).not.toMatch(/[\n\u001b\u009b]/)
    },
  )

  it('is at most 500 characters and an ellipsis', () => {
    expect(errorLine('x'.repeat(600))).toBe(`${'x'.repeat(500)}…`)
  })
})
