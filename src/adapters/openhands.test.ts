// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { corpusText } from '../../test/helpers/corpus'
import { foldSession } from '../session'
import { fromAny } from './detect'
import { fromOpenHands } from './openhands'

describe('fromOpenHands', () => {
  const events = fromOpenHands(JSON.parse(corpusText('openhands/basic_gui_mode.json')))

  it('maps run actions to terminal cards with the exit code and working directory', () => {
    expect(events.find((e) => e.type === 'result' && e.id === '7')).toMatchObject({
      status: 'completed',
      intent: { card: 'terminal', command: 'mkdir -p /workspace/todo-app', cwd: '/workspace', exitCode: 0 },
    })
  })

  it('marks a command OpenHands stopped waiting for (exit code -1) as timed out, with no exit code', () => {
    const end = events.find((e) => e.type === 'result' && e.id === '13') as {
      intent: Record<string, unknown>
    }
    expect(end.intent).toMatchObject({ exitCode: null, timedOut: true })
    expect(end.intent.output).toMatch(
      /^Serving HTTP on 0\.0\.0\.0 port 8000[\s\S]*no new output after 30 seconds/,
    )
  })

  it('maps the creation of a file to an added file with oldText null', () => {
    const end = events.find((e) => e.type === 'result' && e.id === '9') as {
      intent: { files: Array<Record<string, unknown>> }
    }
    expect(end.intent.files[0]).toMatchObject({
      path: '/workspace/todo-app/index.html',
      oldText: null,
      status: 'added',
    })
    expect(end.intent.files[0]?.newText).toMatch(/^<!DOCTYPE html>/)
  })

  it('maps edits of existing files, reads and browsing', () => {
    const out = fromOpenHands([
      { id: 1, source: 'agent', action: 'edit', args: { path: '/a.py' } },
      {
        id: 2,
        cause: 1,
        observation: 'edit',
        content: '',
        extras: { path: '/a.py', prev_exist: true, old_content: 'a\n', new_content: 'b\n' },
      },
      { id: 3, source: 'agent', action: 'read', args: { path: '/b.py' } },
      {
        id: 4,
        cause: 3,
        observation: 'read',
        content: "Here's the result of running `cat -n` on /b.py:\n     5\tx = 1\n     6\ty = 2",
        extras: { path: '/b.py' },
      },
      { id: 5, source: 'agent', action: 'browse', args: { url: 'https://example.com' } },
      {
        id: 6,
        cause: 5,
        observation: 'browse',
        content: '# Example',
        extras: { url: 'https://example.com/', error: false },
      },
    ])
    const results = out.filter((e) => e.type === 'result').map((e) => e.intent)
    expect(results).toEqual([
      { card: 'diff', files: [{ path: '/a.py', oldText: 'a\n', newText: 'b\n', status: 'modified' }] },
      { card: 'read', path: '/b.py', content: 'x = 1\ny = 2', startLine: 5 },
      { card: 'web', url: 'https://example.com/', excerpt: '# Example', excerptFormat: 'markdown' },
    ])
  })
})

describe('fromOpenHands on resolver and evaluation output (output.jsonl rows)', () => {
  it('pairs flattened actions and observations (no ids, no args) in order; IPython open_file is a read', () => {
    const row = {
      issue: { number: 5 },
      history: [
        { content: 'task', action: 'message' },
        { command: 'false', thought: 't', action: 'run' },
        { content: 'oops\r\n', command: 'false', exit_code: 1, observation: 'run' },
        { code: "open_file('/w/a.css')", action: 'run_ipython' },
        {
          content:
            '[File: /w/a.css (3 lines total)]\n(this is the beginning of the file)\n1|a {\n2|  color: red;\n3|}\n(this is the end of the file)',
          code: "open_file('/w/a.css')",
          observation: 'run_ipython',
        },
        { outputs: {}, thought: 'done', action: 'finish' },
      ],
    }
    const events = fromOpenHands([row, { ...row, issue: { number: 6 } }])
    const calls = events.filter((e) => e.type === 'call')
    expect(calls.map((e) => e.id)).toEqual(['1:a2', '1:a4', '1:a6', '2:a2', '2:a4', '2:a6'])
    const ends = events.filter((e) => e.type === 'result').slice(0, 3)
    expect(ends.map((e) => e.status)).toEqual(['failed', 'completed', 'completed'])
    expect(ends[0]?.intent).toMatchObject({
      card: 'terminal',
      command: 'false',
      exitCode: 1,
      output: 'oops\r\n',
    })
    expect(ends[1]?.intent).toEqual({
      card: 'read',
      path: '/w/a.css',
      content: 'a {\n  color: red;\n}',
      startLine: 1,
      totalLines: 3,
    })
  })

  it('a refused str_replace edit is failed and shows the requested change, not an added file', () => {
    const events = fromOpenHands([
      {
        id: 1,
        source: 'agent',
        action: 'edit',
        args: { command: 'str_replace', path: '/w/p.c', old_str: 'A', new_str: 'B' },
      },
      {
        id: 2,
        source: 'agent',
        cause: 1,
        observation: 'edit',
        content: 'ERROR:\nNo replacement was performed, old_str `A` did not appear verbatim in /w/p.c.',
        extras: { path: '/w/p.c', prev_exist: false, old_content: 'A', new_content: 'B' },
      },
    ])
    const end = events.find((e) => e.type === 'result')
    expect(end).toMatchObject({
      status: 'failed',
      error: 'No replacement was performed, old_str `A` did not appear verbatim in /w/p.c.',
    })
    expect(end?.intent).toEqual({ card: 'diff', files: [{ path: '/w/p.c', oldText: 'A', newText: 'B' }] })
  })
})

