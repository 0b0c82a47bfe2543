import { SESSION_EVENT_TYPES, type SessionEvent } from '../protocol'
import { fromAcp, isAcpMessage } from './acp'
import { fromAiSdk, isAiSdkMessage } from './aiSdk'
import { fromClaudeCode } from './claudeCode'
import { fromCodex } from './codex'
import { fromGemini, isGeminiSession } from './gemini'
import { fromMcp, fromMcpInterview, isMcpRpcMessage } from './mcp'
import { fromOpenHands } from './openhands'
import { fromResponses, RESPONSE_CALL_TYPES } from './responses'
import { fromSweAgent, isSweAgentTrajectory } from './sweAgent'
import { isObj, type Obj, obj, tryParse } from './util'

export type SessionFormat =
  | 'claude-code'
  | 'codex'
  | 'openhands'
  | 'swe-agent'
  | 'mcp'
  | 'acp'
  | 'gemini-cli'
  | 'openai-responses'
  | 'toolcards'
  | 'ai-sdk'
  | 'unknown'

export const FORMAT_NAMES: Record<SessionFormat, string> = {
  'claude-code': 'Claude Code session (JSONL)',
  codex: 'Codex log (JSONL)',
  openhands: 'OpenHands event stream (JSON)',
  'swe-agent': 'SWE-agent trajectory (.traj)',
  mcp: 'MCP tools/call results (JSON or JSON-RPC JSONL)',
  acp: 'Agent Client Protocol session/update messages',
  'gemini-cli': 'Gemini CLI session (JSON or JSONL)',
  'openai-responses': 'OpenAI Responses API items (JSON or JSONL)',
  toolcards: 'toolcards session events',
  'ai-sdk': 'AI SDK UI messages (useChat)',
  unknown: 'unknown',
}

const EVENT_TYPES = new Set<string>(SESSION_EVENT_TYPES)

/** Responses API item types that mark a line as such an item (a message alone is not enough). */
const RESPONSE_ITEM_TYPES = new Set([
  ...RESPONSE_CALL_TYPES,
  'function_call_output',
  'custom_tool_call_output',
  'local_shell_call_output',
  'tool_search_output',
  'reasoning',
])

/** OpenHands V1 event kinds (`kind`), of the software-agent-sdk's event stream. */
const OPENHANDS_V1_KINDS = new Set([
  'ActionEvent',
  'ObservationEvent',
  'AgentErrorEvent',
  'UserRejectObservation',
  'MessageEvent',
  'SystemPromptEvent',
  'ConversationStateUpdateEvent',
  'PauseEvent',
  'Condensation',
  'CondensationRequest',
])

/** Which agent's log a text is. Reads the whole text as JSON, else its first JSONL lines. Never throws. */
export function detectFormat(text: string): SessionFormat {
  const whole =
    text.trimStart().startsWith('{') || text.trimStart().startsWith('[') ? tryParse(text) : undefined
  if (whole !== undefined) {
    const f = formatOfValue(whole)
    if (f !== 'unknown') return f
  }
  const lines: unknown[] = []
  for (const line of text.split('\n', 200)) {
    const t = line.trim()
    if (!t) continue
    const v = tryParse(t)
    if (v !== undefined) lines.push(v)
    if (lines.length >= 50) break
  }
  if (lines.length === 0) return 'unknown'
  return formatOfLines(lines)
}

function formatOfValue(v: unknown): SessionFormat {
  if (Array.isArray(v)) {
    if (v.length === 0) return 'unknown'
    return formatOfLines(v)
  }
  if (!isObj(v)) return 'unknown'
  if (Array.isArray(v.trajectory)) return 'swe-agent'
  if (isGeminiSession(v)) return 'gemini-cli'
  if (Array.isArray(v.history) && ('instance_id' in v || 'issue' in v || 'instruction' in v))
    return 'openhands'
  if (isSweAgentTrajectory(v)) return 'swe-agent'
  if (v.object === 'response' && Array.isArray(v.output)) return 'openai-responses'
  if (isObj(v.functional_test_scorecard) || isMcpCall(v) || isMcpRpcMessage(v)) return 'mcp'
  if (Array.isArray(v.events)) return formatOfLines(v.events)
  if (Array.isArray(v.messages) && v.messages.some(isAiSdkMessage)) return 'ai-sdk'
  if (isAcpMessage(v)) return 'acp'
  return 'unknown'
}

function isMcpCall(v: Obj): boolean {
  if (obj(v.request).method === 'tools/call') return true
  const result = isObj(v.result) ? v.result : obj(v.response).result
  return isObj(result) && Array.isArray(obj(result).content) && ('name' in v || 'request' in v || 'tool' in v)
}

