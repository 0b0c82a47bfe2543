import type { ChecklistItem, DiffFile, RenderIntent, SessionEvent } from '../protocol'
import { planStatus, stripLineArrows } from './claudeCode'
import { parseCodexPatch } from './responses'
import {
  arr,
  contentText,
  EventSink,
  errorLine,
  genericIntent,
  guard,
  int,
  isObj,
  json,
  type Obj,
  obj,
  splitUnifiedDiff,
  str,
  timeOf,
  tryParse,
} from './util'

/** The tool name of a card whose call is not in the log, only its result. */
const UNKNOWN_TOOL = 'unknown tool'

/** Observations that end a tool call (others answer messages and agent state). */
const TOOL_OBSERVATIONS = new Set([
  'run',
  'run_ipython',
  'read',
  'write',
  'edit',
  'browse',
  'browse_interactive',
  'mcp',
])

/** Actions that are not tool calls: conversation and agent state. */
const NOT_CALLS = new Set([
  'message',
  'system',
  'change_agent_state',
  'recall',
  'null',
  'condensation',
  'delegate_done',
])

/**
 * OpenHands event stream (a JSON array of events, or `{events: [...]}`) → session events. An action
 * (`action`, `args`, `id`) starts a call; the observation whose `cause` is the action's id ends it (OpenDevin
 * histories have no ids: each observation ends the action before it). OpenHands V1 streams (`kind:
 * "ActionEvent"` / `"ObservationEvent"`, software-agent-sdk) are read by `tool_call_id` (`fromV1Events`).
 * `run` → terminal (exit code from `extras.metadata.exit_code`), `edit` → diff (a new file is an added
 * file), `read` → read, `browse`/`browse_interactive` → web, `run_ipython` → terminal; other actions
 * (including `finish` and `think`) → generic.
 */
export function fromOpenHands(events: unknown): SessionEvent[] {
  return guard(() => {
    const rows = historyRows(events)
    if (rows) {
      // Resolver or evaluation output: one row per issue, each with its own history (ids restart per row).
      const out: SessionEvent[] = []
      rows.forEach((history, i) => {
        // V1 evaluation rows (software-agent-sdk) hold V1 events in `history`
        const events = isV1Stream(history) ? fromV1Events(history) : fromEventList(normalizeHistory(history))
        for (const e of events) out.push({ ...e, id: `${i + 1}:${e.id}` })
      })
      return out
    }
    const list = Array.isArray(events) ? events : arr(obj(events).events)
    if (isV1Stream(list)) return fromV1Events(list)
    return fromEventList(normalizeHistory(list))
  })
}

/** `output.jsonl` rows (`{instance_id | issue, history}`), as an array or one row: their histories. */
function historyRows(events: unknown): unknown[][] | undefined {
  if (isObj(events) && Array.isArray(events.history)) return [events.history]
  if (!Array.isArray(events) || events.length === 0) return undefined
  if (!events.every((r) => isObj(r) && Array.isArray(r.history))) return undefined
  return events.map((r) => arr(obj(r).history))
}

/**
 * Older histories are flattened (an action's `command`/`code` and an observation's `content`/`exit_code` at
 * the top of each event, no `id`, `cause`, `args` or `extras`; each observation follows its action) or
 * `[action, observation]` pairs. Both become events with ids, causes, args and extras.
 */
