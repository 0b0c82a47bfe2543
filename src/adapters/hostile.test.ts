// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  fromAcp,
  fromAiSdk,
  fromClaudeCode,
  fromCodex,
  fromGemini,
  fromMcp,
  fromMcpInterview,
  fromOpenHands,
  fromResponses,
  fromSweAgent,
} from './index'

// The adapters that take a value (not text) from a host never throw, even on one that throws when read: a
// Proxy whose traps throw, a getter that throws (found by a hostile-input sweep; JSON.parse never gives
// such values, a host's own objects can).
const trap = () =>
  new Proxy(
    {},
    {
      get() {
        throw new Error('get trap')
      },
      ownKeys() {
        throw new Error('ownKeys trap')
      },
    },
  )
const getter = (key: string) =>
  Object.defineProperty({}, key, {
    get() {
      throw new Error('getter')
    },
    enumerable: true,
  })

const ADAPTERS: Array<[string, (v: never) => unknown[]]> = [
  ['fromAcp', (v) => fromAcp([v])],
  ['fromAiSdk', fromAiSdk],
  ['fromGemini', fromGemini],
  ['fromMcp', fromMcp],
  ['fromMcpInterview', fromMcpInterview],
  ['fromOpenHands', fromOpenHands],
  ['fromResponses', fromResponses],
  ['fromSweAgent', fromSweAgent],
]

describe('adapters on values that throw when read', () => {
  it.each(ADAPTERS)(
    '%s: no throw, no events, on a Proxy whose traps throw and on throwing getters',
    (_n, from) => {
      expect(from(trap() as never)).toEqual([])
      for (const key of ['messages', 'history', 'trajectory', 'events', 'output', 'tools', 'calls'])
        expect(() => from(getter(key) as never)).not.toThrow()
    },
  )
})

// The two that take JSONL text, called from JavaScript with something else (a docs check found both threw
// a TypeError on undefined, null, a number, an array, an object, and a Proxy's trap error).
describe('text adapters handed something that is not text', () => {
  it.each([
    ['fromClaudeCode', fromClaudeCode],
    ['fromCodex', fromCodex],
  ] as const)('%s: no throw, no events', (_n, from) => {
    for (const v of [undefined, null, 42, [], {}, trap(), getter('split')])
      expect(from(v as unknown as string)).toEqual([])
  })
})
