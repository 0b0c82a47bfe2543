// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { createToolRegistry, type RegistryProblem, type ToolRunResult } from '../src/contract'
import { parseIntent } from '../src/protocol'
import { createReadFileTool, createShellTool, demoFiles, fakeShellRunner, memoryFiles } from './tools'
import { nodeShellRunner } from './tools/shell-node'

function registry(tools: Parameters<typeof createToolRegistry>[0]['tools']) {
  const problems: RegistryProblem[] = []
  const r = createToolRegistry({ tools, dev: true, logger: { warn: (p) => problems.push(p) }, now: () => 0 })
  return { registry: r, problems }
}

function textOf(r: ToolRunResult): string {
  return r.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('\n')
}

describe('shell tool', () => {
  it('runs a real command through node:child_process: value, model text, terminal intent', async () => {
    const { registry: reg, problems } = registry([createShellTool(nodeShellRunner())])
    const r = await reg.run({
      id: 's1',
      name: 'shell',
      args: { command: "printf 'one\\ntwo\\n'; echo oops >&2; exit 3" },
    })
    expect(problems).toEqual([])
    expect(r.isError).toBe(false)
    expect(r.value).toMatchObject({
      stdout: 'one\ntwo\n',
      stderr: 'oops\n',
      exitCode: 3,
      signal: null,
      timedOut: false,
    })
    expect(textOf(r)).toBe('one\ntwo\n[stderr]\noops\n[exit code 3]')
    expect(r.intent).toMatchObject({ card: 'terminal', output: 'one\ntwo\n', stderr: 'oops\n', exitCode: 3 })
    // stdout was streamed as update events between call and result.
    expect(r.events.map((e) => e.type)).toEqual([
      'call',
      ...r.events.slice(1, -1).map(() => 'update'),
      'result',
    ])
    const streamed = r.events
      .flatMap((e) => (e.type === 'update' && e.appendOutput ? [e.appendOutput] : []))
      .join('')
    expect(streamed).toBe('one\ntwo\n')
  })

  it('a timeout ends the command and its children with SIGTERM, and says so', async () => {
    const { registry: reg } = registry([createShellTool(nodeShellRunner())])
    const started = performance.now()
    const r = await reg.run({
      id: 's2',
      name: 'shell',
      args: { command: 'sleep 5; echo never', timeoutMs: 100 },
    })
    expect(performance.now() - started).toBeLessThan(3000)
    expect(r.value).toMatchObject({ timedOut: true, signal: 'SIGTERM', exitCode: null })
    expect(textOf(r)).toMatch(/^\[timed out after \d+ ms\]$/)
    expect(r.intent).toMatchObject({ card: 'terminal', timedOut: true, signal: 'SIGTERM', exitCode: null })
  })

  it('aborting the call ends the command and the call is cancelled', async () => {
    const { registry: reg } = registry([createShellTool(nodeShellRunner())])
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    const r = await reg.run(
      { id: 's5', name: 'shell', args: { command: 'sleep 5' } },
      { signal: controller.signal },
    )
    expect(r.events.at(-1)).toMatchObject({ type: 'result', status: 'cancelled' })
  })

  it('the fake shell gives the same shapes in the browser', async () => {
    const { registry: reg, problems } = registry([createShellTool(fakeShellRunner())])
    const r = await reg.run({ id: 's3', name: 'shell', args: { command: 'cat missing.txt' } })
    expect(problems).toEqual([])
    expect(textOf(r)).toBe('[stderr]\ncat: missing.txt: No such file or directory\n[exit code 1]')
    expect(r.intent).toEqual({
      card: 'terminal',
      command: 'cat missing.txt',
      cwd: '/home/demo',
      output: '',
      stderr: 'cat: missing.txt: No such file or directory\n',
      exitCode: 1,
      durationMs: 12,
    })
    expect(r.events[0]).toMatchObject({
      type: 'call',
      intent: { card: 'terminal', command: 'cat missing.txt' },
    })
  })

  it('refuses arguments that fail the input schema before running anything', async () => {
    const { registry: reg } = registry([createShellTool(nodeShellRunner())])
    const r = await reg.run({ id: 's4', name: 'shell', args: { command: '', rm: '-rf /' } })
    expect(r.isError).toBe(true)
    expect(textOf(r)).toContain('invalid arguments: ')
    expect(textOf(r)).toContain('$.command')
  })
})

describe('read_file tool', () => {
  it('reads a range: cat -n text for the model, a read card with real line numbers and the language', async () => {
    const { registry: reg, problems } = registry([createReadFileTool(memoryFiles())])
    const r = await reg.run({
      id: 'r1',
      name: 'read_file',
      args: { path: 'src/greet.ts', offset: 3, limit: 2 },
    })
    expect(problems).toEqual([])
    expect(r.value).toEqual({
      path: 'src/greet.ts',
      content: '/** Greets someone by name. */\nexport function greet(name: string): string {',
      startLine: 3,
      totalLines: 7,
    })
    expect(textOf(r)).toBe(
      '     3\t/** Greets someone by name. */\n     4\texport function greet(name: string): string {\n(lines 3-4 of 7)',
    )
    expect(r.meta).toEqual({ language: 'typescript' })
    expect(r.intent).toEqual({
      card: 'read',
      path: 'src/greet.ts',
      content: '/** Greets someone by name. */\nexport function greet(name: string): string {',
      startLine: 3,
      totalLines: 7,
      language: 'typescript',
    })
  })

  it('a nested call gets no presentation meta, so its card has no language', async () => {
    const { registry: reg } = registry([createReadFileTool(memoryFiles())])
    const r = await reg.run({ id: 'r2', name: 'read_file', args: { path: 'README.md' }, parentId: 'r1' })
    expect('meta' in r).toBe(false)
    expect('language' in r.intent).toBe(false)
  })

  it('a missing file is an error result with the message', async () => {
    const { registry: reg } = registry([createReadFileTool(memoryFiles())])
    const r = await reg.run({ id: 'r3', name: 'read_file', args: { path: 'nope.ts' } })
    expect(r.isError).toBe(true)
    expect(textOf(r)).toBe("the tool failed: ENOENT: no such file or directory, open 'nope.ts'")
  })

  it('every demo file gives a valid read intent', async () => {
    const { registry: reg, problems } = registry([createReadFileTool(memoryFiles())])
    for (const path of Object.keys(demoFiles)) {
      const r = await reg.run({ id: path, name: 'read_file', args: { path } })
      expect(parseIntent(r.intent).ok).toBe(true)
      expect(r.intent).toMatchObject({ card: 'read', path, startLine: 1 })
    }
    expect(problems).toEqual([])
  })
})
