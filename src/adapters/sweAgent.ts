import type { DiffFile, RenderIntent, SearchMatch, SessionEvent } from '../protocol'
import {
  arr,
  contentText,
  EventSink,
  genericIntent,
  guard,
  isObj,
  makeRegex,
  matchRanges,
  obj,
  splitUnifiedDiff,
  str,
  tryParse,
} from './util'

/**
 * SWE-agent trajectory (`.traj`: `{trajectory: [{action, observation, state, ...}], history, info}`) →
 * session events, one call per step. Its file viewer commands become read cards (`open`, `goto`,
 * `scroll_up`/`scroll_down`: the window shown, with real line numbers and the file's length), `create` and
 * `edit A:B` diff cards (the old lines come from the last window shown of that file), `find_file`,
 * `search_dir`, `search_file` search cards, `submit` a diff card of the submitted patch, and every other
 * command a terminal card (SWE-agent records no exit code).
 *
 * A trajectory with no `trajectory` steps, only the model's turns (`history`, as SWE-agent's own
 * demonstrations keep them), is read from those turns: each `action` turn is a step, its observation the
 * next `observation` turn (by `tool_call_ids` when it has them), with the prompt's `(Open file: …)`,
 * `(Current directory: …)` and `bash-$` lines taken off the output and read as the step's state. A step no
 * observation answers stays running.
 */
export function fromSweAgent(traj: unknown): SessionEvent[] {
  return guard(() => {
    const t = obj(typeof traj === 'string' ? tryParse(traj) : traj)
    const sink = new EventSink()
    /** What each file's lines were, as last seen in a window: path → line number → text. */
    const seen: Seen = new Map()
    const steps = arr(t.trajectory).length > 0 ? trajectorySteps(t) : historySteps(arr(t.history))
    steps.forEach((step, i) => {
      const { action, state, call } = step
      // Some runs record the terminal's CRLF line ends: the viewers' text is read line by line.
      const observation = (step.observation ?? '').replace(/\r\n/g, '\n')
      const id = `step-${i + 1}`
      const verb = /^\s*(\S+)/.exec(action)?.[1] ?? ''
      sink.call({ id, toolName: verb || 'command', args: { command: action }, status: 'running' })
      if (step.observation === undefined) return
      const { intent, failed, error } =
        verb === 'str_replace_editor' ||
        (call?.name === verb && (verb === 'insert' || (verb === 'edit' && !/^edit \d+:\d+/.test(action))))
          ? editorIntent(verb, action, call?.args ?? {}, observation, state, seen)
          : stepIntent(verb, action, observation, state, seen)
      sink.result({ id, status: failed ? 'failed' : 'completed', intent, ...(error ? { error } : {}) })
    })
    return sink.events
  })
}

interface Step {
  action: string
  /** Undefined: nothing answered the step. */
  observation: string | undefined
  state: Record<string, unknown>
  /** The function call of the step's turn (function-calling runs): its name and JSON arguments. */
  call: { name: string | undefined; args: Record<string, unknown> } | undefined
}

function toolCall(turn: Record<string, unknown>): Step['call'] {
  const call = obj(obj(arr(turn.tool_calls)[0]).function)
  const parsed = typeof call.arguments === 'string' ? tryParse(call.arguments) : call.arguments
  return { name: str(call.name), args: obj(parsed) }
}

function trajectorySteps(t: Record<string, unknown>): Step[] {
  // Function-calling runs keep each step's arguments as JSON in the model's turns (`history[].tool_calls`).
  const calls = arr(t.history)
    .filter((h) => obj(h).role === 'assistant')
    .map((h) => toolCall(obj(h)))
  return arr(t.trajectory).map((step, i) => {
    const s = obj(step)
    return {
      action: (str(s.action) ?? '').replace(/\n$/, ''),
      observation: str(s.observation) ?? '',
      state: obj(typeof s.state === 'string' ? tryParse(s.state) : s.state),
      call: calls[i],
    }
  })
}

/** What SWE-agent's prompt adds after each observation in the model's turns. */
const PROMPT_TAIL = /\r?\n?\(Open file: ([^\n]*)\)\r?\n\(Current directory: ([^\n]*)\)\r?\n[^\n]*\$\s*$/

