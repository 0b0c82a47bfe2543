import type { ChecklistItem, DiffFile, JsonValue, RenderIntent, SessionEvent } from '../protocol'
import { AcpPermissions } from './acpPermission'
import { stripLineArrows } from './claudeCode'
import { planStatusOf } from './responses'
import { EventSink, errorLine, genericIntent, guard, int, isObj, json, type Obj, obj, str } from './util'

/**
 * Agent Client Protocol (schema v1, `schema/v1/schema.json` of agentclientprotocol/agent-client-protocol):
 * `session/update` notifications whose `update.sessionUpdate` is `tool_call` (a `ToolCall`:
 * `toolCallId`, `title`, `kind`, `status`, `content[]`, `locations[]`, `rawInput`, `rawOutput`) or
 * `tool_call_update` (the same fields, all optional but the id; a given `content` replaces the old one).
 * `ToolCallContent` is `{type:"content", content: ContentBlock}`, `{type:"diff", path, oldText, newText}`
 * (`oldText` null or absent: a new file) or `{type:"terminal", terminalId}`.
 */
export interface AcpTerminal {
  command?: string
  cwd?: string
  output?: string
  /** The client cut the output at its byte limit. */
  truncated?: boolean
  exitCode?: number | null
  signal?: string | null
}

export interface AcpOptions {
  /**
   * Terminals by `terminalId`, for `terminal` content. Merged over what the messages themselves tell:
   * `terminal/create` requests (command, args, cwd) and the responses to `terminal/create`,
   * `terminal/output` and `terminal/wait_for_exit`, when the log holds them.
   */
  terminals?: Record<string, AcpTerminal>
}

interface CallState {
  title: string
  kind: string
  status: string
  content: unknown[]
  locations: unknown[]
  rawInput: unknown
  rawOutput: unknown
}

/** Messages: JSON-RPC notifications, their params (`{sessionId, update}`), or bare updates. */
export function fromAcp(messages: unknown[], options: AcpOptions = {}): SessionEvent[] {
  return guard(() => {
    const list = Array.isArray(messages) ? messages : []
    const terminals = terminalsOf(list)
    for (const [id, t] of Object.entries(options.terminals ?? {})) terminals[id] = { ...terminals[id], ...t }
    const opts: AcpOptions = { terminals }
    const sink = new EventSink()
    const calls = new Map<string, CallState>()
    let plans = 0
    const permissions = new AcpPermissions()
    for (const m of list) {
      // A message that cannot be read (a getter or a proxy that throws) is skipped; the others still count.
      try {
        readMessage(m)
      } catch {}
    }
    return sink.events

    function readMessage(m: unknown): void {
      const answer = permissions.answered(m)
      if (answer) {
        for (const e of answer)
          e.type === 'result' ? sink.result({ id: e.id, status: e.status }) : sink.events.push(e)
        return
      }
      const asked = permissions.request(m)
      const update = asked ?? updateOf(m)
      if (!update) return
      const kind = update.sessionUpdate
      if (kind === 'plan') {
        // The agent's plan (it replaces the last one whole): a checklist card for each version of it.
        const id = `plan-${++plans}`
        const intent = acpPlanIntent(update)
        sink.call({
          id,
          toolName: 'plan',
          args: json({ entries: update.entries ?? [] }),
          intent,
          status: 'running',
        })
        sink.result({ id, status: 'completed', intent })
        return
      }
      if (kind !== 'tool_call' && kind !== 'tool_call_update') return
      const id = str(update.toolCallId)
      if (!id || permissions.isRejected(id)) return
      let state = calls.get(id)
      const isNew = !state
      if (!state) {
        state = {
          title: '',
          kind: 'other',
          status: 'pending',
          content: [],
          locations: [],
          rawInput: undefined,
          rawOutput: undefined,
        }
        calls.set(id, state)
      }
      if (typeof update.title === 'string') state.title = update.title
      if (typeof update.kind === 'string') state.kind = update.kind
      if (typeof update.status === 'string') state.status = update.status
      if (Array.isArray(update.content)) state.content = update.content
      if (Array.isArray(update.locations)) state.locations = update.locations
      if ('rawInput' in update) state.rawInput = update.rawInput
      if ('rawOutput' in update) state.rawOutput = update.rawOutput
      const intent = acpIntent(state, opts)
      const status = state.status
      if (isNew) {
        sink.call({
          id,
          toolName: state.title || state.kind,
          args: json(state.rawInput ?? {}),
          intent,
          status: status === 'pending' ? 'pending' : 'running',
        })
      } else {
        sink.update({
          id,
          ...(state.rawInput !== undefined ? { args: json(state.rawInput) } : {}),
          intent,
          ...(status === 'pending' || status === 'in_progress'
            ? { status: status === 'pending' ? 'pending' : 'running' }
            : {}),
        })
      }
      if (status === 'completed' || status === 'failed') {
        const error = status === 'failed' ? errorText(state) : undefined
        sink.result({ id, status, intent, ...(error ? { error } : {}) })
      }
      if (asked) sink.events.push(permissions.asked(m, id))
    }
  })
}

