// @vitest-environment node
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { fromAny, type SessionFormat } from '../../src/adapters/detect'
import type { CardModel } from '../../src/protocol'
import {
  CORPUS,
  type CorpusReport,
  corpusText,
  foldCards,
  intentProblems,
  renderFailures,
  report,
  reportTable,
} from '../helpers/corpus'

/**
 * Every file of test/fixtures/corpus, read the way a user would (`fromAny`: detect, then convert). For each,
 * the calls are counted by a different, simple method per format (below), and the folded session must hold
 * exactly that many cards, each of which passes `parseIntent` and server-renders.
 */

const rows: Array<CorpusReport & { agent: string }> = []

/** Walks every parsed value (all JSON lines, or the whole text) and calls `visit` on each object. */
function walk(text: string, visit: (o: Record<string, unknown>) => void) {
  const whole = (() => {
    try {
      return [JSON.parse(text)]
    } catch {
      return null
    }
  })()
  const roots =
    whole ??
    text
      .split('\n')
      .filter((l) => l.trim())
      .flatMap((l) => {
        try {
          return [JSON.parse(l)]
        } catch {
          return []
        }
      })
  const stack: unknown[] = [...roots]
  while (stack.length) {
    const v = stack.pop()
    if (Array.isArray(v)) stack.push(...v)
    else if (v && typeof v === 'object') {
      visit(v as Record<string, unknown>)
      stack.push(...Object.values(v))
    }
  }
}

const NOT_OPENHANDS_CALLS = new Set([
  'message',
  'system',
  'recall',
  'change_agent_state',
  'null',
  'condensation',
])

/** Independent counts, one simple rule per format. */
const COUNT: Partial<Record<SessionFormat, (text: string) => number>> = {
  // Objects with `type: "tool_use"` and an id, anywhere.
  'claude-code': (text) => {
    const ids = new Set<string>()
    walk(text, (o) => {
      if (o.type === 'tool_use' && typeof o.id === 'string') ids.add(o.id)
    })
    return ids.size
  },
  // A regular expression over the raw text: the call id of each line that starts or records a call
  // (`function_call` covers unified exec: each `exec_command` and each `write_stdin` is a call of its own),
  // plus one for each `web_search_call` item, which Codex writes without an id.
  codex: (text) => {
    const ids = new Set<string>()
    let idless = 0
    for (const line of text.split('\n')) {
      if (
        /"type":"(?:exec_command_begin|patch_apply_begin|patch_apply_end|function_call|custom_tool_call|local_shell_call|web_search_call)"/.test(
          line,
        )
      ) {
        const m = /"call_id":"([^"]+)"/.exec(line)
        if (m) ids.add(m[1]!)
        else if (/"type":"web_search_call"/.test(line)) idless++
      }
    }
    return ids.size + idless
  },
  // Event arrays: actions that carry the model's tool-call metadata. V1 event streams (software-agent-sdk,
  // one event a line, tagged `kind`): distinct `tool_call_id`s of actions and their results. Output rows: every action
  // in each row's history but conversation and agent state.
  openhands: (text) => {
    let n = 0
    if (text.trimStart().startsWith('[')) {
      for (const e of JSON.parse(text) as Array<Record<string, unknown>>)
        if (
          e.action !== undefined &&
          typeof (e.tool_call_metadata as { function_name?: unknown })?.function_name === 'string'
        )
          n++
      return n
    }
    const first = JSON.parse(text.trimStart().split('\n', 1)[0]!) as { kind?: unknown }
    if (typeof first.kind === 'string') {
      const ids = new Set<string>()
      walk(text, (o) => {
        // a call shows by its action or by its result (a stream may hold a result whose action it lacks)
        if (
          (o.kind === 'ActionEvent' || o.kind === 'ObservationEvent' || o.kind === 'AgentErrorEvent') &&
          typeof o.tool_call_id === 'string'
        )
          ids.add(o.tool_call_id)
      })
      return ids.size
    }
    for (const line of text.split('\n').filter((l) => l.trim())) {
      const row = JSON.parse(line) as { history: Array<Record<string, unknown>> }
      for (const e of row.history) if (typeof e.action === 'string' && !NOT_OPENHANDS_CALLS.has(e.action)) n++
      // V1 evaluation rows: events tagged `kind`, a call by its tool_call_id (per row: ids restart)
      const v1 = new Set<string>()
      for (const e of row.history)
        if (
          (e.kind === 'ActionEvent' || e.kind === 'ObservationEvent' || e.kind === 'AgentErrorEvent') &&
          typeof e.tool_call_id === 'string'
        )
          v1.add(e.tool_call_id)
      n += v1.size
    }
    return n
  },
  // The model's turns in the chat history (one command each).
  'swe-agent': (text) =>
    (JSON.parse(text) as { history: Array<{ role: string }> }).history.filter((h) => h.role === 'assistant')
      .length,
  // Distinct ids of the objects in any `toolCalls` array.
  'gemini-cli': (text) => {
    const ids = new Set<string>()
    walk(text, (o) => {
      if (Array.isArray(o.toolCalls))
        for (const c of o.toolCalls)
          if (typeof (c as { id?: unknown }).id === 'string') ids.add((c as { id: string }).id)
    })
    return ids.size
  },
  mcp: (text) =>
    (JSON.parse(text) as { functional_test_scorecard: { steps: unknown[] } }).functional_test_scorecard.steps
      .length,
}

