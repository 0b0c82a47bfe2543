import { describe, expect, it } from 'vitest'
import { wordDiff } from './words'

const marked = (s: string, rs: Array<[number, number]>) => rs.map(([a, b]) => s.slice(a, b))

describe('wordDiff', () => {
  it('marks the changed word only', () => {
    const r = wordDiff('const b = 2', 'const b = 3')!
    expect(marked('const b = 2', r.old)).toEqual(['2'])
    expect(marked('const b = 3', r.new)).toEqual(['3'])
  })

  it('marks insertions on the new side only and joins adjacent tokens', () => {
    const a = 'call(x)'
    const b = 'call(x, yield y)'
    const r = wordDiff(a, b)!
    expect(r.old).toEqual([])
    expect(marked(b, r.new)).toEqual([', yield y'])
  })

  it('keeps words with accents and CJK whole', () => {
    const a = 'le café noir 日本語'
    const b = 'le thé noir 日本語'
    const r = wordDiff(a, b)!
    expect(marked(a, r.old)).toEqual(['café'])
    expect(marked(b, r.new)).toEqual(['thé'])
  })

  it('returns null when the lines share too little', () => {
    expect(wordDiff('alpha beta gamma delta', 'one two three four')).toBeNull()
  })

  it('identical lines: no marks', () => {
    expect(wordDiff('same', 'same')).toEqual({ old: [], new: [] })
  })

  it('long lines: the span between common prefix and suffix (coarse)', () => {
    const a = `${'a'.repeat(15_000)}X${'b'.repeat(5_000)}`
    const b = `${'a'.repeat(15_000)}YZ${'b'.repeat(5_000)}`
    const r = wordDiff(a, b)!
    expect(r.coarse).toBe(true)
    expect(r.old).toEqual([[15_000, 15_001]])
    expect(r.new).toEqual([[15_000, 15_002]])
  })

  it('coarse spans never split a surrogate pair', () => {
    const a = `${'x'.repeat(2000)}😀`
    const b = `${'x'.repeat(2000)}😃`
    const r = wordDiff(a, b)!
    expect(marked(a, r.old)).toEqual(['😀'])
    expect(marked(b, r.new)).toEqual(['😃'])
  })
})
