// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { corpusText } from '../../test/helpers/corpus'
import { foldSession } from '../session'
import { detectFormat, fromAny } from './detect'
import { fromSweAgent, isSweAgentTrajectory, readWindow } from './sweAgent'

const traj = JSON.parse(corpusText('swe-agent/pydicom__pydicom-1458.traj'))
const events = fromSweAgent(traj)
const intentOf = (n: number) =>
  (events.find((e) => e.type === 'result' && e.id === `step-${n}`) as { intent: Record<string, unknown> })
    .intent

describe('fromSweAgent', () => {
  it('reads a file window with its real line numbers and length', () => {
    expect(
      readWindow(
        '[File: /a.py (372 lines total)]\n(272 more lines above)\n273:x\n274:y\n(98 more lines below)',
      ),
    ).toEqual({
      path: '/a.py',
      totalLines: 372,
      startLine: 273,
      lines: ['x', 'y'],
    })
    expect(intentOf(5)).toMatchObject({
      card: 'read',
      path: '/pydicom__pydicom/pydicom/pixel_data_handlers/numpy_handler.py',
      startLine: 273,
      totalLines: 372,
    })
  })

  it('rebuilds the removed lines of an edit from the last window of the file', () => {
    const files = intentOf(9).files as Array<{ path: string; patch: string }>
    const patch = files[0]!.patch
    const added = (traj.trajectory[8].action as string).split('\n').slice(1, -2).length
    expect(patch.split('\n').slice(0, 3)).toEqual([
      `--- ${files[0]!.path}`,
      `+++ ${files[0]!.path}`,
      `@@ -287,10 +287,${added} @@`,
    ])
    const body = patch.split('\n').slice(3)
    expect(body.filter((l) => l.startsWith('+'))).toHaveLength(added)
    // The old lines come from the original code shown earlier: they are what the file held at 287-296.
    const window = readWindow(traj.trajectory[4].observation)!
    const old = body.filter((l) => l.startsWith('-')).map((l) => l.slice(1))
    expect(old.slice(0, 9)).toEqual(window.lines.slice(287 - 273, 296 - 273))
  })

  it('marks edits refused for syntax errors as failed', () => {
    const end = events.find((e) => e.type === 'result' && e.id === 'step-6')
    expect(end).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^ERRORS:\n- E999 SyntaxError/),
    })
  })

  it('maps find_file, python runs and submit', () => {
    expect(intentOf(4)).toMatchObject({
      card: 'search',
      mode: 'files',
      query: 'numpy_handler.py',
      totalFiles: 3,
    })
    expect(intentOf(3)).toMatchObject({
      card: 'terminal',
      command: 'python reproduce_bug.py',
      output: expect.stringMatching(/^Traceback/),
    })
    expect(intentOf(12)).toMatchObject({
      card: 'diff',
      files: [{ path: 'pydicom/pixel_data_handlers/numpy_handler.py' }],
    })
  })
})

describe('fromSweAgent on the function-calling demonstration (edit by text, insert, quoted open, CRLF)', () => {
  const events = fromSweAgent(
    JSON.parse(corpusText('swe-agent/marshmallow-1867-function-calling-replace.traj')),
  )
  const end = (n: number) => events.find((e) => e.type === 'result' && e.id === `step-${n}`)

  it('reads `insert` and `edit <search> <replace>` from the call arguments as diffs', () => {
    expect(end(2)?.intent).toMatchObject({
      card: 'diff',
      files: [
        {
          path: '/testbed/reproduce.py',
          oldText: '',
          newText: expect.stringMatching(/^from marshmallow.fields import TimeDelta\n/),
        },
      ],
    })
    expect(end(8)).toMatchObject({ status: 'completed' })
    expect(end(8)?.intent).toMatchObject({
      card: 'diff',
      files: [
        {
          path: '/testbed/src/marshmallow/fields.py',
          oldText: 'return int(value.total_seconds() / base_unit.total_seconds())',
          newText:
            '# round to nearest int\n        return int(round(value.total_seconds() / base_unit.total_seconds()))',
        },
      ],
    })
    expect(end(7)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^Your proposed edit has introduced new syntax error/),
    })
  })

  it('reads a quoted `open "path" line` window with CRLF line ends as a read card, and find_file as a search', () => {
    expect(end(6)?.intent).toMatchObject({
      card: 'read',
      path: 'src/marshmallow/fields.py',
      startLine: 1457,
      totalLines: 1997,
    })
    expect(end(5)?.intent).toMatchObject({
      card: 'search',
      mode: 'files',
      query: 'fields.py',
      matches: [{ path: '/testbed/src/marshmallow/fields.py' }],
    })
  })
})

