import type { ChecklistItem, DiffFile, RenderIntent, SearchMatch, SessionEvent } from '../protocol'
import {
  arr,
  EventSink,
  errorLine,
  genericIntent,
  guard,
  int,
  isObj,
  json,
  num,
  type Obj,
  obj,
  parseJsonl,
  shellLine,
  str,
  tryParse,
} from './util'

/**
 * OpenAI Responses API items → session events. Reads a response object (`{object: "response", output}`), a
 * request's `input` list, an array of items, or JSONL with one item a line. The calls:
 *
 * - `function_call` (`name`, `arguments` as JSON text, `call_id`) ended by `function_call_output` (`output`):
 *   a shell (`shell`, `container.exec`, `shell_command`, `exec_command`, `local_shell`) → terminal;
 *   `apply_patch` → diff; `update_plan` → a checklist; anything else → generic. Unified exec
 *   (`exec_command` whose output says "Process running with session ID N"): the card runs on, gets the
 *   output each `write_stdin {session_id: N}` reads, and ends when one says "Process exited with code N"
 *   (or with Codex's `exec_command_end`, see `fromCodex`); each `write_stdin` is a terminal card of its own.
 * - `local_shell_call` (`action.command[]`, `working_directory`) → terminal, its output from the
 *   `local_shell_call_output` or `function_call_output` with the same `call_id`.
 * - `custom_tool_call` (`input` as free text) ended by `custom_tool_call_output`: `apply_patch` → diff.
 * - `web_search_call` (`action.query`, or `open_page`/`find` with a URL; `action.sources` as results) → web.
 *
 * A call item with no id still gets a card (`<type>-N`); an output read before its call waits for it, and
 * one whose call never comes is a card of its own ("unknown tool").
 * - `file_search_call` (`queries`, `results[{filename, text, score}]`) → search.
 * - `mcp_call`, `code_interpreter_call`, `computer_call`, `image_generation_call` → generic (code → terminal).
 *
 * Codex rollouts carry the same items (`response_item` payloads); `fromCodex` reads them with this.
 */
export function fromResponses(input: unknown): SessionEvent[] {
  return guard(() => {
    const items = responseItems(input)
    const r = new ResponsesReader()
    for (const item of items) r.item(item)
    return r.finish()
  })
}

/** Items from a response object, a request, an array, or JSONL text. */
export function responseItems(input: unknown): unknown[] {
  if (typeof input === 'string') {
    const whole =
      input.trimStart().startsWith('{') || input.trimStart().startsWith('[') ? tryParse(input) : undefined
    if (
      whole !== undefined &&
      (Array.isArray(whole) || (isObj(whole) && (Array.isArray(whole.output) || Array.isArray(whole.input))))
    )
      return responseItems(whole)
    return parseJsonl(input).values.flatMap((v) =>
      isObj(v) && Array.isArray(v.output) ? arr(v.output) : [v],
    )
  }
  if (Array.isArray(input))
    return input.flatMap((v) =>
      isObj(v) && Array.isArray(v.output) && v.type === undefined ? arr(v.output) : [v],
    )
  const o = obj(input)
  if (Array.isArray(o.output)) return [...arr(o.input), ...arr(o.output)]
  if (Array.isArray(o.input)) return arr(o.input)
  return []
}

/** Item types that are calls of a tool (each becomes one card). */
export const RESPONSE_CALL_TYPES: ReadonlySet<string> = new Set([
  'function_call',
  'custom_tool_call',
  'local_shell_call',
  'web_search_call',
  'file_search_call',
  'mcp_call',
  'code_interpreter_call',
  'computer_call',
  'image_generation_call',
  'tool_search_call',
])

const SHELL_TOOLS = new Set([
  'shell',
  'container.exec',
  'shell_command',
  'exec_command',
  'local_shell',
  'bash',
])

interface Pending {
  name: string
  args: Obj
  /** Free-text input of a custom tool call. */
  text?: string
  intent?: RenderIntent
  /** Output of a unified-exec process read so far (its card runs until the process ends). */
  output?: string
  /** Unified exec: the session the process runs under, while the model may still read its output. */
  session?: string
}

/** A unified-exec session (Codex `exec_command` that keeps running): the call that started it. */
interface ExecSession {
  callId: string
  command: string
  cwd?: string
}

/** Reads items one by one (Codex rollouts mix them with other lines). */
export class ResponsesReader {
  readonly sink = new EventSink()
  private readonly pending = new Map<string, Pending>()
  /** Facts from other lines about a call (Codex `patch_apply_end`). */
  readonly extra = new Map<string, Obj>()
  /** Codex `exec_command_end` of each call: the process's own output, exit code and duration. */
  private readonly execEnds = new Map<string, Obj>()
  /** Calls whose `exec_command_end` is somewhere in the log: their card ends with it, whatever the order. */
  private readonly endsExpected = new Set<string>()
  /** Unified-exec sessions by their id, for `write_stdin`. */
  private readonly sessions = new Map<string, ExecSession>()
  /** Ends held until the model reads the rest of the process's output (see `endExec`), with their time. */
  private readonly heldEnds = new Map<string, number | undefined>()
  /** Outputs read before their call, kept until the call comes (or the end of the log). */
  private readonly early = new Map<string, { v: Obj; time: number | undefined }>()
  private anonymous = 0

