// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { corpusText } from '../../test/helpers/corpus'
import type { CardModel } from '../protocol'
import { foldSession } from '../session'
import { fromCodex } from './codex'

const ev = (msg: object, ts = '2025-08-09T15:51:14.179Z') =>
  JSON.stringify({ ts, dir: 'to_tui', kind: 'codex_event', payload: { id: '1', msg } })

describe('fromCodex', () => {
  it('maps exec begin/end to a terminal card with exit code, stderr and duration', () => {
    const events = fromCodex(
      [
        ev({ type: 'exec_command_begin', call_id: 'c1', command: ['bash', '-lc', 'just fmt'], cwd: '/w' }),
        ev({
          type: 'exec_command_end',
          call_id: 'c1',
          stdout: '',
          stderr: 'error: x',
          exit_code: 2,
          duration: { secs: 1, nanos: 500_000_000 },
        }),
      ].join('\n'),
    )
    expect(events[1]).toEqual({
      type: 'result',
      id: 'c1',
      status: 'failed',
      error: 'exit code 2',
      durationMs: 1500,
      time: Date.parse('2025-08-09T15:51:14.179Z'),
      intent: {
        card: 'terminal',
        command: 'just fmt',
        cwd: '/w',
        output: '',
        stderr: 'error: x',
        exitCode: 2,
        durationMs: 1500,
      },
    })
  })

  it('shows a command that only prints part of a file as a read card with its real first line', () => {
    const events = fromCodex(
      [
        ev({
          type: 'exec_command_begin',
          call_id: 'r1',
          command: ['bash', '-lc', "sed -n '200,202p' core/src/shell.rs"],
          cwd: '/w/codex-rs',
        }),
        ev({
          type: 'exec_command_end',
          call_id: 'r1',
          stdout: 'a\nb\nc\n',
          stderr: '',
          exit_code: 0,
          duration: { secs: 0, nanos: 1 },
        }),
        ev({
          type: 'exec_command_begin',
          call_id: 'r2',
          command: ['bash', '-lc', "sed -n '1,2p' a.rs | head"],
          cwd: '/w',
        }),
        ev({
          type: 'exec_command_end',
          call_id: 'r2',
          stdout: 'x',
          stderr: '',
          exit_code: 0,
          duration: { secs: 0, nanos: 1 },
        }),
      ].join('\n'),
    )
    const [read, piped] = events.filter((e) => e.type === 'result').map((e) => e.intent)
    expect(read).toEqual({
      card: 'read',
      path: '/w/codex-rs/core/src/shell.rs',
      content: 'a\nb\nc',
      startLine: 200,
    })
    expect(piped).toMatchObject({ card: 'terminal', command: "sed -n '1,2p' a.rs | head" })
  })

  it('says when an output reached the 5 KiB per-stream cap of the log', () => {
    const events = fromCodex(
      [
        ev({ type: 'exec_command_begin', call_id: 'c3', command: ['bash', '-lc', 'git status'], cwd: '/w' }),
        ev({
          type: 'exec_command_end',
          call_id: 'c3',
          stdout: 'x'.repeat(5120),
          stderr: '',
          exit_code: 0,
          duration: { secs: 0, nanos: 1 },
        }),
      ].join('\n'),
    )
    expect(events[1]).toMatchObject({
      intent: { card: 'terminal', truncated: { reason: expect.stringMatching(/5 KiB/) } },
    })
  })

  it('starts a call pending at its approval request and running at its begin', () => {
    const events = fromCodex(
      [
        ev({ type: 'exec_approval_request', call_id: 'c2', command: ['bash', '-lc', 'just fix'], cwd: '/w' }),
        ev({ type: 'exec_command_begin', call_id: 'c2', command: ['bash', '-lc', 'just fix'], cwd: '/w' }),
      ].join('\n'),
    )
    expect(events.map((e) => [e.type, 'status' in e ? e.status : undefined])).toEqual([
      ['call', 'pending'],
      ['update', 'running'],
    ])
  })

  it('maps patch_apply_begin unified diffs, additions and deletions to diff files', () => {
    const events = fromCodex(
      ev({
        type: 'patch_apply_begin',
        call_id: 'p1',
        changes: {
          '/a.rs': { update: { unified_diff: '@@ -1 +1 @@\n-a\n+b\n' } },
          '/n.rs': { add: { content: 'x' } },
          '/d.rs': { delete: {} },
        },
      }),
    )
    expect(events[0]).toMatchObject({
      intent: {
        card: 'diff',
        files: [
          { path: '/a.rs', patch: '--- /a.rs\n+++ /a.rs\n@@ -1 +1 @@\n-a\n+b\n', status: 'modified' },
          { path: '/n.rs', oldText: null, newText: 'x', status: 'added' },
          { path: '/d.rs', oldText: '', newText: null, status: 'deleted' },
        ],
      },
    })
  })

  it('reads the corpus log: 31 commands, 1 patch, failed commands have exit codes, sed reads are read cards', () => {
    const text = corpusText('codex/binary-size-log.events.jsonl')
    const events = fromCodex(text)
    const results = events.filter((e) => e.type === 'result')
    expect(results).toHaveLength(32)
    // Plain `sed -n 'A,Bp' FILE` commands in the source, counted with a regular expression on the raw text.
    const sedReads =
      text.match(
        /"exec_command_begin","call_id":"[^"]+","command":\["bash","-lc","sed -n '\d+,\d+p' [\w./-]+"\]/g,
      ) ?? []
    expect(sedReads.length).toBeGreaterThan(0)
    expect(results.filter((r) => (r.intent as { card?: string } | undefined)?.card === 'read')).toHaveLength(
      sedReads.length,
    )
    // Exit code -1 four times (sandbox refusals), 0 otherwise: counted in the source with grep.
    expect(results.filter((r) => r.status === 'failed')).toHaveLength(4)
  })
})

