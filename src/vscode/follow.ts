/**
 * Follows a log file that an agent is still writing. The extension reads what was appended to the file
 * (by offset) and hands the text here; the follower keeps an incomplete last line back until it is
 * complete, converts the complete text to session events (with the converter it was given, e.g.
 * `text => fromAny(text).events` from `toolcards/adapters`) and says what changed: the new events to
 * append, or, when the new conversion does not extend the previous one, all of them to replace.
 */
export interface LogFollowerOptions {
  convert: (text: string) => readonly unknown[]
}

export type FollowUpdate =
  | { type: 'append'; events: readonly unknown[] }
  | { type: 'replace'; events: readonly unknown[] }

export interface LogFollower {
  /** Text appended to the file since the last call. Null when no event changed. */
  append(chunk: string): FollowUpdate | null
  /**
   * The file's whole text again (it was rewritten, or it shrank): like `append`, the update is an
   * `append` when the new events extend the old ones, else a `replace`.
   */
  setText(text: string): FollowUpdate | null
  /** The file's whole text, first read: always a `replace`. */
  reset(text: string): FollowUpdate
  /**
   * True when the complete text is one JSON document over several lines (a `.traj` or OpenHands `.json`
   * file): such a file is rewritten, not appended to, so re-read it whole (`setText`) when it changes.
   */
  readonly isDocument: boolean
  /** The events of the complete text so far. */
  readonly events: readonly unknown[]
  /** Characters held back: the end of the file after its last complete line. */
  readonly pending: number
}

export function createLogFollower({ convert }: LogFollowerOptions): LogFollower {
  let all = ''
  let used = -1
  let events: readonly unknown[] = []
  let keys: string[] = []

  const update = (force: boolean): FollowUpdate | null => {
    const usable = completeLength(all)
    if (!force && usable === used) return null
    used = usable
    let next: readonly unknown[]
    try {
      next = convert(all.slice(0, usable))
    } catch {
      next = []
    }
    const nextKeys = next.map(key)
    const extends_ = nextKeys.length >= keys.length && keys.every((k, i) => nextKeys[i] === k)
    const added = next.slice(keys.length)
    events = next
    keys = nextKeys
    if (force || !extends_) return { type: 'replace', events: next }
    return added.length > 0 ? { type: 'append', events: added } : null
  }

  return {
    append(chunk) {
      if (chunk === '') return null
      all += chunk
      return update(false)
    },
    setText(text) {
      if (text === all) return null
      all = text
      used = -1
      return update(false)
    },
    reset(text) {
      all = text
      return update(true)!
    },
    get isDocument() {
      const nl = all.indexOf('\n')
      return nl >= 0 && nl < all.trimEnd().length && parses(all)
    },
    get events() {
      return events
    },
    get pending() {
      return all.length - Math.max(used, 0)
    },
  }
}

/**
 * How much of the text is complete: all of it when it ends with a line break, when its last line is a
 * JSON value by itself (a JSONL line not yet followed by its line break) or when the whole text is one
 * JSON document (a `.traj` or OpenHands `.json` file); otherwise up to the last line break.
 */
export function completeLength(text: string): number {
  const nl = text.lastIndexOf('\n')
  const tail = text.slice(nl + 1)
  if (tail.trim() === '') return text.length
  if (parses(tail) || (nl >= 0 && parses(text))) return text.length
  return nl + 1
}

function parses(text: string): boolean {
  const t = text.trimStart()
  if (!(t.startsWith('{') || t.startsWith('['))) return false
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

let unreadable = 0

/** An event's identity for comparing conversions: its JSON text (an event that has none never matches). */
function key(event: unknown): string {
  try {
    return JSON.stringify(event) ?? 'undefined'
  } catch {
    unreadable++
    return `\u0000unreadable ${unreadable}`
  }
}
