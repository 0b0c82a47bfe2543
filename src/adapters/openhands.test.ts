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