/** A rollout line (`response_item` / `event_msg`), as Codex 0.12x writes them. */
const line = (type: string, payload: object, second = 0) =>
  JSON.stringify({
    timestamp: `2026-05-11T08:27:${String(20 + second).padStart(2, '0')}.000Z`,
    type,
    payload,
  })
const call = (id: string, name: string, args: object, second = 0) =>
  line('response_item', { type: 'function_call', name, arguments: JSON.stringify(args), call_id: id }, second)
const output = (id: string, text: string, second = 0) =>
  line('response_item', { type: 'function_call_output', call_id: id, output: text }, second)
const running = (session: number, text = '') =>
  `Chunk ID: a21e41\nWall time: 1.0037 seconds\nProcess running with session ID ${session}\nOriginal token count: 0\nOutput:\n${text}`
const exited = (code: number, text = '') =>
  `Chunk ID: 853167\nWall time: 0.0000 seconds\nProcess exited with code ${code}\nOriginal token count: 3\nOutput:\n${text}`
const execEnd = (id: string, fields: object, second = 0) =>
  line(
    'event_msg',
    {
      type: 'exec_command_end',
      call_id: id,
      process_id: '48230',
      command: ['/bin/zsh', '-lc', 'npm test'],
      cwd: '/repo',
      stdout: '',
      stderr: '',
      ...fields,
    },
    second,
  )
const cards = (lines: string[]): readonly CardModel[] => {
  const state = foldSession(fromCodex(lines.join('\n')))
  expect(state.problems).toEqual([])
  return state.cards
}
const card = (lines: string[], id: string) => cards(lines).find((c) => c.id === id)

