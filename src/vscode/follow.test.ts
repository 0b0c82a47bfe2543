// @vitest-environment node
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fc, test as prop } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { fromAny } from '../adapters'
import { completeLength, createLogFollower, type FollowUpdate } from './follow'

const CORPUS = resolve(import.meta.dirname, '../../test/fixtures/corpus')
const claude = readFileSync(resolve(CORPUS, 'claude-code/tool_heavy.jsonl'), 'utf8')
const traj = readFileSync(resolve(CORPUS, 'swe-agent/pydicom__pydicom-1458.traj'), 'utf8')
const convert = (text: string) => fromAny(text).events

/** Applies updates the way the page does: a replace starts over, an append adds. */
function apply(events: unknown[], update: FollowUpdate | null): unknown[] {
  if (!update) return events
  return update.type === 'replace' ? [...update.events] : [...events, ...update.events]
}

/** Cuts a text at the given fractions into chunks. */
function cut(text: string, fractions: number[]): string[] {
  const at = [...new Set(fractions.map((f) => Math.floor(f * text.length)))].sort((a, b) => a - b)
  const out: string[] = []
  let from = 0
  for (const i of at) {
    out.push(text.slice(from, i))
    from = i
  }
  out.push(text.slice(from))
  return out
}

describe('createLogFollower', () => {
  prop.prop([fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 })], { numRuns: 40 })(
    'a real Claude Code log fed in any chunks gives the events of the whole log, by appends',
    (fractions) => {
      const follower = createLogFollower({ convert })
      let shown = apply([], follower.reset(''))
      let replaces = 0
      let fed = ''
      const whole = convert(claude)
      for (const chunk of cut(claude, fractions)) {
        fed += chunk
        const u = follower.append(chunk)
        if (u?.type === 'replace') replaces++
        shown = apply(shown, u)
        // What is shown is what the complete lines so far give, and a start of the whole session.
        expect(shown).toEqual(convert(fed.slice(0, fed.length - follower.pending)))
        expect(whole.slice(0, shown.length)).toEqual(shown)
      }
      expect(shown).toEqual(convert(claude))
      expect(follower.events).toEqual(convert(claude))
      expect(follower.pending).toBe(0)
      // This adapter's conversion of a prefix is a prefix of the whole: appends only.
      expect(replaces).toBe(0)
    },
  )

  it('holds a half-written line back until its line break (or until it is a whole JSON value)', () => {
    const lines = claude.trimEnd().split('\n')
    const follower = createLogFollower({ convert })
    const first = follower.reset(`${lines.slice(0, 3).join('\n')}\n`)
    expect(first.type).toBe('replace')
    const line = lines[3]!
    expect(follower.append(line.slice(0, 40))).toBeNull()
    expect(follower.pending).toBe(40)
    const done = follower.append(`${line.slice(40)}`)
    expect(follower.pending).toBe(0)
    expect(follower.events).toEqual(convert(`${lines.slice(0, 4).join('\n')}\n`))
    expect(done === null || done.type === 'append').toBe(true)
  })

  it('a rewritten log whose events no longer extend the old ones is a replace', () => {
    const follower = createLogFollower({ convert: (t) => t.split('\n').filter(Boolean) })
    follower.reset('a\nb\n')
    expect(follower.setText('a\nb\nc\n')).toEqual({ type: 'append', events: ['c'] })
    expect(follower.setText('x\n')).toEqual({ type: 'replace', events: ['x'] })
    expect(follower.setText('x\n')).toBeNull()
  })

  it('a converter that throws gives no events instead of breaking the follower', () => {
    const follower = createLogFollower({
      convert: (t) => {
        if (t.includes('boom')) throw new Error('boom')
        return t.split('\n').filter(Boolean)
      },
    })
    follower.reset('a\n')
    expect(follower.append('boom\n')).toEqual({ type: 'replace', events: [] })
    expect(follower.setText('a\nb\n')).toEqual({ type: 'append', events: ['a', 'b'] })
  })

  it('a .traj document is complete without a final line break, and says it is a document', () => {
    const follower = createLogFollower({ convert })
    const first = follower.reset(traj.trimEnd())
    expect(first.events.length).toBeGreaterThan(5)
    expect(follower.isDocument).toBe(true)
    // Half of it is no document and no complete line run either: nothing is made up.
    const half = createLogFollower({ convert })
    expect(half.reset(traj.slice(0, traj.length / 2)).events).toEqual([])
    const jsonl = createLogFollower({ convert })
    jsonl.reset(claude)
    expect(jsonl.isDocument).toBe(false)
  })
})

describe('completeLength', () => {
  it.each([
    ['', 0],
    ['{"a":1}\n', 8],
    ['{"a":1}\n{"b"', 8],
    ['{"a":1}\n{"b":2}', 15],
    ['{"a":\n1}', 8],
    ['{"a":\n1', 6],
    ['plain text', 0],
    ['line\n  \n', 8],
  ])('%j: %i', (text, n) => {
    expect(completeLength(text)).toBe(n)
  })
})