/** What a client's message log tells about its terminals: the requests the agent made and their answers. */
function terminalsOf(list: unknown[]): Record<string, AcpTerminal> {
  const out: Record<string, AcpTerminal> = Object.create(null)
  const requests = new Map<string, { method: string; params: Obj }>()
  const get = (id: string): AcpTerminal => {
    out[id] ??= {}
    return out[id]
  }
  for (const m of list) {
    try {
      const o = obj(m)
      const id = typeof o.id === 'number' || typeof o.id === 'string' ? String(o.id) : undefined
      if (id === undefined) continue
      if (typeof o.method === 'string') {
        requests.set(id, { method: o.method, params: obj(o.params) })
        continue
      }
      const req = requests.get(id)
      const result = obj(o.result)
      if (!req || !isObj(o.result)) continue
      const terminalId = str(result.terminalId) ?? str(req.params.terminalId)
      if (!terminalId) continue
      const t = get(terminalId)
      if (req.method === 'terminal/create') {
        const args = Array.isArray(req.params.args)
          ? req.params.args.filter((a): a is string => typeof a === 'string')
          : []
        const command = str(req.params.command)
        if (command !== undefined) t.command = [command, ...args].join(' ')
        const cwd = str(req.params.cwd)
        if (cwd) t.cwd = cwd
      } else if (req.method === 'terminal/output') {
        const output = str(result.output)
        if (output !== undefined) t.output = output
        if (result.truncated === true) t.truncated = true
        exitOf(t, obj(result.exitStatus))
      } else if (req.method === 'terminal/wait_for_exit') exitOf(t, result)
    } catch {} // an unreadable message tells nothing
  }
  return out
}

function exitOf(t: AcpTerminal, status: Obj) {
  const code = int(status.exitCode)
  if (code !== undefined) t.exitCode = code
  const signal = str(status.signal)
  if (signal) t.signal = signal
}

function updateOf(m: unknown): Obj | undefined {
  const o = obj(m)
  if (o.method === 'session/update') return obj(obj(o.params).update)
  if (isObj(o.update)) return o.update
  if (typeof o.sessionUpdate === 'string') return o
  return undefined
}

function texts(content: unknown[]): string[] {
  const out: string[] = []
  for (const c of content) {
    const o = obj(c)
    if (o.type !== 'content') continue
    const block = obj(o.content)
    if (block.type === 'text' && typeof block.text === 'string') out.push(block.text)
    else if (block.type === 'resource' && typeof obj(block.resource).text === 'string')
      out.push(obj(block.resource).text as string)
  }
  return out
}

/**
 * Text without the Markdown fence an agent put around it: claude-code-acp fences every error
 * ("```\nExit code 2\n...\n```") and a Read's file ("```\n     1→...\n```", with a longer fence when the
 * file itself holds one). Only a fence around the whole text, closed by as many backticks, is removed.
 */
function unfence(text: string): string {
  const m = /^\s*(`{3,})[^`\n]*\n([\s\S]*?)\n?\1\s*$/.exec(text)
  return m ? m[2]! : text
}

/** An error's text, as Claude Code words it: `<tool_use_error>…</tool_use_error>` and `Error: ` removed. */
function errorBody(text: string): string {
  return unfence(text)
    .trim()
    .replace(/^<tool_use_error>([\s\S]*)<\/tool_use_error>$/, '$1')
    .replace(/^Error: /, '')
    .trim()
}

function errorText(s: CallState): string | undefined {
  const t = errorBody(texts(s.content).map(unfence).join('\n'))
  if (t) return errorLine(t)
  if (typeof s.rawOutput === 'string' && s.rawOutput.trim()) return errorLine(errorBody(s.rawOutput))
  const raw = obj(s.rawOutput)
  return str(raw.error) ?? str(raw.message)
}

function outputText(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw
  const o = obj(raw)
  const parts = [str(o.output) ?? str(o.stdout) ?? str(o.content) ?? str(o.text), str(o.stderr)].filter(
    (x): x is string => x !== undefined && x !== '',
  )
  return parts.length > 0 ? parts.join('\n') : undefined
}

