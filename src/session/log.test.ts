import { describe, expect, it } from 'vitest'
import type { SessionEvent } from '../protocol'
import { foldSession } from './fold'
import {
  createSessionLogReader,
  formatSessionLogLine,
  readSessionLog,
  streamSessionLog,
  writeSessionLog,
} from './log'

const events: SessionEvent[] = [
  {
    type: 'call',
    id: 'a',
    toolName: 'Bash',
    args: { command: 'echo "hi\nthere"' },
    intent: { card: 'terminal', command: 'echo' },
    time: 1,
  },
  { type: 'update', id: 'a', appendOutput: 'line one\r\nline two\u2028\ud800 lone' },
  { type: 'result', id: 'a', status: 'completed', durationMs: 12 },
]

describe('session log (JSONL)', () => {
  it('writes one line per event and reads them back', () => {
    const text = writeSessionLog(events)
    expect(text.split('\n')).toHaveLength(4)
    expect(text.endsWith('\n')).toBe(true)
    expect(text).toContain('\\ud800')
    const back = readSessionLog(text)
    expect(back.problems).toEqual([])
    expect(back.events).toEqual(events)
  })

  it('reads chunks split anywhere, even one character at a time', () => {
    const text = writeSessionLog(events)
    const reader = createSessionLogReader()
    const out: SessionEvent[] = []
    const completedAt: number[] = []
    for (let i = 0; i < text.length; i++) {
      const got = reader.push(text[i]!)
      if (got.length > 0) completedAt.push(i)
      out.push(...got)
    }
    out.push(...reader.end())
    expect(out).toEqual(events)
    // An event is emitted exactly when its newline arrives.
    expect(completedAt).toEqual([...text.matchAll(/\n/g)].map((m) => m.index))
    expect(reader.lines).toBe(3)
  })

  it('skips bad lines and reports each with its line number and reason', () => {
    const text = [
      formatSessionLogLine(events[0]!).trimEnd(),
      '',
      '{"type":"call","id":"b"',
      'hello',
      '{"type":"result","id":"a","status":"done"}',
      '[1,2]',
      '   ',
      `${formatSessionLogLine(events[2]!).trimEnd()}\r`,
      '{"type":"update","id":"a","appendOutput":7}',
    ].join('\n')
    const seen: number[] = []
    const { events: read, problems } = readSessionLog(text, { onProblem: (p) => seen.push(p.line) })
    expect(read).toEqual([events[0], events[2]])
    expect(problems.map((p) => p.line)).toEqual([3, 4, 5, 6, 9])
    expect(seen).toEqual([3, 4, 5, 6, 9])
    expect(problems[0]!.reason).toMatch(/^not valid JSON: /)
    expect(problems[2]!.reason).toBe('$.status: expected "completed" or "failed" or "cancelled", got "done"')
    expect(problems[3]!.reason).toBe('expected an event object, got array')
    expect(problems[4]!.reason).toBe('$.appendOutput: expected string, got number')
  })

  it('accepts a byte-order mark and a last line without a newline', () => {
    const text = `\ufeff${writeSessionLog(events).trimEnd()}`
    expect(readSessionLog(text).events).toEqual(events)
  })

  it('skips a line over the length limit without holding it, and reads the next one', () => {
    const reader = createSessionLogReader({ maxLineLength: 100 })
    const out: SessionEvent[] = []
    out.push(...reader.push(`{"type":"update","id":"a","appendOutput":"${'x'.repeat(60)}`))
    out.push(...reader.push(`${'x'.repeat(60)}"}\n`))
    out.push(...reader.push(formatSessionLogLine(events[0]!).slice(0, 0)))
    out.push(...reader.push('{"type":"call","id":"z","toolName":"t"}\n'))
    out.push(...reader.push('y'.repeat(500)))
    out.push(...reader.end())
    expect(out).toEqual([{ type: 'call', id: 'z', toolName: 't' }])
    expect(reader.problems).toEqual([
      { line: 1, reason: 'longer than 100 B; the limit is 100 B' },
      { line: 3, reason: 'longer than 100 B; the limit is 100 B' },
    ])
  })

  it('streams UTF-8 bytes split inside a character', async () => {
    const text = writeSessionLog([{ type: 'call', id: 'é', toolName: '日本語 🚀' }])
    const bytes = new TextEncoder().encode(text)
    async function* source() {
      for (let i = 0; i < bytes.length; i += 3) yield bytes.slice(i, i + 3)
    }
    const out: SessionEvent[] = []
    for await (const e of streamSessionLog(source())) out.push(e)
    expect(out).toEqual([{ type: 'call', id: 'é', toolName: '日本語 🚀' }])
  })

  it('writes the lazily appended output of a folded terminal intent in full', () => {
    const state = foldSession([
      { type: 'call', id: 'a', toolName: 'Bash', intent: { card: 'terminal', command: 'ls' } },
      { type: 'update', id: 'a', appendOutput: 'one ' },
      { type: 'update', id: 'a', appendOutput: 'two' },
    ])
    const line = formatSessionLogLine({
      type: 'result',
      id: 'a',
      status: 'completed',
      intent: state.cards[0]!.intent,
    })
    expect(JSON.parse(line).intent).toEqual({ card: 'terminal', command: 'ls', output: 'one two' })
  })
})
