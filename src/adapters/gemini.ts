import type { ChecklistItem, RenderIntent, SearchIntent, SessionEvent } from '../protocol'
import { planStatusOf } from './responses'
import {
  arr,
  EventSink,
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
  const sink = new EventSink()
  const seen = new Set<string>()
  const calls: Obj[] = []
  // The last copy of each tool call (by id) wins; the order is that of first appearance.
  const latest = new Map<string, Obj>()
  for (const m of geminiMessages(input)) {
    for (const c of arr(m.toolCalls)) {
      const o = obj(c)
      const id = str(o.id)
      if (!id) continue
      if (!seen.has(id)) {
        seen.add(id)
        calls.push(o)
      }
      latest.set(id, { ...o, _time: m.timestamp })
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
      ? firstLine(errorText ?? output ?? str(c.resultDisplay) ?? 'failed')
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
}

/** The messages of a session: one object, its JSON text, or JSONL (last copy of a message id wins). */
export function geminiMessages(input: unknown): Obj[] {
  let v: unknown = input
  if (typeof input === 'string') {
    const whole = input.trimStart().startsWith('{') ? tryParse(input) : undefined
    v = isObj(whole) && Array.isArray(whole.messages) ? whole : parseJsonl(input).values
  }
  if (isObj(v)) return arr(v.messages).filter(isObj)
  const byId = new Map<string, Obj>()
  const order: Obj[] = []
  for (const line of arr(v)) {
    if (!isObj(line) || typeof line.type !== 'string') continue
    const id = str(line.id)
    if (id && byId.has(id)) {
      const i = order.indexOf(byId.get(id) as Obj)
      if (i >= 0) order[i] = line
      byId.set(id, line)
      continue
    }
    if (id) byId.set(id, line)
    order.push(line)
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

function firstLine(t: string): string {
  const l = t.split('\n', 1)[0] ?? ''
  return l.length > 500 ? `${l.slice(0, 500)}…` : l
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
      const offset = int(args.offset)
      if (offset !== undefined && offset >= 0) intent.startLine = offset + 1
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
      return search(str(args.pattern) ?? '', 'content', pathArg(args))
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
      // "Command: x\nDirectory: d\nOutput: ...\nError: (none)\nExit Code: 0\nSignal: (none)\n..."
      const m = /(?:^|\n)Output: ([\s\S]*?)\n(?:Error: ([\s\S]*?)\n)?Exit Code: (-?\d+|\(none\))/.exec(output)
      if (m) {
        base.output = m[1] === '(empty)' ? '' : m[1]!
        if (m[2] && m[2] !== '(none)') base.stderr = m[2]
        if (m[3] !== '(none)') base.exitCode = Number(m[3])
        const signal = /\nSignal: (\S+)/.exec(output)?.[1]
        if (signal && signal !== '(none)' && signal !== '0') base.signal = signal
      } else base.output = output
      return base
    }
    case 'read':
      base.content = output
      return base
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
      // "Found N matches for pattern ... :\n---\nFile: p\nL12: text\n---"
      let file = ''
      const pattern = makeRegex(base.query, false)
      for (const line of output.split('\n')) {
        const f = /^File: (.+)$/.exec(line)
        if (f) {
          file = f[1]!
          continue
        }
        const m = /^L(\d+): (.*)$/.exec(line)
        if (m) base.matches.push(...parseGrepLines(`${m[1]}:${m[2]}`, { defaultPath: file, pattern }))
      }
      base.totalMatches = base.matches.length
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
