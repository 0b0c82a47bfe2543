// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { RenderIntent, SessionEvent } from '../protocol'
import { foldSession } from '../session'
import { fromCodex } from './codex'
import { fromAny } from './detect'
import { fromResponses, parseCodexPatch, shellPatch } from './responses'

const results = (events: SessionEvent[]) => events.filter((e) => e.type === 'result')

describe('fromResponses (OpenAI Responses API items)', () => {
  it('reads a response object: a function call and its output, a web search, a file search', () => {
    const response = {
      id: 'resp_1',
      object: 'response',
      output: [
        { type: 'function_call', call_id: 'c1', name: 'get_weather', arguments: '{"city":"Lisbon"}' },
        {
          type: 'web_search_call',
          id: 'ws1',
          status: 'completed',
          action: { type: 'search', query: 'lisbon weather' },
        },
        {
          type: 'file_search_call',
          id: 'fs1',
          status: 'completed',
          queries: ['deadline'],
          results: [{ filename: 'plan.pdf', text: 'The deadline is May.\nMore', score: 0.9 }],
        },
      ],
    }
    const events = fromAny(JSON.stringify(response))
    expect(events.format).toBe('openai-responses')
    expect(events.events.filter((e) => e.type === 'call').map((e) => e.id)).toEqual(['c1', 'ws1', 'fs1'])
    expect(results(events.events).map((e) => e.intent)).toEqual([
      { card: 'web', url: '', query: 'lisbon weather' },
      {
        card: 'search',
        query: 'deadline',
        mode: 'content',
        matches: [{ path: 'plan.pdf', text: 'The deadline is May.' }],
        totalFiles: 1,
      },
    ])
    // The function call has no output in this response: it stays running.
    expect(events.events.find((e) => e.id === 'c1')).toMatchObject({
      type: 'call',
      toolName: 'get_weather',
      args: { city: 'Lisbon' },
    })
  })

  it('reads a local shell call and its output as a terminal card with the exit code', () => {
    const events = fromResponses([
      {
        type: 'local_shell_call',
        call_id: 'ls1',
        status: 'completed',
        action: { type: 'exec', command: ['bash', '-lc', 'ls -la'], working_directory: '/w' },
      },
      {
        type: 'local_shell_call_output',
        call_id: 'ls1',
        output: '{"output":"a\\nb\\n","metadata":{"exit_code":2,"duration_seconds":0.25}}',
      },
    ])
    expect(results(events)[0]).toMatchObject({
      status: 'failed',
      error: 'exit code 2',
      intent: {
        card: 'terminal',
        command: 'ls -la',
        cwd: '/w',
        output: 'a\nb\n',
        exitCode: 2,
        durationMs: 250,
      },
    })
  })

  it('reads the newer plain-text shell output ("Exit code: N", "Wall time", "Output:")', () => {
    const events = fromResponses([
      {
        type: 'function_call',
        call_id: 'c',
        name: 'shell_command',
        arguments: '{"command":"git status","workdir":"/r"}',
      },
      {
        type: 'function_call_output',
        call_id: 'c',
        output: 'Exit code: 0\nWall time: 1.5 seconds\nOutput:\nclean\n',
      },
    ])
    expect(results(events)[0]?.intent).toEqual({
      card: 'terminal',
      command: 'git status',
      cwd: '/r',
      output: 'clean\n',
      exitCode: 0,
      durationMs: 1500,
    })
  })

  it('reads unified-exec output, whose header lines come in another order', () => {
    const events = fromResponses([
      {
        type: 'function_call',
        call_id: 'u',
        name: 'exec_command',
        arguments: '{"cmd":"npm test","workdir":"/r"}',
      },
      {
        type: 'function_call_output',
        call_id: 'u',
        output:
          'Chunk ID: 7f2a\nWall time: 2.0 seconds\nProcess exited with code 3\nOriginal token count: 4\nOutput:\nfailing\n',
      },
    ])
    const intent = results(events)[0]?.intent as { exitCode?: number; durationMs?: number; output?: string }
    expect([intent.exitCode, intent.durationMs, intent.output]).toEqual([3, 2000, 'failing\n'])
  })

  it('keeps text that only looks like a header as the output, unparsed', () => {
    const text = 'Note: build cached\nOutput:\nok\n'
    const events = fromResponses([
      { type: 'function_call', call_id: 'n', name: 'shell_command', arguments: '{"command":"make"}' },
      { type: 'function_call_output', call_id: 'n', output: text },
    ])
    const intent = results(events)[0]?.intent as { exitCode?: number; output?: string }
    expect(intent.exitCode).toBeUndefined()
    expect(intent.output).toBe(text)
  })

  it('reads apply_patch (custom tool call) as diff files, and a failure as failed', () => {
    const patch = [
      '*** Begin Patch',
      '*** Add File: docs/new.md',
      '+# New',
      '+text',
      '*** Update File: src/a.ts',
      '@@ function f',
      ' keep',
      '-old',
      '+new',
      '*** Delete File: gone.txt',
      '*** End Patch',
    ].join('\n')
    const events = fromResponses([
      { type: 'custom_tool_call', call_id: 'p', name: 'apply_patch', input: patch },
      { type: 'custom_tool_call_output', call_id: 'p', output: 'apply_patch verification failed: no match' },
    ])
    const [end] = results(events)
    expect(end).toMatchObject({ status: 'failed', error: 'apply_patch verification failed: no match' })
    expect(end?.intent).toEqual({
      card: 'diff',
      files: [
        { path: 'docs/new.md', oldText: null, newText: '# New\ntext', status: 'added' },
        // the anchor says where (Codex seeks the lines after it)
        {
          path: 'src/a.ts',
          oldText: '@@ function f\nkeep\nold',
          newText: '@@ function f\nkeep\nnew',
          status: 'modified',
        },
        { path: 'gone.txt', oldText: '', newText: null, status: 'deleted' },
      ],
    })
  })

  it('joins the chunks of one file into one entry, with the @@ line between them, and follows a move', () => {
    const files = parseCodexPatch(
      [
        '*** Begin Patch',
        '*** Update File: a.py',
        '*** Move to: b.py',
        '@@',
        '-x = 1',
        '+x = 2',
        '@@ def g',
        '-y',
        '+z',
        '*** End Patch',
        '',
      ].join('\n'),
    )
    expect(files).toEqual([
      {
        path: 'b.py',
        oldPath: 'a.py',
        oldText: 'x = 1\n@@ def g\ny',
        newText: 'x = 2\n@@ def g\nz',
        status: 'renamed',
      },
    ])
  })

  it('keeps a chunk of context only (an anchor) as context: one file in, one file out', () => {
    // As Codex wrote it (codemie-ai/codemie-code rollout): a bare `@@` and one context line, then the change.
    const anchored = parseCodexPatch(
      [
        '*** Begin Patch',
        '*** Update File: src/a.test.ts',
        '@@',
        "   describe('Plugin Injection', () => {",
        '@@',
        '   });',
        '+',
        "+  describe('Compaction Config', () => {",
        ' ',
        "   describe('Cleanup', () => {",
        '*** End Patch',
        '',
      ].join('\n'),
    )
    expect(anchored).toEqual([
      {
        path: 'src/a.test.ts',
        status: 'modified',
        oldText: "  describe('Plugin Injection', () => {\n@@\n  });\n\n  describe('Cleanup', () => {",
        newText:
          "  describe('Plugin Injection', () => {\n@@\n  });\n\n  describe('Compaction Config', () => {\n\n  describe('Cleanup', () => {",
      },
    ])
    // Stacked anchors (`@@ class A`, `@@ def f():`) before the first change, and a context chunk at the end.
    const stacked = parseCodexPatch(
      [
        '*** Begin Patch',
        '*** Update File: m.py',
        '@@ class A:',
        '@@     def f():',
        '-        return 1',
        '+        return 2',
        '@@ def g():',
        '     pass',
        '*** End of File',
        '*** End Patch',
      ].join('\n'),
    )
    expect(stacked).toEqual([
      {
        path: 'm.py',
        status: 'modified',
        oldText: '@@ class A:\n@@     def f():\n        return 1\n@@ def g():\n    pass',
        newText: '@@ class A:\n@@     def f():\n        return 2\n@@ def g():\n    pass',
      },
    ])
  })

  // Codex's own reading (openai/codex, codex-rs/apply-patch, Apache-2.0: its parser and the scenarios
  // 017_whitespace_padded_hunk_header and 020_whitespace_padded_patch_marker_lines), checked by a port of it
  // on all 23 scenarios: the kit found no file, invented lines, or dropped a file, on these.
  it('reads an envelope as Codex does: padded markers, CR LF, a blank line before the first chunk, the first anchor', () => {
    const modified = (path: string, oldText: string, newText: string) => ({
      path,
      oldText,
      newText,
      status: 'modified',
    })
    // a padded Update header (scenario 017): no file before
    expect(
      parseCodexPatch('*** Begin Patch\n  *** Update File: foo.txt\n@@\n-old\n+new\n*** End Patch\n'),
    ).toEqual([modified('foo.txt', 'old', 'new')])
    // a padded End Patch (scenario 020): it was an unchanged line of the file
    expect(
      parseCodexPatch('*** Begin Patch \n*** Update File: file.txt\n@@\n-one\n+two\n *** End Patch\n'),
    ).toEqual([modified('file.txt', 'one', 'two')])
    // a padded header after an added file: the second file was lost and its lines added to the first
    expect(
      parseCodexPatch(
        '*** Begin Patch\n*** Add File: a.txt\n+x\n  *** Update File: b.txt\n@@\n-old\n+new\n*** End Patch',
      ),
    ).toEqual([
      { path: 'a.txt', oldText: null, newText: 'x', status: 'added' },
      modified('b.txt', 'old', 'new'),
    ])
    // CR LF line ends: no file before
    expect(
      parseCodexPatch(
        '*** Begin Patch\r\n*** Update File: foo.txt\r\n@@\r\n-old\r\n+new\r\n*** End Patch\r\n',
      ),
    ).toEqual([modified('foo.txt', 'old', 'new')])
    // a blank line before the first chunk is not the file's; the first chunk's anchor is shown
    expect(
      parseCodexPatch(
        '*** Begin Patch\n*** Update File: a.py\n\n@@ def g():\n-    x = 1\n+    x = 2\n*** End Patch',
      ),
    ).toEqual([modified('a.py', '@@ def g():\n    x = 1', '@@ def g():\n    x = 2')])
    // no End Patch: the text's last line break starts no line
    expect(parseCodexPatch('*** Begin Patch\n*** Update File: a.py\n@@\n-    x = 1\n+    x = 2\n')).toEqual([
      modified('a.py', '    x = 1', '    x = 2'),
    ])
  })

  it('takes the applypatch alias as Codex does, and no `cd` with two arguments', () => {
    const patch = '*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch'
    expect(shellPatch({ command: ['applypatch', patch] })).toBe(patch)
    expect(shellPatch({ command: ['bash', '-lc', `applypatch <<'PATCH'\n${patch}\nPATCH\n`] })).toBe(patch)
    expect(
      shellPatch({ command: ['bash', '-lc', `cd 'my dir' && apply_patch <<'PATCH'\n${patch}\nPATCH\n`] }),
    ).toBe(patch)
    expect(
      shellPatch({ command: ['bash', '-lc', `cd foo bar && apply_patch <<'PATCH'\n${patch}\nPATCH\n`] }),
    ).toBe(undefined)
  })

  it('shows an id-less web_search_call (as Codex writes them) instead of dropping it', () => {
    const events = fromResponses([
      { type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'q' } },
      { type: 'web_search_call', status: 'completed', action: { type: 'open_page', url: 'https://a.dev/' } },
    ])
    expect(events.filter((e) => e.type === 'call').map((e) => [e.id, e.intent])).toEqual([
      ['web_search_call-1', { card: 'web', url: '', query: 'q' }],
      ['web_search_call-2', { card: 'web', url: 'https://a.dev/' }],
    ])
    expect(results(events).map((e) => e.status)).toEqual(['completed', 'completed'])
  })

  it('reads a shell output that is a header alone ("Process exited with code 2", no "Output:")', () => {
    const events = fromResponses([
      { type: 'function_call', call_id: 'h', name: 'exec_command', arguments: '{"cmd":"false"}' },
      {
        type: 'function_call_output',
        call_id: 'h',
        output: 'Wall time: 0.2 seconds\nProcess exited with code 2\n',
      },
    ])
    expect(results(events)[0]).toMatchObject({
      status: 'failed',
      intent: { card: 'terminal', command: 'false', output: '', exitCode: 2, durationMs: 200 },
    })
  })

  it('shows update_plan as a checklist with the explanation', () => {
    const events = fromResponses([
      {
        type: 'function_call',
        call_id: 'u',
        name: 'update_plan',
        arguments: JSON.stringify({
          explanation: 'Tests first',
          plan: [
            { step: 'Write test', status: 'completed' },
            { step: 'Fix', status: 'in_progress' },
            { step: 'Ship', status: 'pending' },
          ],
        }),
      },
      { type: 'function_call_output', call_id: 'u', output: 'Plan updated' },
    ])
    expect(results(events)[0]?.intent).toMatchObject({
      card: 'generic',
      title: 'Plan',
      output: 'Plan updated',
      checklist: {
        explanation: 'Tests first',
        items: [
          { text: 'Write test', status: 'completed' },
          { text: 'Fix', status: 'in_progress' },
          { text: 'Ship', status: 'pending' },
        ],
      },
    })
  })
})