function formatOfLines(values: unknown[]): SessionFormat {
  const votes: Partial<Record<SessionFormat, number>> = {}
  for (const v of values) {
    const f = lineFormat(v)
    if (f !== 'unknown') votes[f] = (votes[f] ?? 0) + 1
  }
  let best: SessionFormat = 'unknown'
  let most = 0
  for (const [f, n] of Object.entries(votes) as Array<[SessionFormat, number]>) {
    if (n > most) {
      best = f
      most = n
    }
  }
  return best
}

function lineFormat(v: unknown): SessionFormat {
  if (!isObj(v)) return 'unknown'
  if (typeof v.dir === 'string' && typeof v.kind === 'string') return 'codex'
  if (isObj(obj(v.payload).msg)) return 'codex'
  if (
    v.type === 'event_msg' ||
    v.type === 'response_item' ||
    v.type === 'session_meta' ||
    v.type === 'turn_context'
  )
    return 'codex'
  if (isAcpMessage(v)) return 'acp'
  if (isAiSdkMessage(v)) return 'ai-sdk'
  if (isGeminiSession(v)) return 'gemini-cli'
  if (Array.isArray(v.history) && ('instance_id' in v || 'issue' in v || 'instruction' in v))
    return 'openhands'
  if (v.object === 'response' && Array.isArray(v.output)) return 'openai-responses'
  if (typeof v.type === 'string' && RESPONSE_ITEM_TYPES.has(v.type) && !('sessionId' in v))
    return 'openai-responses'
  if (typeof v.sessionId === 'string' && typeof v.type === 'string') return 'claude-code'
  if ((v.type === 'user' || v.type === 'assistant') && isObj(v.message)) return 'claude-code'
  if (v.type === 'file-history-snapshot' || v.type === 'summary') return 'claude-code'
  if (('action' in v || 'observation' in v) && 'id' in v && 'source' in v) return 'openhands'
  // OpenDevin histories: structured events without ids.
  if (
    (typeof v.action === 'string' && isObj(v.args)) ||
    (typeof v.observation === 'string' && isObj(v.extras))
  )
    return 'openhands'
  // OpenHands V1 (software-agent-sdk): events tagged by `kind`.
  if (typeof v.kind === 'string' && OPENHANDS_V1_KINDS.has(v.kind) && 'source' in v) return 'openhands'
  if (typeof v.type === 'string' && EVENT_TYPES.has(v.type) && typeof v.id === 'string') return 'toolcards'
  // MCP transcripts: `{request, response}` pairs, or JSON-RPC messages (`tools/call` and its response).
  if (isMcpCall(v) || isMcpRpcMessage(v)) return 'mcp'
  return 'unknown'
}

export interface AnySession {
  format: SessionFormat
  events: SessionEvent[]
  /** What was read and what was not: for a program, or a viewer that must not show an empty page silently. */
  report: ReadReport
}

/** What `fromAny` made of a text. */
export interface ReadReport {
  format: SessionFormat
  /** The format's name (`FORMAT_NAMES`). */
  formatName: string
  /** Every format it knows, by name. */
  knownFormats: string[]
  /** Non-empty lines in the text. */
  lines: number
  /** Lines that are not JSON (a log cut in the middle of a line, or not a log at all). */
  skippedLines: number
  /** Calls found (cards). */
  calls: number
  /** Things in the raw text that look like tool calls of some agent (a rough count by text patterns). */
  likelyCalls: number
  /** When nothing (or not everything) could be shown: why, in a sentence. Absent when all went well. */
  problem?: string
}

/** Detects the format and converts. An unknown format gives no events (`format: "unknown"`) and a report. */
export function fromAny(text: string): AnySession {
  const input = typeof text === 'string' ? text : ''
  const format = detectFormat(input)
  let events: SessionEvent[] = []
  let error: string | undefined
  try {
    events = convert(format, input)
  } catch (e) {
    // Adapters do not throw; should one ever, the report says so instead of the page going blank.
    error = e instanceof Error ? e.message : String(e)
  }
  return { format, events, report: readReport(input, format, events, error) }
}

