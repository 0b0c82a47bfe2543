import type { ChecklistItem, DiffFile, RenderIntent, SearchMatch, SessionEvent } from '../protocol'
import {
  arr,
  EventSink,
  genericIntent,
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
 *   `apply_patch` → diff; `update_plan` → a checklist; anything else → generic.
 * - `local_shell_call` (`action.command[]`, `working_directory`) → terminal, its output from the
 *   `local_shell_call_output` or `function_call_output` with the same `call_id`.
 * - `custom_tool_call` (`input` as free text) ended by `custom_tool_call_output`: `apply_patch` → diff.
 * - `web_search_call` (`action.query`, or `open_page`/`find` with a URL) → web.
 * - `file_search_call` (`queries`, `results[{filename, text, score}]`) → search.
 * - `mcp_call`, `code_interpreter_call`, `computer_call`, `image_generation_call` → generic (code → terminal).
 *
 * Codex rollouts carry the same items (`response_item` payloads); `fromCodex` reads them with this.
 */
export function fromResponses(input: unknown): SessionEvent[] {
  const items = responseItems(input)
  const r = new ResponsesReader()
  for (const item of items) r.item(item)
  return r.finish()
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
}

/** Reads items one by one (Codex rollouts mix them with other lines). */
export class ResponsesReader {
  readonly sink = new EventSink()
  private readonly pending = new Map<string, Pending>()
  /** Facts from other lines about a call (Codex `patch_apply_end`, `exec_command_end`). */
  readonly extra = new Map<string, Obj>()

  item(v: unknown, time?: number): void {
    if (!isObj(v)) return
    const at = time !== undefined ? { time } : {}
    const type = str(v.type)
    if (type === undefined) return
    const id = str(v.call_id) ?? str(v.id)
    switch (type) {
      case 'function_call':
      case 'custom_tool_call': {
        if (!id) return
        const name = str(v.name) ?? 'tool'
        const text = type === 'custom_tool_call' ? (str(v.input) ?? '') : undefined
        const parsed = text === undefined ? argsOf(v.arguments) : { input: text }
        const p: Pending = { name, args: parsed, ...(text !== undefined ? { text } : {}) }
        const intent = callIntent(p)
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
        return
      }
      case 'local_shell_call': {
        if (!id) return
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
        return
      }
      case 'function_call_output':
      case 'custom_tool_call_output':
      case 'local_shell_call_output': {
        if (!id) return
        const p = this.pending.get(id)
        if (!this.sink.has(id)) this.sink.call({ id, toolName: 'unknown tool', args: null, ...at })
        const out = outputOf(v.output)
        const { intent, failed, error } = resultIntent(p, out, this.extra.get(id))
        this.sink.result({
          id,
          status: failed ? 'failed' : 'completed',
          intent,
          ...(error ? { error } : {}),
          ...at,
        })
        this.pending.delete(id)
        return
      }
      case 'web_search_call': {
        if (!id) return
        const action = obj(v.action)
        const query = str(action.query) ?? str(v.query) ?? ''
        const url = str(action.url) ?? ''
        const intent: RenderIntent = { card: 'web', url, ...(query || !url ? { query } : {}) }
        const pattern = str(action.pattern)
        if (pattern) intent.title = `Find “${pattern}” in ${url}`
        this.callAndEnd(id, 'web_search', json({ ...action }), intent, v.status, at)
        return
      }
      case 'file_search_call': {
        if (!id) return
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
        if (!id) return
        const logs = arr(v.outputs)
          .map((o) => str(obj(o).logs))
          .filter((l): l is string => l !== undefined)
        const intent: RenderIntent = { card: 'terminal', command: str(v.code) ?? '', output: logs.join('\n') }
        this.callAndEnd(id, 'code_interpreter', json({ code: v.code ?? null }), intent, v.status, at)
        return
      }
      case 'mcp_call': {
        if (!id) return
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
      case 'computer_call':
      case 'image_generation_call': {
        if (!id) return
        const rest: Obj = { ...v }
        delete rest.result
        this.callAndEnd(id, type.replace(/_call$/, ''), json(rest), genericIntent(rest), v.status, at)
        return
      }
    }
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

  finish(): SessionEvent[] {
    return this.sink.events
  }
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

/** The output of a call: text, or Codex's `{output, metadata: {exit_code, duration_seconds}}` read out of it. */
interface Output {
  text: string
  exitCode?: number
  durationMs?: number
}

function outputOf(raw: unknown): Output {
  let text: string
  if (typeof raw === 'string') text = raw
  else if (Array.isArray(raw))
    text = raw
      .map((b) => str(obj(b).text))
      .filter((t): t is string => t !== undefined)
      .join('\n')
  else if (isObj(raw)) text = str(raw.content) ?? str(raw.output) ?? JSON.stringify(raw)
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
  // \nProcess exited with code 0\nOriginal token count: 3\nOutput:\n...". Headers in any order; a header line
  // that is none of these means the text is not this format.
  const outputAt = text.startsWith('Output:') ? 0 : text.indexOf('\nOutput:')
  if (outputAt >= 0) {
    const header = text
      .slice(0, outputAt)
      .split('\n')
      .filter((l) => l !== '')
    const out: Output = { text: text.slice(outputAt + (outputAt === 0 ? 7 : 8)).replace(/^\n/, '') }
    const known = header.every((line) => {
      const exit = /^(?:Exit code:|Process exited with code) (-?\d+)$/.exec(line)
      if (exit) out.exitCode = Number(exit[1])
      const wall = /^Wall time: ([\d.]+) seconds$/.exec(line)
      if (wall) out.durationMs = Math.round(Number(wall[1]) * 1000)
      const other =
        /^(?:Chunk ID: \S+|Total output lines: \d+|Original token count: \d+|Process running with session ID \d+)$/
      return exit !== null || wall !== null || other.test(line)
    })
    if (known && header.length > 0) return out
  }
  return { text }
}

function commandOf(args: Obj): string {
  const c = args.command ?? args.cmd
  if (Array.isArray(c)) return shellLine(c)
  return str(c) ?? ''
}

function callIntent(p: Pending): RenderIntent | undefined {
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

function resultIntent(
  p: Pending | undefined,
  out: Output,
  extra: Obj | undefined,
): { intent: RenderIntent; failed?: boolean; error?: string } {
  if (!p) return { intent: genericIntent(null, out.text) }
  const base = p.intent ?? callIntent(p)
  if (base?.card === 'terminal') {
    const intent = { ...base, output: out.text }
    if (out.exitCode !== undefined) intent.exitCode = out.exitCode
    if (out.durationMs !== undefined) intent.durationMs = out.durationMs
    const failed = out.exitCode !== undefined && out.exitCode !== 0
    if (
      /^(?:execution error|exec command rejected|sandbox error|failed to)/i.test(out.text) &&
      out.exitCode === undefined
    )
      return { intent, failed: true, error: out.text.split('\n', 1)[0] ?? '' }
    return { intent, failed, ...(failed ? { error: `exit code ${out.exitCode}` } : {}) }
  }
  if (base?.card === 'diff' || p.name === 'apply_patch') {
    const ok =
      extra?.success !== undefined
        ? extra.success !== false
        : !/^(?:error|failed|apply_patch verification failed)/i.test(out.text)
    const intent = base ?? genericIntent(p.text ?? p.args, out.text)
    return { intent, failed: !ok, ...(!ok ? { error: out.text.split('\n', 1)[0] ?? 'patch failed' } : {}) }
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
 * `*** Move to: q`, `@@ context`, then ` `/`-`/`+` lines, `*** End Patch`) → diff files. Its chunks carry no
 * line numbers, so each chunk becomes the old and new text of that stretch (no numbers are made up).
 */
export function parseCodexPatch(text: string): DiffFile[] {
  const files: DiffFile[] = []
  if (!/\*\*\* Begin Patch/.test(text)) return files
  type Cur = { path: string; kind: 'add' | 'delete' | 'update'; move?: string; old: string[]; neu: string[] }
  let cur: Cur | null = null
  const flush = () => {
    if (!cur) return
    if (cur.kind === 'add')
      files.push({ path: cur.path, oldText: null, newText: cur.neu.join('\n'), status: 'added' })
    else if (cur.kind === 'delete')
      files.push({ path: cur.path, oldText: '', newText: null, status: 'deleted' })
    else if (cur.old.length > 0 || cur.neu.length > 0 || cur.move) {
      const f: DiffFile = {
        path: cur.move ?? cur.path,
        oldText: cur.old.join('\n'),
        newText: cur.neu.join('\n'),
      }
      if (cur.move) {
        f.oldPath = cur.path
        f.status = 'renamed'
      } else f.status = 'modified'
      files.push(f)
    }
    cur = null
  }
  for (const line of text.split('\n')) {
    const head = /^\*\*\* (Add|Delete|Update) File: (.+)$/.exec(line)
    if (head) {
      flush()
      cur = {
        path: head[2]!.trim(),
        kind: head[1]!.toLowerCase() as 'add' | 'delete' | 'update',
        old: [],
        neu: [],
      }
      continue
    }
    if (!cur) continue
    const move = /^\*\*\* Move to: (.+)$/.exec(line)
    if (move) {
      cur.move = move[1]!.trim()
      continue
    }
    if (line.startsWith('*** End Patch') || line.startsWith('*** End of File')) continue
    if (line.startsWith('@@')) {
      if (cur.kind === 'update' && (cur.old.length > 0 || cur.neu.length > 0)) {
        const path: string = cur.path
        const mv: string | undefined = cur.move
        flush()
        cur = { path, kind: 'update', ...(mv ? { move: mv } : {}), old: [], neu: [] }
      }
      continue
    }
    const c = line[0]
    if (c === '+') cur.neu.push(line.slice(1))
    else if (c === '-') cur.old.push(line.slice(1))
    else if (c === ' ' || line === '') {
      if (cur.kind === 'update') {
        cur.old.push(line.slice(1))
        cur.neu.push(line.slice(1))
      }
    }
  }
  flush()
  return files
}
