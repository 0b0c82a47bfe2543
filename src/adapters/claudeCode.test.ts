// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { SessionEvent } from '../protocol'
import { foldSession } from '../session'
import { fromClaudeCode, stripLineArrows } from './claudeCode'
import { structuredPatchText } from './util'

const line = (o: unknown) => JSON.stringify(o)
const use = (id: string, name: string, input: unknown, extra: object = {}) =>
  line({
    type: 'assistant',
    timestamp: '2026-01-01T00:00:00.000Z',
    message: { content: [{ type: 'tool_use', id, name, input }] },
    ...extra,
  })
const result = (id: string, content: unknown, toolUseResult?: unknown, isError = false) =>
  line({
    type: 'user',
    timestamp: '2026-01-01T00:00:01.500Z',
    message: { content: [{ type: 'tool_result', tool_use_id: id, content, is_error: isError }] },
    ...(toolUseResult === undefined ? {} : { toolUseResult }),
  })

function only<T extends 'call' | 'result'>(
  events: SessionEvent[],
  type: T,
): Array<Extract<SessionEvent, { type: T }>> {
  return events.filter((e): e is Extract<SessionEvent, { type: T }> => e.type === type)
}

describe('fromClaudeCode', () => {
  it('maps a failed Bash call: exit code from the result text, output after it, failed status', () => {
    const events = fromClaudeCode(
      [
        use('t1', 'Bash', { command: 'git add x' }),
        result('t1', 'Exit code 1\nfatal: nope', 'Error: Exit code 1\nfatal: nope', true),
      ].join('\n'),
    )
    const [end] = only(events, 'result')
    expect(end).toMatchObject({ status: 'failed', durationMs: 1500 })
    expect(end?.intent).toEqual({
      card: 'terminal',
      command: 'git add x',
      exitCode: 1,
      output: 'fatal: nope',
    })
  })

  it('keeps stdout and stderr apart and marks interruption', () => {
    const events = fromClaudeCode(
      [
        use('t1', 'Bash', { command: 'make' }),
        result('t1', 'out', { stdout: 'out', stderr: 'warn', interrupted: true }),
      ].join('\n'),
    )
    expect(only(events, 'result')[0]?.intent).toEqual({
      card: 'terminal',
      command: 'make',
      output: 'out',
      stderr: 'warn',
      interrupted: true,
    })
  })

  it('turns a <persisted-output> preview into a spill notice', () => {
    const text =
      '<persisted-output>\nOutput too large (141KB). Full output saved to: /tmp/x.txt\n\nPreview (first 2KB):\nline 1\nline 2\n...\n</persisted-output>'
    const events = fromClaudeCode(
      [use('t1', 'Bash', { command: 'npx vitest' }), result('t1', text)].join('\n'),
    )
    const intent = only(events, 'result')[0]?.intent as { output: string; spill: unknown }
    expect(intent.output).toBe('line 1\nline 2')
    expect(intent.spill).toEqual({
      path: '/tmp/x.txt',
      previewBytes: 'line 1\nline 2\n...'.length,
      totalBytes: 141 * 1024,
    })
  })

  it('strips N→ prefixes from Read output and keeps the real start line', () => {
    expect(stripLineArrows('    37→a\n    38→b')).toEqual({ content: 'a\nb', startLine: 37 })
    const events = fromClaudeCode(
      [use('t1', 'Read', { file_path: '/a.ex', offset: 37 }), result('t1', '    37→a\n    38→b')].join('\n'),
    )
    expect(only(events, 'result')[0]?.intent).toEqual({
      card: 'read',
      path: '/a.ex',
      content: 'a\nb',
      startLine: 37,
    })
  })

  it('makes a Write of a new file an added file with oldText null', () => {
    const events = fromClaudeCode(
      [
        use('t1', 'Write', { file_path: '/n.md', content: 'hi' }),
        result('t1', 'File created successfully at: /n.md', {
          type: 'create',
          filePath: '/n.md',
          content: 'hi',
          structuredPatch: [],
        }),
      ].join('\n'),
    )
    expect(only(events, 'result')[0]?.intent).toEqual({
      card: 'diff',
      files: [{ path: '/n.md', oldText: null, newText: 'hi', status: 'added' }],
    })
  })

  it('writes a structured patch as unified hunks', () => {
    expect(
      structuredPatchText([
        { oldStart: 7, oldLines: 2, newStart: 7, newLines: 3, lines: [' a', '-b', '+c', '+d'] },
      ]),
    ).toBe('@@ -7,2 +7,3 @@\n a\n-b\n+c\n+d')
  })

  it('parses Grep content of several files with context lines, and count mode', () => {
    const events = fromClaudeCode(
      [
        use('g1', 'Grep', { pattern: 'foo', output_mode: 'content' }),
        result('g1', '', { mode: 'content', content: 'a.ts:3:let foo = 1\na.ts-4-next\nb.ts:9:foo()' }),
        use('g2', 'Grep', { pattern: 'x', output_mode: 'count' }),
        result('g2', '', { mode: 'count', content: 'a:1\nb:4', numMatches: 5 }),
      ].join('\n'),
    )
    const [a, b] = only(events, 'result')
    expect(a?.intent).toMatchObject({
      card: 'search',
      mode: 'content',
      totalMatches: 2,
      matches: [
        { path: 'a.ts', line: 3, text: 'let foo = 1', ranges: [[4, 7]] },
        { path: 'a.ts', line: 4, text: 'next', context: true },
        { path: 'b.ts', line: 9, text: 'foo()', ranges: [[0, 3]] },
      ],
    })
    expect(b?.intent).toMatchObject({
      mode: 'count',
      totalMatches: 5,
      matches: [
        { path: 'a', count: 1 },
        { path: 'b', count: 4 },
      ],
    })
  })

  it('marks sub-agent calls from agent_progress lines and isSidechain lines', () => {
    const progress = line({
      type: 'progress',
      data: {
        type: 'agent_progress',
        agentId: 'a7',
        message: {
          type: 'assistant',
          message: { content: [{ type: 'tool_use', id: 's1', name: 'Read', input: {} }] },
        },
      },
    })
    const side = use('s2', 'Bash', { command: 'ls' }, { isSidechain: true, agentId: 'b9' })
    const calls = only(fromClaudeCode([progress, side].join('\n')), 'call')
    expect(calls.map((c) => [c.id, c.sidechain])).toEqual([
      ['s1', 'a7'],
      ['s2', 'b9'],
    ])
  })

  it('shows image results as data URLs only for picture types', () => {
    const png = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }
    const svg = { type: 'image', source: { type: 'base64', media_type: 'image/svg+xml', data: 'PHN2Zz4=' } }
    const events = fromClaudeCode(
      [
        use('t1', 'Read', { file_path: '/a.png' }),
        result('t1', [png, svg], { type: 'image', file: {} }),
      ].join('\n'),
    )
    expect(only(events, 'result')[0]?.intent).toEqual({
      card: 'generic',
      input: { file_path: '/a.png' },
      output: [
        { type: 'image', mimeType: 'image/png', bytes: 8, dataUrl: 'data:image/png;base64,iVBORw0KGgo=' },
        { type: 'image', mimeType: 'image/svg+xml', bytes: 5, note: 'not shown: not a picture type' },
      ],
    })
  })

  it('keeps unknown tools as generic cards with tool name, input and output, and skips bad lines', () => {
    const events = fromClaudeCode(
      ['not json', use('t1', 'SomeNewTool', { x: 1 }), result('t1', 'ok')].join('\n'),
    )
    expect(events[0]).toMatchObject({ type: 'call', toolName: 'SomeNewTool', args: { x: 1 } })
    expect(only(events, 'result')[0]?.intent).toEqual({ card: 'generic', input: { x: 1 }, output: 'ok' })
  })

  it('a call declined at the permission prompt ends rejected, decided by the user, its diff kept; an interrupted one is cancelled', () => {
    const declined =
      "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed."
    const events = fromClaudeCode(
      [
        use('e1', 'Edit', { file_path: 'src/a.ts', old_string: 'let a = 1', new_string: 'const a = 1' }),
        result('e1', declined, undefined, true),
        use('b1', 'Bash', { command: 'npm test' }),
        result('b1', '[Request interrupted by user for tool use]', undefined, true),
        use('b2', 'Bash', { command: 'rm -rf build' }),
        result('b2', declined, undefined, true),
        use('m1', 'mcp__github__create_issue', { title: 'x' }),
        result('m1', declined, undefined, true),
      ].join('\n'),
    )
    const { cards, problems } = foldSession(events)
    expect(problems).toEqual([])
    expect(
      cards.map((c) => [
        c.id,
        c.status,
        (c.intent as { card?: string } | undefined)?.card,
        c.approval?.decision?.by,
      ]),
    ).toEqual([
      ['e1', 'rejected', 'diff', 'user'],
      ['b1', 'cancelled', 'terminal', undefined],
      ['b2', 'rejected', 'terminal', 'user'],
      ['m1', 'rejected', undefined, 'user'],
    ])
    // a declined command never ran: no output (the refusal is Claude Code's words to the model), not
    // interrupted; a declined tool with no intent of its own is shown by its arguments
    const byId = new Map(cards.map((c) => [c.id, c]))
    expect(byId.get('b2')?.intent).toEqual({ card: 'terminal', command: 'rm -rf build' })
    expect(byId.get('b1')?.intent).toMatchObject({ card: 'terminal', interrupted: true })
    expect(byId.get('m1')?.intent).toBeUndefined()
    expect(byId.get('m1')?.args).toEqual({ title: 'x' })
  })

  it('shows the plan of ExitPlanMode while the user has not answered (a session that ends there), as after', () => {
    const plan = '## Plan: scrolling\n\n1. Replace the custom scroll logic\n2. Test it'
    const asked = fromClaudeCode(use('p1', 'ExitPlanMode', { plan }))
    const answered = fromClaudeCode(
      [use('p1', 'ExitPlanMode', { plan }), result('p1', 'User has approved your plan.')].join('\n'),
    )
    const expected = { card: 'generic', title: 'Plan', output: plan }
    expect(only(asked, 'call')[0]?.intent).toMatchObject(expected)
    expect(only(answered, 'result')[0]?.intent).toMatchObject(expected)
    // the plan is shown as the plan, not as its input's JSON
    expect(only(asked, 'call')[0]?.intent).not.toHaveProperty('input.plan')
  })

  it('shows TodoWrite as a checklist with each item and its status', () => {
    const todos = [
      { content: 'Read the code', status: 'completed', activeForm: 'Reading the code' },
      { content: 'Fix the bug', status: 'in_progress', activeForm: 'Fixing the bug' },
      { content: 'Write a test', status: 'pending', activeForm: 'Writing a test', priority: 'high' },
    ]
    const events = fromClaudeCode(
      [use('t1', 'TodoWrite', { todos }), result('t1', 'Todos have been modified')].join('\n'),
    )
    expect(only(events, 'result')[0]?.intent).toMatchObject({
      card: 'generic',
      title: 'To-do list',
      output: 'Todos have been modified',
      checklist: {
        items: [
          { text: 'Read the code', status: 'completed' },
          { text: 'Fix the bug', status: 'in_progress' },
          { text: 'Write a test', status: 'pending', priority: 'high' },
        ],
      },
    })
  })

  it('a failed Read keeps the read card for its path (no content made up) and the error', () => {
    const events = fromClaudeCode(
      [
        use('t1', 'Read', { file_path: '/src/app.ts', offset: 40 }),
        result(
          't1',
          '<tool_use_error>File does not exist.</tool_use_error>',
          'Error: File does not exist.',
          true,
        ),
      ].join('\n'),
    )
    const [end] = only(events, 'result')
    expect(end).toMatchObject({ status: 'failed', error: 'File does not exist.' })
    expect(end?.intent).toEqual({ card: 'read', path: '/src/app.ts', content: '', startLine: 40 })
  })

  it('a failed Edit, Write or MultiEdit keeps the diff its arguments describe', () => {
    const events = fromClaudeCode(
      [
        use('e', 'Edit', { file_path: '/a.ts', old_string: 'x', new_string: 'y' }),
        result('e', '<tool_use_error>String to replace not found in file.</tool_use_error>', undefined, true),
        use('w', 'Write', { file_path: '/b.ts', content: 'hello' }),
        result('w', '<tool_use_error>File has not been read yet.</tool_use_error>', undefined, true),
        use('m', 'MultiEdit', { file_path: '/c.ts', edits: [{ old_string: '1', new_string: '2' }] }),
        result('m', '<tool_use_error>Sibling tool call errored</tool_use_error>', undefined, true),
      ].join('\n'),
    )
    const ends = only(events, 'result')
    expect(ends.map((e) => e.status)).toEqual(['failed', 'failed', 'failed'])
    expect(ends.map((e) => e.error)).toEqual([
      'String to replace not found in file.',
      'File has not been read yet.',
      'Sibling tool call errored',
    ])
    expect(ends.map((e) => e.intent)).toEqual([
      { card: 'diff', files: [{ path: '/a.ts', oldText: 'x', newText: 'y' }] },
      { card: 'diff', files: [{ path: '/b.ts', newText: 'hello' }] },
      { card: 'diff', files: [{ path: '/c.ts', oldText: '1', newText: '2' }] },
    ])
  })

  it('a failed Grep, Glob or WebFetch keeps its search or web card', () => {
    const events = fromClaudeCode(
      [
        use('g', 'Grep', { pattern: 'foo(', path: 'src' }),
        result('g', 'regex parse error', undefined, true),
        use('h', 'Glob', { pattern: '**/*.rs' }),
        result('h', 'Error: bad', undefined, true),
        use('f', 'WebFetch', { url: 'https://example.com/x', prompt: 'p' }),
        result('f', 'Request failed with status code 404', undefined, true),
      ].join('\n'),
    )
    expect(only(events, 'result').map((e) => e.intent)).toEqual([
      { card: 'search', query: 'foo(', mode: 'files', matches: [], regex: true, path: 'src' },
      { card: 'search', query: '**/*.rs', mode: 'files', matches: [] },
      { card: 'web', url: 'https://example.com/x', error: 'Request failed with status code 404' },
    ])
  })

  it('reads LS trees as a list of paths under the directory', () => {
    const tree =
      '- /repo/\n  - README.md\n  - src/\n    - a.ts\n    - lib/\n      - b.ts\n  - z.txt\n\nNOTE: do any of the files above seem malicious?'
    const events = fromClaudeCode([use('l', 'LS', { path: '/repo' }), result('l', tree)].join('\n'))
    expect(only(events, 'result')[0]?.intent).toEqual({
      card: 'search',
      query: '/repo',
      path: '/repo',
      mode: 'files',
      matches: [
        '/repo/README.md',
        '/repo/src/',
        '/repo/src/a.ts',
        '/repo/src/lib/',
        '/repo/src/lib/b.ts',
        '/repo/z.txt',
      ].map((path) => ({ path })),
      totalFiles: 6,
    })
  })

  it('shows a NotebookEdit as the new source of the cell', () => {
    const events = fromClaudeCode(
      [
        use('n', 'NotebookEdit', {
          notebook_path: '/nb.ipynb',
          cell_id: 'c1',
          new_source: 'print(1)',
          edit_mode: 'insert',
        }),
        result('n', 'Inserted cell c1', { new_source: 'print(1)', cell_id: 'c1', edit_mode: 'insert' }),
      ].join('\n'),
    )
    expect(only(events, 'result')[0]?.intent).toEqual({
      card: 'diff',
      title: '/nb.ipynb · cell c1 (insert)',
      files: [{ path: '/nb.ipynb', oldText: null, newText: 'print(1)', status: 'added' }],
    })
  })

  it('shows BashOutput of a background shell as a terminal card for that shell', () => {
    const events = fromClaudeCode(
      [
        use('b', 'BashOutput', { bash_id: 'bash_1' }),
        result('b', '<status>running</status>', {
          shellId: 'bash_1',
          command: 'pnpm dev',
          status: 'running',
          exitCode: null,
          stdout: 'ready on :3001',
          stderr: 'warn',
        }),
      ].join('\n'),
    )
    expect(only(events, 'result')[0]?.intent).toEqual({
      card: 'terminal',
      command: 'pnpm dev',
      background: true,
      output: 'ready on :3001',
      stderr: 'warn',
    })
  })

  // The shapes of Claude Code 2.1.39 (marot/spotter's transcript 258c7280, MIT): a Bash call started in the
  // background, then TaskOutput calls for its id: one timed out with the task still running, one the user
  // declined, one that got the end.
  describe('TaskOutput of a shell started in the background', () => {
    const command = 'mix test test/spotter/transcripts/resources_test.exs 2>&1'
    const started = [
      use('bg', 'Bash', { command, description: 'Run resource tests', run_in_background: true }),
      result(
        'bg',
        'Command running in background with ID: bd0afab. Output is being written to: /tmp/claude-1000/tasks/bd0afab.output',
        { stdout: '', stderr: '', interrupted: false, backgroundTaskId: 'bd0afab' },
      ),
    ]
    const task = (status: string, output: string, exitCode: number | null) => ({
      retrieval_status: status === 'running' ? 'timeout' : 'success',
      task: {
        task_id: 'bd0afab',
        task_type: 'local_bash',
        status,
        description: 'Run resource tests',
        output,
        exitCode,
      },
    })

    it("shows the command of the Bash call that started it, not the task's description", () => {
      const events = fromClaudeCode(
        [
          ...started,
          use('o1', 'TaskOutput', { task_id: 'bd0afab', block: true, timeout: 120000 }),
          result(
            'o1',
            '<status>running</status>',
            task('running', '==> ash\nCompiling 549 files (.ex)\n', null),
          ),
          use('o2', 'TaskOutput', { task_id: 'bd0afab', block: true, timeout: 180000 }),
          result('o2', '<status>completed</status>', task('completed', '43 tests, 0 failures\n', 0)),
        ].join('\n'),
      )
      const ends = only(events, 'result').slice(1)
      expect(ends.map((e) => e.intent)).toEqual([
        { card: 'terminal', command, background: true, output: '==> ash\nCompiling 549 files (.ex)\n' },
        { card: 'terminal', command, background: true, output: '43 tests, 0 failures\n', exitCode: 0 },
      ])
      // while it waits: the same shell's card
      expect(only(events, 'call')[1]?.intent).toEqual({ card: 'terminal', command, background: true })
    })

    it('keeps the shell card when the user declined the call', () => {
      const events = fromClaudeCode(
        [
          ...started,
          use('o3', 'TaskOutput', { task_id: 'bd0afab', block: true, timeout: 300000 }),
          result(
            'o3',
            "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.",
            'User rejected tool use',
            true,
          ),
        ].join('\n'),
      )
      const card = foldSession(events).cards.find((c) => c.id === 'o3')
      expect(card?.status).toBe('rejected')
      expect(card?.intent).toEqual({ card: 'terminal', command, background: true })
    })

    it("a task this log did not see start (a sub-agent's) has no shell card while it waits", () => {
      const events = fromClaudeCode(use('o5', 'TaskOutput', { task_id: 'a81', block: true }))
      expect(only(events, 'call')[0]?.intent).toBeUndefined()
    })

    it('names a shell whose start is not in the log by its id', () => {
      const events = fromClaudeCode(
        [
          use('o4', 'TaskOutput', { task_id: 'zz9' }),
          result('o4', 'No task found with ID: zz9', 'Error', true),
        ].join('\n'),
      )
      expect(only(events, 'result')[0]?.intent).toMatchObject({
        card: 'terminal',
        command: 'background task zz9',
      })
    })
  })

  // Claude Code 1.0.95 (the corpus' vibe-coding-tracker log, toolu_01UZZ9fdTaAeLr6EUgRhuHTw): the patch of a
  // tab-indented go.mod had two spaces for each tab, so its context lines were not the file's (a check of
  // 371 edits against their logs' originalFile found this one).
  it("an Edit whose patch is not the file's (tabs written as spaces) shows the file before and after", () => {
    const originalFile =
      'module claude-code-helper\n\ngo 1.23.0\n\ntoolchain go1.24.3\n\nrequire (\n\tgithub.com/charmbracelet/bubbles v0.21.0\n\tgithub.com/charmbracelet/bubbletea v1.3.6\n)\n'
    const edit = {
      file_path: '/repo/go.mod',
      old_string: 'go 1.23.0\n\ntoolchain go1.24.3',
      new_string: 'go 1.23',
    }
    const structuredPatch = [
      {
        oldStart: 1,
        oldLines: 9,
        newStart: 1,
        newLines: 7,
        lines: [
          ' module claude-code-helper',
          ' ',
          '-go 1.23.0',
          '+go 1.23',
          ' ',
          '-toolchain go1.24.3',
          '-',
          ' require (',
          '   github.com/charmbracelet/bubbles v0.21.0',
          '   github.com/charmbracelet/bubbletea v1.3.6',
        ],
      },
    ]
    const events = fromClaudeCode(
      [
        use('e', 'Edit', edit),
        result('e', 'The file /repo/go.mod has been updated.', {
          filePath: '/repo/go.mod',
          oldString: edit.old_string,
          newString: edit.new_string,
          originalFile,
          structuredPatch,
          userModified: false,
          replaceAll: false,
        }),
      ].join('\n'),
    )
    expect(only(events, 'result')[0]?.intent).toEqual({
      card: 'diff',
      files: [
        {
          path: '/repo/go.mod',
          oldText: originalFile,
          newText: originalFile.replace('go 1.23.0\n\ntoolchain go1.24.3', 'go 1.23'),
          status: 'modified',
        },
      ],
    })
    // a patch that is the file's stays the patch
    const fixed = structuredPatch.map((h) => ({ ...h, lines: h.lines.map((l) => l.replace(/^ {3}/, ' \t')) }))
    const same = fromClaudeCode(
      [
        use('f', 'Edit', edit),
        result('f', 'ok', { filePath: '/repo/go.mod', ...edit, originalFile, structuredPatch: fixed }),
      ].join('\n'),
    )
    expect(only(same, 'result')[0]?.intent).toMatchObject({
      files: [{ path: '/repo/go.mod', status: 'modified' }],
    })
    expect(
      (only(same, 'result')[0]!.intent as { files: Array<{ patch?: string }> }).files[0]?.patch,
    ).toContain('-go 1.23.0')
  })

  it('reads a Grep without line numbers (`-n: false`) as `path:text`, a `:12:` in the text as text', () => {
    const content = 'notes.md:needle :12: in text'
    const events = fromClaudeCode(
      [
        use('g', 'Grep', { pattern: 'needle', output_mode: 'content', '-n': false }),
        result('g', content, { mode: 'content', content, numLines: 1 }),
      ].join('\n'),
    )
    expect(only(events, 'result')[0]?.intent).toMatchObject({
      card: 'search',
      matches: [{ path: 'notes.md', text: 'needle :12: in text' }],
    })
  })

  it('titles a sub-agent (Task) by its type and description and shows its answer', () => {
    const events = fromClaudeCode(
      [
        use('t', 'Task', {
          subagent_type: 'general-purpose',
          description: 'Find the bug',
          prompt: 'Look at x',
        }),
        result('t', [{ type: 'text', text: 'Found it in y' }], {
          content: [{ type: 'text', text: 'Found it in y' }],
        }),
      ].join('\n'),
    )
    expect(only(events, 'result')[0]?.intent).toMatchObject({
      card: 'generic',
      title: 'Sub-agent: general-purpose: Find the bug',
      output: 'Found it in y',
    })
  })
})