/*
 * SWE-agent configurations with cursors (default_sys-env_cursors_window100): the window marks the selected
 * lines with `<<<<< START CURSOR >>>>>` / `<<<<< END CURSOR >>>>>` lines, and `edit` with no range replaces
 * the lines between the cursors. Shapes from SWE-agent's trajectories/demonstrations
 * (mm__default_sys-env_cursors_window100.traj).
 */
describe('fromSweAgent with cursors', () => {
  const state = JSON.stringify({ open_file: '/r/src/a.py', working_dir: '/r' })
  const refused =
    'Your proposed edit has introduced new syntax error(s). Please understand the fixes and retry your edit commmand.\n\nERRORS:\n- E999 IndentationError: unexpected indent\n'
  const events = fromSweAgent({
    trajectory: [
      {
        action: 'open src/a.py 2\n',
        observation:
          '[File: /r/src/a.py (5 lines total)]\n<<<<< START CURSOR >>>>>\n1:def f():\n<<<<< END CURSOR >>>>>\n2:    x = 1\n3:    y = 2\n4:    return x + y\n5:\n',
        state,
      },
      { action: 'edit\n  return 0\nend_of_edit\n', observation: refused, state },
      { action: 'edit 2:2 a.py\n    x = 3\nend_of_edit\n', observation: refused, state },
      {
        action: 'edit 9:9\nz\nend_of_edit\n',
        observation: refused,
        state: JSON.stringify({ open_file: 'n/a' }),
      },
    ],
    history: [],
  })
  const end = (n: number) => events.find((e) => e.type === 'result' && e.id === `step-${n}`)

  it('reads the window past the cursor markers', () => {
    expect(end(1)?.intent).toEqual({
      card: 'read',
      path: '/r/src/a.py',
      content: 'def f():\n    x = 1\n    y = 2\n    return x + y\n',
      startLine: 1,
      totalLines: 5,
    })
    expect(
      readWindow(
        '[File: /a (3 lines total)]\n1:a\n<<<<< START CURSOR >>>>>\n2:b\n3:c\n<<<<< END CURSOR >>>>>',
      ),
    ).toEqual({
      path: '/a',
      totalLines: 3,
      startLine: 1,
      lines: ['a', 'b', 'c'],
      cursor: [2, 3],
    })
  })

  it('an edit refused for a syntax error is failed, with the diff of the lines it would have replaced', () => {
    const ERROR = 'ERRORS:\n- E999 IndentationError: unexpected indent'
    expect(end(2)).toMatchObject({
      status: 'failed',
      error: ERROR,
      intent: {
        card: 'diff',
        files: [
          {
            path: '/r/src/a.py',
            patch: '--- /r/src/a.py\n+++ /r/src/a.py\n@@ -1,1 +1,1 @@\n-def f():\n+  return 0',
          },
        ],
      },
    })
    expect(end(3)).toMatchObject({
      status: 'failed',
      error: ERROR,
      intent: {
        card: 'diff',
        files: [
          {
            path: '/r/src/a.py',
            patch: '--- /r/src/a.py\n+++ /r/src/a.py\n@@ -2,1 +2,1 @@\n-    x = 1\n+    x = 3',
          },
        ],
      },
    })
    // No open file: no diff can be drawn, but the card is still failed.
    expect(end(4)).toMatchObject({ status: 'failed', error: ERROR, intent: { card: 'generic' } })
  })
})

/*
 * SWE-agent's own demonstration trajectories/demonstrations/function_calling_simple.traj keeps only the
 * model's turns (`history`): no `trajectory` steps. Expected values are read from the raw turns here.
 */
