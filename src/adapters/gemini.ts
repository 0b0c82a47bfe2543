import type { ChecklistItem, RenderIntent, SearchIntent, SessionEvent } from '../protocol'
import { planStatusOf } from './responses'
import {
  arr,
  EventSink,
  errorLine,
  genericIntent,
  grepMatch,
  guard,
  int,
  isObj,
  json,
  makeRegex,
  type Obj,
  obj,
  parseJsonl,
  str,
  timeOf,
  tryParse,
} from './util'

/**
 * Gemini CLI sessions (`~/.gemini/tmp/<project>/chats/session-*.json`) → session events. Older versions
 * write one object `{sessionId, projectHash, messages[]}`; newer ones JSONL: a header line, message lines
 * (a message may be written again as it grows: the last copy wins) and `{"$set": ...}` updates. A `gemini`
 * message's `toolCalls[]` are `{id, name, args, result: [{functionResponse: {response: {output | error}}}],
 * status, resultDisplay}`. Built-in tools map by their arguments: `run_shell_command` → terminal,
 * `read_file` → read, `write_file`/`replace` → diff, `glob`/`list_directory`/`search_file_content` →
 * search, `google_web_search`/`web_fetch` → web, `write_todos` → a checklist; others → generic.
 */
export function fromGemini(input: unknown): SessionEvent[] {
  return guard(() => {
    const sink = new EventSink()
    const seen = new Set<string>()
    const calls: Obj[] = []
    // The last copy of each tool call (by id) wins; the order is that of first appearance.
    const latest = new Map<string, Obj>()
    // A call id used again by another message (models that number their calls per turn:
    // `run_shell_command__1`) is another call, with its own card (`id~2`). A message written again (JSONL)
    // keeps its id, so its calls keep theirs.
    const cardIds = new Map<string, string>()
    const uses = new Map<string, number>()
    for (const m of geminiMessages(input)) {
      const messageId = str(m.id)
      for (const c of arr(m.toolCalls)) {
        const o = obj(c)
        const callId = str(o.id)
        if (!callId) continue
        const key = messageId === undefined ? undefined : `${messageId}\n${callId}`
        let id = key === undefined ? callId : cardIds.get(key)
        if (id === undefined) {
          const n = (uses.get(callId) ?? 0) + 1
          uses.set(callId, n)
          id = n === 1 ? callId : `${callId}~${n}`
          cardIds.set(key!, id)
        }
        if (!seen.has(id)) {
          seen.add(id)
          calls.push({ ...o, id })
        }
        latest.set(id, { ...o, id, _time: m.timestamp })
      }
    }
    for (const first of calls) {
      const id = str(first.id) ?? ''
      const c = latest.get(id) ?? first
      const name = str(c.name) ?? 'tool'
      const args = obj(c.args)
      const time = timeOf(c.timestamp) ?? timeOf(c._time)
      const at = time !== undefined ? { time } : {}
      const pre = argsIntent(name, args)
      sink.call({
        id,
        toolName: name,
        args: json(c.args ?? {}),
        status: 'running',
        ...(pre ? { intent: pre } : {}),
        ...at,
      })
      const status = str(c.status)
      if (status === 'executing' || status === 'scheduled' || status === 'validating') continue
      if (status === 'awaiting_approval') {
        sink.update({ id, status: 'pending' })
        continue
      }
      const response = obj(obj(obj(arr(c.result)[0]).functionResponse).response)
      const output =
        str(response.output) ?? (isObj(response.output) ? JSON.stringify(response.output) : undefined)
      const errorText = str(response.error) ?? str(obj(response.error).message)
      const failed = status === 'error' || errorText !== undefined
      const cancelled = status === 'cancelled'
      const intent =
        resultIntent(name, args, output ?? '', c.resultDisplay, failed) ??
        genericIntent(c.args ?? {}, output ?? errorText)
      const exit = intent.card === 'terminal' ? intent.exitCode : undefined
      const error = failed
        ? errorLine(errorText ?? output ?? str(c.resultDisplay) ?? 'failed')
        : exit !== undefined && exit !== null && exit !== 0
          ? `exit code ${exit}`
          : undefined
      sink.result({
        id,
        status: cancelled ? 'cancelled' : error ? 'failed' : 'completed',
        intent,
        ...(error ? { error } : {}),
        ...at,
      })
    }
    return sink.events
  })
}

