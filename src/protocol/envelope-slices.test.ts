import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkCardModel, checkCardModelInSlices, ENVELOPE_FIELDS } from './envelope'

// checkCardModelInSlices gives exactly checkCardModel's result, in several tasks when the arguments are big
// (a generic card of 200,000 argument keys was one task of 168-210 ms in Chromium, 2026-12-06).

/** A clock that moves 1 ms each time it is read, so slices end after a fixed amount of work. */
function tickingClock() {
  let t = 0
  return () => t++
}

const good = { id: 'c1', toolName: 'Bash', args: { command: 'ls' }, status: 'completed' }

function manyKeys(n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const o: Record<string, unknown> = {}
  for (let i = 0; i < n; i++) o[`key${i}`] = i % 7 === 0 ? `value ${i}` : i
  return Object.assign(o, extra)
}

describe('checkCardModelInSlices', () => {
  it('finishes a usual model in the first slice, synchronously', () => {
    const task = checkCardModelInSlices(good)
    expect(task.result).toEqual(checkCardModel(good))
  })

  it('200,000 argument keys: several tasks, the partial model meanwhile, then what checkCardModel gives', async () => {
    const model = {
      ...good,
      args: manyKeys(200_000, { bad: Number.NaN }),
      durationMs: -1,
      intent: { card: 'x' },
    }
    const task = checkCardModelInSlices(model, { sliceMs: 2, now: tickingClock() })
    expect(task.result).toBeNull()
    // every field but the arguments, already checked
    expect(task.partial).toMatchObject({ id: 'c1', toolName: 'Bash', status: 'completed', args: null })
    expect(task.partial.intent).toBe(model.intent)
    let tasks = 0
    const counter = setInterval(() => tasks++, 0)
    const whole = await task.done
    clearInterval(counter)
    expect(tasks).toBeGreaterThan(2)
    const once = checkCardModel(model)
    expect(whole).toEqual(once)
    // the problems in the order of ENVELOPE_FIELDS, as checkCardModel gives them
    expect(whole.problems.map((p) => p.path)).toEqual(['$.durationMs', '$.args.bad'])
  })

  it('property: any envelope, any slice length: the same result as checkCardModel', async () => {
    const field = fc.constantFrom(...Object.keys(ENVELOPE_FIELDS))
    const value = fc.oneof(
      fc.jsonValue(),
      fc.anything({ withNullPrototype: true, withMap: true }),
      fc.constantFrom<unknown>(Number.NaN, -1, '', null, undefined, new Error('e'), 'completed'),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(field, value),
        fc.boolean(),
        fc.integer({ min: 1, max: 4 }),
        async (changes, startGood, sliceMs) => {
          const model = startGood ? { ...good, ...changes } : changes
          const task = checkCardModelInSlices(model, { sliceMs, now: tickingClock() })
          expect(await task.done).toEqual(checkCardModel(model))
          if (task.result) expect(task.result).toEqual(checkCardModel(model))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('stopped by its signal: a problem says so, the partial model is kept', async () => {
    const controller = new AbortController()
    const task = checkCardModelInSlices(
      { ...good, args: manyKeys(50_000) },
      { sliceMs: 1, now: tickingClock(), signal: controller.signal },
    )
    controller.abort()
    const r = await task.done
    expect(r.problems).toEqual([{ path: '$', message: 'the check was stopped' }])
    expect(r.model.id).toBe('c1')
  })
})