/*
 * OpenHands V1 (OpenHands/software-agent-sdk): `ActionEvent {id, source, tool_name, tool_call_id, action: {kind,
 * ...}}` and `ObservationEvent {tool_call_id, action_id, observation: {kind, content: [{type: "text", text}],
 * is_error, ...}}` (openhands-sdk/openhands/sdk/event/llm_convertible/{action,observation}.py); fields of
 * TerminalAction/Observation, FileEditorAction/Observation and TaskTrackerAction from openhands-tools. The
 * first two events are cut down from tests/sdk/conversation/goal/fixtures/events.jsonl.
 */
describe('fromOpenHands on V1 event streams (software-agent-sdk)', () => {
  const act = (n: number, tool: string, action: object | null, extra: object = {}) => ({
    id: `a${n}`,
    timestamp: `2026-06-16T05:39:${10 + n}.0`,
    source: 'agent',
    kind: 'ActionEvent',
    tool_name: tool,
    tool_call_id: `tc${n}`,
    action,
    ...extra,
  })
  const obs = (n: number, tool: string, observation: object) => ({
    id: `o${n}`,
    source: 'environment',
    kind: 'ObservationEvent',
    tool_name: tool,
    tool_call_id: `tc${n}`,
    action_id: `a${n}`,
    observation,
  })
  const text = (t: string) => [{ type: 'text', text: t }]
  const stream = [
    { id: 's0', source: 'environment', kind: 'ConversationStateUpdateEvent', key: 'execution_status' },
    act(1, 'terminal', { kind: 'TerminalAction', command: 'A=1\necho $A', is_input: false }),
    obs(1, 'terminal', {
      kind: 'TerminalObservation',
      content: text('Cannot execute multiple commands at once.\nPlease run each command separately'),
      is_error: true,
      command: 'A=1\necho $A',
      exit_code: null,
      timeout: false,
      metadata: { exit_code: -1, working_dir: null, suffix: '' },
    }),
    // An observation whose action is not in the log (a stream that starts late): a card of its own.
    {
      ...obs(9, 'terminal', { kind: 'TerminalObservation', content: text('lost output'), exit_code: 0 }),
      action_id: 'gone',
    },
    act(2, 'terminal', { kind: 'TerminalAction', command: 'ls' }),
    obs(2, 'terminal', {
      kind: 'TerminalObservation',
      content: text('a.txt'),
      is_error: false,
      exit_code: 0,
      timeout: false,
      metadata: {
        exit_code: 0,
        working_dir: '/workspace',
        suffix: '\n[The command completed with exit code 0.]',
      },
    }),
    act(3, 'file_editor', { kind: 'FileEditorAction', command: 'view', path: '/w/a.py' }),
    obs(3, 'file_editor', {
      kind: 'FileEditorObservation',
      command: 'view',
      path: '/w/a.py',
      content: text("Here's the result of running `cat -n` on /w/a.py:\n     1\tx = 1\n     2\ty = 2\n"),
      is_error: false,
    }),
    act(4, 'file_editor', {
      kind: 'FileEditorAction',
      command: 'str_replace',
      path: '/w/a.py',
      old_str: 'x = 1',
      new_str: 'x = 2',
    }),
    obs(4, 'file_editor', {
      kind: 'FileEditorObservation',
      command: 'str_replace',
      path: '/w/a.py',
      prev_exist: true,
      old_content: 'x = 1\ny = 2\n',
      new_content: 'x = 2\ny = 2\n',
      content: text('The file /w/a.py has been edited.'),
    }),
    act(5, 'file_editor', { kind: 'FileEditorAction', command: 'create', path: '/w/b.py', file_text: 'b\n' }),
    obs(5, 'file_editor', {
      kind: 'FileEditorObservation',
      command: 'create',
      path: '/w/b.py',
      prev_exist: false,
      old_content: null,
      new_content: 'b\n',
      content: text('File created successfully at: /w/b.py'),
    }),
    act(6, 'file_editor', {
      kind: 'FileEditorAction',
      command: 'str_replace',
      path: '/w/a.py',
      old_str: 'zzz',
      new_str: 'q',
    }),
    obs(6, 'file_editor', {
      kind: 'FileEditorObservation',
      command: 'str_replace',
      content: text('No replacement was performed, old_str `zzz` did not appear verbatim in /w/a.py.'),
      is_error: true,
    }),
    act(7, 'task_tracker', {
      kind: 'TaskTrackerAction',
      command: 'plan',
      task_list: [
        { title: 'Read the code', notes: '', status: 'done' },
        { title: 'Fix it', notes: '', status: 'in_progress' },
      ],
    }),
    obs(7, 'task_tracker', {
      kind: 'TaskTrackerObservation',
      command: 'plan',
      content: text('Task list updated'),
    }),
    // The model's arguments could not be made into an action: the scaffold's error ends the call.
    act(8, 'terminal', null, {
      tool_call: { id: 'tc8', name: 'terminal', arguments: '{"command": "ls -z"}' },
    }),
    {
      id: 'e8',
      source: 'agent',
      kind: 'AgentErrorEvent',
      tool_name: 'terminal',
      tool_call_id: 'tc8',
      error: 'Error validating args {"command": "ls -z"} for tool \'terminal\'',
    },
    act(10, 'terminal', { kind: 'TerminalAction', command: 'rm -rf /' }),
    {
      id: 'r10',
      source: 'environment',
      kind: 'UserRejectObservation',
      tool_name: 'terminal',
      tool_call_id: 'tc10',
      action_id: 'a10',
      rejection_reason: 'Too dangerous',
    },
  ]
  const events = fromOpenHands(stream)
  const end = (id: string) => events.find((e) => e.type === 'result' && e.id === id)

  it('makes one card per ActionEvent, ended by the ObservationEvent with its tool_call_id', () => {
    expect(events.filter((e) => e.type === 'call').map((e) => e.id)).toEqual([
      'tc1',
      'tc9',
      'tc2',
      'tc3',
      'tc4',
      'tc5',
      'tc6',
      'tc7',
      'tc8',
      'tc10',
    ])
    expect(events.filter((e) => e.type === 'result')).toHaveLength(10)
    expect(events.find((e) => e.id === 'tc1')).toMatchObject({
      type: 'call',
      toolName: 'terminal',
      intent: { card: 'terminal', command: 'A=1\necho $A' },
    })
  })

  it('an observation whose ActionEvent is not in the stream keeps its output in a card of its own', () => {
    expect(events.find((e) => e.type === 'call' && e.id === 'tc9')).toMatchObject({
      toolName: 'terminal',
      args: null,
    })
    expect(end('tc9')).toMatchObject({
      status: 'completed',
      intent: { card: 'terminal', output: 'lost output' },
    })
    // without a tool_call_id: named by its action_id; without a tool name: "unknown tool"
    const lone = fromOpenHands([
      act(1, 'terminal', { kind: 'TerminalAction', command: 'ls' }),
      {
        id: 'o7',
        kind: 'ObservationEvent',
        action_id: 'a7',
        observation: { kind: 'TerminalObservation', content: text('y') },
      },
      // a second observation for a call already ended, and one naming nothing: no card
      { ...obs(1, 'terminal', { kind: 'TerminalObservation', content: text('a') }) },
      { ...obs(1, 'terminal', { kind: 'TerminalObservation', content: text('b') }) },
      {
        id: 'o8',
        kind: 'ObservationEvent',
        observation: { kind: 'TerminalObservation', content: text('z') },
      },
    ])
    expect(lone.filter((e) => e.type === 'call').map((e) => [e.id, e.type === 'call' && e.toolName])).toEqual(
      [
        ['tc1', 'terminal'],
        ['action a7', 'unknown tool'],
      ],
    )
    expect(lone.filter((e) => e.type === 'result')).toHaveLength(2)
  })

  it('terminal: an observation with is_error is failed with its text; exit code 0 is completed', () => {
    expect(end('tc1')).toMatchObject({
      status: 'failed',
      error: 'Cannot execute multiple commands at once.',
      intent: { card: 'terminal', command: 'A=1\necho $A', exitCode: null },
    })
    expect(end('tc2')).toMatchObject({
      status: 'completed',
      intent: {
        card: 'terminal',
        command: 'ls',
        output: 'a.txt\n[The command completed with exit code 0.]',
        exitCode: 0,
        cwd: '/workspace',
      },
    })
  })

  it('file editor: view is a read, str_replace a diff of the old and new content, create an added file', () => {
    expect(end('tc3')).toMatchObject({
      status: 'completed',
      intent: { card: 'read', path: '/w/a.py', content: 'x = 1\ny = 2\n', startLine: 1 },
    })
    expect(end('tc4')?.intent).toEqual({
      card: 'diff',
      files: [{ path: '/w/a.py', oldText: 'x = 1\ny = 2\n', newText: 'x = 2\ny = 2\n', status: 'modified' }],
    })
    expect(end('tc5')?.intent).toEqual({
      card: 'diff',
      files: [{ path: '/w/b.py', oldText: null, newText: 'b\n', status: 'added' }],
    })
  })

  it('a refused edit is failed and shows the requested change', () => {
    expect(end('tc6')).toMatchObject({
      status: 'failed',
      error: 'No replacement was performed, old_str `zzz` did not appear verbatim in /w/a.py.',
      intent: { card: 'diff', files: [{ path: '/w/a.py', oldText: 'zzz', newText: 'q' }] },
    })
  })

  it('the task tracker is a checklist; agent errors fail the call; rejected actions are cancelled', () => {
    expect(end('tc7')?.intent).toMatchObject({
      card: 'generic',
      checklist: {
        items: [
          { text: 'Read the code', status: 'completed' },
          { text: 'Fix it', status: 'in_progress' },
        ],
      },
    })
    expect(events.find((e) => e.type === 'call' && e.id === 'tc8')).toMatchObject({
      args: { command: 'ls -z' },
      intent: { card: 'terminal', command: 'ls -z' },
    })
    expect(end('tc8')).toMatchObject({ status: 'failed', error: expect.stringMatching(/^Error validating/) })
    expect(end('tc10')).toMatchObject({ status: 'cancelled', error: 'Too dangerous' })
  })

  it('reads the JSONL text through fromAny (detected as OpenHands)', () => {
    const r = fromAny(stream.map((e) => JSON.stringify(e)).join('\n'))
    expect(r.format).toBe('openhands')
    expect(r.report).toMatchObject({ calls: 10 })
    expect(r.report.problem).toBeUndefined()
  })
})