  /** The log holds an `exec_command_end` for this call (Codex rollouts): its card waits for it. */
  expectEnd(id: string): void {
    this.endsExpected.add(id)
  }

  /**
   * A fact from another line about a call read as an item (Codex `event_msg`). `exec_command_end` ends a
   * shell call's card with the process's output, exit code and duration, before or after the call's output.
   */
  fact(id: string, msg: Obj, time?: number): void {
    if (msg.type === 'exec_command_end') {
      this.execEnds.set(id, msg)
      this.endExec(id, time)
      return
    }
    this.extra.set(id, { ...this.extra.get(id), ...msg })
  }

  item(v: unknown, time?: number): void {
    if (!isObj(v)) return
    const type = str(v.type)
    if (type === undefined) return
    let id = str(v.call_id) ?? str(v.id)
    if (RESPONSE_CALL_TYPES.has(type)) {
      // A call with no id (Codex writes `web_search_call` without one) still gets a card, by a made-up id.
      if (!id) id = this.madeUpId(type)
      this.readCall(type, id, v, time)
      const early = this.early.get(id)
      if (early) {
        this.early.delete(id)
        this.item(early.v, early.time)
      }
      return
    }
    if (!id) return
    if (
      type === 'function_call_output' ||
      type === 'custom_tool_call_output' ||
      type === 'local_shell_call_output' ||
      type === 'tool_search_output'
    ) {
      if (!this.sink.has(id)) {
        // The output came first (lines out of order): it waits for its call.
        if (!this.early.has(id)) this.early.set(id, { v, time })
        return
      }
      this.readOutput(id, v, time)
    }
  }

  private madeUpId(type: string): string {
    let id: string
    do id = `${type}-${++this.anonymous}`
    while (this.sink.has(id))
    return id
  }

  private readCall(type: string, id: string, v: Obj, time: number | undefined): void {
    // The same call again (a line written twice): the first one stands.
    if (this.sink.has(id)) return
    const at = time !== undefined ? { time } : {}
    switch (type) {
      case 'function_call':
      case 'custom_tool_call': {
        const name = str(v.name) ?? 'tool'
        let text = type === 'custom_tool_call' ? (str(v.input) ?? '') : undefined
        // a shell declared as a custom tool whose input is still JSON arguments (`{"command": ["ls"]}`)
        const given = text?.trimStart().startsWith('{') && SHELL_TOOLS.has(name) ? tryParse(text) : undefined
        if (isObj(given)) text = undefined
        const parsed = isObj(given) ? given : text === undefined ? argsOf(v.arguments) : { input: text }
        const p: Pending = { name, args: parsed, ...(text !== undefined ? { text } : {}) }
        const intent = name === 'write_stdin' ? this.stdinIntent(parsed) : callIntent(p)
        if (intent) p.intent = intent
        this.pending.set(id, p)
        this.sink.call({
          id,
          toolName: name,
          args: json(parsed),
          status: 'running',
          ...(intent ? { intent } : {}),
          ...at,
        })
        this.endExec(id, time)
        return
      }
      case 'local_shell_call': {
        const action = obj(v.action)
        const args: Obj = { command: action.command ?? null }
        const cwd = str(action.working_directory)
        if (cwd) args.workdir = cwd
        const p: Pending = { name: 'local_shell', args }
        p.intent = callIntent(p)
        this.pending.set(id, p)
        this.sink.call({
          id,
          toolName: 'local_shell',
          args: json(args),
          status: 'running',
          ...(p.intent ? { intent: p.intent } : {}),
          ...at,
        })
        if (v.status === 'incomplete')
          this.sink.result({ id, status: 'cancelled', ...(p.intent ? { intent: p.intent } : {}), ...at })
        else this.endExec(id, time)
        return
      }
      case 'web_search_call': {
        const action = obj(v.action)
        this.callAndEnd(id, 'web_search', json({ ...action }), webSearchIntent(v), v.status, at)
        return
      }
      case 'file_search_call': {
        const queries = arr(v.queries).filter((q): q is string => typeof q === 'string')
        const matches: SearchMatch[] = []
        for (const r of arr(v.results)) {
          const o = obj(r)
          const path = str(o.filename) ?? str(o.file_id) ?? ''
          const text = str(o.text)
          matches.push(text !== undefined ? { path, text: text.split('\n', 1)[0] ?? '' } : { path })
        }
        const intent: RenderIntent = {
          card: 'search',
          query: queries.join(' · '),
          mode: matches.some((m) => m.text !== undefined) ? 'content' : 'files',
          matches,
          totalFiles: new Set(matches.map((m) => m.path)).size,
        }
        this.callAndEnd(id, 'file_search', json({ queries }), intent, v.status, at)
        return
      }
      case 'code_interpreter_call': {
        const logs = arr(v.outputs)
          .map((o) => str(obj(o).logs))
          .filter((l): l is string => l !== undefined)
        const intent: RenderIntent = { card: 'terminal', command: str(v.code) ?? '', output: logs.join('\n') }
        this.callAndEnd(id, 'code_interpreter', json({ code: v.code ?? null }), intent, v.status, at)
        return
      }
      case 'mcp_call': {
        const name = [str(v.server_label), str(v.name)].filter(Boolean).join('.') || 'mcp tool'
        const args = argsOf(v.arguments)
        const error = str(v.error) ?? (isObj(v.error) ? str(v.error.message) : undefined)
        const intent = genericIntent(args, v.output ?? (error ? undefined : null))
        this.sink.call({ id, toolName: name, args: json(args), status: 'running', ...at })
        this.sink.result({
          id,
          status: error ? 'failed' : 'completed',
          intent,
          ...(error ? { error } : {}),
          ...at,
        })
        return
      }
      case 'tool_search_call': {
        // the model looks up tools to load (Codex 0.146); `tool_search_output` lists what it found
        const args = argsOf(v.arguments)
        this.pending.set(id, { name: 'tool_search', args })
        this.sink.call({ id, toolName: 'tool_search', args: json(args), status: 'running', ...at })
        return
      }
      case 'computer_call':
      case 'image_generation_call': {
        const rest: Obj = { ...v }
        delete rest.result
        this.callAndEnd(id, type.replace(/_call$/, ''), json(rest), genericIntent(rest), v.status, at)
        return
      }
    }
  }