/** Each agent's own tools that have a specific card (plan and to-do tools show a checklist in the generic card). */
const BUILTIN: Partial<Record<SessionFormat, ReadonlySet<string>>> = {
  'claude-code': new Set([
    'Bash',
    'Read',
    'Edit',
    'MultiEdit',
    'Write',
    'NotebookEdit',
    'Grep',
    'Glob',
    'LS',
    'WebFetch',
    'WebSearch',
    'BashOutput',
    'TaskOutput',
  ]),
  codex: new Set([
    'shell',
    'apply_patch',
    'local_shell',
    'exec_command',
    'write_stdin',
    'shell_command',
    'container.exec',
    'web_search',
  ]),
  openhands: new Set([
    'execute_bash',
    'str_replace_editor',
    'execute_ipython_cell',
    'browser',
    'web_read',
    'edit_file',
    'run',
    'run_ipython',
    'read',
    'edit',
    'browse',
    // V1 (software-agent-sdk) tools.
    'terminal',
    'file_editor',
    'planning_file_editor',
    'read_file',
    'write_file',
    'list_directory',
    'glob',
    'grep',
    'apply_patch',
    'browser_navigate',
  ]),
  'gemini-cli': new Set([
    'run_shell_command',
    'read_file',
    'write_file',
    'replace',
    'glob',
    'list_directory',
    'search_file_content',
    'google_web_search',
    'web_fetch',
  ]),
}

const PLAN_TOOLS = new Set(['TodoWrite', 'update_plan', 'write_todos', 'plan'])

const AGENT: Record<string, string> = {
  'claude-code': 'Claude Code',
  codex: 'Codex',
  openhands: 'OpenHands',
  'swe-agent': 'SWE-agent',
  'gemini-cli': 'Gemini CLI',
  mcp: 'MCP',
}

const files = readdirSync(CORPUS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(resolve(CORPUS, d.name)).map((f) => `${d.name}/${f}`))
  .sort()

function isBuiltin(format: SessionFormat, card: CardModel): boolean {
  if (format === 'swe-agent') return true
  return BUILTIN[format]?.has(card.toolName) ?? false
}

describe.each(files)('corpus %s', (file) => {
  const text = corpusText(file)
  const folder = file.split('/')[0]!
  const { format, events, report: read } = fromAny(text)
  const state = foldCards(events)

  it('is detected as the format of its folder', () => {
    expect(format).toBe(folder)
    expect(read.problem).toBeUndefined()
  })

  it('every call in the source is exactly one card', () => {
    const expected = COUNT[format]?.(text)
    expect(expected).toBeGreaterThan(0)
    expect(state.problems).toEqual([])
    expect(state.cards.length).toBe(expected)
    expect(new Set(state.cards.map((c) => c.id)).size).toBe(state.cards.length)
  })

  it('every intent passes parseIntent', () => {
    expect(intentProblems(events)).toEqual([])
  })

  it('every card server-renders without throwing', () => {
    expect(renderFailures(state.cards)).toEqual([])
  })

  it('plans and to-do lists are checklists, not JSON trees', () => {
    for (const card of state.cards.filter((c) => PLAN_TOOLS.has(c.toolName))) {
      const intent = card.intent as { card?: string; checklist?: { items: unknown[] } } | undefined
      expect(intent?.card, card.id).toBe('generic')
      expect(intent?.checklist?.items.length, card.id).toBeGreaterThan(0)
    }
  })

  it('reports the share of calls with a specific card', () => {
    const r = report(file, COUNT[format]?.(text) ?? 0, state.cards, (c) => isBuiltin(format, c))
    rows.push({ ...r, agent: AGENT[format] ?? format })
    expect(r.cards).toBe(r.calls)
  })
})

// Per agent (all its corpus files together): built-in tools get their specific card in >= 98% of calls,
// failed calls included.
describe('built-in tools per agent', () => {
  it.each(Object.values(AGENT).filter((a) => a !== 'MCP'))(
    '%s: >= 98% of built-in calls get a specific card',
    (agent) => {
      const mine = rows.filter((r) => r.agent === agent)
      expect(mine.length).toBeGreaterThan(0)
      const builtin = mine.reduce((s, r) => s + r.builtin, 0)
      const specific = mine.reduce((s, r) => s + r.builtinSpecific, 0)
      expect(builtin).toBeGreaterThan(0)
      expect(specific / builtin).toBeGreaterThanOrEqual(0.98)
    },
  )
})

afterAll(() => {
  const table = reportTable(rows)
  const agents = [...new Set(rows.map((r) => r.agent))]
  const perAgent = agents
    .map((a) => {
      const mine = rows.filter((r) => r.agent === a)
      const b = mine.reduce((s, r) => s + r.builtin, 0)
      const sp = mine.reduce((s, r) => s + r.builtinSpecific, 0)
      const calls = mine.reduce((s, r) => s + r.calls, 0)
      return `| ${a} | ${mine.length} | ${calls} | ${b} | ${sp} | ${b ? `${((100 * sp) / b).toFixed(1)}%` : 'n/a'} |`
    })
    .join('\n')
  const summary = `| agent | files | calls | built-in calls | with specific card | share |\n|---|---:|---:|---:|---:|---:|\n${perAgent}`
  console.info(`\nShare of calls with a specific card, per corpus file:\n${table}\n\n${summary}\n`)
  // `TOOLCARDS_WRITE_DOCS=1` writes the tables into docs/adapters.md between markers.
  const doc = resolve(import.meta.dirname, '../../docs/adapters.md')
  if (process.env.TOOLCARDS_WRITE_DOCS === '1' && existsSync(doc)) {
    const old = readFileSync(doc, 'utf8')
    const next = old.replace(
      /<!-- corpus-table:start -->[\s\S]*<!-- corpus-table:end -->/,
      `<!-- corpus-table:start -->\n${table}\n\n${summary}\n<!-- corpus-table:end -->`,
    )
    writeFileSync(doc, next)
  }
})
