// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { corpusText } from './__tests__/corpus'
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

  it('reads the corpus log: 31 commands, 1 patch, failed commands have exit codes', () => {
    const events = fromCodex(corpusText('codex/binary-size-log.events.jsonl'))
    const results = events.filter((e) => e.type === 'result')
    expect(results).toHaveLength(32)
    // Exit code -1 four times (sandbox refusals), 0 otherwise: counted in the source with grep.
    expect(results.filter((r) => r.status === 'failed')).toHaveLength(4)
  })
})