  private readOutput(id: string, v: Obj, time: number | undefined): void {
    const at = time !== undefined ? { time } : {}
    const p = this.pending.get(id)
    if (p && !this.sink.isOpen(id)) return
    if (v.type === 'tool_search_output') {
      // the tools found, by name, and the whole list as the output
      const failed = v.status === 'failed'
      this.sink.result({
        id,
        status: failed ? 'failed' : 'completed',
        intent: genericIntent(p?.args ?? null, json(v.tools ?? v.output ?? null)),
        ...at,
      })
      this.pending.delete(id)
      return
    }
    const out = outputOf(v.output)
    if (p?.name === 'write_stdin') {
      this.stdinOutput(id, p, out, at)
      return
    }
    if (p && p.intent?.card === 'terminal') {
      const base = p.intent
      if (out.session !== undefined) {
        this.sessions.set(out.session, sessionOf(id, base))
        p.session = out.session
      }
      if (this.execEnds.has(id)) {
        p.output = (p.output ?? '') + out.text
        this.endExec(id, time)
        return
      }
      // A process still running (unified exec), or one whose end event is still to come: the card runs on.
      if (this.endsExpected.has(id) || (out.session !== undefined && out.exitCode === undefined)) {
        p.output = (p.output ?? '') + out.text
        if (out.text !== '') this.sink.update({ id, appendOutput: out.text, ...at })
        return
      }
    }
    this.emitResult(id, p, out, this.extra.get(id), at)
  }

  /** Ends call `id` with what its output says (`resultIntent`); whether it failed. */
  private emitResult(
    id: string,
    p: Pending | undefined,
    out: Output,
    extra: Obj | undefined,
    at: { time?: number },
  ): boolean {
    const { intent, failed, rejected, error } = resultIntent(p, out, extra)
    if (rejected) {
      // the call keeps its intent (what would have run); the refusal is the decision
      this.sink.declined(id, 'Reject', at.time)
      this.pending.delete(id)
      return true
    }
    this.sink.result({
      id,
      status: failed ? 'failed' : 'completed',
      intent,
      ...(error ? { error } : {}),
      ...at,
    })
    this.pending.delete(id)
    return failed === true
  }

  /**
   * `write_stdin {session_id, chars}`: a terminal card of the session's command, titled by what it did (no
   * card of its own without a session id: generic).
   */
  private stdinIntent(args: Obj): RenderIntent | undefined {
    const sid = sessionKey(args.session_id)
    if (sid === undefined) return undefined
    const s = this.sessions.get(sid)
    const chars = str(args.chars) ?? ''
    const what = chars === '' ? `Wait for session ${sid}` : `Send ${JSON.stringify(chars)} to session ${sid}`
    const first = s?.command.split('\n', 1)[0] ?? ''
    const intent: Extract<RenderIntent, { card: 'terminal' }> = {
      card: 'terminal',
      command: s?.command ?? '',
      title: first ? `${what}: ${first.length > 80 ? `${first.slice(0, 80)}…` : first}` : what,
    }
    if (s?.cwd !== undefined) intent.cwd = s.cwd
    return intent
  }

