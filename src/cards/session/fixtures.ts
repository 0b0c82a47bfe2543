import type {
  CallEndEvent,
  CallStartEvent,
  DiffIntent,
  GenericIntent,
  ReadIntent,
  SearchIntent,
  SessionEvent,
  TerminalIntent,
  WebIntent,
} from '../../protocol'

/**
 * Hand-made session events covering all six cards, for stories, tests and the benchmark. Deterministic:
 * a seeded generator, no `Math.random`, no clock. Times are milliseconds from a fixed epoch.
 */

const T0 = Date.UTC(2026, 0, 15, 9, 30, 0)

/** A small linear congruential generator (deterministic across runs and engines). */
function rng(seed: number) {
  let s = seed >>> 0 || 1
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  }
}

const FILES = [
  'src/session/fold.ts',
  'src/cards/CardRenderer.tsx',
  'src/text/terminal/screen.ts',
  'README.md',
  'package.json',
  'src/protocol/schema.ts',
  'docs/architecture.md',
  'test/setup-unit.ts',
]

const WORDS = [
  'session',
  'fold',
  'event',
  'card',
  'render',
  'intent',
  'output',
  'replay',
  'stream',
  'virtual',
]

function lines(r: ReturnType<typeof rng>, n: number, prefix = ''): string[] {
  const out: string[] = []
  for (let i = 0; i < n; i++) {
    const words: string[] = []
    for (let w = r.int(2, 9); w > 0; w--) words.push(r.pick(WORDS))
    out.push(`${prefix}${words.join(' ')}`)
  }
  return out
}

type Kind = 'terminal' | 'diff' | 'read' | 'search' | 'web' | 'generic'
export const FIXTURE_KINDS: readonly Kind[] = ['terminal', 'diff', 'read', 'search', 'web', 'generic']

interface Call {
  toolName: string
  args: Record<string, string | number | boolean>
  /** Intent at the start (terminal: without output, which streams in). */
  start?: TerminalIntent
  /** Output chunks streamed with `appendOutput` (terminal only). */
  chunks: string[]
  result: TerminalIntent | DiffIntent | ReadIntent | SearchIntent | WebIntent | GenericIntent | undefined
  status: 'completed' | 'failed'
  error?: string
  durationMs: number
}

function makeCall(kind: Kind, r: ReturnType<typeof rng>, n: number): Call {
  const durationMs = r.int(20, 4000)
  switch (kind) {
    case 'terminal': {
      const fail = r.next() < 0.2
      const command = r.pick([
        'npm test',
        'git status --short',
        'ls -la src',
        'npx tsc -p .',
        'rg -n "fold" src',
      ])
      const out = lines(r, r.int(1, 14))
      if (fail) out.push('\u001b[31mError: 1 test failed\u001b[0m')
      else out.push('\u001b[32m✓ done\u001b[0m')
      const chunks: string[] = []
      for (let i = 0; i < out.length; i += 3) chunks.push(`${out.slice(i, i + 3).join('\n')}\n`)
      const start: TerminalIntent = { card: 'terminal', command, cwd: '/work/project' }
      return {
        toolName: 'bash',
        args: { command },
        start,
        chunks,
        result: undefined,
        status: fail ? 'failed' : 'completed',
        ...(fail ? { error: 'exit code 1' } : {}),
        durationMs,
      }
    }
    case 'diff': {
      const path = r.pick(FILES)
      const at = r.int(1, 200)
      const removed = lines(r, r.int(1, 3), '-')
      const added = lines(r, r.int(1, 5), '+')
      const patch = [
        `--- a/${path}`,
        `+++ b/${path}`,
        `@@ -${at},${removed.length + 2} +${at},${added.length + 2} @@`,
        ` context ${n}`,
        ...removed,
        ...added,
        ' end of hunk',
      ].join('\n')
      return {
        toolName: 'edit',
        args: { file_path: path },
        chunks: [],
        result: { card: 'diff', files: [{ path, patch, status: 'modified' }] },
        status: 'completed',
        durationMs,
      }
    }
    case 'read': {
      const path = r.pick(FILES)
      const startLine = r.int(1, 50)
      const content = lines(r, r.int(3, 30)).join('\n')
      return {
        toolName: 'read',
        args: { file_path: path },
        chunks: [],
        result: { card: 'read', path, content, startLine, totalLines: startLine + 200 },
        status: 'completed',
        durationMs,
      }
    }
    case 'search': {
      const query = r.pick(WORDS)
      const matches = Array.from({ length: r.int(1, 8) }, () => {
        const text = lines(r, 1)[0]!
        const i = text.indexOf(query)
        const ranges: Array<[number, number]> = i < 0 ? [] : [[i, i + query.length]]
        return { path: r.pick(FILES), line: r.int(1, 400), text, ranges }
      })
      return {
        toolName: 'grep',
        args: { pattern: query },
        chunks: [],
        result: { card: 'search', query, mode: 'content', matches },
        status: 'completed',
        durationMs,
      }
    }
    case 'web': {
      const fetch = r.next() < 0.5
      const result: WebIntent = fetch
        ? {
            card: 'web',
            url: `https://example.com/docs/${r.pick(WORDS)}`,
            status: 200,
            contentType: 'text/html',
            bytes: r.int(1000, 90000),
            pageTitle: `About ${r.pick(WORDS)}`,
            excerpt: lines(r, 3).join(' '),
          }
        : {
            card: 'web',
            url: 'https://search.example.com/?q=session+replay',
            query: 'session replay',
            results: Array.from({ length: r.int(2, 5) }, (_, i) => ({
              url: `https://example.org/${r.pick(WORDS)}/${i}`,
              title: lines(r, 1)[0]!,
              snippet: lines(r, 1)[0]!,
            })),
          }
      return {
        toolName: fetch ? 'fetch' : 'web-search',
        args: { url: result.url },
        chunks: [],
        result,
        status: 'completed',
        durationMs,
      }
    }
    case 'generic': {
      const fail = r.next() < 0.15
      return {
        toolName: r.pick(['TodoWrite', 'lookup_weather', 'create_issue']),
        args: { item: r.pick(WORDS), n },
        chunks: [],
        result: fail ? undefined : { card: 'generic', output: { ok: true, items: lines(r, r.int(1, 4)) } },
        status: fail ? 'failed' : 'completed',
        ...(fail ? { error: `Error: ${r.pick(WORDS)} not found` } : {}),
        durationMs,
      }
    }
  }
}