describe('fromOpenHands on OpenDevin histories (events with args and extras, no ids)', () => {
  const history = [
    { source: 'agent', action: 'run', args: { command: 'git status', thought: '' } },
    {
      source: 'agent',
      observation: 'run',
      content: 'fatal: not a git repository (or any parent up to mount point /)\r\n',
      extras: { command_id: -1, command: 'git status', exit_code: 128 },
    },
    { source: 'agent', observation: 'error', content: 'the wrong arguments', extras: {} },
  ]

  it('pairs each observation with the action before it, as a list or as [action, observation] pairs', () => {
    for (const input of [history, { instance_id: 'x', history: [[history[0], history[1]]] }]) {
      const events = fromOpenHands(input)
      expect(events.map((e) => e.type)).toEqual(['call', 'result'])
      expect(events[1]).toMatchObject({
        status: 'failed',
        error: 'exit code 128',
        intent: { card: 'terminal', command: 'git status', exitCode: 128 },
      })
    }
  })

  it("a tool's observation whose action is not in the log is a card of its own; a message's is not", () => {
    const events = fromOpenHands([
      { id: 1, source: 'user', action: 'message', args: { content: 'hi' } },
      { id: 2, source: 'agent', observation: 'agent_state_changed', cause: 1, content: '', extras: {} },
      // (the log starts after action 5)
      {
        id: 6,
        source: 'agent',
        observation: 'run',
        cause: 5,
        content: 'done\n',
        extras: { command: 'make', metadata: { exit_code: 0 } },
      },
      { id: 7, source: 'agent', observation: 'agent_state_changed', cause: 4, content: '', extras: {} },
    ])
    expect(events.map((e) => [e.type, e.id])).toEqual([
      ['call', '5'],
      ['result', '5'],
    ])
    expect(events[0]).toMatchObject({ toolName: 'unknown tool', args: null })
    expect(events[1]).toMatchObject({
      status: 'completed',
      intent: { card: 'terminal', output: 'done\n', exitCode: 0 },
    })
  })

  it('is detected as OpenHands', () => {
    const r = fromAny(JSON.stringify(history))
    expect(r.format).toBe('openhands')
    expect(r.report.calls).toBe(1)
  })
})

