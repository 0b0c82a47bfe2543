import { SESSION_EVENT_TYPES, type SessionEvent } from '../protocol'
import { fromAcp, isAcpMessage } from './acp'
import { fromClaudeCode } from './claudeCode'
import { fromCodex } from './codex'
import { fromMcp, fromMcpInterview } from './mcp'
import { fromOpenHands } from './openhands'
import { fromSweAgent } from './sweAgent'
import { isObj, type Obj, obj, tryParse } from './util'

export type SessionFormat =
  | 'claude-code'
  | 'codex'
  | 'openhands'
  | 'swe-agent'
  | 'mcp'
  | 'acp'
  | 'toolcards'
  | 'unknown'

export const FORMAT_NAMES: Record<SessionFormat, string> = {
  'claude-code': 'Claude Code session (JSONL)',
  codex: 'Codex log (JSONL)',
  openhands: 'OpenHands event stream (JSON)',
  'swe-agent': 'SWE-agent trajectory (.traj)',
  mcp: 'MCP tools/call results (JSON)',
  acp: 'Agent Client Protocol session/update messages',
  toolcards: 'toolcards session events',
  unknown: 'unknown',
}

const EVENT_TYPES = new Set<string>(SESSION_EVENT_TYPES)

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
  if (isObj(v.functional_test_scorecard) || isMcpCall(v)) return 'mcp'
  if (Array.isArray(v.events)) return formatOfLines(v.events)
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
  if (typeof v.sessionId === 'string' && typeof v.type === 'string') return 'claude-code'
  if ((v.type === 'user' || v.type === 'assistant') && isObj(v.message)) return 'claude-code'
  if (v.type === 'file-history-snapshot' || v.type === 'summary') return 'claude-code'
  if (('action' in v || 'observation' in v) && 'id' in v && 'source' in v) return 'openhands'
  if (typeof v.type === 'string' && EVENT_TYPES.has(v.type) && typeof v.id === 'string') return 'toolcards'
  return 'unknown'
}

export interface AnySession {
  format: SessionFormat
  events: SessionEvent[]
}

/** Detects the format and converts. An unknown format gives no events (`format: "unknown"`). */
export function fromAny(text: string): AnySession {
  const format = detectFormat(text)
  return { format, events: convert(format, text) }
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
    case 'swe-agent':
      return fromSweAgent(tryParse(text))
    case 'mcp': {
      const v = tryParse(text)
      if (isObj(v) && isObj(v.functional_test_scorecard)) return fromMcpInterview(v)
      if (Array.isArray(v)) return v.flatMap((c, i) => fromMcp({ id: i + 1, ...obj(c) }))
      return fromMcp(obj(v))
    }
    case 'acp': {
      const v = tryParse(text)
      return fromAcp(Array.isArray(v) ? v : v !== undefined ? [v] : jsonlValues(text))
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
