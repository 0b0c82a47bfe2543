import type { DiffFile, RenderIntent, SessionEvent } from '../protocol'
import {
  durationOf,
  RESPONSE_CALL_TYPES,
  ResponsesReader,
  shellReadIntent,
  webSearchIntent,
} from './responses'
import {
  genericIntent,
  int,
  isObj,
  json,
  type Obj,
  obj,
  parseJsonl,
  shellLine,
  str,
  timeOf,
  withFileHeader,
} from './util'

/**
 * Codex logs → session events. Reads the TUI session log (`{ts, dir, kind, payload: {msg}}` per line) and
 * rollout files (`{type: "event_msg", payload}`): `exec_command_begin`/`_end` become terminal cards (with
 * the approval request, when one came first, as a pending start), `patch_apply_begin`/`_end` diff cards
 * (`changes{path: {update: {unified_diff, move_path}} | {add: {content}} | {delete: {content}}}`),
 * `mcp_tool_call_begin`/`_end` generic cards, `web_search_begin`/`_end` web cards.
 *
 * Rollouts record each call as a Responses API item (`response_item`), read by `ResponsesReader`; the
 * `event_msg` lines about the same call add facts: `exec_command_end` ends a shell call's card with the
 * process's output, exit code and duration (unified exec returns "Process running with session ID N" and the
 * process ends later), `patch_apply_end` says whether a patch applied. Codex writes `web_search_call` items
 * without an id: each takes the `call_id` of the `web_search_end` next to it.
 */