describe('fromCodex: unified exec (exec_command, write_stdin) in rollouts', () => {
  const start = call('A', 'exec_command', { cmd: 'npm test', workdir: '/repo', yield_time_ms: 1000 }, 0)
  const first = output('A', running(48230), 1)
  const end = execEnd(
    'A',
    {
      aggregated_output: '1 failing\n',
      exit_code: 1,
      duration: { secs: 5, nanos: 87_741_459 },
      status: 'failed',
    },
    5,
  )
  const poll = call('B', 'write_stdin', { session_id: 48230, chars: '', yield_time_ms: 1000 }, 6)
  const polled = output('B', exited(1, '1 failing\n'), 7)

  it('takes the output, exit code and duration from exec_command_end; the card runs until it', () => {
    expect(card([start, first], 'A')).toMatchObject({ status: 'running', intent: { card: 'terminal' } })
    expect(card([start, first, end, poll, polled], 'A')).toEqual({
      id: 'A',
      toolName: 'exec_command',
      args: { cmd: 'npm test', workdir: '/repo', yield_time_ms: 1000 },
      status: 'failed',
      error: 'exit code 1',
      durationMs: 5088,
      intent: {
        card: 'terminal',
        command: 'npm test',
        cwd: '/repo',
        output: '1 failing\n',
        exitCode: 1,
        durationMs: 5088,
      },
    })
  })

  it('gives the same card in whichever order the call, its output and its end event come', () => {
    const orders = [
      [start, first, end],
      [start, end, first],
      [end, start, first],
      [first, start, end],
      [first, end, start],
      [end, first, start],
    ]
    for (const order of orders) {
      const a = card(order, 'A')
      expect([a?.status, a?.durationMs, a?.intent]).toEqual([
        'failed',
        5088,
        {
          card: 'terminal',
          command: 'npm test',
          cwd: '/repo',
          output: '1 failing\n',
          exitCode: 1,
          durationMs: 5088,
        },
      ])
    }
  })

  it('shows write_stdin as a terminal card of the session it read, failed when the process exited non-zero', () => {
    expect(card([start, first, end, poll, polled], 'B')).toMatchObject({
      toolName: 'write_stdin',
      status: 'failed',
      error: 'exit code 1',
      intent: {
        card: 'terminal',
        command: 'npm test',
        cwd: '/repo',
        title: 'Wait for session 48230: npm test',
        output: '1 failing\n',
        exitCode: 1,
      },
    })
  })

  it('without an end event, ends the session card at the write_stdin that saw the process exit', () => {
    const lines = [
      call('A', 'exec_command', { cmd: 'npm run build' }, 0),
      output('A', running(42, 'Building...\n'), 1),
      call('B', 'write_stdin', { session_id: 42, chars: '' }, 2),
      output('B', running(42, 'still building\n'), 3),
    ]
    expect(card(lines, 'A')).toMatchObject({
      status: 'running',
      intent: { output: 'Building...\nstill building\n' },
    })
    const done = [
      ...lines,
      call('C', 'write_stdin', { session_id: 42, chars: '\u0003' }, 4),
      output('C', exited(130, '^C\n'), 5),
    ]
    expect(card(done, 'A')).toMatchObject({
      status: 'failed',
      error: 'exit code 130',
      intent: {
        card: 'terminal',
        command: 'npm run build',
        output: 'Building...\nstill building\n^C\n',
        exitCode: 130,
      },
    })
    expect(card(done, 'B')).toMatchObject({ status: 'completed', intent: { output: 'still building\n' } })
    expect(card(done, 'C')).toMatchObject({
      status: 'failed',
      intent: { title: 'Send "\\u0003" to session 42: npm run build', exitCode: 130 },
    })
  })

  it('a write_stdin that failed is failed with its message and leaves the process card running', () => {
    const lines = [
      call('A', 'exec_command', { cmd: 'sleep 30' }),
      output('A', running(7)),
      call('B', 'write_stdin', { session_id: 7, chars: 'x' }),
      output(
        'B',
        'write_stdin failed: stdin is closed for this session; rerun exec_command with tty=true to keep stdin open',
      ),
    ]
    expect(card(lines, 'A')?.status).toBe('running')
    expect(card(lines, 'B')).toMatchObject({
      status: 'failed',
      error:
        'write_stdin failed: stdin is closed for this session; rerun exec_command with tty=true to keep stdin open',
    })
  })

  it('when the end event cut the output, shows the longer text the model read from the session', () => {
    const long = `${'a'.repeat(50)}…768 tokens truncated…${'z'.repeat(50)}`
    const lines = [
      start,
      first,
      execEnd('A', {
        aggregated_output: 'a…9000 chars truncated…z',
        exit_code: 0,
        duration: { secs: 1, nanos: 0 },
      }),
      poll,
      output('B', exited(0, `Total output lines: 460\n\n${long}`)),
    ]
    expect(card(lines, 'A')).toMatchObject({
      status: 'completed',
      durationMs: 1000,
      intent: {
        output: long,
        exitCode: 0,
        truncated: { reason: 'Codex cut 768 tokens from the middle of the output' },
      },
    })
  })

  it('reads a result that comes before its call as that call’s result', () => {
    const lines = [
      line('response_item', {
        type: 'function_call_output',
        call_id: 'c1',
        output: '{"output":"boom\\n","metadata":{"exit_code":1,"duration_seconds":0.1}}',
      }),
      line('response_item', {
        type: 'function_call',
        name: 'shell',
        arguments: '{"command":["bash","-lc","false"]}',
        call_id: 'c1',
      }),
      output('orphan', 'no call for this one'),
    ]
    expect(
      cards(lines).map((c) => [
        c.id,
        c.toolName,
        c.status,
        (c.intent as { card?: string } | undefined)?.card,
      ]),
    ).toEqual([
      ['c1', 'shell', 'failed', 'terminal'],
      ['orphan', 'unknown tool', 'completed', 'generic'],
    ])
  })
})