function normalizeHistory(list: unknown[]): unknown[] {
  const out: unknown[] = []
  let next = 1
  let lastAction: string | undefined
  const flat = (e: Obj): Obj => {
    if ('id' in e || 'cause' in e) return e
    if ('args' in e || 'extras' in e) {
      // OpenDevin histories: structured events without ids; each observation follows its action.
      if (typeof e.action === 'string') {
        const id = `a${next++}`
        lastAction = NOT_CALLS.has(e.action) ? undefined : id
        return { ...e, id }
      }
      if (typeof e.observation === 'string') {
        const cause = lastAction
        lastAction = undefined
        return { ...e, id: `o${next++}`, ...(cause ? { cause } : {}) }
      }
      return e
    }
    if (typeof e.action === 'string') {
      const { action, thought, ...rest } = e
      const id = `a${next++}`
      lastAction = action === 'message' ? undefined : id
      return { id, action, args: { ...rest, ...(typeof thought === 'string' ? { thought } : {}) } }
    }
    if (typeof e.observation === 'string') {
      const { observation, content, ...rest } = e
      const cause = lastAction
      lastAction = undefined
      const extras: Obj = { ...rest }
      if ('exit_code' in rest) extras.metadata = { exit_code: rest.exit_code }
      return { id: `o${next++}`, observation, content, extras, ...(cause ? { cause } : {}) }
    }
    return e
  }
  for (const e of list) {
    if (Array.isArray(e)) {
      for (const part of e) if (isObj(part)) out.push(flat(part))
    } else if (isObj(e)) out.push(flat(e))
  }
  return out
}

function fromEventList(list: unknown[]): SessionEvent[] {
  const sink = new EventSink()
  const actions = new Map<string, Obj>()
  /** Ids of every action seen, tool calls or not (a message's observation is not a lost call's). */
  const seen = new Set<string>()
  for (const e of list) {
    if (!isObj(e)) continue
    const time = timeOf(e.timestamp)
    const at = time !== undefined ? { time } : {}
    const action = str(e.action)
    if (action !== undefined) {
      const anyId = idOf(e.id)
      if (anyId !== undefined) seen.add(anyId)
    }
    if (action !== undefined && !NOT_CALLS.has(action)) {
      const id = idOf(e.id)
      if (id === undefined) continue
      actions.set(id, e)
      const meta = obj(e.tool_call_metadata)
      const toolName = str(meta.function_name) ?? action
      const intent = callIntent(action, obj(e.args))
      sink.call({
        id,
        toolName,
        args: json(argsOf(e.args)),
        status: 'running',
        ...(intent ? { intent } : {}),
        ...at,
      })
      // Actions that never get an observation (finish) end where they start.
      if (action === 'finish' || action === 'think') {
        sink.result({
          id,
          status: 'completed',
          intent: genericIntent(argsOf(e.args), str(obj(e.args).final_thought) ?? str(e.message)),
          ...at,
        })
      }
      continue
    }
    const observation = str(e.observation)
    if (observation === undefined) continue
    const cause = idOf(e.cause)
    if (cause === undefined) continue
    if (!seen.has(cause) && TOOL_OBSERVATIONS.has(observation) && !sink.has(cause)) {
      // The result of a tool call whose action is not in the log (cut off, or a log that starts late):
      // a card of its own, its output kept.
      sink.call({ id: cause, toolName: UNKNOWN_TOOL, args: null, status: 'running', ...at })
    }
    if (!sink.isOpen(cause)) continue
    const act = actions.get(cause)
    const { intent, status, error } = resultOf(str(act?.action), obj(act?.args), observation, e)
    sink.result({ id: cause, status, intent, ...(error ? { error } : {}), ...at })
  }
  return sink.events
}

function idOf(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v)
  return str(v)
}

/** Arguments without the model's thought (shown elsewhere) and OpenHands' internal fields. */
function argsOf(args: unknown): unknown {
  if (!isObj(args)) return args ?? null
  const out: Obj = {}
  for (const [k, v] of Object.entries(args)) {
    if (
      k === 'thought' ||
      k === 'translated_ipython_code' ||
      k === 'impl_source' ||
      k === 'confirmation_state'
    )
      continue
    out[k] = v
  }
  return out
}

function callIntent(action: string, args: Obj): RenderIntent | undefined {
  if (action === 'run') return { card: 'terminal', command: str(args.command) ?? '' }
  if (action === 'run_ipython') return { card: 'terminal', command: str(args.code) ?? '' }
  if (action === 'browse') return { card: 'web', url: str(args.url) ?? '' }
  return undefined
}

