// @vitest-environment node
import { fc, test as prop } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import {
  checkExtensionMessage,
  checkWebviewMessage,
  type ExtensionMessage,
  MESSAGE_LIMITS,
  measure,
} from './messages'
import { SEND_MESSAGE_SIZE, sessionMessages } from './send'

const call = (id: string, extra: Record<string, unknown> = {}) => ({
  type: 'call',
  id,
  toolName: 'run',
  ...extra,
})

describe('checkExtensionMessage', () => {
  it('accepts replace (with a title) and append', () => {
    expect(checkExtensionMessage({ type: 'replace', events: [call('a')], title: 'log.jsonl' })).toEqual({
      ok: true,
      message: { type: 'replace', events: [call('a')], title: 'log.jsonl' },
    })
    expect(checkExtensionMessage({ type: 'append', events: [] })).toEqual({
      ok: true,
      message: { type: 'append', events: [] },
    })
  })

  it.each([
    [null, 'expected a message object, got null'],
    [42, 'expected a message object, got number'],
    ['replace', 'expected a message object, got string'],
    [[{ type: 'append' }], 'expected a message object, got an array'],
    [{ events: [] }, 'expected a message type, got nothing'],
    [{ type: 7, events: [] }, 'expected a message type, got number'],
    [{ type: 'delete', events: [] }, 'unknown message type "delete"; expected one of replace, append'],
    [{ type: '__proto__', events: [] }, 'unknown message type "__proto__"; expected one of replace, append'],
    [{ type: 'append', events: 'x' }, 'append: expected events to be an array, got string'],
    [{ type: 'append' }, 'append: expected events to be an array, got nothing'],
    [{ type: 'replace', events: [], title: 3 }, 'replace: expected title to be a string, got number'],
  ])('refuses %j: %s', (data, problem) => {
    expect(checkExtensionMessage(data)).toEqual({ ok: false, problem })
  })

  it('refuses a message over the size limit before walking all of it (50 MB)', () => {
    const big = { type: 'append', events: [call('big', { args: 'A'.repeat(50 * 1024 * 1024) })] }
    expect(checkExtensionMessage(big)).toEqual({
      ok: false,
      problem: 'append: larger than 32 MB, the limit',
    })
  })

  it('refuses too many events and too deep a message, and survives a cycle', () => {
    const many = {
      type: 'append',
      events: Array.from({ length: MESSAGE_LIMITS.maxEventsPerMessage + 1 }, () => 0),
    }
    expect(checkExtensionMessage(many)).toEqual({
      ok: false,
      problem: 'append: 50,001 events; the limit is 50,000 a message',
    })
    let deep: unknown = 'x'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(checkExtensionMessage({ type: 'append', events: [deep] })).toEqual({
      ok: false,
      problem: 'append: nested deeper than 66 levels',
    })
    const cyclic: Record<string, unknown> = { type: 'call', id: 'c', toolName: 't' }
    cyclic.args = cyclic
    // A cycle (structured clone carries them) looks infinitely deep.
    expect(checkExtensionMessage({ type: 'append', events: [cyclic] })).toEqual({
      ok: false,
      problem: 'append: nested deeper than 66 levels',
    })
  })

  it('a smaller limit can be set', () => {
    expect(
      checkExtensionMessage({ type: 'append', events: ['x'.repeat(100)] }, { maxMessageSize: 50 }),
    ).toEqual({
      ok: false,
      problem: 'append: larger than 50 B, the limit',
    })
  })

  prop.prop([fc.anything({ withObjectString: true, withNullPrototype: true, withMap: true, withSet: true })])(
    'never throws, whatever arrives',
    (data) => {
      const r = checkExtensionMessage(data)
      expect(typeof r.ok).toBe('boolean')
      const w = checkWebviewMessage(data)
      expect(typeof w.ok).toBe('boolean')
    },
  )
})