  /**
   * The output of a `write_stdin`: its own card shows the chunk it read (failed when the process exited
   * with a non-zero code); the session's card gets the chunk, and ends when the process exited (unless an
   * end event for it is still to come).
   */
  private stdinOutput(id: string, p: Pending, out: Output, at: { time?: number }): void {
    const failed = this.emitResult(id, p, out, undefined, at)
    const sid = sessionKey(p.args.session_id)
    const s = sid !== undefined ? this.sessions.get(sid) : undefined
    const target = s ? this.pending.get(s.callId) : undefined
    // A write that failed ("write_stdin failed: stdin is closed") says nothing about the process.
    if (!s || !target || !this.sink.isOpen(s.callId) || (failed && out.exitCode === undefined)) return
    target.output = (target.output ?? '') + out.text
    // The process exited: the model has read all it will; an end event still to come need not wait.
    if (out.exitCode !== undefined) delete target.session
    if (out.exitCode !== undefined && this.execEnds.has(s.callId)) this.endExec(s.callId, at.time, true)
    else if (out.exitCode !== undefined && !this.endsExpected.has(s.callId)) {
      const base =
        target.intent?.card === 'terminal' ? target.intent : { card: 'terminal' as const, command: s.command }
      const ended = withCut({ ...base, output: target.output, exitCode: out.exitCode })
      const bad = out.exitCode !== 0
      this.sink.result({
        id: s.callId,
        status: bad ? 'failed' : 'completed',
        intent: ended,
        ...(bad ? { error: `exit code ${out.exitCode}` } : {}),
        ...at,
      })
      this.pending.delete(s.callId)
    } else if (out.text !== '') this.sink.update({ id: s.callId, appendOutput: out.text, ...at })
  }

  /**
   * Ends a shell call's card from its `exec_command_end`, once both the call and the end were read. The end's
   * `aggregated_output` is cut to about 10 KiB (`…N chars truncated…`): when it was cut and the model can
   * still read the process's output from its session (`write_stdin`), the card waits for the read that saw
   * the process exit (or the end of the log, `force`) and shows the longer of the two texts.
   */
  private endExec(id: string, time: number | undefined, force = false): void {
    const end = this.execEnds.get(id)
    const p = this.pending.get(id)
    if (!end || !p || p.intent?.card !== 'terminal' || !this.sink.isOpen(id)) return
    const base = p.intent
    const sid = sessionKey(end.process_id)
    if (sid !== undefined && !this.sessions.has(sid)) this.sessions.set(sid, sessionOf(id, base))
    const exitCode = int(end.exit_code)
    const aggregated = str(end.aggregated_output)
    let output = aggregated ?? str(end.stdout) ?? ''
    const stderr = aggregated === undefined ? str(end.stderr) : undefined
    if (!force && p.session !== undefined && CUT.test(output)) {
      this.heldEnds.set(id, time)
      return
    }
    if ((output === '' && !stderr) || (CUT.test(output) && (p.output ?? '').length > output.length))
      output = p.output ?? ''
    const durationMs = durationOf(end.duration)
    const intent: Extract<RenderIntent, { card: 'terminal' }> = withCut({ ...base, output })
    const cwd = str(end.cwd)
    if (intent.cwd === undefined && cwd) intent.cwd = cwd
    if (stderr) intent.stderr = stderr
    if (exitCode !== undefined) intent.exitCode = exitCode
    if (durationMs !== undefined) intent.durationMs = durationMs
    const failed = exitCode !== undefined ? exitCode !== 0 : end.status === 'failed'
    this.sink.result({
      id,
      status: failed ? 'failed' : 'completed',
      intent,
      ...(failed ? { error: exitCode !== undefined ? `exit code ${exitCode}` : 'failed' } : {}),
      ...(durationMs !== undefined ? { durationMs } : {}),
      ...(time !== undefined ? { time } : {}),
    })
    this.pending.delete(id)
    this.heldEnds.delete(id)
  }

  private callAndEnd(
    id: string,
    name: string,
    args: ReturnType<typeof json>,
    intent: RenderIntent,
    status: unknown,
    at: { time?: number },
  ) {
    this.sink.call({ id, toolName: name, args, status: 'running', intent, ...at })
    if (status === 'failed') this.sink.result({ id, status: 'failed', intent, ...at })
    else if (status === 'incomplete') this.sink.result({ id, status: 'cancelled', intent, ...at })
    else if (status !== 'in_progress' && status !== 'searching')
      this.sink.result({ id, status: 'completed', intent, ...at })
  }

