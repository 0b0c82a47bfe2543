// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { corpusText } from '../../test/helpers/corpus'
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
