import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseIntent, parseIntentInSlices } from './parse'

// parseIntentInSlices gives exactly parseIntent's result, in several tasks when the intent is big.

function bigSearch(n: number, bad = -1) {
  return {
    card: 'search',
    query: 'needle',
    mode: 'content',
    matches: Array.from({ length: n }, (_, i) => ({
      path: i === bad ? 7 : `src/file${i % 1000}.ts`,
      line: i + 1,
      text: `const needle = ${i}`,
      ranges: [[6, 12]],
    })),
  }
}

/** A clock that moves 1 ms each time it is read, so slices end after a fixed amount of work. */
function tickingClock() {
  let t = 0
  return () => t++
}

describe('parseIntentInSlices', () => {
  it('finishes a small intent in the first slice, synchronously', () => {
    const task = parseIntentInSlices({ card: 'terminal', command: 'ls' })
    expect(task.result).toEqual(parseIntent({ card: 'terminal', command: 'ls' }))
  })

  it('spreads 100,000 matches over several tasks and resolves to what parseIntent gives', async () => {
    const intent = bigSearch(100_000)
    const task = parseIntentInSlices(intent, { sliceMs: 3, now: tickingClock() })
    expect(task.result).toBeNull()
    let tasks = 0
    const counter = setInterval(() => tasks++, 0)
    const result = await task.done
    clearInterval(counter)
    expect(tasks).toBeGreaterThan(2)
    expect(result).toEqual(parseIntent(intent))
    expect(result.ok).toBe(true)
  })

  it('finds a problem deep in a big intent with its exact path', async () => {
    const intent = bigSearch(50_000, 43_210)
    const result = await parseIntentInSlices(intent, { sliceMs: 2, now: tickingClock() }).done
    expect(result).toEqual({
      ok: false,
      problems: [{ path: '$.matches[43210].path', message: 'expected string, got number' }],
      notices: [],
    })
  })

  it('stops when its signal aborts', async () => {
    const ac = new AbortController()
    const task = parseIntentInSlices(bigSearch(100_000), {
      sliceMs: 1,
      now: tickingClock(),
      signal: ac.signal,
    })
    ac.abort()
    const result = await task.done
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.problems[0]?.message).toMatch(/stopped/)
  })

  it('agrees with parseIntent on arbitrary values, whatever the slice length', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue({ maxDepth: 5 }),
          fc.record({
            card: fc.constantFrom('generic', 'terminal', 'diff', 'read', 'search', 'web'),
            command: fc.jsonValue({ maxDepth: 2 }),
            files: fc.array(fc.record({ path: fc.jsonValue({ maxDepth: 1 }) }), { maxLength: 3 }),
            matches: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
          }),
        ),
        fc.integer({ min: 0, max: 3 }),
        async (value, sliceMs) => {
          const sliced = await parseIntentInSlices(value, { sliceMs, now: tickingClock() }).done
          expect(sliced).toEqual(parseIntent(value))
        },
      ),
      { numRuns: 300 },
    )
  })
})
