// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { SessionEvent } from '../protocol'
import { foldSession } from '../session'
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

  // Gemini CLI's chatRecordingService (google-gemini/gemini-cli, Apache-2.0) writes `$set: {messages}` with
  // the whole history at a resume, a compression or when it masks tool outputs, and `$rewindTo: id`.
  it('JSONL `$set.messages`: a call only there is kept; one read before keeps its own, unmasked result', () => {
    const glob = { id: 'g1', name: 'glob', args: { pattern: '*.md' }, status: 'success' }
    const found = response('g1', 'glob', 'Found 1 file(s) matching "*.md":\n/r/A.md')
    const ls = { id: 'l1', name: 'list_directory', args: { dir_path: '/r' }, status: 'success' }
    const text = [
      { sessionId: 's', projectHash: 'h', startTime: 't', lastUpdated: 't', kind: 'main' },
      { id: 'm1', type: 'gemini', content: '', toolCalls: [{ ...glob, result: found }] },
      {
        $set: {
          messages: [
            {
              id: 'm0',
              type: 'gemini',
              content: '',
              toolCalls: [
                { ...ls, result: response('l1', 'list_directory', 'Directory listing for /r:\nA.md') },
              ],
            },
            {
              id: 'm1',
              type: 'gemini',
              content: '',
              toolCalls: [{ ...glob, result: response('g1', 'glob', '<tool_output_masked>') }],
            },
          ],
        },
      },
      { $rewindTo: 'm1' },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n')
    const { cards } = foldSession(fromGemini(text))
    expect(cards.map((c) => c.id).sort()).toEqual(['g1', 'l1'])
    expect(cards.find((c) => c.id === 'g1')?.intent).toMatchObject({ matches: [{ path: '/r/A.md' }] })
  })
})

/*
 * Result texts of current Gemini CLI tools (google-gemini/gemini-cli, packages/core/src/tools): read-file.ts
 * (the "IMPORTANT: The file content has been truncated" banner, `start_line`/`end_line`), grep-utils.ts
 * (`names_only`: "Found N files with matches ...:\n<paths>"; content: "File: p" then `L<n>: ` matches and
 * `L<n>- ` context lines), shell.ts ("Output: x", then "Exit Code: n" only when not 0, "Process Group PGID").
 */
describe('fromGemini on current tool results', () => {
  const one = (id: string, name: string, args: object, output: string) =>
    fromGemini({
      sessionId: 's',
      projectHash: 'h',
      messages: [
        {
          id: 'm1',
          type: 'gemini',
          content: '',
          toolCalls: [{ id, name, args, status: 'success', result: response(id, name, output) }],
        },
      ],
    })

  it('read_file: start_line and the truncation banner give the first line and the length', () => {
    const events = one(
      'r',
      'read_file',
      { file_path: 'src/a.py', start_line: 120, end_line: 122 },
      "\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines 120-122 of 500 total lines.\nAction: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: 123.\n\n--- FILE CONTENT (truncated) ---\ndef a():\n    return 1\n# end",
    )
    expect(events[0]).toMatchObject({
      type: 'call',
      intent: { card: 'read', path: 'src/a.py', startLine: 120 },
    })
    expect(results(events)[0]?.intent).toEqual({
      card: 'read',
      path: 'src/a.py',
      content: 'def a():\n    return 1\n# end',
      startLine: 120,
      totalLines: 500,
    })
  })

  it('grep_search: names_only lists the files; context lines are kept as context', () => {
    const files = one(
      'g2',
      'grep_search',
      { pattern: 'needle', names_only: true },
      'Found 2 files with matches for pattern "needle" in path ".":\nsrc/a.ts\nsrc/b.ts',
    )
    expect(results(files)[0]?.intent).toEqual({
      card: 'search',
      query: 'needle',
      mode: 'files',
      matches: [{ path: 'src/a.ts' }, { path: 'src/b.ts' }],
      totalFiles: 2,
    })
    const content = one(
      'g1',
      'grep_search',
      { pattern: 'needle' },
      'Found 1 match for pattern "needle" in path ".":\n---\nFile: src/a.ts\nL9- // before\nL10: const needle = 1\nL11- // after\n---',
    )
    expect(results(content)[0]?.intent).toEqual({
      card: 'search',
      query: 'needle',
      mode: 'content',
      matches: [
        { path: 'src/a.ts', line: 9, text: '// before', context: true },
        { path: 'src/a.ts', line: 10, text: 'const needle = 1', ranges: [[6, 12]] },
        { path: 'src/a.ts', line: 11, text: '// after', context: true },
      ],
      totalMatches: 1,
    })
  })

  it('run_shell_command: "Output:" with no "Exit Code" line exited with 0; the PGID line is not output', () => {
    const ok = results(
      one('s1', 'run_shell_command', { command: 'echo hello' }, 'Output: hello\nProcess Group PGID: 4242'),
    )
    expect(ok[0]).toMatchObject({
      status: 'completed',
      intent: { card: 'terminal', command: 'echo hello', output: 'hello', exitCode: 0 },
    })
    const empty = results(
      one('s2', 'run_shell_command', { command: 'true' }, 'Output: (empty)\nProcess Group PGID: 4243'),
    )
    expect(empty[0]?.intent).toMatchObject({ output: '', exitCode: 0 })
    const bad = results(
      one(
        's3',
        'run_shell_command',
        { command: 'ls nope' },
        "Output: ls: cannot access 'nope': No such file or directory\nExit Code: 2\nProcess Group PGID: 4244",
      ),
    )
    expect(bad[0]).toMatchObject({
      status: 'failed',
      error: 'exit code 2',
      intent: { output: "ls: cannot access 'nope': No such file or directory", exitCode: 2 },
    })
    const killed = results(
      one(
        's4',
        'run_shell_command',
        { command: 'sleep 9' },
        'Output: (empty)\nSignal: 15\nProcess Group PGID: 9',
      ),
    )
    expect(killed[0]?.intent).toMatchObject({ output: '', signal: '15' })
    expect(killed[0]?.intent).not.toHaveProperty('exitCode')
  })

  it('a call id used again by a later message is another call', () => {
    const call = (command: string, output: string) => ({
      id: 'run_shell_command__1',
      name: 'run_shell_command',
      args: { command },
      status: 'success',
      result: response('run_shell_command__1', 'run_shell_command', output),
    })
    const text = [
      { sessionId: 's', projectHash: 'h', startTime: 't', kind: 'main' },
      {
        id: 'g1',
        type: 'gemini',
        content: '',
        toolCalls: [call('go test', 'Output: ok\nProcess Group PGID: 1')],
      },
      { id: 'g2', type: 'gemini', content: '', toolCalls: [call('ls nope', 'Output: no\nExit Code: 1')] },
      { id: 'g2', type: 'gemini', content: 'done', toolCalls: [call('ls nope', 'Output: no\nExit Code: 1')] },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n')
    expect(results(fromGemini(text)).map((e) => [e.id, e.status])).toEqual([
      ['run_shell_command__1', 'completed'],
      ['run_shell_command__1~2', 'failed'],
    ])
  })
})
