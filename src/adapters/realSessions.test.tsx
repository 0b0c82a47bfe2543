// @vitest-environment node
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  type CorpusReport,
  corpusText,
  foldCards,
  intentProblems,
  renderFailures,
  report,
  reportTable,
} from '../../test/helpers/corpus'
import type { CardModel, SessionEvent } from '../protocol'
import { fromClaudeCode } from './claudeCode'
import { fromCodex } from './codex'
import { fromMcpInterview } from './mcp'
import { fromOpenHands } from './openhands'
import { fromSweAgent } from './sweAgent'

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

const OPENHANDS_BUILTIN = new Set([
  'execute_bash',
  'str_replace_editor',
  'execute_ipython_cell',
  'browser',
  'web_read',
  'edit_file',
])

const cases: Case[] = [
  ...['8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl', 'tool_heavy.jsonl', 'subagent.jsonl'].map((f) => ({
    agent: 'Claude Code',
    file: `claude-code/${f}`,
    adapt: fromClaudeCode,
    count: countClaudeCodeCalls,
    builtin: (c: CardModel) => CLAUDE_BUILTIN.has(c.toolName),
  })),
  {
    agent: 'Codex',
    file: 'codex/binary-size-log.events.jsonl',
    adapt: fromCodex,
    // Independent count: a regular expression over the raw text, one id per begin message.
    count: (text) =>
      new Set(
        [...text.matchAll(/"type":"(?:exec_command_begin|patch_apply_begin)","call_id":"([^"]+)"/g)].map(
          (m) => m[1]!,
        ),
      ),
    builtin: () => true,
  },
  ...['basic.json', 'basic_gui_mode.json'].map((f) => ({
    agent: 'OpenHands',
    file: `openhands/${f}`,
    adapt: (text: string) => fromOpenHands(JSON.parse(text)),
    // Independent count: actions that carry the model's tool-call metadata.
    count: (text: string) =>
      new Set(
        (
          JSON.parse(text) as Array<{
            id: number
            action?: string
            tool_call_metadata?: { function_name?: string }
          }>
        )
          .filter((e) => e.action !== undefined && typeof e.tool_call_metadata?.function_name === 'string')
          .map((e) => String(e.id)),
      ),
    builtin: (c: CardModel) => OPENHANDS_BUILTIN.has(c.toolName),
  })),
  {
    agent: 'SWE-agent',
    file: 'swe-agent/pydicom__pydicom-1458.traj',
    adapt: (text) => fromSweAgent(JSON.parse(text)),
    // Independent count: the model's turns in the chat history (one command each).
    count: (text) => {
      const n = (JSON.parse(text) as { history: Array<{ role: string }> }).history.filter(
        (h) => h.role === 'assistant',
      ).length
      return new Set(Array.from({ length: n }, (_, i) => `step-${i + 1}`))
    },
    builtin: () => true,
  },
  {
    agent: 'MCP',
    file: 'mcp/mcp-interview.json',
    adapt: (text) => fromMcpInterview(JSON.parse(text)),
    count: (text) => {
      const n = (JSON.parse(text) as { functional_test_scorecard: { steps: unknown[] } })
        .functional_test_scorecard.steps.length
      return new Set(Array.from({ length: n }, (_, i) => `mcp-step-${i + 1}`))
    },
    // The reference server's tools are its own (echo, add, ...): none has a specific card.
    builtin: () => false,
  },
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
