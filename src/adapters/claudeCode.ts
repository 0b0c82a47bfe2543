import type {
  ChecklistItem,
  DiffFile,
  JsonValue,
  RenderIntent,
  SearchIntent,
  SearchMatch,
  SessionEvent,
  Spill,
  WebResult,
} from '../protocol'
import { imageBlock } from './mcp'
import {
  arr,
  EventSink,
  errorLine,
  genericIntent,
  int,
  isObj,
  json,
  makeRegex,
  type Obj,
  obj,
  parseGrepLines,
  parseJsonl,
  str,
  structuredPatchText,
  timeOf,
  withFileHeader,
} from './util'

/**
 * Claude Code session JSONL → session events.
 *
 * A call is a `tool_use` block in an assistant message; its result is a `tool_result` block in a later user
 * line, which also carries `toolUseResult` shaped by the tool. Sub-agent work appears either as lines with
 * `isSidechain: true` or inside `progress` lines of type `agent_progress`; those calls are kept and marked
 * with `sidechain`. Every `tool_use` becomes exactly one card; tools without a specific mapping become
 * generic cards (tool name, raw input, the result text).
 */
export function fromClaudeCode(jsonl: string): SessionEvent[] {
  const { values } = parseJsonl(jsonl)
  const sink = new EventSink()
  const pending = new Map<string, { name: string; input: Obj; time: number | undefined }>()
  // Background shells started by Bash calls: their id (`toolUseResult.backgroundTaskId`) → the command,
  // so that a later TaskOutput or BashOutput card shows the command, not only the shell's id.
  const shells = new Map<string, string>()

  for (const v of values) {
    if (!isObj(v)) continue
    let message: Obj | undefined
    let toolUseResult: unknown
    let sidechain: string | undefined
    const time = timeOf(v.timestamp)
    if (v.type === 'assistant' || v.type === 'user') {
      message = obj(v.message)
      toolUseResult = v.toolUseResult
      if (v.isSidechain === true) sidechain = str(v.agentId) ?? 'subagent'
    } else if (v.type === 'progress') {
      const data = obj(v.data)
      if (data.type === 'agent_progress') {
        const inner = obj(data.message)
        message = obj(inner.message)
        toolUseResult = inner.toolUseResult
        sidechain = str(data.agentId) ?? 'subagent'
      } else if (data.type === 'bash_progress') {
        const id = str(v.parentToolUseID)
        const call = id ? pending.get(id) : undefined
        const full = str(data.fullOutput)
        if (id && call && full !== undefined && full !== '') {
          sink.update({
            id,
            intent: { card: 'terminal', command: str(call.input.command) ?? '', output: full },
            status: 'running',
          })
        }
        continue
      } else continue
    } else continue

    const content = message.content
    if (!Array.isArray(content)) continue
    for (const block of content) {
      if (!isObj(block)) continue
      if (block.type === 'tool_use') {
        const id = str(block.id)
        if (!id) continue
        const name = str(block.name) ?? 'tool'
        const input = obj(block.input)
        pending.set(id, { name, input, time })
        const intent = callIntent(name, input, shells)
        sink.call({
          id,
          toolName: name,
          args: json(block.input ?? {}),
          status: 'running',
          ...(intent ? { intent } : {}),
          ...(sidechain ? { sidechain } : {}),
          ...(time !== undefined ? { time } : {}),
        })
      } else if (block.type === 'tool_result') {
        const id = str(block.tool_use_id)
        if (!id) continue
        const call = pending.get(id)
        if (!call) {
          // A result whose call is not in the log (a cut log): keep it as a generic card.
          sink.call({ id, toolName: 'unknown tool', args: null, ...(sidechain ? { sidechain } : {}) })
        }
        const name = call?.name ?? 'unknown tool'
        const input = call?.input ?? {}
        const text = resultText(block.content)
        const isError = block.is_error === true
        const intent = resultIntent(name, input, toolUseResult, text, isError, block.content, shells)
        const started = backgroundId(obj(toolUseResult), text)
        if (name === 'Bash' && started !== undefined && typeof input.command === 'string')
          shells.set(started, input.command)
        const durationMs =
          call?.time !== undefined && time !== undefined && time >= call.time ? time - call.time : undefined
        if (isError && call && REJECTED.test(text)) {
          // Declined at the permission prompt: it never ran. The card keeps what it would have done (the
          // call's intent: a diff, a command with no output), not Claude Code's words to the model as
          // the command's output or an interrupted mark; a tool with no call intent shows its arguments.
          sink.declined(id, 'Reject', time)
          pending.delete(id)
          continue
        }
        sink.result({
          id,
          status: isError ? (interruptedText(text) ? 'cancelled' : 'failed') : 'completed',
          intent,
          ...(isError ? { error: errorLine(stripErrorPrefix(text)) } : {}),
          ...(durationMs !== undefined ? { durationMs } : {}),
          ...(time !== undefined ? { time } : {}),
        })
        pending.delete(id)
      }
    }
  }
  return sink.events
}

