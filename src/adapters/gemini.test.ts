// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { SessionEvent } from '../protocol'
import { detectFormat } from './detect'
import { fromGemini } from './gemini'

const results = (events: SessionEvent[]) => events.filter((e) => e.type === 'result')
const response = (id: string, name: string, output: string) => [
  { functionResponse: { id, name, response: { output } } },
]

describe('fromGemini (Gemini CLI sessions)', () => {
  const session = {
    sessionId: 's1',
    projectHash: 'abc',
    messages: [
      { id: 'm1', type: 'user', content: 'hi' },
      {
        id: 'm2',
        type: 'gemini',
        content: '',
        toolCalls: [
          {
            id: 'sh',
            name: 'run_shell_command',
            args: { command: 'ls', directory: 'src' },
            status: 'success',
            result: response(
              'sh',
              'run_shell_command',
              'Command: ls\nDirectory: src\nOutput: a.ts\nb.ts\nError: (none)\nExit Code: 1\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 1',
            ),
          },
          {
            id: 'rd',
            name: 'read_file',
            args: { absolute_path: '/r/a.ts' },
            status: 'success',
            result: response('rd', 'read_file', 'const a = 1'),
          },
          {
            id: 'rp',
            name: 'replace',
            args: { file_path: '/r/a.ts', old_string: '1', new_string: '2' },
            status: 'error',
            result: [
              {
                functionResponse: {
                  id: 'rp',
                  name: 'replace',
                  response: { error: 'Failed to edit, 0 occurrences found' },
                },
              },
            ],
          },
          {
            id: 'wt',
            name: 'write_todos',
            args: {
              todos: [
                { description: 'Plan', status: 'completed' },
                { description: 'Do', status: 'cancelled' },
              ],
            },
            status: 'success',
            result: response('wt', 'write_todos', 'ok'),
          },
        ],
      },
    ],
  }

  it('maps built-in tools by their arguments; a failed edit keeps its diff', () => {
    expect(detectFormat(JSON.stringify(session))).toBe('gemini-cli')
    const events = fromGemini(JSON.stringify(session))
    expect(results(events).map((e) => [e.id, e.status])).toEqual([
      ['sh', 'failed'],
      ['rd', 'completed'],
      ['rp', 'failed'],
      ['wt', 'completed'],
    ])
    const [sh, rd, rp, wt] = results(events)
    expect(sh?.intent).toEqual({
      card: 'terminal',
      command: 'ls',
      cwd: 'src',
      output: 'a.ts\nb.ts',
      exitCode: 1,
    })
    expect(rd?.intent).toEqual({ card: 'read', path: '/r/a.ts', content: 'const a = 1' })
    expect(rp).toMatchObject({ error: 'Failed to edit, 0 occurrences found' })
    expect(rp?.intent).toEqual({ card: 'diff', files: [{ path: '/r/a.ts', oldText: '1', newText: '2' }] })
    expect(wt?.intent).toMatchObject({
      checklist: {
        items: [
          { text: 'Plan', status: 'completed' },
          { text: 'Do', status: 'cancelled' },
        ],
      },
    })
  })

  it('reads JSONL sessions: a message written again with its tool calls is one call', () => {
    const call = { id: 'g1', name: 'glob', args: { pattern: '*.md' } }
    const text = [
      { sessionId: 's', projectHash: 'h', startTime: 't', lastUpdated: 't', kind: 'main' },
      { id: 'm', type: 'gemini', content: '' },
      { $set: { lastUpdated: 't2' } },
      { id: 'm', type: 'gemini', content: '', toolCalls: [{ ...call, status: 'executing' }] },
      {
        id: 'm',
        type: 'gemini',
        content: '',
        toolCalls: [
          {
            ...call,
            status: 'success',
            result: response('g1', 'glob', 'Found 2 file(s) matching "*.md":\n/r/A.md\n/r/B.md'),
          },
        ],
      },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n')
    expect(detectFormat(text)).toBe('gemini-cli')
    const events = fromGemini(text)
    expect(events.filter((e) => e.type === 'call')).toHaveLength(1)
    expect(results(events)[0]?.intent).toEqual({
      card: 'search',
      query: '*.md',
      mode: 'files',
      matches: [{ path: '/r/A.md' }, { path: '/r/B.md' }],
      totalFiles: 2,
    })
  })
})
