import { expect, test } from 'vitest'
import { inFrameTurn } from './frameTurn'

// Real Chromium (requestAnimationFrame, ResizeObserver): work queued together runs one piece per frame.

const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)))

test('pieces queued together run one per animation frame, in the order queued', async () => {
  const ran: number[] = []
  for (let i = 0; i < 4; i++) inFrameTurn(() => ran.push(i))
  expect(ran).toEqual([]) // nothing runs in the task that queued them
  const seen: number[] = []
  for (let f = 0; f < 6; f++) {
    await frame()
    seen.push(ran.length)
  }
  expect(ran).toEqual([0, 1, 2, 3])
  // never two in one frame: the count grows by at most one per frame
  for (let f = 1; f < seen.length; f++) expect(seen[f]! - seen[f - 1]!).toBeLessThanOrEqual(1)
  expect(seen[0]).toBeLessThanOrEqual(1)
})

test('a piece queued while others wait goes after them', async () => {
  const ran: string[] = []
  inFrameTurn(() => ran.push('a'))
  inFrameTurn(() => {
    ran.push('b')
    inFrameTurn(() => ran.push('d'))
  })
  inFrameTurn(() => ran.push('c'))
  for (let f = 0; f < 6; f++) await frame()
  expect(ran).toEqual(['a', 'b', 'c', 'd'])
})
