// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { corpusText } from '../../test/helpers/corpus'
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