function historySteps(history: unknown[]): Step[] {
  const turns = history.map(obj)
  const steps: Step[] = []
  const used = new Set<number>()
  turns.forEach((turn, i) => {
    if (turn.role !== 'assistant' || typeof turn.action !== 'string') return
    const call = toolCall(turn)
    const callId = str(obj(arr(turn.tool_calls)[0]).id)
    // the observation answering this turn: by call id, else the next observation before the next action
    let answer = -1
    for (let j = i + 1; j < turns.length; j++) {
      const o = turns[j]!
      if (o.role === 'assistant' && typeof o.action === 'string') break
      if (used.has(j) || (o.message_type !== 'observation' && o.role !== 'tool')) continue
      const ids = arr(o.tool_call_ids).map(str)
      if (callId !== undefined && ids.length > 0 && !ids.includes(callId)) continue
      answer = j
      break
    }
    let observation: string | undefined
    const state: Record<string, unknown> = {}
    if (answer >= 0) {
      used.add(answer)
      observation = contentText(turns[answer]!.content)
      const tail = PROMPT_TAIL.exec(observation)
      if (tail) {
        observation = observation.slice(0, tail.index)
        state.open_file = tail[1]
        state.working_dir = tail[2]
      }
    }
    steps.push({ action: turn.action.replace(/\n$/, ''), observation, state, call })
  })
  return steps
}

interface Window {
  path: string
  totalLines: number
  startLine: number
  lines: string[]
  /** The lines between the cursor markers (configurations with cursors), first and last. */
  cursor?: [number, number]
}

/**
 * Lines of a file as last seen (path → line number → text), its length as its last window said, and the
 * cursors of configurations with them.
 */
type Seen = Map<string, Map<number, string>> & {
  cursors?: Map<string, [number, number]>
  totals?: Map<string, number>
}

const CURSOR = /^<<<<< (START|END) CURSOR >>>>>$/

/** A file window as a read card. */
function windowIntent(w: Window): RenderIntent {
  return {
    card: 'read',
    path: w.path,
    content: w.lines.join('\n'),
    startLine: w.startLine,
    totalLines: w.totalLines,
  }
}

/**
 * `[File: /p (372 lines total)]\n(272 more lines above)\n273:text...` → the window. Configurations with
 * cursors mark the selected lines with `<<<<< START CURSOR >>>>>` and `<<<<< END CURSOR >>>>>` lines,
 * which are not the file's.
 */
export function readWindow(text: string): Window | undefined {
  const head = /\[File: (.+?) \((\d+) lines total\)\]\n/.exec(text)
  if (!head) return undefined
  const rest = text.slice(head.index + head[0].length).split('\n')
  const lines: string[] = []
  let startLine: number | undefined
  let cursorStart: number | undefined
  let cursor: [number, number] | undefined
  for (const line of rest) {
    const c = CURSOR.exec(line)
    if (c) {
      const next = startLine === undefined ? undefined : startLine + lines.length
      if (c[1] === 'START') cursorStart = next ?? -1
      else if (cursorStart !== undefined && next !== undefined) {
        // -1: the start marker came before the first line of the window.
        const from = cursorStart === -1 ? startLine! : cursorStart
        if (next - 1 >= from) cursor = [from, next - 1]
        cursorStart = undefined
      }
      continue
    }
    if (/^\(\d+ more lines (above|below)\)$/.test(line)) {
      if (startLine !== undefined) break
      continue
    }
    const m = /^(\d+):(.*)$/.exec(line)
    if (!m) {
      if (startLine !== undefined) break
      continue
    }
    const n = Number(m[1])
    if (startLine === undefined) startLine = n
    else if (n !== startLine + lines.length) break
    lines.push(m[2]!)
  }
  return {
    path: head[1]!,
    totalLines: Number(head[2]),
    startLine: startLine ?? 1,
    lines,
    ...(cursor ? { cursor } : {}),
  }
}

function remember(seen: Seen, w: Window, replace: boolean) {
  let m = seen.get(w.path)
  if (!m || replace) {
    m = new Map()
    seen.set(w.path, m)
  }
  for (let k = 0; k < w.lines.length; k++) m.set(w.startLine + k, w.lines[k]!)
  seen.totals ??= new Map()
  seen.totals.set(w.path, w.totalLines)
  if (w.cursor) {
    seen.cursors ??= new Map()
    seen.cursors.set(w.path, w.cursor)
  }
}

