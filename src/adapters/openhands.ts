import type { DiffFile, RenderIntent, SessionEvent } from '../protocol'
import { stripLineArrows } from './claudeCode'
import {
  arr,
  EventSink,
  genericIntent,
  int,
  isObj,
  json,
  type Obj,
  obj,
  splitUnifiedDiff,
  str,
  timeOf,
} from './util'

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
 * (`action`, `args`, `id`) starts a call; the observation whose `cause` is the action's id ends it.
 * `run` → terminal (exit code from `extras.metadata.exit_code`), `edit` → diff (a new file is an added
 * file), `read` → read, `browse`/`browse_interactive` → web, `run_ipython` → terminal; other actions
 * (including `finish` and `think`) → generic.
 */
export function fromOpenHands(events: unknown): SessionEvent[] {
  const rows = historyRows(events)
  if (rows) {
    // Resolver or evaluation output: one row per issue, each with its own history (ids restart per row).
    const out: SessionEvent[] = []
    rows.forEach((history, i) => {
      for (const e of fromEventList(normalizeHistory(history))) out.push({ ...e, id: `${i + 1}:${e.id}` })
    })
    return out
  }
  const list = Array.isArray(events) ? events : arr(obj(events).events)
  return fromEventList(normalizeHistory(list))
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
    if ('args' in e || 'extras' in e || 'id' in e) return e
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
  for (const e of list) {
    if (!isObj(e)) continue
    const time = timeOf(e.timestamp)
    const at = time !== undefined ? { time } : {}
    const action = str(e.action)
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
    if (cause === undefined || !sink.isOpen(cause)) continue
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
      error: firstLine(content),
    }
  }
  if (observation === 'run_ipython') {
    const w = ipythonRead(str(args.code) ?? str(extras.code) ?? '', content)
    if (w) return { intent: w, status: 'completed' }
  }
  if (observation === 'run' || observation === 'run_ipython') {
    const meta = obj(extras.metadata)
    const exit = int(meta.exit_code)
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
        error: firstLine(content.replace(/^ERROR:\s*/, '')),
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
        error: firstLine(content),
      }
    return readObservation(path, content)
  }
  return otherObservation(args, observation, content, extras)
}

function firstLine(t: string): string {
  return t.split('\n', 1)[0] ?? ''
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