/** The text of a `tool_result` content: a string, or text blocks joined (images noted). */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content
  const parts: string[] = []
  for (const b of arr(content)) {
    const o = obj(b)
    if (o.type === 'text' && typeof o.text === 'string') parts.push(o.text)
    else if (o.type === 'image') parts.push('[image]')
  }
  return parts.join('\n')
}

function stripErrorPrefix(text: string): string {
  return text.replace(/^<tool_use_error>([\s\S]*)<\/tool_use_error>$/, '$1').replace(/^Error: /, '')
}

/** Claude Code's answer when the user declined a call at its permission prompt. */
const REJECTED = /doesn't want to proceed with this tool use\. The tool use was rejected/

function interruptedText(text: string): boolean {
  return (
    /^\[Request interrupted by user/.test(text) || /doesn't want to proceed with this tool use/.test(text)
  )
}

function pathOf(input: Obj): { path?: string } {
  const p = str(input.path)
  return p !== undefined ? { path: p } : {}
}

function grepMode(input: Obj): SearchIntent['mode'] {
  const m = str(input.output_mode)
  return m === 'content' ? 'content' : m === 'count' ? 'count' : 'files'
}

function searchShell(input: Obj, mode: SearchIntent['mode'], matches: SearchMatch[]): SearchIntent {
  const intent: SearchIntent = { card: 'search', query: str(input.pattern) ?? '', mode, matches, regex: true }
  const path = str(input.path)
  if (path !== undefined) intent.path = path
  const glob = str(input.glob) ?? str(input.type)
  if (glob !== undefined) intent.glob = glob
  if (input['-i'] === true) intent.caseSensitive = false
  return intent
}

/** `<persisted-output>` previews: the whole result was written to a file; the model saw a preview. */
function readPersisted(
  text: string,
  fullSize: number | undefined,
): { preview: string; spill: Spill } | undefined {
  const m = /^<persisted-output>\n([\s\S]*?)\n?<\/persisted-output>\s*$/.exec(text)
  if (!m) return undefined
  const body = m[1]!
  const path = /Full output saved to: (.+)/.exec(body)?.[1]?.trim()
  if (!path) return undefined
  const previewAt = body.search(/\n\nPreview \([^)]*\):\n/)
  const preview = previewAt >= 0 ? body.slice(body.indexOf('):\n', previewAt) + 3) : ''
  const spill: Spill = { path, previewBytes: preview.length }
  const size = /Output too large \((\d+(?:\.\d+)?)\s*(B|KB|MB|GB)\)/.exec(body)
  if (fullSize !== undefined) spill.totalBytes = fullSize
  else if (size) {
    const unit = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[size[2] as 'B' | 'KB' | 'MB' | 'GB']
    spill.totalBytes = Math.round(Number(size[1]) * unit)
  }
  return { preview: preview.replace(/\n\.\.\.$/, ''), spill }
}

/** What one tool's mapping gets: its input, the `toolUseResult`, the result text and blocks, and failure. */
interface ResultCtx {
  name: string
  input: Obj
  /** `toolUseResult`, an object (a failure may be a plain string: then `{}`). */
  r: Obj
  text: string
  isError: boolean
  content: unknown
  /** Background shells started earlier in the log: id → command. */
  shells: ReadonlyMap<string, string>
}