function stepIntent(
  verb: string,
  action: string,
  observation: string,
  state: Record<string, unknown>,
  seen: Seen,
): { intent: RenderIntent; failed?: boolean; error?: string } {
  const openFile = str(state.open_file)
  const cwd = str(state.working_dir)
  switch (verb) {
    case 'set_cursors': {
      const m = /^set_cursors (\d+) (\d+)/.exec(action)
      const w = readWindow(observation)
      if (w) remember(seen, w, false)
      const path = w?.path ?? (openFile && openFile !== 'n/a' ? openFile : undefined)
      if (m && path && !w?.cursor) {
        seen.cursors ??= new Map()
        seen.cursors.set(path, [Number(m[1]), Number(m[2])])
      }
      if (w) return { intent: windowIntent(w) }
      return { intent: { card: 'terminal', command: action, output: observation, ...(cwd ? { cwd } : {}) } }
    }
    case 'open':
    case 'goto':
    case 'scroll_up':
    case 'scroll_down': {
      const w = readWindow(observation)
      if (!w) break
      remember(seen, w, false)
      return { intent: windowIntent(w) }
    }
    case 'create': {
      const w = readWindow(observation)
      const path = w?.path ?? action.slice(verb.length).trim()
      if (w) remember(seen, w, true)
      return {
        intent: {
          card: 'diff',
          files: [{ path, oldText: null, newText: w ? w.lines.join('\n') : '', status: 'added' }],
        },
      }
    }
    case 'edit': {
      const failed = /^Your proposed edit has introduced new syntax error/.test(observation)
      const failure = failed
        ? {
            failed: true,
            error: firstLines(
              observation.includes('ERRORS:')
                ? observation.slice(observation.indexOf('ERRORS:'))
                : observation,
              3,
            ).trim(),
          }
        : {}
      // `edit A:B` (the range may be followed by more words), or `edit` alone: the lines between the
      // cursors (configurations with cursors).
      const m = /^edit(?: (\d+):(\d+)[^\n]*)?\n([\s\S]*?)\n?end_of_edit$/.exec(action)
      const path = openFile && openFile !== 'n/a' ? openFile : undefined
      if (!m || !path) return { intent: genericIntent({ command: action }, observation), ...failure }
      // A failed edit shows the original lines: learn them.
      const original = /This is the original code before your edit\n-+\n([\s\S]*?)\n-+\n/.exec(observation)
      if (original?.[1]) {
        const w = readWindow(original[1])
        if (w) remember(seen, w, false)
      }
      const newLines = m[3] === '' ? [] : m[3]!.split('\n')
      const range: [number, number] | undefined =
        m[1] !== undefined ? [Number(m[1]), Number(m[2])] : seen.cursors?.get(path)
      if (!range) {
        if (!failed) {
          const w = readWindow(observation)
          if (w) remember(seen, w, true)
        }
        return {
          intent: { card: 'diff', files: [{ path, newText: newLines.join('\n'), status: 'modified' }] },
          ...failure,
        }
      }
      const [from, end] = range
      // SWE-agent's edit stops at the end of the file: `edit 6:7` on a 6-line file replaces line 6
      const total = seen.totals?.get(path)
      const to = total !== undefined && end > total ? Math.max(total, from - 1) : end
      const known = seen.get(path)
      const oldLines: string[] = []
      for (let n = from; n <= to; n++) {
        const l = known?.get(n)
        if (l === undefined) break
        oldLines.push(l)
      }
      // an empty side starts at the line before it (a hunk that only adds or only removes lines)
      const start = (n: number) => (n === 0 ? from - 1 : from)
      const file: DiffFile =
        oldLines.length === to - from + 1
          ? {
              path,
              patch: [
                `--- ${path}`,
                `+++ ${path}`,
                `@@ -${start(oldLines.length)},${oldLines.length} +${start(newLines.length)},${newLines.length} @@`,
                ...oldLines.map((l) => `-${l}`),
                ...newLines.map((l) => `+${l}`),
              ].join('\n'),
              status: 'modified',
            }
          : { path, newText: newLines.join('\n'), status: 'modified' }
      if (!failed) {
        const w = readWindow(observation)
        if (w) remember(seen, w, true)
      }
      return { intent: { card: 'diff', files: [file] }, ...failure }
    }
    case 'find_file':
    case 'search_dir':
    case 'search_file': {
      const search = searchIntent(verb, action, observation)
      if (search) return { intent: search }
      break
    }
    case 'submit': {
      const files = splitUnifiedDiff(observation.trim())
      if (files.length > 0) return { intent: { card: 'diff', title: 'Submitted patch', files } }
      break
    }
    default:
      return { intent: { card: 'terminal', command: action, output: observation, ...(cwd ? { cwd } : {}) } }
  }
  return { intent: genericIntent({ command: action }, observation) }
}

/**
 * Function-calling edits, read from the call's JSON arguments: `edit {search, replace}`, `insert {text,
 * line}` (SWE-agent's windowed tools) and `str_replace_editor {command: view | create | str_replace |
 * insert | undo_edit, path, old_str, new_str, file_text, insert_line}`.
 */
