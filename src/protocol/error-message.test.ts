import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGE_LIMIT, errorMessage } from './error-message'

class HttpError extends Error {
  override name = 'HttpError'
}

describe('errorMessage: readable text from anything thrown', () => {
  it.each<[string, unknown, string]>([
    ['an Error', new Error('disk full'), 'disk full'],
    ['an Error subclass', new HttpError('404 on /x'), '404 on /x'],
    ['an Error with an empty message: its name', new HttpError(''), 'HttpError'],
    ['an object with a string message', { message: 'policy denied', code: 7 }, 'policy denied'],
    ['a string', 'plain text', 'plain text'],
    ['an empty string', '', ''],
    ['a number', 42, '42'],
    ['NaN', Number.NaN, 'NaN'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['a boolean', false, 'false'],
    ['a bigint', 10n, '10'],
    ['a symbol', Symbol('gone'), 'Symbol(gone)'],
    ['a plain object: its JSON', { code: 'E_DENIED', retry: false }, '{"code":"E_DENIED","retry":false}'],
    ['an array: its JSON', [1, 'two'], '[1,"two"]'],
    ['a Map (no JSON form worth showing): String()', new Map([[1, 2]]), '[object Map]'],
  ])('%s', (_name, value, expected) => {
    expect(errorMessage(value)).toBe(expected)
  })

  it('a cycle: not JSON, so String()', () => {
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic.self = cyclic
    expect(errorMessage(cyclic)).toBe('[object Object]')
  })

  it('a message getter that throws, a toString that throws, toJSON that throws: never throws', () => {
    const evil = {
      get message(): string {
        throw new Error('getter')
      },
      toJSON() {
        throw new Error('toJSON')
      },
      toString() {
        throw new Error('toString')
      },
    }
    expect(errorMessage(evil)).toBe('[object Object]')
  })

  it('Symbol.toStringTag getter that throws as well: "unknown error"', () => {
    const worst = Object.create(null, {
      [Symbol.toStringTag]: {
        get() {
          throw new Error('tag')
        },
      },
      toJSON: {
        value: () => {
          throw new Error('json')
        },
      },
    })
    expect(errorMessage(worst)).toBe('unknown error')
  })

  it('a Proxy whose every trap throws, and a revoked Proxy', () => {
    const trap = () => {
      throw new Error('trap')
    }
    const hostile = new Proxy(
      {},
      { get: trap, getPrototypeOf: trap, ownKeys: trap, has: trap, getOwnPropertyDescriptor: trap },
    )
    expect(typeof errorMessage(hostile)).toBe('string')
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    expect(typeof errorMessage(proxy)).toBe('string')
  })

  it('a huge message is cut, saying how much', () => {
    const text = errorMessage(new Error('x'.repeat(1_000_000)))
    expect(text.startsWith('x'.repeat(ERROR_MESSAGE_LIMIT))).toBe(true)
    expect(text.slice(ERROR_MESSAGE_LIMIT)).toBe('… (990,000 more characters)')
  })

  it('does not split a surrogate pair when cutting', () => {
    const text = errorMessage(`${'a'.repeat(ERROR_MESSAGE_LIMIT - 1)}😀tail`)
    expect(text.startsWith(`${'a'.repeat(ERROR_MESSAGE_LIMIT - 1)}…`)).toBe(true)
  })

  it('a huge object costs about the budget: a 2,000,000-item array with 1 MB strings in it', () => {
    const big = new Array(2_000_000).fill('y'.repeat(1024 * 1024))
    const started = performance.now()
    const text = errorMessage(big)
    expect(performance.now() - started).toBeLessThan(500)
    expect(text.length).toBeLessThan(ERROR_MESSAGE_LIMIT + 40)
    expect(text.startsWith('["yyy')).toBe(true)
  })

  it('long arrays and wide objects are summed up after 100 items', () => {
    expect(errorMessage(Array.from({ length: 102 }, (_, i) => i))).toBe(
      `[${Array.from({ length: 100 }, (_, i) => i).join(',')},"… 2 more items"]`,
    )
    const wide = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, i]))
    expect(errorMessage(wide).endsWith('"k99":99,"…":"50 more keys"}')).toBe(true)
  })

  it('a value nested 100,000 deep, and one whose getter makes a new level on every read', () => {
    let deep: unknown = 'bottom'
    for (let i = 0; i < 100_000; i++) deep = { d: deep }
    expect(typeof errorMessage(deep)).toBe('string')
    const endless: object = {
      get next() {
        return endless2()
      },
    }
    function endless2(): object {
      return {
        get next() {
          return endless2()
        },
      }
    }
    expect(errorMessage(endless).length).toBeLessThan(ERROR_MESSAGE_LIMIT + 40)
  })

  it('property: never throws and stays within the limit, for any value', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true, withDate: true }), (v) => {
        const text = errorMessage(v)
        expect(typeof text).toBe('string')
        expect(text.length).toBeLessThanOrEqual(ERROR_MESSAGE_LIMIT + 40)
      }),
    )
  })
})
