// @vitest-environment node
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { CardModel, SessionEvent } from '../protocol'
import { fromClaudeCode } from './claudeCode'
import {
  type CorpusReport,
  corpusText,
  foldCards,
  intentProblems,
  renderFailures,
  report,
  reportTable,
} from './test-corpus'

const rows: Array<CorpusReport & { agent: string }> = []

/** Independent count: walk every parsed value and collect the ids of objects with `type: "tool_use"`. */
function countClaudeCodeCalls(text: string): Set<string> {
  const ids = new Set<string>()
  for (const l of text.split('\n')) {
    if (!l.trim()) continue
    const stack: unknown[] = [JSON.parse(l)]
    while (stack.length) {
      const v = stack.pop()
      if (Array.isArray(v)) stack.push(...v)
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>
        if (o.type === 'tool_use' && typeof o.id === 'string') ids.add(o.id)
        stack.push(...Object.values(o))
      }
    }
  }
  return ids
}

interface Case {
  agent: string
  file: string
  adapt: (text: string) => SessionEvent[]
  count: (text: string) => Set<string>
  builtin: (card: CardModel) => boolean
}

const CLAUDE_BUILTIN = new Set([
  'Bash',
  'Read',
  'Edit',
  'MultiEdit',
  'Write',
  'Grep',
  'Glob',
  'WebFetch',
  'WebSearch',
])

const cases: Case[] = [
  ...['8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl', 'tool_heavy.jsonl', 'subagent.jsonl'].map((f) => ({
    agent: 'Claude Code',
    file: `claude-code/${f}`,
    adapt: fromClaudeCode,
    count: countClaudeCodeCalls,
    builtin: (c: CardModel) => CLAUDE_BUILTIN.has(c.toolName),
  })),
]

describe.each(cases)('corpus $file', ({ agent, file, adapt, count, builtin }) => {
  const text = corpusText(file)
  const events = adapt(text)
  const state = foldCards(events)

  it('every call in the source is exactly one card', () => {
    const expected = count(text)
    expect(expected.size).toBeGreaterThan(0)
    expect(state.problems).toEqual([])
    expect(state.cards.map((c) => c.id).sort()).toEqual([...expected].sort())
  })

  it('every intent passes parseIntent', () => {
    expect(intentProblems(events)).toEqual([])
  })

  it('every card server-renders without throwing', () => {
    expect(renderFailures(state.cards)).toEqual([])
  })

  it('reports the share of calls with a specific card', () => {
    const r = report(file, count(text).size, state.cards, builtin)
    rows.push({ ...r, agent })
    expect(r.cards).toBe(r.calls)
  })
})

// Per agent (all its corpus files together): built-in tools get their specific card in >= 95% of calls.
// Failed calls of non-terminal tools keep the generic card, which shows the error text.
describe('built-in tools per agent', () => {
  it.each([...new Set(cases.map((c) => c.agent))])(
    '%s: >= 95% of built-in calls get a specific card',
    (agent) => {
      const mine = rows.filter((r) => r.agent === agent)
      expect(mine.length).toBe(cases.filter((c) => c.agent === agent).length)
      const builtin = mine.reduce((s, r) => s + r.builtin, 0)
      const specific = mine.reduce((s, r) => s + r.builtinSpecific, 0)
      if (builtin > 0) expect(specific / builtin).toBeGreaterThanOrEqual(0.95)
    },
  )
})

afterAll(() => {
  const table = reportTable(rows)
  console.info(`\nShare of calls with a specific card, per corpus file:\n${table}\n`)
  // `TOOLCARDS_WRITE_DOCS=1` writes the table into docs/adapters.md between markers.
  const doc = resolve(import.meta.dirname, '../../docs/adapters.md')
  if (process.env.TOOLCARDS_WRITE_DOCS === '1' && existsSync(doc)) {
    const old = readFileSync(doc, 'utf8')
    const next = old.replace(
      /<!-- corpus-table:start -->[\s\S]*<!-- corpus-table:end -->/,
      `<!-- corpus-table:start -->\n${table}\n<!-- corpus-table:end -->`,
    )
    writeFileSync(doc, next)
  }
})