/** Text patterns of tool calls in the formats the adapters read (and a few they do not). */
const CALL_PATTERNS: RegExp[] = [
  /"type"\s*:\s*"(?:tool_use|function_call|custom_tool_call|local_shell_call|web_search_call|file_search_call|tool_search_call|mcp_call|tool_call|tool-call)"/g,
  /"type"\s*:\s*"(?:exec_command_begin|patch_apply_begin|mcp_tool_call_begin)"/g,
  /"sessionUpdate"\s*:\s*"tool_call"/g,
  /"method"\s*:\s*"tools\/call"/g,
  /"kind"\s*:\s*"ActionEvent"/g,
  /"tool_calls"\s*:\s*\[\s*\{/g,
  /"functionCall"\s*:/g,
  /"action"\s*:\s*"(?:run|run_ipython|read|edit|write|browse|browse_interactive)"/g,
]

export function countLikelyCalls(text: string): number {
  let n = 0
  for (const re of CALL_PATTERNS) {
    re.lastIndex = 0
    n += text.match(re)?.length ?? 0
  }
  // Gemini CLI: tool calls are objects in `toolCalls` arrays; count their ids once.
  const gemini = new Set<string>()
  for (const m of text.matchAll(/"functionResponse"\s*:\s*\{\s*"id"\s*:\s*"([^"]+)"/g)) gemini.add(m[1]!)
  return n + gemini.size
}

export function readReport(
  text: string,
  format: SessionFormat,
  events: SessionEvent[],
  error?: string,
): ReadReport {
  let lines = 0
  let skippedLines = 0
  const whole = tryParse(text) !== undefined
  // JSONL lines that are another format's than the one read (a log with another appended): left out.
  const others = new Map<SessionFormat, string[]>()
  for (const line of text.split('\n')) {
    const t = line.trim()
    if (!t) continue
    lines++
    if (whole) continue
    const v = tryParse(t)
    if (v === undefined) {
      skippedLines++
      continue
    }
    if (format === 'unknown') continue
    const f = lineFormat(v)
    if (f === 'unknown' || f === format) continue
    const mine = others.get(f)
    if (mine) mine.push(t)
    else others.set(f, [t])
  }
  const calls = new Set(events.filter((e) => e.type === 'call').map((e) => e.id)).size
  const likelyCalls = countLikelyCalls(text)
  const knownFormats = (Object.keys(FORMAT_NAMES) as SessionFormat[])
    .filter((f) => f !== 'unknown')
    .map((f) => FORMAT_NAMES[f])
  const report: ReadReport = {
    format,
    formatName: FORMAT_NAMES[format],
    knownFormats,
    lines,
    skippedLines,
    calls,
    likelyCalls,
  }
  const skipped = skippedLines > 0 ? ` ${skippedLines} of ${lines} lines are not JSON and were skipped.` : ''
  if (error) report.problem = `Reading it as ${FORMAT_NAMES[format]} failed: ${error}.${skipped}`
  else if (text.trim() === '') report.problem = 'The file is empty.'
  else if (format === 'unknown')
    report.problem = `Not a format this viewer knows (${lines} line${lines === 1 ? '' : 's'}${likelyCalls > 0 ? `, ${likelyCalls} things that look like tool calls` : ''}).${skipped} Known formats: ${knownFormats.join('; ')}.`
  else if (calls === 0 && likelyCalls > 0)
    report.problem = `Read as ${FORMAT_NAMES[format]}, but none of the ${likelyCalls} things that look like tool calls could be read.${skipped}`
  else if (calls === 0) report.problem = `Read as ${FORMAT_NAMES[format]}: it holds no tool calls.${skipped}`
  else if (skippedLines > 0) report.problem = skipped.trim()
  const mixed = [...others]
    .sort((x, y) => y[1].length - x[1].length)
    .map(([f, own]) => {
      const likely = countLikelyCalls(own.join('\n'))
      return `${own.length} of ${lines} lines are ${FORMAT_NAMES[f]}, not ${FORMAT_NAMES[format]}, and were left out${likely > 0 ? ` (${likely} things that look like tool calls)` : ''}.`
    })
    .join(' ')
  if (mixed && !error) report.problem = report.problem ? `${report.problem} ${mixed}` : mixed
  return report
}

function convert(format: SessionFormat, text: string): SessionEvent[] {
  switch (format) {
    case 'claude-code':
      return fromClaudeCode(text)
    case 'codex':
      return fromCodex(text)
    case 'openhands': {
      const v = tryParse(text)
      return fromOpenHands(v !== undefined ? v : jsonlValues(text))
    }
    case 'gemini-cli':
      return fromGemini(text)
    case 'openai-responses':
      return fromResponses(text)
    case 'swe-agent':
      return fromSweAgent(tryParse(text))
    case 'mcp': {
      const v = tryParse(text)
      if (isObj(v) && isObj(v.functional_test_scorecard)) return fromMcpInterview(v)
      if (Array.isArray(v)) return fromMcp(v)
      return v !== undefined ? fromMcp(obj(v)) : fromMcp(jsonlValues(text))
    }
    case 'acp': {
      const v = tryParse(text)
      return fromAcp(Array.isArray(v) ? v : v !== undefined ? [v] : jsonlValues(text))
    }
    case 'ai-sdk': {
      const v = tryParse(text)
      return fromAiSdk(
        isObj(v) && Array.isArray(v.messages) ? v.messages : v !== undefined ? v : jsonlValues(text),
      )
    }
    case 'toolcards': {
      const v = tryParse(text)
      const values = Array.isArray(v) ? v : isObj(v) && Array.isArray(v.events) ? v.events : jsonlValues(text)
      return values as SessionEvent[]
    }
    default:
      return []
  }
}

function jsonlValues(text: string): unknown[] {
  const out: unknown[] = []
  for (const line of text.split('\n')) {
    const t = line.trim()
    if (!t) continue
    const v = tryParse(t)
    if (v !== undefined) out.push(v)
  }
  return out
}