/**
 * One entry per built-in tool: the intent shown while it runs (`call`) and when it ends (`result`). A result
 * of `undefined` falls back to the generic card. A failed call keeps the card its arguments describe (the
 * path, command, pattern or URL) with no content beyond what the log holds; the frame shows the error.
 */
interface ToolMapping {
  /** `shells`: background shells started earlier in the log, id → command. */
  call?: (input: Obj, shells: ReadonlyMap<string, string>) => RenderIntent | undefined
  result: (c: ResultCtx) => RenderIntent | undefined
}

const editCall = (name: string) => (input: Obj) => editArgsIntent(name, input)

export const CLAUDE_CODE_TOOLS: Record<string, ToolMapping> = {
  Bash: {
    call: (input) => ({ card: 'terminal', command: str(input.command) ?? '' }),
    result: (c) => bashIntent(c.input, c.r, c.text, c.isError),
  },
  Read: {
    call: (input) => readArgsIntent(input),
    result: (c) =>
      c.isError
        ? readArgsIntent(c.input)
        : (readIntent(c.input, c.r, c.text) ??
          (contentWithImages(c.content) ? undefined : readArgsIntent(c.input, c.text))),
  },
  Edit: { call: editCall('Edit'), result: (c) => editResult(c) },
  MultiEdit: { call: editCall('MultiEdit'), result: (c) => editResult(c) },
  Write: { call: editCall('Write'), result: (c) => editResult(c) },
  NotebookEdit: {
    call: (input) => notebookIntent(input, {}),
    result: (c) => notebookIntent(c.input, c.isError ? {} : c.r),
  },
  Grep: {
    call: (input) => searchShell(input, grepMode(input), []),
    result: (c) =>
      c.isError ? searchShell(c.input, grepMode(c.input), []) : grepIntent(c.input, c.r, c.text),
  },
  Glob: {
    call: (input) => globArgsIntent(input),
    result: (c) => (c.isError ? globArgsIntent(c.input) : globIntent(c.input, c.r, c.text)),
  },
  LS: {
    call: (input) => lsIntent(input, ''),
    result: (c) => lsIntent(c.input, c.isError ? '' : c.text),
  },
  WebFetch: {
    call: (input) => ({ card: 'web', url: str(input.url) ?? '' }),
    result: (c) => webIntent('WebFetch', c.input, c.r, c.text, c.isError),
  },
  WebSearch: {
    call: (input) => ({ card: 'web', url: '', query: str(input.query) ?? '' }),
    result: (c) => webIntent('WebSearch', c.input, c.r, c.text, c.isError),
  },
  // while it waits, and when the user declined it: the shell's card with no output
  BashOutput: {
    call: (input, shells) => taskOutputIntent(input, {}, '', false, shells),
    result: (c) => taskOutputIntent(c.input, c.r, c.text, c.isError, c.shells),
  },
  TaskOutput: {
    // a task may be a sub-agent's too: a shell card only for a shell this log saw start
    call: (input, shells) =>
      shells.has(str(input.task_id) ?? '') ? taskOutputIntent(input, {}, '', false, shells) : undefined,
    result: (c) => taskOutputIntent(c.input, c.r, c.text, c.isError, c.shells),
  },
  TodoWrite: {
    call: (input) => todoIntent(input, undefined),
    result: (c) => todoIntent(c.input, c.text),
  },
  Task: { result: (c) => agentIntent(c) },
  Agent: { result: (c) => agentIntent(c) },
  ExitPlanMode: {
    // the plan shows while the user has not answered yet, as after
    call: (input) =>
      typeof input.plan === 'string' ? genericIntent({}, input.plan, { title: 'Plan' }) : undefined,
    result: (c) => genericIntent({}, str(c.input.plan) ?? c.text, { title: 'Plan' }),
  },
  AskUserQuestion: { result: (c) => questionIntent(c) },
  KillBash: { result: (c) => killIntent(c) },
  KillShell: { result: (c) => killIntent(c) },
}