/** The messages of a session: one object, its JSON text, or JSONL (last copy of a message id wins). */
export function geminiMessages(input: unknown): Obj[] {
  let v: unknown = input
  if (typeof input === 'string') {
    const whole = input.trimStart().startsWith('{') ? tryParse(input) : undefined
    v = isObj(whole) && Array.isArray(whole.messages) ? whole : parseJsonl(input).values
  }
  if (isObj(v)) return arr(v.messages).filter(isObj)
  // a message's place in `order` by its id: a message written again (as it grows) keeps its place
  const byId = new Map<string, number>()
  const order: Obj[] = []
  const add = (line: Obj) => {
    const id = str(line.id)
    const at = id ? byId.get(id) : undefined
    if (at !== undefined) order[at] = line
    else {
      if (id) byId.set(id, order.length)
      order.push(line)
    }
  }
  for (const line of arr(v)) {
    if (!isObj(line)) continue
    if (isObj(line.$set)) {
      // `$set: {messages}` (Gemini CLI's JSONL at a resume, a compression or a masking) is the whole
      // history again, its tool results perhaps masked: a message read before keeps its own line; one
      // only there is added. `$rewindTo` is not followed: the calls after it ran.
      for (const m of arr(line.$set.messages))
        if (isObj(m) && typeof m.type === 'string' && !byId.has(str(m.id) ?? '')) add(m)
      continue
    }
    if (typeof line.type === 'string') add(line)
  }
  return order
}

export function isGeminiSession(v: unknown): boolean {
  return (
    isObj(v) &&
    typeof v.projectHash === 'string' &&
    (Array.isArray(v.messages) || typeof v.sessionId === 'string')
  )
}

function pathArg(args: Obj): string | undefined {
  return str(args.file_path) ?? str(args.absolute_path) ?? str(args.path) ?? str(args.dir_path)
}

function argsIntent(name: string, args: Obj): RenderIntent | undefined {
  switch (name) {
    case 'run_shell_command': {
      const intent: Extract<RenderIntent, { card: 'terminal' }> = {
        card: 'terminal',
        command: str(args.command) ?? '',
      }
      const dir = str(args.directory) ?? str(args.dir_path)
      if (dir) intent.cwd = dir
      return intent
    }
    case 'read_file': {
      const path = pathArg(args)
      if (path === undefined) return undefined
      const intent: Extract<RenderIntent, { card: 'read' }> = { card: 'read', path, content: '' }
      // `start_line` (1-based, current versions) or `offset` (0-based, older ones).
      const offset = int(args.offset)
      const startLine = int(args.start_line) ?? (offset !== undefined ? offset + 1 : undefined)
      if (startLine !== undefined && startLine >= 1) intent.startLine = startLine
      return intent
    }
    case 'write_file': {
      const path = pathArg(args)
      return path === undefined
        ? undefined
        : { card: 'diff', files: [{ path, newText: str(args.content) ?? '' }] }
    }
    case 'replace':
    case 'edit': {
      const path = pathArg(args)
      if (path === undefined) return undefined
      return {
        card: 'diff',
        files: [{ path, oldText: str(args.old_string) ?? '', newText: str(args.new_string) ?? '' }],
      }
    }
    case 'glob':
      return search(str(args.pattern) ?? '', 'files', pathArg(args))
    case 'list_directory':
    case 'ls':
      return search(pathArg(args) ?? '', 'files', pathArg(args))
    case 'search_file_content':
    case 'grep':
    case 'grep_search':
      // `names_only`: the paths of the files with a match.
      return search(str(args.pattern) ?? '', args.names_only === true ? 'files' : 'content', pathArg(args))
    case 'google_web_search':
    case 'web_search':
      return { card: 'web', url: '', query: str(args.query) ?? '' }
    case 'web_fetch': {
      const url = str(args.url) ?? /https?:\/\/[^\s)"'<>]+/.exec(str(args.prompt) ?? '')?.[0] ?? ''
      return { card: 'web', url }
    }
    case 'write_todos':
      return todos(args, undefined)
    default:
      return undefined
  }
}

/** read_file's banner over a range of a longer file (the parameters it names differ by version). */
const TRUNCATED_BANNER =
  /^\s*IMPORTANT: The file content has been truncated\.\nStatus: Showing lines (\d+)-(\d+) of (\d+) total lines\.\n[\s\S]*?\n--- FILE CONTENT \(truncated\) ---\n/

/** Project context Gemini CLI appends to a file it read ("Newly Discovered Project Context"). */
const JIT_CONTEXT = /\n\n--- Newly Discovered Project Context ---\n[\s\S]*\n--- End Project Context ---$/

/**
 * run_shell_command's result text. Current versions: "Output: x" then, each only when it applies,
 * "Error: e", "Exit Code: n" (not 0), "Signal: s", "Background PIDs: …", "Process Group PGID: p". Older
 * ones write every line ("Error: (none)", "Exit Code: 0", "Signal: (none)"), after "Command:" and
 * "Directory:"; the oldest "Stdout:" and "Stderr:" instead of "Output:". No "Exit Code" line, no signal and
 * no error: it exited with 0.
 */