describe('fromClaudeCode: tool names that are names of Object.prototype', () => {
  it('reads them as unknown tools: no throw, no intent from the prototype, the other calls kept', async () => {
    const { parseIntent } = await import('../protocol')
    const names = [
      '__defineGetter__',
      '__defineSetter__',
      '__lookupGetter__',
      '__proto__',
      'constructor',
      'hasOwnProperty',
      'toString',
      'toLocaleString',
      'valueOf',
    ]
    const log = [
      ...names.flatMap((name, i) => [
        use(`done${i}`, name, { x: 1 }),
        result(`done${i}`, 'ok'),
        use(`open${i}`, name, { x: 1 }),
      ]),
      use('bash', 'Bash', { command: 'ls' }),
      result('bash', 'README.md'),
    ].join('\n')
    const events = fromClaudeCode(log)
    const calls = only(events, 'call')
    expect(calls.map((c) => c.toolName)).toEqual([...names.flatMap((n) => [n, n]), 'Bash'])
    for (const e of events) {
      const intent = (e as { intent?: unknown }).intent
      if (intent !== undefined) expect(parseIntent(intent).ok, JSON.stringify(e)).toBe(true)
    }
    // the unknown tools give no intent of their own (the generic card shows their name and arguments)
    for (const c of calls.slice(0, -1)) expect(c.intent).toBeUndefined()
    expect(only(events, 'result').find((r) => r.id === 'bash')?.status).toBe('completed')
  })
})