describe('fromSweAgent on a trajectory with only `history`', () => {
  const text = corpusText('swe-agent/function-calling-simple-history-only.traj')
  const raw = JSON.parse(text) as { history: Array<Record<string, unknown>> }
  const actions = raw.history.filter((h) => h.message_type === 'action')
  const observations = raw.history.filter((h) => h.message_type === 'observation' && h.role === 'tool')
  const read = fromAny(text)
  const results = read.events.filter((e) => e.type === 'result') as Array<{
    id: string
    status: string
    intent: Record<string, unknown>
  }>

  it('is detected, and every action turn is a card, completed', () => {
    expect(raw).not.toHaveProperty('trajectory')
    expect(isSweAgentTrajectory(raw)).toBe(true)
    expect(detectFormat(text)).toBe('swe-agent')
    expect(read.format).toBe('swe-agent')
    expect(read.report.problem).toBeUndefined()
    expect(read.report.calls).toBe(actions.length)
    expect(actions.length).toBe(5)
    expect(results.map((r) => r.status)).toEqual(actions.map(() => 'completed'))
  })

  it('gives each command its card, with the prompt lines taken off the output and read as state', () => {
    expect(results.map((r) => r.intent.card)).toEqual(['search', 'read', 'diff', 'terminal', 'diff'])
    // the bash step: its observation up to the prompt's "(Open file: …)" line
    const bash = String(observations[3]!.content)
    const tail = bash.indexOf('\n(Open file:')
    expect(tail).toBeGreaterThan(0)
    const cwd = /\(Current directory: ([^)]*)\)/.exec(bash)?.[1]
    expect(results[3]!.intent).toEqual({
      card: 'terminal',
      command: actions[3]!.action,
      output: bash.slice(0, tail),
      cwd,
    })
    // the edit: its search and replace arguments
    const args = JSON.parse(
      (actions[2]!.tool_calls as Array<{ function: { arguments: string } }>)[0]!.function.arguments,
    ) as { search: string; replace: string }
    expect(results[2]!.intent).toMatchObject({ files: [{ oldText: args.search, newText: args.replace }] })
    // the open: the window, CRLF read as line ends, the file's length from its header
    expect(results[1]!.intent).toMatchObject({ card: 'read', path: 'tests/missing_colon.py', totalLines: 10 })
    expect(String(results[1]!.intent.content)).not.toContain('\r')
    expect(String(results[1]!.intent.content)).not.toContain('(Open file:')
  })

  it('pairs observations by call id, and leaves a step nothing answered running', () => {
    const turn = (id: string, action: string) => ({
      role: 'assistant',
      message_type: 'action',
      action,
      tool_calls: [{ id, type: 'function', function: { name: 'bash', arguments: '{}' } }],
    })
    const answer = (id: string, content: string) => ({
      role: 'tool',
      message_type: 'observation',
      tool_call_ids: [id],
      content: [{ type: 'text', text: content }],
    })
    const events = fromSweAgent({
      history: [
        { role: 'system', message_type: 'system_prompt', content: 'x' },
        turn('a', 'ls'),
        answer('b', 'not for ls'),
        answer('a', 'README.md'),
        turn('c', 'cat README.md'),
      ],
    })
    expect(events.filter((e) => e.type === 'call').map((e) => e.id)).toEqual(['step-1', 'step-2'])
    expect(events.filter((e) => e.type === 'result')).toEqual([
      expect.objectContaining({
        id: 'step-1',
        status: 'completed',
        intent: { card: 'terminal', command: 'ls', output: 'README.md' },
      }),
    ])
  })

  it('is not claimed for a history of chat turns with no action turn', () => {
    expect(isSweAgentTrajectory({ history: [{ role: 'assistant', content: 'hi' }] })).toBe(false)
    expect(detectFormat(JSON.stringify({ history: [{ role: 'user', content: 'hi' }] }))).toBe('unknown')
  })
})

describe('fromSweAgent on an edit whose range runs past the end of the file (CTF demonstration)', () => {
  // SWE-agent stops an `edit A:B` at the file's last line: `edit 6:7` on a 6-line file replaces line 6.
  const warmup = JSON.parse(corpusText('swe-agent/ctf-pwn-warmup.traj'))
  const steps = warmup.trajectory as Array<{ action: string; observation: string }>
  const cards = foldSession(fromSweAgent(warmup)).cards
  const patchOf = (i: number) => {
    const intent = cards[i]!.intent as { card: string; files: Array<{ patch?: string }> }
    expect(intent.card).toBe('diff')
    return intent.files[0]!.patch?.split('\n') ?? []
  }

  it('`edit 6:7` on a 6-line file is the removal of line 6, as the windows before and after show', () => {
    expect(steps[4]!.action).toBe('edit 6:7\nend_of_edit\n')
    const before = readWindow(steps[3]!.observation)!
    const after = readWindow(steps[4]!.observation)!
    expect([before.totalLines, after.totalLines]).toEqual([6, 5])
    const patch = patchOf(4)
    expect(patch[2]).toBe('@@ -6,1 +5,0 @@')
    expect(patch.slice(3)).toEqual([`-${before.lines[5]}`])
    // the patch takes the file from the window before to the window after
    expect(before.lines.filter((_, i) => i !== 5)).toEqual(after.lines)
    expect(cards[4]!.status).toBe('completed')
  })

  it('`edit 1:9` on the one empty line `create` made replaces that line', () => {
    expect(steps[2]!.action).toBe('create exploit.py\n')
    expect(readWindow(steps[2]!.observation)).toMatchObject({ totalLines: 1, lines: [''] })
    const after = readWindow(steps[3]!.observation)!
    const patch = patchOf(3)
    expect(patch[2]).toBe(`@@ -1,1 +1,${after.lines.length} @@`)
    expect(patch.slice(3)).toEqual(['-', ...after.lines.map((l) => `+${l}`)])
  })
})