export interface MixedSessionOptions {
  /** Number of calls (cards). */
  calls: number
  seed?: number
  /** Calls started before the previous one ends (interleaved events), at most. Default 2. */
  overlap?: number
}

/**
 * A session of `calls` tool calls cycling through the six cards, with terminal output streamed in
 * chunks, some failures, and calls that overlap (a call starts before the previous one ends).
 */
export function mixedSessionEvents({ calls, seed = 7, overlap = 2 }: MixedSessionOptions): SessionEvent[] {
  const r = rng(seed)
  const events: SessionEvent[] = []
  let time = T0
  const open: Array<{ id: string; call: Call }> = []
  const flush = (item: { id: string; call: Call }) => {
    for (const chunk of item.call.chunks) {
      time += r.int(30, 400)
      events.push({ type: 'update', id: item.id, appendOutput: chunk, time })
    }
    time += r.int(50, 800)
    const end: CallEndEvent = {
      type: 'result',
      id: item.id,
      status: item.call.status,
      durationMs: item.call.durationMs,
      time,
    }
    if (item.call.result !== undefined) end.intent = item.call.result
    if (item.call.error !== undefined) end.error = item.call.error
    events.push(end)
  }
  for (let n = 0; n < calls; n++) {
    const kind = FIXTURE_KINDS[n % FIXTURE_KINDS.length]!
    const call = makeCall(kind, r, n)
    const id = `call-${String(n + 1).padStart(4, '0')}`
    time += r.int(200, 3000)
    const start: CallStartEvent = { type: 'call', id, toolName: call.toolName, args: call.args, time }
    if (call.start) {
      start.intent = call.start
      start.status = 'running'
    }
    events.push(start)
    open.push({ id, call })
    while (open.length > overlap || (open.length > 0 && r.next() < 0.5)) flush(open.shift()!)
  }
  while (open.length > 0) flush(open.shift()!)
  return events
}

/** Events that the fold reports and skips, mixed into a few good ones. */
export function badSessionEvents(): unknown[] {
  return [
    {
      type: 'call',
      id: 'ok-1',
      toolName: 'bash',
      intent: { card: 'terminal', command: 'echo ok' },
      status: 'running',
    },
    { type: 'update', id: 'ok-1', appendOutput: 'ok\n' },
    { type: 'update', id: 'missing', appendOutput: 'lost\n' },
    { type: 'result', id: 'ok-1', status: 'completed', durationMs: 12 },
    { type: 'result', id: 'ok-1', status: 'failed' },
    { type: 'call', id: 'ok-1', toolName: 'Again' },
    { type: 'finish', id: 'ok-2' },
    { type: 'call', id: 'ok-2', toolName: 7 },
    { type: 'call', id: 'bad-intent', toolName: 'weird_tool', intent: { card: 'diff', files: 'nope' } },
    { type: 'result', id: 'bad-intent', status: 'completed' },
  ]
}