export function fromCodex(jsonl: string): SessionEvent[] {
  const { values } = parseJsonl(jsonl)
  const reader = new ResponsesReader()
  const sink = reader.sink
  const calls = new Map<string, { command: string; cwd?: string; intent?: RenderIntent }>()
  // Rollouts record each call as a Responses API item; their event_msg lines about the same call only add facts.
  const itemCalls = new Set<string>()
  for (const v of values) {
    const p = isObj(v) && v.type === 'response_item' ? obj(v.payload) : undefined
    const id = p ? (str(p.call_id) ?? str(p.id)) : undefined
    if (p && id && RESPONSE_CALL_TYPES.has(str(p.type) ?? '')) itemCalls.add(id)
  }
  const webSearchIds = pairWebSearches(values, itemCalls)
  for (const v of values) {
    if (!isObj(v)) continue
    const msg = v.type === 'response_item' ? undefined : messageOf(v)
    const id = msg ? str(msg.call_id) : undefined
    if (msg?.type === 'exec_command_end' && id && itemCalls.has(id)) reader.expectEnd(id)
  }
  for (const [i, v] of values.entries()) {
    if (!isObj(v)) continue
    const time = timeOf(v.ts) ?? timeOf(v.timestamp)
    const at = time !== undefined ? { time } : {}
    if (v.type === 'response_item') {
      const paired = webSearchIds.items.get(i)
      reader.item(paired ? { ...paired.end, ...obj(v.payload), call_id: paired.id } : v.payload, time)
      continue
    }
    const msg = messageOf(v)
    if (!msg) continue
    const id = str(msg.call_id)
    if (id && itemCalls.has(id)) {
      reader.fact(id, msg, time)
      continue
    }
    switch (msg.type) {
      case 'exec_approval_request':
      case 'exec_command_begin': {
        if (!id) break
        const command = Array.isArray(msg.command) ? shellLine(msg.command) : (str(msg.command) ?? '')
        const cwd = str(msg.cwd)
        const intent: RenderIntent = { card: 'terminal', command, ...(cwd !== undefined ? { cwd } : {}) }
        calls.set(id, { command, ...(cwd !== undefined ? { cwd } : {}) })
        const running = msg.type === 'exec_command_begin'
        if (sink.has(id)) sink.update({ id, intent, status: 'running', ...at })
        else
          sink.call({
            id,
            toolName: 'shell',
            args: json({ command: msg.command ?? null, ...(cwd !== undefined ? { cwd } : {}) }),
            intent,
            status: running ? 'running' : 'pending',
            ...at,
          })
        break
      }
      case 'exec_command_output_delta': {
        // Streamed output (dropped from the corpus copy): append when readable text.
        const chunk = str(msg.chunk)
        if (id && chunk !== undefined) sink.update({ id, appendOutput: chunk })
        break
      }
      case 'exec_command_end': {
        if (!id) break
        const call = calls.get(id)
        if (!sink.has(id)) sink.call({ id, toolName: 'shell', args: null, ...at })
        const exitCode = int(msg.exit_code)
        const stdout = str(msg.stdout) ?? str(msg.aggregated_output) ?? ''
        const durationMs = durationOf(msg.duration)
        const intent =
          (exitCode === 0 ? readIntent(call?.command ?? '', call?.cwd, stdout) : undefined) ??
          terminalIntent(call, stdout, str(msg.stderr), exitCode, durationMs)
        sink.result({
          id,
          status: exitCode === 0 ? 'completed' : 'failed',
          intent,
          ...(exitCode !== undefined && exitCode !== 0 ? { error: `exit code ${exitCode}` } : {}),
          ...(durationMs !== undefined ? { durationMs } : {}),
          ...at,
        })
        break
      }
      case 'patch_apply_begin': {
        if (!id) break
        const files = patchFiles(obj(msg.changes))
        const intent: RenderIntent =
          files.length > 0 ? { card: 'diff', files } : genericIntent(msg.changes ?? null)
        sink.call({
          id,
          toolName: 'apply_patch',
          args: json({ changes: msg.changes ?? null }),
          intent,
          status: 'running',
          ...at,
        })
        break
      }
      case 'patch_apply_end': {
        if (!id) break
        let intent: RenderIntent | undefined
        if (!sink.has(id)) {
          // No begin line (a rollout keeps only the end): the changes it lists are the card.
          const files = patchFiles(obj(msg.changes))
          intent = files.length > 0 ? { card: 'diff', files } : undefined
          sink.call({
            id,
            toolName: 'apply_patch',
            args: json({ changes: msg.changes ?? null }),
            ...(intent ? { intent } : {}),
            ...at,
          })
        }
        const ok = msg.success !== false
        const error = str(msg.stderr) || (ok ? undefined : str(msg.stdout)?.split('\n', 1)[0])
        sink.result({
          id,
          status: ok ? 'completed' : 'failed',
          ...(intent ? { intent } : {}),
          ...(!ok && error ? { error } : {}),
          ...at,
        })
        break
      }
      case 'web_search_begin':
      case 'web_search_end': {
        // An end next to an id-less `web_search_call` item is that item's id (the item makes the card).
        if (!id || webSearchIds.ends.has(id)) break
        const intent = webSearchIntent(msg)
        sink.call({
          id,
          toolName: 'web_search',
          args: json(msg.action ?? { query: msg.query ?? null }),
          intent,
          status: 'running',
          ...at,
        })
        if (msg.type === 'web_search_end') sink.result({ id, status: 'completed', intent, ...at })
        break
      }
      case 'mcp_tool_call_begin': {
        if (!id) break
        const inv = obj(msg.invocation)
        const name = [str(inv.server), str(inv.tool)].filter(Boolean).join('.') || 'mcp tool'
        sink.call({ id, toolName: name, args: json(inv.arguments ?? null), status: 'running', ...at })
        break
      }
      case 'mcp_tool_call_end': {
        if (!id) break
        if (!sink.has(id)) sink.call({ id, toolName: 'mcp tool', args: null, ...at })
        const result = obj(msg.result)
        const failed = 'Err' in result || obj(result.Ok).isError === true
        sink.result({
          id,
          status: failed ? 'failed' : 'completed',
          intent: genericIntent(obj(msg.invocation).arguments ?? null, msg.result ?? null),
          ...at,
        })
        break
      }
    }
  }
  return reader.finish()
}

/**
 * Pairs each `web_search_call` item that has no id with a `web_search_end` (which has a `call_id`): the
 * nearest unpaired one before it, else the next one after it. Returns the id for each item (by line) and the
 * ends so used.
 */
