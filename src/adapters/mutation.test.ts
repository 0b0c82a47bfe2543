// @vitest-environment node
import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { corpusText } from '../../test/helpers/corpus'
import { parseIntent, type SessionEvent } from '../protocol'
import { foldSession } from '../session'
import { fromAcp } from './acp'
import { fromClaudeCode } from './claudeCode'
import { fromCodex } from './codex'
import { fromGemini } from './gemini'
import { fromMcpInterview } from './mcp'
import { fromOpenHands } from './openhands'
import { fromResponses } from './responses'
import { fromSweAgent } from './sweAgent'

/**
 * Each adapter on a real log mutated at random: fields dropped, values of one type swapped for another,
 * lines cut short, duplicated, or moved. It must never throw, every intent it makes must be valid, and every
 * call whose own unit (line, event, message) was left alone must still get its card.
 */

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }

/** The places in a value where a field or element can be dropped or swapped (bounded walk, no recursion). */
function slots(root: Json): Array<{ parent: Json[] | { [k: string]: Json }; key: string | number }> {
  const out: Array<{ parent: Json[] | { [k: string]: Json }; key: string | number }> = []
  const stack: Json[] = [root]
  while (stack.length > 0 && out.length < 5000) {
    const v = stack.pop()!
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        out.push({ parent: v, key: i })
        stack.push(v[i]!)
      }
    } else if (v !== null && typeof v === 'object')
      for (const [k, c] of Object.entries(v)) {
        out.push({ parent: v, key: k })
        stack.push(c)
      }
  }
  return out
}

function swapped(v: Json): Json {
  if (typeof v === 'string') return 42
  if (typeof v === 'number') return String(v)
  if (typeof v === 'boolean') return null
  if (v === null) return {}
  if (Array.isArray(v)) return 'x'
  return []
}

interface Op {
  kind: 'drop' | 'swap' | 'cut' | 'duplicate' | 'move'
  /** Which unit (modulo their number). */
  unit: number
  /** Which field to drop or swap, or where to cut. */
  seed: number
  /** Where a duplicate or a moved unit goes. */
  to: number
}

const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom(
    'drop' as const,
    'swap' as const,
    'cut' as const,
    'duplicate' as const,
    'move' as const,
  ),
  unit: fc.nat(),
  seed: fc.nat(),
  to: fc.nat(),
})

interface Unit {
  /** The unit's JSON text (cut units are not JSON any more). */
  text: string
  /** Left as it was in the real log. */
  intact: boolean
}

/** Applies the operations; units are JSON texts. */
function mutate(texts: string[], ops: Op[], allow: ReadonlySet<Op['kind']>): Unit[] {
  const units: Unit[] = texts.map((text) => ({ text, intact: true }))
  for (const op of ops) {
    if (!allow.has(op.kind) || units.length === 0) continue
    const i = op.unit % units.length
    const u = units[i]!
    if (op.kind === 'drop' || op.kind === 'swap') {
      let v: Json
      try {
        v = JSON.parse(u.text) as Json
      } catch {
        continue
      }
      const places = slots(v)
      if (places.length === 0) continue
      const { parent, key } = places[op.seed % places.length]!
      if (op.kind === 'drop') {
        if (Array.isArray(parent)) parent.splice(key as number, 1)
        else delete parent[key as string]
      } else if (Array.isArray(parent)) parent[key as number] = swapped(parent[key as number]!)
      else parent[key as string] = swapped(parent[key as string]!)
      units[i] = { text: JSON.stringify(v), intact: false }
    } else if (op.kind === 'cut') {
      units[i] = { text: u.text.slice(0, op.seed % Math.max(1, u.text.length)), intact: false }
    } else if (op.kind === 'duplicate') {
      units.splice(op.to % (units.length + 1), 0, { text: u.text, intact: false })
    } else {
      units.splice(i, 1)
      units.splice(op.to % (units.length + 1), 0, { text: u.text, intact: false })
    }
  }
  return units
}

