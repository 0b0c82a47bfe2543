/** Characters of a message `errorMessage` returns; a longer one is cut and says how much was cut. */
export const ERROR_MESSAGE_LIMIT = 10_000

/**
 * A readable message from anything thrown, rejected, or handed over as an error: the one the whole kit
 * uses. Never throws, whatever it is given (getters and `toString` that throw, revoked Proxies, cycles,
 * huge values).
 *
 * - an `Error`, or any object with a string `message`: the message (its `name` when the message is empty);
 * - a string: itself;
 * - anything else: its JSON text when JSON can hold it (`{"code":"E_DENIED"}`), else `String(value)`.
 *
 * The result is at most `ERROR_MESSAGE_LIMIT` characters plus a short note of what was cut.
 */
export function errorMessage(error: unknown): string {
  let text: string
  try {
    text = describe(error)
  } catch {
    text = 'unknown error'
  }
  return cap(text)
}

function describe(error: unknown): string {
  if (typeof error === 'string') return error
  if (error === null || (typeof error !== 'object' && typeof error !== 'function')) return String(error)
  const message = read(error, 'message')
  if (typeof message === 'string') {
    if (message !== '') return message
    const name = read(error, 'name')
    if (typeof name === 'string' && name !== '') return name
  }
  const json = boundedJson(error)
  if (json !== undefined && !(json === '{}' && !isPlainObject(error))) return json
  try {
    const text = String(error)
    if (typeof text === 'string') return text
  } catch {
    // A toString that throws: fall through to the tag, which calls no user code but a Symbol.toStringTag getter.
  }
  try {
    return Object.prototype.toString.call(error)
  } catch {
    return 'unknown error'
  }
}

/** One property, or undefined when reading it throws (a getter, a Proxy trap, a revoked Proxy). */
function read(value: object, key: string): unknown {
  try {
    return (value as Record<string, unknown>)[key]
  } catch {
    return undefined
  }
}

function isPlainObject(value: object): boolean {
  try {
    const proto = Object.getPrototypeOf(value)
    return proto === Object.prototype || proto === null
  } catch {
    return false
  }
}

/** Items of an array, or keys of an object, written before the rest is summed up. */
const JSON_ITEMS = 100

/**
 * JSON text, with a budget: past `ERROR_MESSAGE_LIMIT` characters of strings and keys, values are left out,
 * and only the first `JSON_ITEMS` items of an array or keys of an object are written, so a huge or endlessly
 * deep value costs about the budget, not its size. Undefined when JSON cannot hold it (a cycle, a bigint,
 * a getter that throws) or it has no JSON form (a function).
 */
function boundedJson(value: unknown): string | undefined {
  let budget = ERROR_MESSAGE_LIMIT * 2
  try {
    return JSON.stringify(value, (key, v: unknown) => {
      if (budget <= 0) return undefined
      budget -= key.length + 4
      if (typeof v === 'string') {
        if (v.length > budget) {
          const kept = v.slice(0, Math.max(0, budget))
          budget = 0
          return kept
        }
        budget -= v.length
      } else if (Array.isArray(v) && v.length > JSON_ITEMS) {
        return [...v.slice(0, JSON_ITEMS), `… ${(v.length - JSON_ITEMS).toLocaleString('en-US')} more items`]
      } else if (v !== null && typeof v === 'object') {
        const keys = Object.keys(v)
        if (keys.length > JSON_ITEMS) {
          const some: Record<string, unknown> = {}
          for (const k of keys.slice(0, JSON_ITEMS)) some[k] = (v as Record<string, unknown>)[k]
          some['…'] = `${(keys.length - JSON_ITEMS).toLocaleString('en-US')} more keys`
          return some
        }
      }
      return v
    })
  } catch {
    return undefined
  }
}

function cap(text: string): string {
  if (text.length <= ERROR_MESSAGE_LIMIT) return text
  let end = ERROR_MESSAGE_LIMIT
  // Do not split a surrogate pair.
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end--
  return `${text.slice(0, end)}… (${(text.length - end).toLocaleString('en-US')} more characters)`
}