/** Built-in tools whose calls get a specific card (not the generic one), failed calls included. */
export const CLAUDE_CODE_SPECIFIC_TOOLS: readonly string[] = [
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
]

function callIntent(name: string, input: Obj, shells: ReadonlyMap<string, string>): RenderIntent | undefined {
  // own entries only: a tool named `toString` or `__defineGetter__` is not one of Object.prototype's
  return Object.hasOwn(CLAUDE_CODE_TOOLS, name) ? CLAUDE_CODE_TOOLS[name]?.call?.(input, shells) : undefined
}

/** The id of the background shell a Bash call started: `backgroundTaskId`, else the result's sentence. */
function backgroundId(r: Obj, text: string): string | undefined {
  return (
    str(r.backgroundTaskId) ?? /^Command running in background with ID: (\S+?)\.?(?:\s|$)/.exec(text)?.[1]
  )
}

function resultIntent(
  name: string,
  input: Obj,
  tur: unknown,
  text: string,
  isError: boolean,
  content?: unknown,
  shells: ReadonlyMap<string, string> = new Map(),
): RenderIntent {
  const mapping = Object.hasOwn(CLAUDE_CODE_TOOLS, name) ? CLAUDE_CODE_TOOLS[name] : undefined
  const mapped = mapping?.result({ name, input, r: obj(tur), text, isError, content, shells })
  if (mapped) return mapped
  const persisted = readPersisted(text, undefined)
  if (persisted) return genericIntent(input, persisted.preview, { spill: persisted.spill })
  const blocks = contentWithImages(content)
  return genericIntent(input, blocks ?? text)
}

function readArgsIntent(input: Obj, content = ''): RenderIntent | undefined {
  const path = str(input.file_path)
  if (path === undefined) return undefined
  const intent: Extract<RenderIntent, { card: 'read' }> = { card: 'read', path, content }
  const offset = int(input.offset)
  if (offset !== undefined && offset >= 1) intent.startLine = offset
  return intent
}

function globArgsIntent(input: Obj): RenderIntent {
  return { card: 'search', query: str(input.pattern) ?? '', mode: 'files', matches: [], ...pathOf(input) }
}

/** What the arguments of an edit say: the old and new strings, or the whole new content. */
function editArgsIntent(name: string, input: Obj): RenderIntent | undefined {
  const path = str(input.file_path) ?? str(input.notebook_path)
  if (path === undefined) return undefined
  if (name === 'Write') return { card: 'diff', files: [{ path, newText: str(input.content) ?? '' }] }
  if (name === 'MultiEdit') {
    const files = arr(input.edits).map(
      (e): DiffFile => ({
        path,
        oldText: str(obj(e).old_string) ?? '',
        newText: str(obj(e).new_string) ?? '',
      }),
    )
    return files.length > 0 ? { card: 'diff', files } : undefined
  }
  return {
    card: 'diff',
    files: [{ path, oldText: str(input.old_string) ?? '', newText: str(input.new_string) ?? '' }],
  }
}

function editResult(c: ResultCtx): RenderIntent | undefined {
  if (c.isError) return editArgsIntent(c.name, c.input)
  return editIntent(c.name, c.input, c.r, c.text) ?? editArgsIntent(c.name, c.input)
}

/** A notebook cell edit: the new source of the cell (the old source is not in the log). */
function notebookIntent(input: Obj, r: Obj): RenderIntent | undefined {
  const path = str(input.notebook_path)
  if (path === undefined) return undefined
  const mode = str(r.edit_mode) ?? str(input.edit_mode) ?? 'replace'
  const cell = str(r.cell_id) ?? str(input.cell_id)
  const source = str(r.new_source) ?? str(input.new_source) ?? ''
  const title = `${path}${cell ? ` · cell ${cell}` : ''}${mode === 'replace' ? '' : ` (${mode})`}`
  if (mode === 'delete')
    return { card: 'diff', title, files: [{ path, oldText: source, newText: null, status: 'deleted' }] }
  if (mode === 'insert')
    return { card: 'diff', title, files: [{ path, oldText: null, newText: source, status: 'added' }] }
  return { card: 'diff', title, files: [{ path, newText: source }] }
}

