import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { playSession } from './player'

const at = (time: number | undefined, id: string) => ({
  type: 'call',
  id,
  toolName: 'x',
  ...(time === undefined ? {} : { time }),
})

describe('playSession', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('plays events with their original gaps, scaled by speed and capped', () => {
    const events = [at(1000, 'a'), at(1400, 'b'), at(undefined, 'c'), at(11_400, 'd'), at(11_500, 'e')]
    const seen: string[][] = []
    let ended = 0
    playSession(events, {
      speed: 2,
      maxGapMs: 1000,
      onEvents: (batch) => seen.push(batch.map((e) => (e as { id: string }).id)),
      onEnd: () => ended++,
    })
    vi.advanceTimersByTime(0)
    expect(seen).toEqual([['a']])
    vi.advanceTimersByTime(199)
    expect(seen).toEqual([['a']])
    vi.advanceTimersByTime(1)
    // `c` has no time: it comes with `b`.
    expect(seen).toEqual([['a'], ['b', 'c']])
    // 10 s gap at speed 2 is 5 s, capped at 1 s.
    vi.advanceTimersByTime(1000)
    expect(seen).toEqual([['a'], ['b', 'c'], ['d']])
    vi.advanceTimersByTime(50)
    expect(seen.at(-1)).toEqual(['e'])
    expect(ended).toBe(1)
  })

  it('pauses, resumes, changes speed, and stops', () => {
    const events = [at(0, 'a'), at(1000, 'b'), at(2000, 'c')]
    const seen: string[] = []
    const player = playSession(events, {
      onEvents: (b) => seen.push(...b.map((e) => (e as { id: string }).id)),
    })
    vi.advanceTimersByTime(0)
    player.pause()
    vi.advanceTimersByTime(5000)
    expect(seen).toEqual(['a'])
    player.resume()
    player.setSpeed(10)
    vi.advanceTimersByTime(100)
    expect(seen).toEqual(['a', 'b'])
    player.stop()
    vi.advanceTimersByTime(5000)
    expect(seen).toEqual(['a', 'b'])
    expect(player.position).toBe(2)
    expect(player.playing).toBe(false)
  })
})