  /** The events. Outputs whose call never came become cards of their own ("unknown tool"), never lost. */
  finish(): SessionEvent[] {
    for (const [id, time] of this.heldEnds) this.endExec(id, time, true)
    // A call that no output item answers but an end event does (Codex 0.129's `spawn_agent` and
    // `wait_agent`: `collab_agent_spawn_end`, `collab_waiting_end`) ended: what the event says is its output.
    for (const [id, p] of [...this.pending]) {
      const fact = this.extra.get(id)
      if (!fact || !/_end$/.test(str(fact.type) ?? '') || !this.sink.isOpen(id)) continue
      const { type: _type, call_id: _id, ...said } = fact
      const failed = fact.success === false
      this.sink.result({
        id,
        status: failed ? 'failed' : 'completed',
        intent: p.intent ?? genericIntent(p.args, json(said)),
      })
      this.pending.delete(id)
    }
    for (const [id, { v, time }] of this.early) {
      const at = time !== undefined ? { time } : {}
      const out = outputOf(v.output)
      this.sink.call({ id, toolName: 'unknown tool', args: null, ...at })
      this.sink.result({ id, status: 'completed', intent: genericIntent(null, out.text), ...at })
    }
    this.early.clear()
    return this.sink.events
  }
}

/** Codex's mark where it cut the middle of an output: `…5549 chars truncated…`, `…768 tokens truncated…`. */
const CUT = /…(\d+) (chars|tokens) truncated…/

/** A terminal intent whose output Codex cut in the middle says so. */
function withCut<T extends Extract<RenderIntent, { card: 'terminal' }>>(intent: T): T {
  const m = CUT.exec(intent.output ?? '')
  if (m && !intent.truncated)
    intent.truncated = { reason: `Codex cut ${m[1]} ${m[2]} from the middle of the output` }
  return intent
}

function sessionOf(callId: string, intent: Extract<RenderIntent, { card: 'terminal' }>): ExecSession {
  return { callId, command: intent.command, ...(intent.cwd !== undefined ? { cwd: intent.cwd } : {}) }
}

/** A session or process id (a number in `write_stdin`, a string in `exec_command_end`). */
function sessionKey(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isInteger(v)) return String(v)
  if (typeof v === 'string' && /^\d+$/.test(v)) return v
  return undefined
}

/**
 * A web search item (`action: {type: "search", query, queries, sources} | {type: "open_page", url} |
 * {type: "find", url, pattern}`, or a top-level `query`) → a web card; `sources` become its results.
 */
export function webSearchIntent(v: Obj): RenderIntent {
  const action = obj(v.action)
  const queries = arr(action.queries).filter((q): q is string => typeof q === 'string' && q !== '')
  const query = str(action.query) ?? str(v.query) ?? queries[0] ?? ''
  const url = str(action.url) ?? ''
  const intent: Extract<RenderIntent, { card: 'web' }> = {
    card: 'web',
    url,
    ...(query || !url ? { query } : {}),
  }
  const pattern = str(action.pattern)
  if (pattern) intent.title = `Find “${pattern}” in ${url}`
  const results = arr(action.sources)
    .map((s) => obj(s))
    .filter((s) => typeof s.url === 'string')
    .map((s) => ({ url: s.url as string, title: str(s.title) ?? (s.url as string) }))
  if (results.length > 0) intent.results = results
  return intent
}

/** `{secs, nanos}` (Rust Duration), a number of milliseconds, or `"1.5s"`/`"120ms"`. */
export function durationOf(d: unknown): number | undefined {
  if (isObj(d)) {
    const secs = num(d.secs)
    const nanos = num(d.nanos) ?? 0
    if (secs !== undefined && secs >= 0 && nanos >= 0) return Math.round(secs * 1000 + nanos / 1e6)
    return undefined
  }
  const n = num(d)
  if (n !== undefined) return n >= 0 ? n : undefined
  const s = str(d)
  const m = s ? /^([\d.]+)\s*(ms|s)$/.exec(s) : null
  if (m) return Number(m[1]) * (m[2] === 's' ? 1000 : 1)
  return undefined
}

function argsOf(raw: unknown): Obj {
  if (isObj(raw)) return raw
  if (typeof raw === 'string') {
    const v = tryParse(raw)
    if (isObj(v)) return v
    return { arguments: raw }
  }
  return {}
}

/**
 * The output of a call: text, or Codex's `{output, metadata: {exit_code, duration_seconds}}` read out of it,
 * or the header of newer Codex shell output (exit code, wall time, the session of a process still running).
 */
interface Output {
  text: string
  exitCode?: number
  durationMs?: number
  /** Unified exec: "Process running with session ID N" (the process had not ended when the call returned). */
  session?: string
}