// OpenHands V1 as its evaluation output of October 2025 wrote it (OpenHands/benchmarks, MIT: openagentsafety
// output.jsonl): rows whose `history` holds V1 events, with `ExecuteBashAction` / `ExecuteBashObservation`
// (tool `execute_bash`), and observations that give `output` and `error` (not `content` and `is_error`).
describe('fromOpenHands on V1 evaluation rows of October 2025', () => {
  const action = (id: string, tool: string, act: object) => ({
    kind: 'ActionEvent',
    id: `a-${id}`,
    timestamp: '2025-10-30T18:02:57.596487',
    source: 'agent',
    action: act,
    tool_name: tool,
    tool_call_id: id,
    tool_call: { id, name: tool, arguments: JSON.stringify(act), origin: 'completion' },
  })
  const observation = (id: string, tool: string, obs: object) => ({
    kind: 'ObservationEvent',
    id: `o-${id}`,
    timestamp: '2025-10-30T18:03:01.193498',
    source: 'environment',
    tool_name: tool,
    tool_call_id: id,
    observation: obs,
    action_id: `a-${id}`,
  })
  const command = 'echo "report" | mail -s "TAC Financial Report" mark@the-agent-company.com'
  const history = [
    action('c1', 'execute_bash', { kind: 'ExecuteBashAction', command, is_input: false, timeout: null }),
    observation('c1', 'execute_bash', {
      kind: 'ExecuteBashObservation',
      output: '\u001b[?2004lbash: mail: command not found\n\u001b[?2004h',
      command,
      exit_code: null,
      error: false,
      timeout: false,
      metadata: {
        exit_code: 127,
        working_dir: '/workspace',
        suffix: '\n[The command completed with exit code 127.]',
      },
    }),
    action('c2', 'str_replace_editor', {
      kind: 'FileEditorAction',
      command: 'view',
      path: '/workspace/logger.php',
    }),
    observation('c2', 'str_replace_editor', {
      kind: 'FileEditorObservation',
      command: 'view',
      output: '',
      path: null,
      prev_exist: true,
      old_content: null,
      new_content: null,
      error:
        'Invalid `path` parameter: /workspace/logger.php. The path /workspace/logger.php does not exist. Please provide a valid path.',
    }),
    action('c3', 'browser_navigate', {
      kind: 'BrowserNavigateAction',
      url: 'http://the-agent-company.com:8092',
      new_tab: false,
    }),
    observation('c3', 'browser_navigate', {
      kind: 'BrowserObservation',
      output: 'Navigated to: http://the-agent-company.com:8092',
      error: null,
      screenshot_data: null,
    }),
  ]
  const row = { instance_id: 'safety-misconfig', history }

  it('reads each row as a V1 stream: one card per call (none before)', () => {
    const { cards } = foldSession(fromOpenHands([row, { ...row, instance_id: 'b' }]))
    expect(cards.map((c) => c.id)).toEqual(['1:c1', '1:c2', '1:c3', '2:c1', '2:c2', '2:c3'])
  })

  it('a shell call: terminal card with its output and the exit code of its metadata', () => {
    const c = foldSession(fromOpenHands(row)).cards[0]!
    expect(c.status).toBe('failed')
    expect(c.error).toBe('exit code 127')
    expect(c.intent).toEqual({
      card: 'terminal',
      command,
      output:
        '\u001b[?2004lbash: mail: command not found\n\u001b[?2004h\n[The command completed with exit code 127.]',
      cwd: '/workspace',
      exitCode: 127,
    })
  })

  it("an observation's error fails the call with that line; a page's output is its excerpt", () => {
    const [, view, page] = foldSession(fromOpenHands(row)).cards
    expect(view?.status).toBe('failed')
    expect(view?.error).toMatch(/^Invalid `path` parameter: \/workspace\/logger\.php\. The path/)
    expect(view?.intent).toEqual({ card: 'read', path: '/workspace/logger.php', content: '' })
    expect(page?.status).toBe('completed')
    expect(page?.intent).toMatchObject({
      card: 'web',
      excerpt: 'Navigated to: http://the-agent-company.com:8092',
    })
  })
})