/**
 * `LS` prints a tree (`- /root/`, then `  - name` per entry, two spaces a level, directories end in `/`):
 * a files search card listing the paths under the directory.
 */
function lsIntent(input: Obj, text: string): RenderIntent {
  const root = str(input.path) ?? ''
  const paths: string[] = []
  /** The directory names on the way down, by depth (each ends in `/`). */
  const dirs: string[] = []
  for (const line of text.split('\n')) {
    const m = /^((?: {2})*)- (.+)$/.exec(line)
    if (!m) continue
    const depth = m[1]!.length / 2
    const name = m[2]!
    const full = depth === 0 ? name : `${dirs.slice(0, depth).join('')}${name}`
    dirs.length = depth
    if (name.endsWith('/')) dirs[depth] = name
    if (depth > 0) paths.push(full)
  }
  const intent: SearchIntent = {
    card: 'search',
    query: root,
    mode: 'files',
    matches: paths.map((path) => ({ path })),
  }
  if (root) intent.path = root
  intent.totalFiles = paths.length
  return intent
}

type PlanStatus = ChecklistItem['status']

export function planStatus(v: unknown): PlanStatus {
  const s = typeof v === 'string' ? v.toLowerCase() : ''
  if (s === 'completed' || s === 'done' || s === 'complete') return 'completed'
  if (s === 'in_progress' || s === 'in-progress' || s === 'active' || s === 'running') return 'in_progress'
  if (s === 'cancelled' || s === 'canceled') return 'cancelled'
  return 'pending'
}

/** `TodoWrite {todos: [{content, status, activeForm, priority}]}` → a checklist in the generic card. */
function todoIntent(input: Obj, output: string | undefined): RenderIntent {
  const items: ChecklistItem[] = []
  for (const t of arr(input.todos)) {
    const o = obj(t)
    const text = str(o.content) ?? str(o.activeForm)
    if (text === undefined) continue
    const item: ChecklistItem = { text, status: planStatus(o.status) }
    const priority = str(o.priority)
    if (priority) item.priority = priority
    items.push(item)
  }
  return genericIntent(input, output, { title: 'To-do list', checklist: { items } })
}

/** A sub-agent (`Task`): its description as the title, the prompt as input, the agent's answer as output. */
function agentIntent(c: ResultCtx): RenderIntent {
  const description = str(c.input.description)
  const kind = str(c.input.subagent_type)
  const title = ['Sub-agent', kind, description].filter(Boolean).join(': ')
  const answer = arr(c.r.content)
    .map((b) => str(obj(b).text))
    .filter((t): t is string => t !== undefined)
    .join('\n')
  return genericIntent(c.input, answer || c.text, { title })
}

function questionIntent(c: ResultCtx): RenderIntent {
  const answers = obj(c.r.answers)
  const output = Object.keys(answers).length > 0 ? json(answers) : c.text
  return genericIntent(c.input, output, { title: 'Question to the user' })
}

function killIntent(c: ResultCtx): RenderIntent {
  const id = str(c.input.shell_id) ?? str(c.input.bash_id) ?? str(c.r.shell_id) ?? ''
  return genericIntent(c.input, str(c.r.message) ?? c.text, { title: `Stop background shell ${id}`.trim() })
}

/** Result blocks with images (a Read of a picture, a screenshot): text and images, else undefined. */
function contentWithImages(content: unknown): JsonValue[] | undefined {
  if (!Array.isArray(content) || !content.some((b) => obj(b).type === 'image')) return undefined
  const out: JsonValue[] = []
  for (const b of content) {
    const o = obj(b)
    if (o.type === 'text' && typeof o.text === 'string') out.push({ type: 'text', text: o.text })
    else if (o.type === 'image') {
      const source = obj(o.source)
      out.push(
        imageBlock(str(source.media_type) ?? '', source.type === 'base64' ? (str(source.data) ?? '') : ''),
      )
    }
  }
  return out
}