describe('fromCodex: web searches in rollouts', () => {
  it('gives an id-less web_search_call the call_id of its web_search_end, and a made-up one without', () => {
    const q = 'opencode compaction threshold'
    const lines = [
      line('event_msg', {
        type: 'web_search_end',
        call_id: 'ws_023b',
        query: q,
        action: { type: 'search', query: q, queries: [q, 'opencode autocompact'] },
      }),
      line('response_item', {
        type: 'web_search_call',
        status: 'completed',
        action: { type: 'search', query: q, queries: [q, 'opencode autocompact'] },
      }),
      line('response_item', { type: 'web_search_call', status: 'completed' }),
      line('response_item', {
        type: 'web_search_call',
        status: 'completed',
        action: { type: 'search', query: 'vitest', sources: [{ type: 'url', url: 'https://vitest.dev/' }] },
      }),
    ]
    expect(cards(lines).map((c) => [c.id, c.toolName, c.status, c.intent])).toEqual([
      ['ws_023b', 'web_search', 'completed', { card: 'web', url: '', query: q }],
      ['web_search_call-1', 'web_search', 'completed', { card: 'web', url: '', query: '' }],
      [
        'web_search_call-2',
        'web_search',
        'completed',
        {
          card: 'web',
          url: '',
          query: 'vitest',
          results: [{ url: 'https://vitest.dev/', title: 'https://vitest.dev/' }],
        },
      ],
    ])
  })

  it('makes a card of a web_search_end that no item records (TUI logs)', () => {
    const events = fromCodex(
      [
        ev({ type: 'web_search_begin', call_id: 'w1' }),
        ev({ type: 'web_search_end', call_id: 'w1', query: 'rust serde' }),
      ].join('\n'),
    )
    expect(foldSession(events).cards).toMatchObject([
      { id: 'w1', status: 'completed', intent: { card: 'web', query: 'rust serde' } },
    ])
  })
})