interface Subject {
  name: string
  /** The real log as units (JSON texts). */
  units: string[]
  /** Runs the adapter on mutated units. */
  adapt: (units: Unit[]) => SessionEvent[]
  /** The ids of the calls a unit starts (read independently of the adapter). */
  callIds: (unit: unknown) => string[]
  ops: ReadonlySet<Op['kind']>
}

const ALL = new Set<Op['kind']>(['drop', 'swap', 'cut', 'duplicate', 'move'])
const jsonlLines = (file: string) =>
  corpusText(file)
    .split('\n')
    .filter((l) => l.trim())
const asArray = (units: Unit[]): unknown[] =>
  units.map((u) => {
    try {
      return JSON.parse(u.text)
    } catch {
      return u.text // a cut element: a string where an object was
    }
  })
const o = (v: unknown) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {})
const ids = (values: unknown[]) => values.filter((v): v is string => typeof v === 'string')

const rollout = jsonlLines('codex/rollout-0.39-vibe-coding-tracker.jsonl')
const multiSwe = JSON.parse(jsonlLines('openhands/multi-swe-bench-output.jsonl')[0]!) as {
  history: unknown[]
}
const gemini = JSON.parse(corpusText('gemini-cli/session-vibe-coding-tracker.json')) as Record<
  string,
  unknown
> & {
  messages: unknown[]
}
const swe = JSON.parse(corpusText('swe-agent/test-repo-i1.traj')) as Record<string, unknown> & {
  trajectory: unknown[]
}
const mcp = JSON.parse(corpusText('mcp/mcp-interview.json')) as {
  functional_test_scorecard: Record<string, unknown> & { steps: unknown[] }
}

const ACP_LOG: unknown[] = [
  { sessionUpdate: 'plan', entries: [{ content: 'a', priority: 'high', status: 'pending' }] },
  {
    sessionUpdate: 'tool_call',
    toolCallId: 't1',
    title: 'Read a.ts',
    kind: 'read',
    status: 'pending',
    locations: [{ path: '/a.ts' }],
  },
  {
    sessionUpdate: 'tool_call_update',
    toolCallId: 't1',
    status: 'completed',
    content: [{ type: 'content', content: { type: 'text', text: 'x' } }],
  },
  {
    sessionUpdate: 'tool_call',
    toolCallId: 't2',
    title: 'npm test',
    kind: 'execute',
    status: 'in_progress',
    rawInput: { command: 'npm test' },
  },
  {
    sessionUpdate: 'tool_call_update',
    toolCallId: 't2',
    status: 'failed',
    rawOutput: { exitCode: 1, output: 'fail' },
  },
  {
    sessionUpdate: 'tool_call',
    toolCallId: 't3',
    title: 'Edit',
    kind: 'edit',
    status: 'completed',
    content: [{ type: 'diff', path: '/b', oldText: 'a', newText: 'b' }],
  },
]