function bashIntent(input: Obj, r: Obj, text: string, isError: boolean): RenderIntent {
  const command = str(input.command) ?? ''
  const intent: Extract<RenderIntent, { card: 'terminal' }> = { card: 'terminal', command }
  const stdout = str(r.stdout)
  const stderr = str(r.stderr)
  const persisted = readPersisted(
    text,
    stdout !== undefined ? stdout.length + (stderr?.length ?? 0) : undefined,
  )
  if (persisted) {
    intent.output = persisted.preview
    intent.spill = persisted.spill
  } else if (isError) {
    // "Exit code 1\n<output>" (the output is stdout and stderr as the agent saw them).
    const body = stripErrorPrefix(text)
    const m = /^Exit code (\d+)\n?([\s\S]*)$/.exec(body)
    if (m) {
      intent.exitCode = Number(m[1])
      intent.output = m[2]!
    } else intent.output = body
  } else if (stdout !== undefined) {
    intent.output = stdout
    if (stderr) intent.stderr = stderr
  } else intent.output = text
  if (r.interrupted === true || interruptedText(text)) intent.interrupted = true
  if (typeof r.backgroundTaskId === 'string' || input.run_in_background === true) {
    intent.background = true
    if (!intent.output) intent.output = text
  }
  const m = /Command timed out after ([\d.]+)(m?s)/.exec(text)
  if (m) intent.timedOut = true
  return intent
}

/** The output of a background shell, fetched later (`TaskOutput`): a terminal card for that shell. */
function taskOutputIntent(
  input: Obj,
  r: Obj,
  text: string,
  isError: boolean,
  shells: ReadonlyMap<string, string>,
): RenderIntent | undefined {
  const task = obj(r.task)
  if (task.task_type !== undefined && task.task_type !== 'local_bash') return undefined
  const id = str(input.task_id) ?? str(input.bash_id) ?? str(input.shell_id) ?? ''
  const command =
    str(task.command) ??
    str(r.command) ??
    shells.get(id) ??
    str(task.description) ??
    `background task ${id}`.trim()
  const output = str(task.output) ?? str(r.stdout) ?? (isError ? stripErrorPrefix(text) : undefined)
  const intent: Extract<RenderIntent, { card: 'terminal' }> = { card: 'terminal', command, background: true }
  if (output !== undefined) intent.output = output
  const stderr = str(r.stderr)
  if (stderr) intent.stderr = stderr
  const exit = int(task.exitCode) ?? int(r.exitCode)
  if (exit !== undefined) intent.exitCode = exit
  return intent
}

/** `     12→text` lines (cat -n with an arrow) → text and the first line number. */
export function stripLineArrows(text: string): { content: string; startLine?: number } {
  const withoutReminders = text.replace(/\n*<system-reminder>[\s\S]*?<\/system-reminder>\n*/g, '')
  const lines = withoutReminders.split('\n')
  let start: number | undefined
  const out: string[] = []
  for (const line of lines) {
    const m = /^\s*(\d+)→(.*)$/.exec(line)
    if (m) {
      if (start === undefined) start = Number(m[1])
      out.push(m[2]!)
    } else if (start === undefined && line === '') {
    } else out.push(line)
  }
  return start === undefined ? { content: withoutReminders } : { content: out.join('\n'), startLine: start }
}

function readIntent(input: Obj, r: Obj, text: string): RenderIntent | undefined {
  const file = obj(r.file)
  const path = str(file.filePath) ?? str(input.file_path)
  if (path === undefined) return undefined
  if (r.type !== undefined && r.type !== 'text') return undefined // images, notebooks, PDFs: generic
  const content = str(file.content)
  if (content !== undefined) {
    const intent: Extract<RenderIntent, { card: 'read' }> = { card: 'read', path, content }
    const start = int(file.startLine)
    if (start !== undefined && start >= 1) intent.startLine = start
    const total = int(file.totalLines)
    if (total !== undefined && total >= 0) intent.totalLines = total
    return intent
  }
  const stripped = stripLineArrows(text)
  const intent: Extract<RenderIntent, { card: 'read' }> = { card: 'read', path, content: stripped.content }
  const start = stripped.startLine ?? int(input.offset)
  if (start !== undefined && start >= 1) intent.startLine = start
  return intent
}