function pairWebSearches(
  values: unknown[],
  itemCalls: ReadonlySet<string>,
): { items: Map<number, { id: string; end: Obj }>; ends: Set<string> } {
  const items = new Map<number, { id: string; end: Obj }>()
  const ends = new Set<string>()
  const openEnds: Array<{ id: string; end: Obj }> = []
  const openItems: number[] = []
  for (const [i, v] of values.entries()) {
    if (!isObj(v)) continue
    if (v.type === 'response_item') {
      const p = obj(v.payload)
      if (p.type !== 'web_search_call' || str(p.call_id) || str(p.id)) continue
      const end = openEnds.pop()
      if (end) items.set(i, end)
      else openItems.push(i)
      continue
    }
    const msg = messageOf(v)
    const id = msg ? str(msg.call_id) : undefined
    if (msg?.type !== 'web_search_end' || !id || itemCalls.has(id) || ends.has(id)) continue
    const fact = {
      id,
      end: {
        ...(isObj(msg.action) ? { action: msg.action } : {}),
        ...(str(msg.query) ? { query: msg.query } : {}),
      },
    }
    ends.add(id)
    const item = openItems.shift()
    if (item !== undefined) items.set(item, fact)
    else openEnds.push(fact)
  }
  // Ends no item took make cards of their own.
  for (const e of openEnds) ends.delete(e.id)
  return { items, ends }
}

/** Codex keeps at most 5 KiB or 256 lines of each stream of a command (codex-rs `MAX_STREAM_OUTPUT`). */
const STREAM_CAP_BYTES = 5 * 1024
const STREAM_CAP_LINES = 256

function capped(text: string): boolean {
  return (
    new TextEncoder().encode(text).length >= STREAM_CAP_BYTES || text.split('\n').length > STREAM_CAP_LINES
  )
}

const CAP_REASON = 'Codex records at most 5 KiB or 256 lines of each stream; the rest was not kept'

function terminalIntent(
  call: { command: string; cwd?: string } | undefined,
  stdout: string,
  stderr: string | undefined,
  exitCode: number | undefined,
  durationMs: number | undefined,
): RenderIntent {
  const intent: Extract<RenderIntent, { card: 'terminal' }> = {
    card: 'terminal',
    command: call?.command ?? '',
    output: stdout,
  }
  if (call?.cwd !== undefined) intent.cwd = call.cwd
  if (stderr) intent.stderr = stderr
  if (exitCode !== undefined) intent.exitCode = exitCode
  if (durationMs !== undefined) intent.durationMs = durationMs
  if (capped(stdout) || (stderr !== undefined && capped(stderr))) intent.truncated = { reason: CAP_REASON }
  return intent
}

/** `shellReadIntent` for a TUI log's stdout, which Codex caps (said on the card). */
function readIntent(command: string, cwd: string | undefined, stdout: string): RenderIntent | undefined {
  const intent = shellReadIntent(command, cwd, stdout)
  if (intent && capped(stdout)) intent.truncated = { reason: CAP_REASON }
  return intent
}

function messageOf(v: Obj): Obj | undefined {
  const payload = obj(v.payload)
  if (isObj(payload.msg)) return payload.msg
  if (v.type === 'event_msg' && typeof payload.type === 'string') return payload
  return undefined
}

function patchFiles(changes: Obj): DiffFile[] {
  const files: DiffFile[] = []
  for (const [path, change] of Object.entries(changes)) {
    const c = obj(change)
    if (isObj(c.update)) {
      const u = c.update
      const movePath = str(u.move_path)
      const file: DiffFile = {
        path: movePath ?? path,
        patch: withFileHeader(path, str(u.unified_diff) ?? ''),
        status: movePath ? 'renamed' : 'modified',
      }
      if (movePath) file.oldPath = path
      files.push(file)
    } else if (isObj(c.add)) {
      files.push({ path, oldText: null, newText: str(c.add.content) ?? '', status: 'added' })
    } else if (isObj(c.delete)) {
      files.push({ path, oldText: str(c.delete.content) ?? '', newText: null, status: 'deleted' })
    } else if (c.type === 'add' || c.type === 'delete' || c.type === 'update') {
      // Newer shape: {type, content | unified_diff, move_path}.
      if (c.type === 'add')
        files.push({ path, oldText: null, newText: str(c.content) ?? '', status: 'added' })
      else if (c.type === 'delete')
        files.push({ path, oldText: str(c.content) ?? '', newText: null, status: 'deleted' })
      else files.push({ path, patch: withFileHeader(path, str(c.unified_diff) ?? ''), status: 'modified' })
    }
  }
  return files
}
