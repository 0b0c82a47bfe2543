import { fc, test } from '@fast-check/vitest'
import { diffArrays } from 'diff'
import { describe, expect } from 'vitest'
import { ADD, DEL, EQ, myers } from './myers'

const seq = fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 40 })

describe('myers (differential against jsdiff diffArrays)', () => {
  test.prop([seq, seq])('gives a valid script as short as jsdiff', (a, b) => {
    const ops = myers(a, 0, a.length, b, 0, b.length, 1000, { left: 1e9 })!
    expect(ops).not.toBeNull()
    const out: number[] = []
    let i = 0
    let j = 0
    for (const op of ops) {
      if (op === EQ) {
        expect(a[i]).toBe(b[j])
        out.push(a[i++]!)
        j++
      } else if (op === DEL) i++
      else if (op === ADD) out.push(b[j++]!)
    }
    expect(i).toBe(a.length)
    expect(out).toEqual(b)
    const edits = ops.filter((o) => o !== EQ).length
    const peer = diffArrays(a, b).reduce((s, c) => s + (c.added || c.removed ? c.count : 0), 0)
    expect(edits).toBe(peer)
  })

  test.prop([seq, seq])('gives up (null) when more edits are needed than allowed', (a, b) => {
    const full = myers(a, 0, a.length, b, 0, b.length, 1000, { left: 1e9 })!
    const d = full.filter((o) => o !== EQ).length
    const capped = myers(a, 0, a.length, b, 0, b.length, d - 1, { left: 1e9 })
    if (d > 0) expect(capped).toBeNull()
  })
})
