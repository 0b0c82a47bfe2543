import { describe, expect, it } from 'vitest'
import { type RopeNode, ropeAppend, ropeFrom, ropeText } from './rope'

function unjoined(node: RopeNode): number {
  let n = 0
  for (let at: RopeNode | null = node; at !== null && at.flat === undefined; at = at.prev) n++
  return n
}

describe('rope', () => {
  it('appends without joining: each version only points at the one before', () => {
    let node = ropeFrom('start:')
    for (let i = 0; i < 10_000; i++) node = ropeAppend(node, 'ab')
    expect(unjoined(node)).toBe(10_000)
    expect(node.length).toBe(6 + 20_000)
  })

  it('joins once when read, remembers the text, and drops the link to older versions', () => {
    const v0 = ropeFrom('')
    const v1 = ropeAppend(v0, 'a')
    const v2 = ropeAppend(v1, 'b')
    expect(ropeText(v2)).toBe('ab')
    expect(v2.flat).toBe('ab')
    expect(v2.prev).toBeNull()
    // The next read joins only the new chunk onto the remembered text.
    const v3 = ropeAppend(v2, 'c')
    expect(unjoined(v3)).toBe(1)
    expect(ropeText(v3)).toBe('abc')
    // Older versions stay valid and keep their own text.
    expect(ropeText(v1)).toBe('a')
    expect(ropeText(v2)).toBe('ab')
  })

  it('branches: two appends to one version give two texts', () => {
    const base = ropeAppend(ropeFrom('x'), 'y')
    const left = ropeAppend(base, 'L')
    const right = ropeAppend(base, 'R')
    expect(ropeText(left)).toBe('xyL')
    expect(ropeText(right)).toBe('xyR')
    expect(ropeText(base)).toBe('xy')
  })
})