function outputOf(raw: unknown): Output {
  let text: string
  if (typeof raw === 'string') text = raw
  else if (Array.isArray(raw))
    text = raw
      .map((b) => str(obj(b).text))
      .filter((t): t is string => t !== undefined)
      .join('\n')
  // a content item (`{type: "input_text", text}`, Codex 0.146) is its text
  else if (isObj(raw))
    text =
      str(raw.content) ?? str(raw.output) ?? (raw.type ? str(raw.text) : undefined) ?? JSON.stringify(raw)
  else text = ''
  const v = text.startsWith('{') ? tryParse(text) : undefined
  if (isObj(v) && typeof v.output === 'string') {
    const meta = obj(v.metadata)
    const out: Output = { text: v.output }
    const exit = int(meta.exit_code)
    if (exit !== undefined) out.exitCode = exit
    const secs = num(meta.duration_seconds)
    if (secs !== undefined && secs >= 0) out.durationMs = Math.round(secs * 1000)
    return out
  }
  // Newer Codex: a header of "Key: value" lines, then "Output:" and the text. The shell tools write
  // "Exit code: 0\nWall time: 0.1 seconds\nOutput:\n..."; unified exec writes "Chunk ID: 1\nWall time: ...
  // \nProcess exited with code 0\nOriginal token count: 3\nOutput:\n..." (or "Process running with session
  // ID N" while the process runs on). Headers in any order; a header line that is none of these means the
  // text is not this format. A header with no "Output:" line is read too when it names an exit or a session.
  const outputAt = text.startsWith('Output:') ? 0 : text.indexOf('\nOutput:')
  const headerText = outputAt >= 0 ? text.slice(0, outputAt) : text
  const header = headerText.split('\n').filter((l) => l !== '')
  const out: Output = {
    // Codex puts "Total output lines: N" above the text it returns; it is not the process's output.
    text:
      outputAt >= 0
        ? text
            .slice(outputAt + (outputAt === 0 ? 7 : 8))
            .replace(/^\n/, '')
            .replace(/^Total output lines: \d+\n\n?/, '')
        : '',
  }
  const known = header.every((line) => {
    const exit = /^(?:Exit code:|Process exited with code) (-?\d+)$/.exec(line)
    if (exit) out.exitCode = Number(exit[1])
    const wall = /^Wall time: ([\d.]+) seconds$/.exec(line)
    if (wall) out.durationMs = Math.round(Number(wall[1]) * 1000)
    const session = /^Process running with session ID (\d+)$/.exec(line)
    if (session) out.session = session[1]!
    const other = /^(?:Chunk ID: \S+|Total output lines: \d+|Original token count: \d+)$/
    return exit !== null || wall !== null || session !== null || other.test(line)
  })
  if (
    known &&
    header.length > 0 &&
    (outputAt >= 0 || out.exitCode !== undefined || out.session !== undefined)
  ) {
    if (out.durationMs !== undefined && !Number.isFinite(out.durationMs)) delete out.durationMs
    return out
  }
  return { text }
}

/**
 * A command that only prints a file or a range of it (`sed -n 'A,Bp' FILE`, `cat FILE`, no pipes or other
 * shell syntax) is a read: a read card with the real first line number. Undefined for any other command.
 */