function editIntent(name: string, input: Obj, r: Obj, text: string): RenderIntent | undefined {
  const path = str(r.filePath) ?? str(input.file_path)
  if (path === undefined) return undefined
  if (
    name === 'Write' &&
    (r.type === 'create' || (r.type === undefined && /^File created successfully/.test(text)))
  ) {
    return {
      card: 'diff',
      files: [{ path, oldText: null, newText: str(r.content) ?? str(input.content) ?? '', status: 'added' }],
    }
  }
  const patch = structuredPatchText(arr(r.structuredPatch))
  const original = str(r.originalFile)
  if (patch !== undefined && original !== undefined && !fitsFile(arr(r.structuredPatch), original)) {
    // Claude Code 1.0.95 wrote the patch of a tab-indented file with two spaces for each tab: the patch
    // is not the file's. The file before and after, from the log's whole file and the edit, instead.
    const after = editedFile(name, input, r, original)
    if (after !== undefined)
      return { card: 'diff', files: [{ path, oldText: original, newText: after, status: 'modified' }] }
  }
  if (patch !== undefined)
    return { card: 'diff', files: [{ path, patch: withFileHeader(path, patch), status: 'modified' }] }
  if (name === 'Write') {
    const original = str(r.originalFile)
    const file: DiffFile = { path, newText: str(r.content) ?? str(input.content) ?? '' }
    if (original !== undefined) file.oldText = original
    return { card: 'diff', files: [file] }
  }
  if (name === 'MultiEdit') {
    const files = arr(input.edits).map(
      (e): DiffFile => ({
        path,
        oldText: str(obj(e).old_string) ?? '',
        newText: str(obj(e).new_string) ?? '',
      }),
    )
    return files.length > 0 ? { card: 'diff', files } : undefined
  }
  const oldText = str(r.oldString) ?? str(input.old_string)
  const newText = str(r.newString) ?? str(input.new_string)
  if (oldText === undefined || newText === undefined) return undefined
  return { card: 'diff', files: [{ path, oldText, newText, status: 'modified' }] }
}

/** Each hunk's context and removed lines are the lines of `original` where the hunk says they are. */
function fitsFile(hunks: unknown[], original: string): boolean {
  const lines = original.split('\n')
  for (const h of hunks) {
    let at = (int(obj(h).oldStart) ?? 1) - 1
    for (const l of arr(obj(h).lines)) {
      if (typeof l !== 'string' || l.startsWith('+') || l.startsWith('\\')) continue
      if (lines[at] !== l.slice(1) && lines[at] !== `${l.slice(1)}\r`) return false
      at++
    }
  }
  return true
}

/**
 * The file after an `Edit` (the first `old_string` replaced, or every one with `replace_all`), from the
 * file before; undefined when the log does not say (another tool, or the text is not in the file).
 */
function editedFile(name: string, input: Obj, r: Obj, original: string): string | undefined {
  if (name !== 'Edit') return undefined
  const from = str(r.oldString) ?? str(input.old_string)
  const to = str(r.newString) ?? str(input.new_string)
  if (from === undefined || to === undefined || from === '' || !original.includes(from)) return undefined
  const all = r.replaceAll === true || input.replace_all === true
  return all ? original.split(from).join(to) : original.replace(from, () => to)
}