describe('fromCodex on rollouts (session_meta, response_item, event_msg, turn_context)', () => {
  const line = (type: string, payload: object) =>
    JSON.stringify({ timestamp: '2025-10-01T10:00:00.000Z', type, payload })

  it('turns response items into cards and lets event_msg lines about the same call only add facts', () => {
    const text = [
      line('session_meta', { id: 's', cwd: '/p', cli_version: '0.58.0' }),
      line('turn_context', { cwd: '/p', model: 'gpt-5' }),
      line('response_item', { type: 'ghost_snapshot', ghost_commit: { id: 'g' } }),
      line('response_item', {
        type: 'function_call',
        name: 'shell',
        arguments: '{"command":["bash","-lc","make"]}',
        call_id: 'c1',
      }),
      line('event_msg', { type: 'exec_command_end', call_id: 'c1', exit_code: 0, stdout: 'ok' }),
      line('response_item', {
        type: 'function_call_output',
        call_id: 'c1',
        output: '{"output":"ok\\n","metadata":{"exit_code":0,"duration_seconds":1}}',
      }),
      line('response_item', {
        type: 'custom_tool_call',
        name: 'apply_patch',
        call_id: 'c2',
        input: '*** Begin Patch\n*** Add File: x\n+1\n*** End Patch',
      }),
      line('event_msg', {
        type: 'patch_apply_end',
        call_id: 'c2',
        success: false,
        stdout: '',
        stderr: 'x exists',
      }),
      line('response_item', { type: 'custom_tool_call_output', call_id: 'c2', output: 'Failed' }),
      line('event_msg', {
        type: 'patch_apply_end',
        call_id: 'c3',
        success: true,
        changes: { '/p/y': { type: 'add', content: 'hi' } },
      }),
    ].join('\n')
    const r = fromAny(text)
    expect(r.format).toBe('codex')
    expect(r.events.filter((e) => e.type === 'call').map((e) => e.id)).toEqual(['c1', 'c2', 'c3'])
    expect(
      results(r.events).map((e) => [e.id, e.status, (e.intent as { card?: string } | undefined)?.card]),
    ).toEqual([
      ['c1', 'completed', 'terminal'],
      ['c2', 'failed', 'diff'],
      ['c3', 'completed', 'diff'],
    ])
    expect(fromCodex(text)).toEqual(r.events)
  })

  // Shapes found in real Codex CLI 0.40 rollouts (macOS, VS Code; jnarowski/agentcmd's test fixtures), not
  // seen before: a shell call denied by the sandbox, a patch the user rejected, and patches applied through
  // the shell tool (every edit of one 123-call session).
  const session = (...lines: string[]) =>
    [line('session_meta', { id: 's', cwd: '/p', cli_version: '0.40.0' }), ...lines].join('\n')
  const shellCall = (id: string, script: string) =>
    line('response_item', {
      type: 'function_call',
      name: 'shell',
      arguments: JSON.stringify({ command: ['bash', '-lc', script], workdir: '/p' }),
      call_id: id,
    })
  const output = (id: string, text: string) =>
    line('response_item', { type: 'function_call_output', call_id: id, output: text })
  const patch =
    "*** Begin Patch\n*** Update File: src/a.ts\n@@\n-import { useMemo } from 'react';\n*** End Patch"

  it('a command the sandbox denied ("failed in sandbox … exit code: 1 …") is failed, with its exit code', () => {
    const text = session(
      shellCall('c1', "sed -n '1,200p' src/app/(protected)/page.tsx"),
      output(
        'c1',
        'failed in sandbox MacosSeatbelt with execution error: sandbox denied exec error, exit code: 1, stdout: , stderr: zsh:1: no matches found: src/app/(protected)/page.tsx\n',
      ),
    )
    const { cards } = foldSession(fromAny(text).events)
    expect(cards[0]!.status).toBe('failed')
    expect(cards[0]!.error).toMatch(/^failed in sandbox MacosSeatbelt with execution error/)
    expect(cards[0]!.intent).toMatchObject({ card: 'terminal', exitCode: 1 })
    expect((cards[0]!.intent as { output: string }).output).toContain('no matches found')
  })

  it("a patch applied through the shell (apply_patch <<'PATCH') is a diff card, its exit code its outcome", () => {
    const text = session(
      shellCall('c1', `apply_patch <<'PATCH'\n${patch}\nPATCH\n`),
      output(
        'c1',
        JSON.stringify({
          output: 'Success. Updated the following files:\nM src/a.ts\n',
          metadata: { exit_code: 0, duration_seconds: 0 },
        }),
      ),
      shellCall('c2', `cd /p && apply_patch <<"EOF"\n${patch}\nEOF`),
      output('c2', JSON.stringify({ output: 'error: no match', metadata: { exit_code: 1 } })),
    )
    const { cards } = foldSession(fromAny(text).events)
    expect(cards.map((c) => [c.status, (c.intent as { card?: string } | undefined)?.card])).toEqual([
      ['completed', 'diff'],
      ['failed', 'diff'],
    ])
    expect(cards[0]!.intent).toEqual({
      card: 'diff',
      files: [
        { path: 'src/a.ts', oldText: "import { useMemo } from 'react';", newText: '', status: 'modified' },
      ],
    })
  })

  it('reads the patch of apply_patch run through the shell, and nothing else', () => {
    expect(shellPatch({ command: ['apply_patch', patch] })).toBe(patch)
    expect(shellPatch({ command: ['bash', '-lc', `apply_patch <<'P'\n${patch}\nP\n`] })).toBe(patch)
    expect(shellPatch({ command: `cd x && apply_patch <<EOF\n${patch}\nEOF` })).toBe(patch)
    // not the whole script: another command after it, a heredoc that does not end, no patch
    expect(
      shellPatch({ command: ['bash', '-lc', `apply_patch <<'P'\n${patch}\nP\nnpm test`] }),
    ).toBeUndefined()
    expect(shellPatch({ command: ['bash', '-lc', `apply_patch <<'P'\n${patch}\n`] })).toBeUndefined()
    expect(shellPatch({ command: ['bash', '-lc', 'cat <<EOF\n*** Begin Patch\nEOF'] })).toBeUndefined()
    expect(shellPatch({ command: ['ls'] })).toBeUndefined()
    expect(shellPatch({})).toBeUndefined()
  })

  it('a patch or a command the user rejected ends rejected, decided by the user, and keeps what would have run', () => {
    const text = session(
      shellCall('c1', `apply_patch <<'PATCH'\n${patch}\nPATCH\n`),
      output('c1', 'patch rejected by user'),
      shellCall('c2', 'rm -rf build'),
      output('c2', 'exec command rejected by user'),
    )
    const { cards, problems } = foldSession(fromAny(text).events)
    expect(problems).toEqual([])
    expect(
      cards.map((c) => [
        c.status,
        (c.intent as { card?: string } | undefined)?.card,
        c.approval?.decision?.by,
      ]),
    ).toEqual([
      ['rejected', 'diff', 'user'],
      ['rejected', 'terminal', 'user'],
    ])
    expect(cards[1]!.intent).toMatchObject({ card: 'terminal', command: 'rm -rf build' })
  })
})