export function shellReadIntent(
  command: string,
  cwd: string | undefined,
  output: string,
): Extract<RenderIntent, { card: 'read' }> | undefined {
  const m = /^(?:sed -n (['"]?)(\d+),(\d+)p\1|cat) ((?:'[^']*'|"[^"$`\\]*"|\\.|[\w./@+,:=%-])+)$/.exec(
    command.trim(),
  )
  if (!m) return undefined
  // the file as the shell reads the word: quotes removed, a backslash-escaped character taken as itself
  const rel = m[4]!.replace(/'([^']*)'|"([^"]*)"|\\(.)/g, (_, a, b, c) => a ?? b ?? c)
  if (rel === '' || rel.startsWith('-')) return undefined
  // a working directory of `.` (Codex's `workdir` as the model wrote it) adds nothing to the path
  const dir = cwd?.replace(/\/$/, '')
  const path = rel.startsWith('/') || !dir || dir === '.' ? rel : `${dir}/${rel}`
  const intent: Extract<RenderIntent, { card: 'read' }> = {
    card: 'read',
    path,
    content: output.replace(/\n$/, ''),
  }
  const start = m[2] !== undefined ? Number(m[2]) : 1
  if (start >= 1) intent.startLine = start
  return intent
}

/** Codex's mark where it left out the middle of an output's lines: `[... omitted 120 of 420 lines ...]`. */
const OMITTED = /^\[\.\.\. omitted \d+ of \d+ lines \.\.\.\]$/m

function commandOf(args: Obj): string {
  const c = args.command ?? args.cmd
  if (Array.isArray(c)) return shellLine(c)
  return str(c) ?? ''
}

/**
 * The patch of a shell call that runs `apply_patch` (Codex on some platforms edits files this way):
 * `["apply_patch", patch]`, or a script `apply_patch <<'EOF'` … `EOF` (after an optional `cd dir &&`), as
 * Codex itself recognises it; undefined for any other command.
 */
export function shellPatch(args: Obj): string | undefined {
  const c = args.command ?? args.cmd
  const parts: unknown[] = Array.isArray(c) ? c : [c]
  if ((parts[0] === 'apply_patch' || parts[0] === 'applypatch') && typeof parts[1] === 'string')
    return parts[1]
  const script = parts[parts.length - 1]
  if (typeof script !== 'string' || !script.includes('*** Begin Patch')) return undefined
  const m =
    /^\s*(?:cd\s+(?:'[^'\n]*'|"[^"\n]*"|[^\s;&|'"]+)\s*&&\s*)?apply_?patch\s*<<\s*(['"]?)([\w-]+)\1[ \t]*\n([\s\S]*?)\n\2[ \t]*\n?\s*$/.exec(
      script,
    )
  return m?.[3]
}

function callIntent(p: Pending): RenderIntent | undefined {
  const patch = SHELL_TOOLS.has(p.name) ? shellPatch(p.args) : undefined
  if (patch !== undefined) {
    const files = parseCodexPatch(patch)
    if (files.length > 0) return { card: 'diff', files }
  }
  if (SHELL_TOOLS.has(p.name)) {
    const intent: Extract<RenderIntent, { card: 'terminal' }> = {
      card: 'terminal',
      command: commandOf(p.args),
    }
    const cwd = str(p.args.workdir) ?? str(p.args.cwd)
    if (cwd) intent.cwd = cwd
    return intent
  }
  if (p.name === 'apply_patch') {
    const files = parseCodexPatch(p.text ?? str(p.args.input) ?? str(p.args.patch) ?? '')
    return files.length > 0 ? { card: 'diff', files } : undefined
  }
  if (p.name === 'update_plan') return planIntent(p.args, undefined)
  return undefined
}

/** Codex's answer when the user declined a command or a patch it asked to run. */
const REJECTED_BY_USER = /^(?:patch|exec command) rejected by user/i

function resultIntent(
  p: Pending | undefined,
  out: Output,
  extra: Obj | undefined,
): { intent: RenderIntent; failed?: boolean; rejected?: boolean; error?: string } {
  if (!p) return { intent: genericIntent(null, out.text) }
  const base = p.intent ?? callIntent(p)
  const error = errorLine(out.text)
  const rejected = out.exitCode === undefined && REJECTED_BY_USER.test(out.text)
  if (base?.card === 'terminal') {
    const intent = withCut({ ...base, output: out.text })
    if (out.exitCode !== undefined) intent.exitCode = out.exitCode
    if (out.durationMs !== undefined) intent.durationMs = out.durationMs
    if (rejected) return { intent, rejected, error }
    // Codex 0.40: "failed in sandbox MacosSeatbelt with execution error: …, exit code: 1, stdout: …, stderr: …"
    if (
      /^(?:execution error|exec command rejected|sandbox error|failed in sandbox|failed to|(?:write_stdin|exec_command) failed|unknown process id)/i.test(
        out.text,
      ) &&
      out.exitCode === undefined
    ) {
      const code = /^[^\n]*?\bexit code: (-?\d+)\b/.exec(out.text)
      if (code) intent.exitCode = Number(code[1])
      return { intent, failed: true, error }
    }
    const failed = out.exitCode !== undefined && out.exitCode !== 0
    // a command that printed a file whole, as the TUI log's reader shows it (not when Codex cut its output)
    const read =
      out.exitCode === 0 && !intent.truncated && !OMITTED.test(out.text)
        ? shellReadIntent(intent.command, intent.cwd, out.text)
        : undefined
    if (read) return { intent: read }
    return { intent, failed, ...(failed ? { error: `exit code ${out.exitCode}` } : {}) }
  }
  if (base?.card === 'diff' || p.name === 'apply_patch') {
    const intent = base ?? genericIntent(p.text ?? p.args, out.text)
    if (rejected) return { intent, rejected, error }
    const ok =
      extra?.success !== undefined
        ? extra.success !== false
        : out.exitCode !== undefined
          ? out.exitCode === 0
          : !/^(?:error|failed|apply_patch verification failed)/i.test(out.text)
    return { intent, failed: !ok, ...(!ok ? { error: error || 'patch failed' } : {}) }
  }
  if (p.name === 'update_plan') return { intent: planIntent(p.args, out.text) }
  const v = out.text.startsWith('{') || out.text.startsWith('[') ? tryParse(out.text) : undefined
  return { intent: genericIntent(p.text ?? p.args, v !== undefined ? v : out.text) }
}

/** `update_plan {explanation, plan: [{step, status}]}` → a checklist. */
export function planIntent(args: Obj, output: string | undefined): RenderIntent {
  const items: ChecklistItem[] = []
  for (const s of arr(args.plan)) {
    const o = obj(s)
    const text = str(o.step) ?? str(o.content)
    if (text === undefined) continue
    items.push({ text, status: planStatusOf(o.status) })
  }
  const explanation = str(args.explanation)
  return genericIntent(args, output, {
    title: 'Plan',
    checklist: { items, ...(explanation ? { explanation } : {}) },
  })
}

export function planStatusOf(v: unknown): ChecklistItem['status'] {
  const s = typeof v === 'string' ? v.toLowerCase() : ''
  if (s === 'completed' || s === 'done' || s === 'complete') return 'completed'
  if (s === 'in_progress' || s === 'in-progress' || s === 'active' || s === 'running') return 'in_progress'
  if (s === 'cancelled' || s === 'canceled') return 'cancelled'
  return 'pending'
}

/**
 * Codex's patch envelope (`*** Begin Patch`, `*** Add File: p`, `*** Delete File: p`, `*** Update File: p`,
 * `*** Move to: q`, `@@ context`, then ` `/`-`/`+` lines, `*** End Patch`) → diff files, one per file the
 * patch names. Its chunks carry no line numbers, so an update becomes the old and new text of its chunks (no
 * numbers are made up); chunks after the first are joined by their own `@@` line, kept as an unchanged line
 * on both sides, so that the lines left out between two chunks show. A chunk of context lines only (an
 * anchor, `@@` then ` def f():`) is kept as context, never a file of its own.
 */
export function parseCodexPatch(text: string): DiffFile[] {
  const files: DiffFile[] = []
  if (!/\*\*\* Begin Patch/.test(text)) return files
  type Chunk = { head?: string; old: string[]; neu: string[] }
  type Cur = { path: string; kind: 'add' | 'delete' | 'update'; move?: string; chunks: Chunk[] }
  let cur: Cur | null = null
  const flush = () => {
    if (!cur) return
    const chunks = cur.chunks.filter((c) => c.old.length > 0 || c.neu.length > 0)
    if (cur.kind === 'add')
      files.push({
        path: cur.path,
        oldText: null,
        newText: chunks.flatMap((c) => c.neu).join('\n'),
        status: 'added',
      })
    else if (cur.kind === 'delete')
      files.push({ path: cur.path, oldText: '', newText: null, status: 'deleted' })
    else if (chunks.length > 0 || cur.move) {
      const old: string[] = []
      const neu: string[] = []
      chunks.forEach((c, i) => {
        // each chunk after its anchor line (`@@ def g():` says which of two alike places changed); the
        // first one's only when it has one
        if (i > 0 || (c.head !== undefined && c.head !== '@@')) {
          old.push(c.head ?? '@@')
          neu.push(c.head ?? '@@')
        }
        old.push(...c.old)
        neu.push(...c.neu)
      })
      const f: DiffFile = { path: cur.move ?? cur.path, oldText: old.join('\n'), newText: neu.join('\n') }
      if (cur.move) {
        f.oldPath = cur.path
        f.status = 'renamed'
      } else f.status = 'modified'
      files.push(f)
    }
    cur = null
  }
  // As Codex reads it (codex-rs/apply-patch): lines split at LF or CR LF, a marker line whatever spaces
  // pad it (` *** End Patch`, `  *** Update File: a.txt`).
  const lines = text.split(/\r?\n/)
  if (lines.at(-1) === '') lines.pop() // the text's last line break ends a line, it starts none
  for (const line of lines) {
    const marker = line.trim()
    const head = /^\*\*\* (Add|Delete|Update) File: (.+)$/.exec(marker)
    if (head) {
      flush()
      cur = {
        path: head[2]!.trim(),
        kind: head[1]!.toLowerCase() as 'add' | 'delete' | 'update',
        chunks: [{ old: [], neu: [] }],
      }
      continue
    }
    if (marker.startsWith('*** End Patch')) {
      flush()
      break
    }
    if (!cur) continue
    const move = /^\*\*\* Move to: (.+)$/.exec(marker)
    if (move) {
      cur.move = move[1]!.trim()
      continue
    }
    if (marker.startsWith('*** End of File')) continue
    const chunk = cur.chunks[cur.chunks.length - 1]!
    // a blank line before the first chunk of an update is not the file's (Codex passes over it)
    const untouched =
      cur.chunks.length === 1 && chunk.head === undefined && chunk.old.length + chunk.neu.length === 0
    if (marker === '' && cur.kind === 'update' && untouched) continue
    if (line.startsWith('@@')) {
      // A new chunk, unless the current one is still empty (stacked anchors: `@@ class A` then `@@ def f`).
      if (chunk.old.length > 0 || chunk.neu.length > 0)
        cur.chunks.push({ head: line.trimEnd(), old: [], neu: [] })
      else chunk.head = chunk.head === undefined ? line.trimEnd() : `${chunk.head}\n${line.trimEnd()}`
      continue
    }
    const c = line[0]
    if (c === '+') chunk.neu.push(line.slice(1))
    else if (c === '-') chunk.old.push(line.slice(1))
    else if (c === ' ' || line === '') {
      if (cur.kind === 'update') {
        chunk.old.push(line.slice(1))
        chunk.neu.push(line.slice(1))
      }
    }
  }
  flush()
  return files
}