describe('checkWebviewMessage', () => {
  it('accepts each message and keeps only its known fields', () => {
    expect(checkWebviewMessage({ type: 'ready', extra: 1 })).toEqual({ ok: true, message: { type: 'ready' } })
    expect(checkWebviewMessage({ type: 'openPath', path: 'src/a.ts', line: 12, x: 1 })).toEqual({
      ok: true,
      message: { type: 'openPath', path: 'src/a.ts', line: 12 },
    })
    expect(checkWebviewMessage({ type: 'openPath', path: '/abs/a.ts' })).toEqual({
      ok: true,
      message: { type: 'openPath', path: '/abs/a.ts' },
    })
    expect(checkWebviewMessage({ type: 'openUrl', url: 'https://example.com/' })).toEqual({
      ok: true,
      message: { type: 'openUrl', url: 'https://example.com/' },
    })
    expect(checkWebviewMessage({ type: 'copy', text: 'hello' })).toEqual({
      ok: true,
      message: { type: 'copy', text: 'hello' },
    })
    expect(checkWebviewMessage({ type: 'problem', count: 3, messages: ['a', 5, 'b'] })).toEqual({
      ok: true,
      message: { type: 'problem', count: 3, messages: ['a', 'b'] },
    })
  })

  it.each([
    [{ type: 'openPath' }, 'openPath: expected path to be a non-empty string, got nothing'],
    [{ type: 'openPath', path: '' }, 'openPath: expected path to be a non-empty string, got string'],
    [{ type: 'openPath', path: 'a\u0000b' }, 'openPath: the path holds a NUL character'],
    [{ type: 'openPath', path: 'x'.repeat(4097) }, 'openPath: the path is longer than 4096 characters'],
    [
      { type: 'openPath', path: 'a', line: 0 },
      'openPath: expected line to be an integer from 1 to 100000000, got 0',
    ],
    [
      { type: 'openPath', path: 'a', line: 1.5 },
      'openPath: expected line to be an integer from 1 to 100000000, got 1.5',
    ],
    [
      { type: 'openPath', path: 'a', line: '3' },
      'openPath: expected line to be an integer from 1 to 100000000, got 3',
    ],
    [{ type: 'openUrl', url: 5 }, 'openUrl: expected url to be a string, got number'],
    [
      { type: 'openUrl', url: `https://x.example/${'a'.repeat(8192)}` },
      'openUrl: the URL is longer than 8192 characters',
    ],
    [{ type: 'copy', text: null }, 'copy: expected text to be a string, got null'],
    [{ type: 'problem', count: -1, messages: [] }, 'problem: expected count to be a whole number, got -1'],
    [
      { type: 'eval', code: '1' },
      'unknown message type "eval"; expected one of ready, openPath, openUrl, copy, problem',
    ],
  ])('refuses %j', (data, problem) => {
    expect(checkWebviewMessage(data)).toEqual({ ok: false, problem })
  })

  it('refuses a copy over 16 MB', () => {
    expect(checkWebviewMessage({ type: 'copy', text: 'x'.repeat(16 * 1024 * 1024 + 1) })).toEqual({
      ok: false,
      problem: 'copy: the text is larger than 16 MB, the limit',
    })
  })
})

describe('measure', () => {
  const json = fc.jsonValue({ maxDepth: 5 })

  prop.prop([json])('a value within the budget measures the same with any larger budget', (v) => {
    const size = measure(v, Number.MAX_SAFE_INTEGER, 100)
    expect(size).toBeGreaterThan(0)
    expect(measure(v, size, 100)).toBe(size)
    expect(measure(v, size - 1, 100)).toBe(-1)
  })

  prop.prop([json])('grows with the JSON text: at least a third of its length', (v) => {
    expect(measure(v, Number.MAX_SAFE_INTEGER, 100) * 3).toBeGreaterThanOrEqual(JSON.stringify(v).length)
  })
})

describe('sessionMessages', () => {
  const events = fc.array(
    fc.record({
      type: fc.constant('call'),
      id: fc.string(),
      toolName: fc.string(),
      args: fc.jsonValue({ maxDepth: 3 }),
    }),
    { maxLength: 60 },
  )

  prop.prop([events, fc.integer({ min: 20, max: 2000 }), fc.integer({ min: 1, max: 10 }), fc.boolean()])(
    'splits into checked messages that give back the events in order, each within the limits',
    (list, maxSize, maxEvents, replace) => {
      const messages = sessionMessages(list, { maxSize, maxEvents, replace, title: 't' })
      expect(messages.flatMap((m) => m.events)).toEqual(list)
      if (replace) {
        expect(messages[0]?.type).toBe('replace')
        expect(messages.slice(1).every((m) => m.type === 'append')).toBe(true)
      } else expect(messages.every((m) => m.type === 'append')).toBe(true)
      for (const m of messages) {
        expect(checkExtensionMessage(m).ok).toBe(true)
        expect(m.events.length).toBeLessThanOrEqual(maxEvents)
        const sizes = m.events.map((e) => measure(e, Number.MAX_SAFE_INTEGER, 100))
        if (m.events.length > 1) expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(maxSize)
      }
    },
  )

  it('an empty replace is one message; an empty append none', () => {
    expect(sessionMessages([], { title: 'x' })).toEqual([{ type: 'replace', events: [], title: 'x' }])
    expect(sessionMessages([], { replace: false })).toEqual([])
  })

  it('keeps real sessions under the size it promises', () => {
    const big = Array.from({ length: 30 }, (_, i) => call(`c${i}`, { args: 'x'.repeat(1024 * 1024) }))
    const messages: ExtensionMessage[] = sessionMessages(big)
    expect(messages.length).toBeGreaterThan(7)
    for (const m of messages) expect(measure(m, SEND_MESSAGE_SIZE + 200, 100)).toBeGreaterThan(0)
  })
})