export function acpIntent(s: CallState, options: AcpOptions = {}): RenderIntent {
  const diffs: DiffFile[] = []
  const terminals: string[] = []
  for (const c of s.content) {
    const o = obj(c)
    if (o.type === 'diff' && typeof o.path === 'string') {
      const newText = str(o.newText) ?? ''
      const oldText = str(o.oldText)
      diffs.push(
        oldText === undefined
          ? { path: o.path, oldText: null, newText, status: 'added' }
          : { path: o.path, oldText, newText, status: 'modified' },
      )
    } else if (o.type === 'terminal' && typeof o.terminalId === 'string') terminals.push(o.terminalId)
  }
  if (diffs.length > 0) return { card: 'diff', files: diffs }
  const input = obj(s.rawInput)
  const failed = s.status === 'failed'
  const text = texts(s.content).join('\n')
  const location = obj(s.locations[0])
  if (terminals.length > 0 || s.kind === 'execute') {
    const term = terminals[0] !== undefined ? options.terminals?.[terminals[0]] : undefined
    const command =
      str(input.command) ??
      (Array.isArray(input.command) ? input.command.join(' ') : undefined) ??
      term?.command ??
      s.title
    const intent: Extract<RenderIntent, { card: 'terminal' }> = { card: 'terminal', command }
    const cwd = str(input.cwd) ?? term?.cwd
    if (cwd) intent.cwd = cwd
    let output = term?.output ?? outputText(s.rawOutput) ?? (text ? unfence(text) : undefined)
    let exit = term?.exitCode ?? int(obj(s.rawOutput).exitCode) ?? int(obj(s.rawOutput).exit_code)
    if (failed && exit === undefined && output !== undefined) {
      // Claude Code's failed Bash: "Exit code N\n<output>".
      const m = /^Exit code (\d+)\n?([\s\S]*)$/.exec(unfence(output))
      if (m) {
        exit = Number(m[1])
        output = m[2]!
      }
    }
    if (output !== undefined) intent.output = output
    if (term?.truncated)
      intent.truncated = { reason: 'the client kept only part of the output (its byte limit)' }
    if (exit !== undefined) intent.exitCode = exit
    if (term?.signal) intent.signal = term.signal
    return intent
  }
  if (
    s.kind === 'read' &&
    typeof location.path === 'string' &&
    (text || s.status === 'completed' || failed)
  ) {
    // A failed read shows the path, not the error as the file's text (the error is the card's).
    const read = failed ? { content: '' } : stripLineArrows(unfence(text))
    const intent: Extract<RenderIntent, { card: 'read' }> = {
      card: 'read',
      path: location.path,
      content: read.content,
    }
    const line = read.startLine ?? int(location.line)
    if (line !== undefined && line >= 1) intent.startLine = line
    return intent
  }
  if (s.kind === 'search') {
    const query = str(input.pattern) ?? str(input.query) ?? s.title
    const paths = s.locations.map((l) => str(obj(l).path)).filter((p): p is string => p !== undefined)
    return {
      card: 'search',
      query,
      mode: 'files',
      matches: paths.map((path) => ({ path })),
      totalFiles: paths.length,
    }
  }
  if (s.kind === 'fetch') {
    const url = str(input.url) ?? ''
    const intent: Extract<RenderIntent, { card: 'web' }> = { card: 'web', url }
    const query = str(input.query)
    if (query) intent.query = query
    if (text) {
      intent.excerpt = text
      intent.excerptFormat = 'markdown'
    }
    return intent
  }
  const output: JsonValue | undefined = text
    ? text
    : s.rawOutput !== undefined
      ? json(s.rawOutput)
      : undefined
  return genericIntent(s.rawInput ?? {}, output)
}

/** `{sessionUpdate: "plan", entries: [{content, priority, status}]}` → a checklist in the generic card. */
export function acpPlanIntent(update: Obj): RenderIntent {
  const items: ChecklistItem[] = []
  for (const e of Array.isArray(update.entries) ? update.entries : []) {
    const o = obj(e)
    const text = str(o.content)
    if (text === undefined) continue
    const item: ChecklistItem = { text, status: planStatusOf(o.status) }
    const priority = str(o.priority)
    if (priority) item.priority = priority
    items.push(item)
  }
  return genericIntent({ entries: json(update.entries ?? []) }, undefined, {
    title: 'Plan',
    checklist: { items },
  })
}

export function isAcpMessage(v: unknown): boolean {
  return updateOf(v) !== undefined
}