// Newer rollout shapes, from the fixtures of codemie-ai/codemie-code (Codex 0.129, Apache-2.0) and
// jazzyalex/agent-sessions (Codex 0.146, MIT): hand-written by those projects from real rollouts.
describe('fromCodex: rollouts of Codex 0.129 and 0.146', () => {
  const line = (type: string, payload: object) =>
    JSON.stringify({ timestamp: '2026-05-12T10:00:03.000Z', type, payload })
  const cardsOf = (...lines: string[]) => foldSession(fromCodex(lines.join('\n'))).cards

  it('ends spawn_agent and wait_agent with their collab_*_end events (no output item answers them)', () => {
    const cards = cardsOf(
      line('session_meta', { id: 's', cli_version: '0.129.0' }),
      line('response_item', {
        type: 'function_call',
        name: 'spawn_agent',
        arguments: '{"agent_type":"explorer","message":"review code"}',
        call_id: 'call_spawn1',
      }),
      line('event_msg', {
        type: 'collab_agent_spawn_end',
        call_id: 'call_spawn1',
        new_thread_id: 'child-thread-uuid',
        new_agent_role: 'explorer',
      }),
      line('response_item', {
        type: 'function_call',
        name: 'wait_agent',
        arguments: '{"targets":["child-thread-uuid"]}',
        call_id: 'call_wait1',
      }),
      line('event_msg', {
        type: 'collab_waiting_end',
        call_id: 'call_wait1',
        agent_statuses: [{ thread_id: 'child-thread-uuid', agent_role: 'explorer' }],
      }),
      line('response_item', {
        type: 'function_call',
        name: 'wait_agent',
        arguments: '{}',
        call_id: 'call_wait2',
      }),
    )
    expect(cards.map((c) => [c.id, c.status])).toEqual([
      ['call_spawn1', 'completed'],
      ['call_wait1', 'completed'],
      ['call_wait2', 'running'], // nothing ended it: still running when the log stops
    ])
    expect(cards[0]!.intent).toEqual({
      card: 'generic',
      input: { agent_type: 'explorer', message: 'review code' },
      output: { new_thread_id: 'child-thread-uuid', new_agent_role: 'explorer' },
    })
  })

  it('reads a tool search, an output given as a content item, and a shell custom tool with JSON input', () => {
    const meta = { turn_id: 't1' }
    const cards = cardsOf(
      line('session_meta', { id: 's', cli_version: '0.146.0' }),
      line('response_item', {
        type: 'custom_tool_call',
        call_id: 'call-1',
        name: 'shell',
        input: '{"command":["ls"]}',
        status: 'completed',
      }),
      line('response_item', {
        type: 'function_call',
        call_id: 'call-2',
        name: 'shell',
        arguments: '{"command":["ls"]}',
      }),
      line('response_item', {
        type: 'function_call_output',
        call_id: 'call-2',
        output: { type: 'input_text', text: 'a.txt\n', detail: null, image_url: null },
        internal_chat_message_metadata_passthrough: meta,
      }),
      line('response_item', {
        type: 'tool_search_call',
        call_id: 'call-3',
        status: 'completed',
        execution: 'local',
        arguments: { query: 'example' },
      }),
      line('response_item', {
        type: 'tool_search_output',
        call_id: 'call-3',
        status: 'completed',
        tools: [{ type: 'function_group', name: 'example_group', tools: [] }],
      }),
      line('response_item', {
        type: 'custom_tool_call_output',
        call_id: 'call-1',
        output: [{ type: 'input_text', text: 'a.txt\nb.txt\n' }],
      }),
    )
    expect(cards.map((c) => [c.id, c.status, c.intent])).toEqual([
      ['call-1', 'completed', { card: 'terminal', command: 'ls', output: 'a.txt\nb.txt\n' }],
      ['call-2', 'completed', { card: 'terminal', command: 'ls', output: 'a.txt\n' }],
      [
        'call-3',
        'completed',
        {
          card: 'generic',
          input: { query: 'example' },
          output: [{ type: 'function_group', name: 'example_group', tools: [] }],
        },
      ],
    ])
  })
})