function editorIntent(
  verb: string,
  action: string,
  args: Record<string, unknown>,
  observation: string,
  state: Record<string, unknown>,
  seen: Seen,
): { intent: RenderIntent; failed?: boolean; error?: string } {
  const openFile = str(state.open_file)
  const command =
    verb === 'str_replace_editor'
      ? (str(args.command) ?? /^str_replace_editor (\S+)/.exec(action)?.[1])
      : verb
  const path =
    str(args.path) ??
    (openFile && openFile !== 'n/a' ? openFile : undefined) ??
    /^\S+ \S+ (\S+)/.exec(action)?.[1] ??
    ''
  const refused =
    /^Your proposed edit has introduced new syntax error/.test(observation) ||
    /^(?:ERROR|Error|No replacement was performed)/.test(observation.trimStart())
  const failure = refused ? { failed: true, error: firstLines(observation.trim(), 3) } : {}
  const w = readWindow(observation)
  if (w && !refused) remember(seen, w, true)
  if (command === 'view') {
    const cat = /^Here's the result of running `cat -n` on [^\n]*:\n/.exec(observation)
    if (cat) {
      const lines = observation.slice(cat[0].length).replace(/\n$/, '').split('\n')
      const first = /^\s*(\d+)\t/.exec(lines[0] ?? '')
      const content = lines.map((l) => l.replace(/^\s*\d+\t/, '')).join('\n')
      return { intent: { card: 'read', path, content, ...(first ? { startLine: Number(first[1]) } : {}) } }
    }
    return { intent: { card: 'terminal', command: action, output: observation } }
  }
  if (command === 'create') {
    const text = str(args.file_text) ?? ''
    return {
      intent: { card: 'diff', files: [{ path, oldText: null, newText: text, status: 'added' }] },
      ...failure,
    }
  }
  if (command === 'insert') {
    const text = str(args.text) ?? str(args.new_str) ?? ''
    const line =
      typeof args.line === 'number'
        ? args.line
        : typeof args.insert_line === 'number'
          ? args.insert_line
          : undefined
    return {
      intent: {
        card: 'diff',
        ...(line !== undefined ? { title: `${path}: insert after line ${line}` } : {}),
        files: [{ path, oldText: '', newText: text }],
      },
      ...failure,
    }
  }
  if (command === 'undo_edit')
    return { intent: { card: 'terminal', command: action, output: observation }, ...failure }
  const oldText = str(args.search) ?? str(args.old_str) ?? ''
  const newText = str(args.replace) ?? str(args.new_str) ?? ''
  return { intent: { card: 'diff', files: [{ path, oldText, newText }] }, ...failure }
}

function firstLines(text: string, n: number): string {
  return text.split('\n').slice(0, n).join('\n')
}

/** Unquotes the first argument of a command line: `find_file "x.py" dir` → `x.py`. */
function firstArg(action: string): string {
  const rest = action.replace(/^\S+\s*/, '')
  const m = /^"([^"]*)"|^'([^']*)'|^(\S+)/.exec(rest)
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : ''
}

function searchIntent(verb: string, action: string, observation: string): RenderIntent | undefined {
  const query = firstArg(action)
  const head = /^Found (\d+) matches for "(.*)" in (.+?):\n/.exec(observation)
  const none = /^No matches found for "(.*)" in (.+)$/m.exec(observation)
  const where = head?.[3] ?? none?.[2]
  const base = { card: 'search' as const, query, ...(where ? { path: where } : {}) }
  if (!head)
    return none
      ? { ...base, mode: verb === 'search_file' ? 'content' : 'files', matches: [], totalMatches: 0 }
      : undefined
  const body = observation.slice(head[0].length).split('\n')
  const matches: SearchMatch[] = []
  if (verb === 'find_file') {
    for (const l of body)
      if (l.startsWith('/') || /^[\w.]/.test(l)) if (!/^End of matches/.test(l)) matches.push({ path: l })
    return { ...base, mode: 'files', matches, totalFiles: Number(head[1]) }
  }
  if (verb === 'search_dir') {
    for (const l of body) {
      const m = /^(.+) \((\d+) matches?\)$/.exec(l)
      if (m) matches.push({ path: m[1]!, count: Number(m[2]) })
    }
    return { ...base, mode: 'count', matches, totalMatches: Number(head[1]), totalFiles: matches.length }
  }
  const pattern = makeRegex(query, false)
  for (const l of body) {
    const m = /^Line (\d+):(.*)$/.exec(l)
    if (!m) continue
    const match: SearchMatch = { path: where ?? '', line: Number(m[1]), text: m[2]!.replace(/^ /, '') }
    const ranges = matchRanges(match.text ?? '', pattern)
    if (ranges) match.ranges = ranges
    matches.push(match)
  }
  return { ...base, mode: 'content', matches, totalMatches: Number(head[1]) }
}

/**
 * A SWE-agent trajectory: a `trajectory` array, or (SWE-agent's demonstrations) only a `history` of the
 * model's turns with at least one `action` turn.
 */
export function isSweAgentTrajectory(v: unknown): boolean {
  if (!isObj(v)) return false
  if (Array.isArray(v.trajectory)) return true
  return (
    Array.isArray(v.history) &&
    v.history.some((h) => {
      const turn = obj(h)
      return turn.role === 'assistant' && typeof turn.action === 'string' && turn.message_type === 'action'
    })
  )
}