describe('a shell call that only prints a file (Codex rollouts)', () => {
  const run = (script: string, output: string, workdir?: string) =>
    results(
      fromResponses([
        {
          type: 'function_call',
          call_id: 'r1',
          name: 'shell',
          arguments: JSON.stringify({ command: ['bash', '-lc', script], ...(workdir ? { workdir } : {}) }),
        },
        { type: 'function_call_output', call_id: 'r1', output },
      ]),
    )[0]?.intent as RenderIntent | undefined
  const ok = (text: string) =>
    JSON.stringify({ output: text, metadata: { exit_code: 0, duration_seconds: 0 } })

  it('is a read card with its first line; a working directory of "." adds nothing', () => {
    expect(run("sed -n '40,42p' src/a.ts", ok('x\ny\nz\n'), '.')).toEqual({
      card: 'read',
      path: 'src/a.ts',
      content: 'x\ny\nz',
      startLine: 40,
    })
    expect(run('cat b.md', 'Exit code: 0\nWall time: 0 seconds\nOutput:\n# B\n', '/repo/')).toEqual({
      card: 'read',
      path: '/repo/b.md',
      content: '# B',
      startLine: 1,
    })
  })

  it('stays a terminal card when Codex left lines out, when it failed, or when it does more than print', () => {
    const omitted = ok('1\n2\n[... omitted 300 of 400 lines ...]\n399\n400\n')
    expect(run("sed -n '1,400p' big.ts", omitted)?.card).toBe('terminal')
    expect(run("sed -n '1,4p' a.ts", ok('a\n…1200 chars truncated…\nb\n'))?.card).toBe('terminal')
    expect(
      run('cat nope.ts', JSON.stringify({ output: 'cat: nope.ts: No such file', metadata: { exit_code: 1 } }))
        ?.card,
    ).toBe('terminal')
    expect(run('cat a.ts | head', ok('a\n'))?.card).toBe('terminal')
    // a variable, a command substitution, an option: not a plain file name
    for (const script of ['cat "$HOME/a.ts"', 'cat `ls`', 'cat -n a.ts', 'cat -', `sed -n '1,2p" a.ts`])
      expect(run(script, ok('a\n'))?.card, script).toBe('terminal')
  })

  // Codex 0.128 (codemie-ai/codemie-code's rollout fixture, Apache-2.0) read a file whose name has spaces:
  // `sed -n '40,180p' /Users/Sample_User/Downloads/Sample\ BiS\ Demo\ Prep.vtt`, 8 such calls.
  it('reads the file name as the shell does: backslash-escaped spaces, single or double quotes', () => {
    const read = (script: string) => run(script, ok('WEBVTT\n'))
    expect(read("sed -n '40,180p' /Users/S/Downloads/Sample\\ BiS\\ Demo\\ Prep.vtt")).toEqual({
      card: 'read',
      path: '/Users/S/Downloads/Sample BiS Demo Prep.vtt',
      content: 'WEBVTT',
      startLine: 40,
    })
    expect(read(`sed -n "5,9p" 'notes/a b.md'`)).toMatchObject({ path: 'notes/a b.md', startLine: 5 })
    expect(read('cat "src/app/(protected)/page.tsx"')).toMatchObject({ path: 'src/app/(protected)/page.tsx' })
  })

  it('any file name, quoted for the shell, is read back as the same name', () => {
    // POSIX quoting as the oracle: the name in single quotes, each ' written as '\''
    const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'ab/. -_(){}[]\'"\\$`;&|*?~é中'.split('')), minLength: 1 }),
        (name) => {
          fc.pre(!name.startsWith('-') && !name.includes('\n'))
          const intent = run(`cat ${quote(name)}`, ok('x\n'))
          expect(intent).toMatchObject({ card: 'read', path: name })
        },
      ),
    )
  })
})