function parseShellOutput(
  text: string,
): { output: string; stderr?: string; exitCode?: number | null; signal?: string } | undefined {
  const head = /(?:^|\n)(Output|Stdout): /.exec(text)
  if (!head) return undefined
  let body = text.slice(head.index + head[0].length)
  const fields = new Map<string, string>()
  for (let m = TRAILING_FIELD.exec(body); m; m = TRAILING_FIELD.exec(body)) {
    if (!fields.has(m[1]!)) fields.set(m[1]!, m[2]!)
    body = body.slice(0, m.index)
  }
  // "Error:" is a field when every field is written (older versions), or it says "(none)"; else it may be
  // the command's own last line, which stays in the output.
  const err = /\nError: ([^\n]*)$/.exec(body)
  if (err && (err[1] === '(none)' || fields.has('Signal'))) {
    fields.set('Error', err[1]!)
    body = body.slice(0, err.index)
  }
  let stderr: string | undefined
  if (head[1] === 'Stdout') {
    const split = body.indexOf('\nStderr: ')
    if (split >= 0) {
      stderr = body.slice(split + '\nStderr: '.length)
      body = body.slice(0, split)
    }
  }
  const none = (v: string | undefined) => v === undefined || v === '(none)' || v === '(empty)' || v === ''
  const out: { output: string; stderr?: string; exitCode?: number | null; signal?: string } = {
    output: body === '(empty)' ? '' : body,
  }
  const error = fields.get('Error')
  const stderrText = [stderr, error].filter((t): t is string => !none(t)).join('\n')
  if (stderrText) out.stderr = stderrText
  const signal = fields.get('Signal')
  if (!none(signal) && signal !== '0') out.signal = signal
  const exit = fields.get('Exit Code')
  if (exit !== undefined) {
    if (/^-?\d+$/.test(exit)) out.exitCode = Number(exit)
    else if (exit === '(none)') out.exitCode = null
  } else if (out.signal === undefined && none(error)) out.exitCode = 0
  return out
}

const TRAILING_FIELD = /\n(Exit Code|Signal|Background PIDs|Process Group PGID): ([^\n]*)$/

function search(query: string, mode: SearchIntent['mode'], path: string | undefined): SearchIntent {
  return { card: 'search', query, mode, matches: [], ...(path ? { path } : {}) }
}

function todos(args: Obj, output: string | undefined): RenderIntent {
  const items: ChecklistItem[] = []
  for (const t of arr(args.todos)) {
    const o = obj(t)
    const text = str(o.description) ?? str(o.content)
    if (text !== undefined) items.push({ text, status: planStatusOf(o.status) })
  }
  return genericIntent(args, output, { title: 'To-do list', checklist: { items } })
}

function resultIntent(
  name: string,
  args: Obj,
  output: string,
  display: unknown,
  failed: boolean,
): RenderIntent | undefined {
  const base = argsIntent(name, args)
  if (!base) return undefined
  if (failed) return base
  switch (base.card) {
    case 'terminal': {
      const shell = parseShellOutput(output)
      if (shell) {
        base.output = shell.output
        if (shell.stderr) base.stderr = shell.stderr
        if (shell.exitCode !== undefined) base.exitCode = shell.exitCode
        if (shell.signal) base.signal = shell.signal
      } else base.output = output
      return base
    }
    case 'read': {
      const text = output.replace(JIT_CONTEXT, '')
      const banner = TRUNCATED_BANNER.exec(text)
      if (banner) {
        base.content = text.slice(banner[0].length)
        base.startLine = Number(banner[1])
        base.totalLines = Number(banner[3])
      } else base.content = text
      return base
    }
    case 'diff': {
      const d = obj(display)
      const path = base.files[0]?.path ?? ''
      if (typeof d.newContent === 'string') {
        const original = d.originalContent
        base.files = [
          typeof original === 'string'
            ? { path, oldText: original, newText: d.newContent, status: 'modified' }
            : { path, oldText: null, newText: d.newContent, status: 'added' },
        ]
      } else if (/^Successfully created and wrote to new file/.test(output) && base.files.length === 1) {
        // no display (Gemini CLI of October 2025): the text to the model says the file is new
        base.files = [{ ...base.files[0]!, oldText: null, status: 'added' }]
      }
      return base
    }
    case 'search': {
      if (base.mode === 'files') {
        const paths = output
          .split('\n')
          .slice(1)
          .map((l) => l.replace(/^\[DIR\] /, '').trim())
          .filter((l) => l !== '')
        base.matches = paths.map((path) => ({ path }))
        base.totalFiles = paths.length
        return base
      }
      // "Found N matches for pattern ... :\n---\nFile: p\nL11- context\nL12: text\n---"
      let file = ''
      const pattern = makeRegex(base.query, false)
      for (const line of output.split('\n')) {
        const f = /^File: (.+)$/.exec(line)
        if (f) {
          file = f[1]!
          continue
        }
        // `L12: text` a match, `L11- text` a context line (any character in the text, a CR included)
        const m = /^L(\d+)([:-]) ?([\s\S]*)$/.exec(line)
        if (m) base.matches.push(grepMatch(file, Number(m[1]), m[3]!, m[2] === '-', pattern))
      }
      base.totalMatches = base.matches.filter((m) => !m.context).length
      return base
    }
    case 'web': {
      if (output) {
        base.excerpt = output
        base.excerptFormat = 'markdown'
      }
      return base
    }
    case 'generic':
      return name === 'write_todos' ? todos(args, output) : base
  }
}