function resultOf(
  action: string | undefined,
  args: Obj,
  observation: string,
  e: Obj,
): { intent: RenderIntent; status: 'completed' | 'failed'; error?: string } {
  const extras = obj(e.extras)
  const content = str(e.content) ?? ''
  if (observation === 'error') {
    return {
      intent: argsIntent(action, args) ?? genericIntent(argsOf(args), content),
      status: 'failed',
      error: errorLine(content),
    }
  }
  if (observation === 'run_ipython') {
    const w = ipythonRead(str(args.code) ?? str(extras.code) ?? '', content)
    if (w) return { intent: w, status: 'completed' }
  }
  if (observation === 'run' || observation === 'run_ipython') {
    const meta = obj(extras.metadata)
    const exit = int(meta.exit_code) ?? int(extras.exit_code)
    const intent: Extract<RenderIntent, { card: 'terminal' }> = {
      card: 'terminal',
      command: str(extras.command) ?? str(args.command) ?? str(extras.code) ?? str(args.code) ?? '',
      output: content + (str(meta.suffix) ?? ''),
    }
    const cwd = str(meta.working_dir)
    if (cwd) intent.cwd = cwd
    if (exit !== undefined && exit >= 0) intent.exitCode = exit
    else if (exit === -1) {
      // -1: the command had not ended when OpenHands stopped waiting (it may still run).
      intent.exitCode = null
      intent.timedOut = true
    }
    const failed = exit !== undefined && exit > 0
    return {
      intent,
      status: failed ? 'failed' : 'completed',
      ...(failed ? { error: `exit code ${exit}` } : {}),
    }
  }
  if (observation === 'edit') {
    const path = str(extras.path) ?? str(args.path) ?? ''
    if (/^ERROR:/.test(content)) {
      // The edit was refused: the card its arguments describe, with the error.
      return {
        intent: argsIntent('edit', args) ?? genericIntent(argsOf(args), content),
        status: 'failed',
        error: errorLine(content.replace(/^ERROR:\s*/, '')),
      }
    }
    if (str(args.command) === 'view') return readObservation(path, content)
    let file: DiffFile | undefined
    if (extras.prev_exist === false && extras.old_content == null && typeof extras.new_content === 'string') {
      file = { path, oldText: null, newText: extras.new_content, status: 'added' }
    } else if (typeof extras.old_content === 'string' && typeof extras.new_content === 'string') {
      file = { path, oldText: extras.old_content, newText: extras.new_content, status: 'modified' }
    } else {
      const diff = str(extras.diff) ?? content
      const files = diff.includes('@@') ? splitUnifiedDiff(diff) : []
      if (files.length > 0) return { intent: { card: 'diff', files }, status: 'completed' }
    }
    if (file) return { intent: { card: 'diff', files: [file] }, status: 'completed' }
    return { intent: genericIntent(argsOf(args), content), status: 'completed' }
  }
  if (observation === 'read') {
    const path = str(extras.path) ?? str(args.path) ?? ''
    if (/^ERROR:/.test(content))
      return {
        intent: argsIntent('read', args) ?? genericIntent(argsOf(args), content),
        status: 'failed',
        error: errorLine(content),
      }
    return readObservation(path, content)
  }
  return otherObservation(args, observation, content, extras)
}

/** What an action's arguments describe, before (or without) its observation. */
function argsIntent(action: string | undefined, args: Obj): RenderIntent | undefined {
  if (action === 'run') return { card: 'terminal', command: str(args.command) ?? '' }
  if (action === 'run_ipython') return { card: 'terminal', command: str(args.code) ?? '' }
  if (action === 'browse') return { card: 'web', url: str(args.url) ?? '' }
  const path = str(args.path)
  if (path === undefined) return undefined
  if (action === 'read') return { card: 'read', path, content: '' }
  if (action === 'edit') {
    const command = str(args.command)
    if (command === 'create')
      return {
        card: 'diff',
        files: [{ path, oldText: null, newText: str(args.file_text) ?? '', status: 'added' }],
      }
    if (command === 'view') return { card: 'read', path, content: '' }
    const oldText = str(args.old_str) ?? ''
    const newText = str(args.new_str) ?? str(args.content) ?? ''
    return { card: 'diff', files: [{ path, oldText, newText }] }
  }
  return undefined
}