function grepIntent(input: Obj, r: Obj, text: string): RenderIntent {
  const mode = (str(r.mode) ?? str(input.output_mode) ?? 'files_with_matches') as string
  const pattern = makeRegex(str(input.pattern) ?? '', input['-i'] === true)
  const defaultPath = str(input.path)
  if (mode === 'content') {
    const body = str(r.content) ?? text.replace(/\n\n\[Showing results with pagination[^\]]*\]$/, '')
    const matches =
      body === '' || body === 'No matches found'
        ? []
        : parseGrepLines(body, {
            pattern,
            ...(defaultPath ? { defaultPath } : {}),
            // `-n: false`: `path:text` lines, whose text may hold `:12:`
            ...(input['-n'] === false ? { lineNumbers: false } : {}),
          })
    const intent = searchShell(input, 'content', matches)
    const n = matches.filter((m) => !m.context).length
    intent.totalMatches = n
    return intent
  }
  if (mode === 'count') {
    const body = str(r.content) ?? text.replace(/\n\nFound \d+ total occurrences[\s\S]*$/, '')
    const matches: SearchMatch[] = []
    for (const line of body.split('\n')) {
      if (line === '' || line === 'No matches found') continue
      const m = /^(.*):(\d+)$/.exec(line)
      if (m) matches.push({ path: m[1]!, count: Number(m[2]) })
      else if (/^\d+$/.test(line)) matches.push({ path: defaultPath ?? '', count: Number(line) })
    }
    const intent = searchShell(input, 'count', matches)
    const total = matches.reduce((s, m) => s + (m.count ?? 0), 0)
    intent.totalMatches = total
    intent.totalFiles = matches.length
    return intent
  }
  let files = arr(r.filenames).filter((f): f is string => typeof f === 'string')
  if (files.length === 0 && !isObj(r.filenames)) {
    const lines = text.split('\n')
    if (/^Found \d+ files?/.test(lines[0] ?? '')) files = lines.slice(1).filter((l) => l !== '')
  }
  const intent = searchShell(
    input,
    'files',
    files.map((path) => ({ path })),
  )
  intent.totalFiles = int(r.numFiles) ?? files.length
  return intent
}

function globIntent(input: Obj, r: Obj, text: string): RenderIntent {
  let files = arr(r.filenames).filter((f): f is string => typeof f === 'string')
  if (!Array.isArray(r.filenames)) {
    files =
      text === 'No files found'
        ? []
        : text.split('\n').filter((l) => l !== '' && !l.startsWith('(Results are truncated'))
  }
  const intent: SearchIntent = {
    card: 'search',
    query: str(input.pattern) ?? '',
    mode: 'files',
    matches: files.map((path) => ({ path })),
    ...pathOf(input),
  }
  intent.totalFiles = int(r.numFiles) ?? files.length
  if (r.truncated === true)
    intent.truncated = { shownLines: files.length, reason: 'the tool listed the first files only' }
  return intent
}

function webIntent(name: string, input: Obj, r: Obj, text: string, isError: boolean): RenderIntent {
  if (name === 'WebFetch') {
    const intent: Extract<RenderIntent, { card: 'web' }> = {
      card: 'web',
      url: str(r.url) ?? str(input.url) ?? '',
    }
    const code = int(r.code)
    if (code !== undefined) intent.status = code
    const codeText = str(r.codeText)
    if (codeText) intent.statusText = codeText
    const bytes = int(r.bytes)
    if (bytes !== undefined && bytes >= 0) intent.bytes = bytes
    const durationMs = int(r.durationMs)
    if (durationMs !== undefined && durationMs >= 0) intent.durationMs = durationMs
    const excerpt = str(r.result) ?? (isError ? undefined : text)
    if (excerpt !== undefined) {
      intent.excerpt = excerpt
      intent.excerptFormat = 'markdown'
    }
    if (isError) intent.error = stripErrorPrefix(text)
    return intent
  }
  const query = str(r.query) ?? str(input.query) ?? ''
  const results: WebResult[] = []
  const notes: string[] = []
  for (const item of arr(r.results)) {
    if (typeof item === 'string') {
      notes.push(item)
      continue
    }
    for (const link of arr(obj(item).content)) {
      const l = obj(link)
      const url = str(l.url)
      if (url !== undefined) results.push({ url, title: str(l.title) ?? url })
    }
  }
  const intent: Extract<RenderIntent, { card: 'web' }> = { card: 'web', url: '', query, results }
  if (notes.length > 0) {
    intent.excerpt = notes.join('\n\n')
    intent.excerptFormat = 'markdown'
  }
  if (isError) intent.error = stripErrorPrefix(text)
  else if (!Array.isArray(r.results)) {
    // No structured result: keep the text the model saw.
    intent.excerpt = text
    intent.excerptFormat = 'markdown'
  }
  return intent
}
