import { render } from '@testing-library/react'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { linesInSlices, useLines } from './useLines'

const oneSplit = (text: string, dropFinalEmpty: boolean) => {
  const lines = text.split(/\r?\n/)
  if (dropFinalEmpty && lines.length > 1 && lines[lines.length - 1] === '') lines.pop()
  return lines
}

function Probe({ text }: { text: string }) {
  const { lines, reading } = useLines(text, true)
  return `${lines.length} lines, ${reading ? 'reading' : 'done'}`
}

describe('useLines', () => {
  it('split slice by slice gives the lines of one split, whatever the slice size', () => {
    const piece = fc.constantFrom('a', 'bc', '\n', '\r\n', '\r', '\n\n', 'é', '😀', 'x'.repeat(40))
    const text = fc.array(piece, { maxLength: 120 }).map((p) => p.join(''))
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 64 }), fc.boolean(), (t, size, drop) => {
        expect(linesInSlices(t, size, drop).lines).toEqual(oneSplit(t, drop))
      }),
      { numRuns: 3000 },
    )
  })

  it('a long text takes many slices, each ending at a line break', () => {
    const text = Array.from({ length: 1000 }, (_, i) => `line ${i}`).join('\r\n')
    const { lines, slices } = linesInSlices(text, 500)
    expect(slices).toBeGreaterThan(10)
    expect(lines).toHaveLength(1000)
    expect(lines.every((l) => !l.includes('\r'))).toBe(true)
  })

  it('without layout (jsdom, a server) every line at once', () => {
    const text = 'x\n'.repeat(600_000)
    const { container } = render(<Probe text={text} />)
    expect(container.textContent).toBe('600000 lines, done')
  })
})