/**
 * IPython's file viewer (`open_file`, `goto_line`, `scroll_up/down`, and the window an edit prints):
 * `[File: /p (42 lines total)]` then `N|text` lines → a read card of that window.
 */
function ipythonRead(code: string, content: string): RenderIntent | undefined {
  if (!/^\s*(?:print\()?(open_file|goto_line|scroll_up|scroll_down)\(/.test(code)) return undefined
  const head = /\[File: (.+?) \((\d+) lines total\)\]\n/.exec(content)
  if (!head) return undefined
  const lines: string[] = []
  let start: number | undefined
  for (const l of content.slice(head.index + head[0].length).split('\n')) {
    const m = /^(\d+)\|(.*)$/.exec(l)
    if (!m) {
      if (start !== undefined) break
      continue
    }
    if (start === undefined) start = Number(m[1])
    lines.push(m[2]!)
  }
  return {
    card: 'read',
    path: head[1]!,
    content: lines.join('\n'),
    startLine: start ?? 1,
    totalLines: Number(head[2]),
  }
}

function readObservation(path: string, content: string): { intent: RenderIntent; status: 'completed' } {
  {
    const catN = /^Here's the result of running `cat -n` on [^\n]*:\n/.exec(content)
    let text = catN ? content.slice(catN[0].length) : content
    let startLine: number | undefined
    if (catN) {
      const lines = text.split('\n')
      const first = /^\s*(\d+)\t/.exec(lines[0] ?? '')
      if (first) {
        startLine = Number(first[1])
        text = lines.map((l) => l.replace(/^\s*\d+\t/, '')).join('\n')
      }
    } else {
      const s = stripLineArrows(text)
      text = s.content
      startLine = s.startLine
    }
    const intent: Extract<RenderIntent, { card: 'read' }> = { card: 'read', path, content: text }
    if (startLine !== undefined && startLine >= 1) intent.startLine = startLine
    return { intent, status: 'completed' }
  }
}

function otherObservation(
  args: Obj,
  observation: string,
  content: string,
  extras: Obj,
): { intent: RenderIntent; status: 'completed' | 'failed'; error?: string } {
  if (observation === 'browse' || observation === 'browse_interactive') {
    const intent: Extract<RenderIntent, { card: 'web' }> = {
      card: 'web',
      url: str(extras.url) ?? str(args.url) ?? '',
    }
    const title = str(extras.title)
    if (title) intent.pageTitle = title
    if (content) {
      intent.excerpt = content
      intent.excerptFormat = 'markdown'
    }
    const err = extras.error === true ? content : str(extras.error)
    if (err) intent.error = err
    return { intent, status: err ? 'failed' : 'completed' }
  }
  return { intent: genericIntent(argsOf(args), content), status: 'completed' }
}

/** OpenHands V1 (software-agent-sdk) event kinds that belong to a tool call. */
const V1_CALL_KINDS = new Set(['ActionEvent', 'ObservationEvent', 'AgentErrorEvent', 'UserRejectObservation'])

/** An OpenHands V1 event stream: events tagged `kind` (`ActionEvent`, `ObservationEvent`, ...). */
function isV1Stream(list: unknown[]): boolean {
  return list.some((e) => isObj(e) && typeof e.kind === 'string' && V1_CALL_KINDS.has(e.kind))
}

/** Action kinds by tool name, for an `ActionEvent` whose action could not be parsed (`action: null`). */
const V1_KIND_BY_TOOL = new Map<string, string>(
  Object.entries({
    terminal: 'TerminalAction',
    execute_bash: 'ExecuteBashAction',
    file_editor: 'FileEditorAction',
    planning_file_editor: 'FileEditorAction',
    str_replace_editor: 'FileEditorAction',
    read_file: 'ReadFileAction',
    write_file: 'WriteFileAction',
    edit: 'EditAction',
    list_directory: 'ListDirectoryAction',
    glob: 'GlobAction',
    grep: 'GrepAction',
    apply_patch: 'ApplyPatchAction',
    task_tracker: 'TaskTrackerAction',
    browser_navigate: 'BrowserNavigateAction',
  }),
)

interface V1Call {
  kind: string
  args: Obj
}

/**
 * OpenHands V1 (software-agent-sdk): an `ActionEvent` (`tool_call_id`, `tool_name`, `action: {kind, ...}`)
 * starts a call; the `ObservationEvent` (`observation: {kind, content: [{type: "text", text}], is_error}`),
 * `AgentErrorEvent` (`error`) or `UserRejectObservation` (`rejection_reason`) with the same `tool_call_id`
 * (else whose `action_id` is the action's id) ends it.
 */
function fromV1Events(list: unknown[]): SessionEvent[] {
  const sink = new EventSink()
  const calls = new Map<string, V1Call>()
  const byActionId = new Map<string, string>()
  for (const e of list) {
    if (!isObj(e)) continue
    const time = timeOf(e.timestamp)
    const at = time !== undefined ? { time } : {}
    const kind = str(e.kind)
    if (kind === 'ActionEvent') {
      const id = str(e.tool_call_id) ?? idOf(e.id)
      if (id === undefined || sink.has(id)) continue
      const toolCall = obj(e.tool_call)
      const toolName = str(e.tool_name) ?? str(toolCall.name) ?? 'tool'
      let args: Obj
      let actionKind: string
      if (isObj(e.action)) {
        const { kind: k, ...rest } = e.action
        args = rest
        actionKind = str(k) ?? V1_KIND_BY_TOOL.get(toolName) ?? ''
      } else {
        // The model's arguments could not be made into an action: show them as the model sent them.
        const raw = str(toolCall.arguments)
        const parsed = raw !== undefined ? tryParse(raw) : toolCall.arguments
        args = isObj(parsed) ? parsed : {}
        actionKind = V1_KIND_BY_TOOL.get(toolName) ?? ''
      }
      const eventId = idOf(e.id)
      if (eventId !== undefined) byActionId.set(eventId, id)
      calls.set(id, { kind: actionKind, args })
      const intent = v1ArgsIntent(actionKind, args)
      sink.call({ id, toolName, args: json(args), status: 'running', ...(intent ? { intent } : {}), ...at })
      continue
    }
    if (kind === undefined || !V1_CALL_KINDS.has(kind)) continue
    const byCall = str(e.tool_call_id)
    const actionId = idOf(e.action_id)
    let id =
      byCall !== undefined && calls.has(byCall)
        ? byCall
        : actionId !== undefined
          ? byActionId.get(actionId)
          : undefined
    if (id === undefined) {
      // The result of a call whose ActionEvent is not in the stream: a card of its own, its output kept.
      id = byCall ?? (actionId !== undefined ? `action ${actionId}` : undefined)
      if (id === undefined || sink.has(id)) continue
      const toolName = str(e.tool_name) ?? UNKNOWN_TOOL
      sink.call({ id, toolName, args: null, status: 'running', ...at })
    }
    if (!sink.isOpen(id)) continue
    const call = calls.get(id) ?? { kind: '', args: {} }
    if (kind === 'AgentErrorEvent' || kind === 'UserRejectObservation') {
      const text =
        kind === 'AgentErrorEvent'
          ? (str(e.error) ?? 'error')
          : (str(e.rejection_reason) ?? 'The action was rejected.')
      sink.result({
        id,
        status: kind === 'AgentErrorEvent' ? 'failed' : 'cancelled',
        intent: v1ArgsIntent(call.kind, call.args) ?? genericIntent(call.args, text),
        error: errorLine(text),
        ...at,
      })
      continue
    }
    const { intent, status, error } = v1Result(call, obj(e.observation))
    sink.result({ id, status, intent, ...(error ? { error } : {}), ...at })
  }
  return sink.events
}

function v1ArgsIntent(kind: string, args: Obj): RenderIntent | undefined {
  switch (kind) {
    case 'TerminalAction':
    case 'ExecuteBashAction':
      return { card: 'terminal', command: str(args.command) ?? '' }
    case 'FileEditorAction':
    case 'PlanningFileEditorAction':
      return argsIntent('edit', args)
    case 'ReadFileAction': {
      const path = str(args.file_path)
      if (path === undefined) return undefined
      const offset = int(args.offset)
      return {
        card: 'read',
        path,
        content: '',
        ...(offset !== undefined && offset >= 0 ? { startLine: offset + 1 } : {}),
      }
    }
    case 'WriteFileAction': {
      const path = str(args.file_path)
      if (path === undefined) return undefined
      return { card: 'diff', files: [{ path, newText: str(args.content) ?? '' }] }
    }
    case 'EditAction': {
      const path = str(args.file_path)
      if (path === undefined) return undefined
      return {
        card: 'diff',
        files: [{ path, oldText: str(args.old_string) ?? '', newText: str(args.new_string) ?? '' }],
      }
    }
    case 'ApplyPatchAction': {
      const files = parseCodexPatch(str(args.patch) ?? '')
      return files.length > 0 ? { card: 'diff', files } : undefined
    }
    case 'GlobAction':
    case 'GrepAction': {
      const query = str(args.pattern) ?? ''
      const path = str(args.path)
      const glob = str(args.include)
      return {
        card: 'search',
        query,
        mode: 'files',
        matches: [],
        ...(path ? { path } : {}),
        ...(glob ? { glob } : {}),
        ...(kind === 'GrepAction' ? { regex: true } : {}),
      }
    }
    case 'ListDirectoryAction':
      return { card: 'search', query: str(args.dir_path) ?? '.', mode: 'files', matches: [] }
    case 'BrowserNavigateAction':
      return { card: 'web', url: str(args.url) ?? '' }
    case 'TaskTrackerAction':
      return taskListIntent(args, args.task_list, undefined)
    default:
      return undefined
  }
}

/** `TaskTrackerAction {command, task_list: [{title, notes, status: todo | in_progress | done}]}` → a checklist. */
function taskListIntent(args: Obj, list: unknown, output: string | undefined): RenderIntent {
  const items: ChecklistItem[] = []
  for (const t of arr(list)) {
    const o = obj(t)
    const text = str(o.title) ?? str(o.notes)
    if (text === undefined) continue
    items.push({ text, status: planStatus(o.status) })
  }
  return genericIntent(args, output, { title: 'Task list', checklist: { items } })
}

type Outcome = { intent: RenderIntent; status: 'completed' | 'failed'; error?: string }

function v1Result(call: V1Call, o: Obj): Outcome {
  const { kind, args } = call
  // observations of October 2025 (`ExecuteBashObservation`, `FileEditorObservation`, `BrowserObservation`)
  // give `output` (text) and `error` (a message, or false) where later ones give `content` and `is_error`
  const text = o.content !== undefined ? contentText(o.content) : (str(o.output) ?? '')
  const errorText = str(o.error) || undefined
  const isError = o.is_error === true || errorText !== undefined
  const failed = (): Outcome => ({
    intent: v1ArgsIntent(kind, args) ?? genericIntent(args, text),
    status: 'failed',
    error: errorLine((errorText ?? text).replace(/^ERROR:\s*/, '')) || 'error',
  })
  const okind = str(o.kind) ?? ''
  if (
    okind === 'TerminalObservation' ||
    okind === 'ExecuteBashObservation' ||
    kind === 'TerminalAction' ||
    kind === 'ExecuteBashAction'
  ) {
    const meta = obj(o.metadata)
    const exit = int(o.exit_code) ?? int(meta.exit_code)
    const intent: Extract<RenderIntent, { card: 'terminal' }> = {
      card: 'terminal',
      command: str(o.command) ?? str(args.command) ?? '',
      output: text + (str(meta.suffix) ?? ''),
    }
    const cwd = str(meta.working_dir)
    if (cwd) intent.cwd = cwd
    if (exit !== undefined && exit >= 0) intent.exitCode = exit
    else intent.exitCode = null
    if (o.timeout === true) intent.timedOut = true
    if (isError) return { intent, status: 'failed', error: errorLine(errorText ?? text) || 'error' }
    const bad = exit !== undefined && exit > 0
    return { intent, status: bad ? 'failed' : 'completed', ...(bad ? { error: `exit code ${exit}` } : {}) }
  }
  if (isError) return failed()
  switch (kind) {
    case 'FileEditorAction':
    case 'PlanningFileEditorAction': {
      const path = str(o.path) ?? str(args.path) ?? ''
      if ((str(o.command) ?? str(args.command)) === 'view') return readObservation(path, text)
      const file = changedFile(path, o.prev_exist === false, o.old_content, o.new_content)
      if (file) return { intent: { card: 'diff', files: [file] }, status: 'completed' }
      return { intent: v1ArgsIntent(kind, args) ?? genericIntent(args, text), status: 'completed' }
    }
    case 'WriteFileAction':
    case 'EditAction': {
      const path = str(o.file_path) ?? str(args.file_path) ?? ''
      const file = changedFile(path, o.is_new_file === true, o.old_content, o.new_content)
      if (file) return { intent: { card: 'diff', files: [file] }, status: 'completed' }
      return { intent: v1ArgsIntent(kind, args) ?? genericIntent(args, text), status: 'completed' }
    }
    case 'ReadFileAction': {
      const path = str(o.file_path) ?? str(args.file_path) ?? ''
      const content = str(o.file_content)
      if (content === undefined) return readObservation(path, text)
      const intent: Extract<RenderIntent, { card: 'read' }> = { card: 'read', path, content }
      const shown = arr(o.lines_shown)
      const first = int(shown[0]) ?? (int(args.offset) !== undefined ? int(args.offset)! + 1 : undefined)
      if (first !== undefined && first >= 1) intent.startLine = first
      const total = int(o.total_lines)
      if (total !== undefined && total >= 0) intent.totalLines = total
      return { intent, status: 'completed' }
    }
    case 'GlobAction':
    case 'GrepAction':
    case 'ListDirectoryAction': {
      const base = v1ArgsIntent(kind, args) as Extract<RenderIntent, { card: 'search' }>
      const paths =
        kind === 'ListDirectoryAction'
          ? arr(o.entries).map((x) => str(obj(x).path) ?? str(obj(x).name))
          : arr(kind === 'GlobAction' ? o.files : o.matches).map(str)
      const matches = paths.filter((p): p is string => p !== undefined).map((path) => ({ path }))
      return { intent: { ...base, matches }, status: 'completed' }
    }
    case 'BrowserNavigateAction': {
      const intent: Extract<RenderIntent, { card: 'web' }> = { card: 'web', url: str(args.url) ?? '' }
      if (text) {
        intent.excerpt = text
        intent.excerptFormat = 'markdown'
      }
      return { intent, status: 'completed' }
    }
    case 'TaskTrackerAction':
      return {
        intent: taskListIntent(
          args,
          Array.isArray(o.task_list) ? o.task_list : args.task_list,
          text || undefined,
        ),
        status: 'completed',
      }
    case 'ApplyPatchAction': {
      const intent = v1ArgsIntent(kind, args)
      return { intent: intent ?? genericIntent(args, text), status: 'completed' }
    }
    default:
      return {
        intent: genericIntent(args, text || (str(args.message) ?? str(args.thought) ?? '')),
        status: 'completed',
      }
  }
}

/** A file an edit changed, from its old and new content (a new file is added). */
function changedFile(
  path: string,
  isNew: boolean,
  oldContent: unknown,
  newContent: unknown,
): DiffFile | undefined {
  if (typeof newContent !== 'string') return undefined
  if (isNew && oldContent == null) return { path, oldText: null, newText: newContent, status: 'added' }
  if (typeof oldContent === 'string')
    return { path, oldText: oldContent, newText: newContent, status: 'modified' }
  return undefined
}