const SUBJECTS: Subject[] = [
  {
    name: 'Claude Code',
    units: jsonlLines('claude-code/tool_heavy.jsonl'),
    adapt: (units) => fromClaudeCode(units.map((u) => u.text).join('\n')),
    callIds: (v) => {
      const content = o(o(v).message).content
      return ids(
        (Array.isArray(content) ? content : []).filter((b) => o(b).type === 'tool_use').map((b) => o(b).id),
      )
    },
    ops: ALL,
  },
  {
    name: 'Codex rollout',
    units: rollout,
    adapt: (units) => fromCodex(units.map((u) => u.text).join('\n')),
    callIds: (v) => {
      const p = o(o(v).payload)
      return ['function_call', 'custom_tool_call', 'local_shell_call'].includes(p.type as string)
        ? ids([p.call_id])
        : []
    },
    ops: ALL,
  },
  {
    name: 'Codex TUI log',
    units: jsonlLines('codex/binary-size-log.events.jsonl'),
    adapt: (units) => fromCodex(units.map((u) => u.text).join('\n')),
    callIds: (v) => {
      const m = o(o(o(v).payload).msg)
      return ['exec_command_begin', 'patch_apply_begin'].includes(m.type as string) ? ids([m.call_id]) : []
    },
    ops: ALL,
  },
  {
    name: 'Responses API items',
    units: rollout.map((l) => JSON.stringify(o(JSON.parse(l)).payload ?? null)),
    adapt: (units) => fromResponses(asArray(units)),
    callIds: (v) =>
      ['function_call', 'custom_tool_call', 'local_shell_call'].includes(o(v).type as string)
        ? ids([o(v).call_id])
        : [],
    ops: ALL,
  },
  {
    name: 'OpenHands events',
    units: multiSwe.history.map((e) => JSON.stringify(e)),
    adapt: (units) => fromOpenHands(asArray(units)),
    callIds: (v) =>
      typeof o(v).action === 'string' &&
      !['message', 'system', 'recall'].includes(o(v).action as string) &&
      typeof o(v).id === 'number'
        ? [String(o(v).id)]
        : [],
    ops: ALL,
  },
  {
    name: 'Gemini CLI',
    units: gemini.messages.map((m) => JSON.stringify(m)),
    adapt: (units) => fromGemini({ ...gemini, messages: asArray(units) }),
    callIds: (v) =>
      ids((Array.isArray(o(v).toolCalls) ? (o(v).toolCalls as unknown[]) : []).map((c) => o(c).id)),
    ops: ALL,
  },
  {
    name: 'ACP',
    units: ACP_LOG.map((m) => JSON.stringify(m)),
    adapt: (units) => fromAcp(asArray(units)),
    callIds: (v) => (o(v).sessionUpdate === 'tool_call' ? ids([o(v).toolCallId]) : []),
    ops: ALL,
  },
]

describe.each(SUBJECTS)('$name on a mutated real log', ({ units, adapt, callIds, ops }) => {
  test.prop([fc.array(opArb, { minLength: 1, maxLength: 8 })], { numRuns: 40 })(
    'never throws; intents stay valid; every call of an untouched unit keeps its card',
    (opList) => {
      const mutated = mutate(units, opList, ops)
      const events = adapt(mutated)
      for (const e of events) if (e.intent !== undefined) expect(parseIntent(e.intent).ok).toBe(true)
      const cards = new Set(foldSession(events).cards.map((c) => c.id))
      for (const u of mutated) {
        if (!u.intact) continue
        for (const id of callIds(JSON.parse(u.text))) expect(cards.has(id), id).toBe(true)
      }
    },
  )
})

describe('step-based logs (one card per step) on mutated input', () => {
  test.prop([fc.array(opArb, { minLength: 1, maxLength: 8 })], { numRuns: 40 })(
    'SWE-agent: never throws; one valid card per step, whatever was dropped or swapped inside the steps',
    (opList) => {
      const steps = mutate(
        swe.trajectory.map((s) => JSON.stringify(s)),
        opList,
        new Set(['drop', 'swap', 'duplicate', 'move']),
      )
      const events = fromSweAgent({ ...swe, trajectory: asArray(steps) })
      for (const e of events) if (e.intent !== undefined) expect(parseIntent(e.intent).ok).toBe(true)
      expect(foldSession(events).cards).toHaveLength(steps.length)
    },
  )

  test.prop([fc.array(opArb, { minLength: 1, maxLength: 8 })], { numRuns: 40 })(
    'MCP interview: never throws; one valid card per step',
    (opList) => {
      const steps = mutate(
        mcp.functional_test_scorecard.steps.map((s) => JSON.stringify(s)),
        opList,
        new Set(['drop', 'swap', 'duplicate', 'move']),
      )
      const events = fromMcpInterview({
        ...mcp,
        functional_test_scorecard: { ...mcp.functional_test_scorecard, steps: asArray(steps) },
      })
      for (const e of events) if (e.intent !== undefined) expect(parseIntent(e.intent).ok).toBe(true)
      expect(foldSession(events).cards).toHaveLength(steps.length)
    },
  )
})
