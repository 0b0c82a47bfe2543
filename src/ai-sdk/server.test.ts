// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createReadFileTool, createShellTool, fakeShellRunner, memoryFiles } from '../../examples/tools'
import type { ContentBlock } from '../contract'
import { parseIntent } from '../protocol'
import { modelOutput, type ToolcardsOutput, toAiSdkTool, toAiSdkTools } from './server'

const options = { toolCallId: 'call_1', messages: [], context: {} } as never

describe('toAiSdkTool', () => {
  it('runs the tool through the registry: the UI output is the value and the tool’s own intent', async () => {
    const tool = toAiSdkTool(createShellTool(fakeShellRunner({ durationMs: 5 })))
    const output = (await tool.execute!({ command: 'ls' }, options)) as ToolcardsOutput
    expect(output).toEqual({
      toolcards: 1,
      value: {
        command: 'ls',
        cwd: '/home/demo',
        stdout: 'README.md\npackage.json\nsrc\n',
        stderr: '',
        exitCode: 0,
        signal: null,
        timedOut: false,
        durationMs: 5,
      },
      intent: {
        card: 'terminal',
        command: 'ls',
        cwd: '/home/demo',
        output: 'README.md\npackage.json\nsrc\n',
        exitCode: 0,
        durationMs: 5,
      },
    })
    expect(parseIntent(output.intent).ok).toBe(true)
  })

  it("gives the model render's content, recomputed from the value, never the UI object", async () => {
    const tool = toAiSdkTool(createShellTool(fakeShellRunner()))
    const output = (await tool.execute!({ command: 'cat missing.txt' }, options)) as ToolcardsOutput
    const model = await tool.toModelOutput!({
      toolCallId: 'call_1',
      input: { command: 'cat missing.txt' },
      output,
    })
    expect(model).toEqual({
      type: 'content',
      value: [{ type: 'text', text: '[stderr]\ncat: missing.txt: No such file or directory\n[exit code 1]' }],
    })
  })

  it('a failed call throws the registry’s error text (the AI SDK shows it to the model as the error)', async () => {
    const tool = toAiSdkTool(createReadFileTool(memoryFiles({})))
    await expect(tool.execute!({ path: 'nope.ts' }, options)).rejects.toThrow(
      "the tool failed: ENOENT: no such file or directory, open 'nope.ts'",
    )
    await expect(tool.execute!({ path: 7 } as never, options)).rejects.toThrow(/invalid arguments: \$\.path/)
  })

  it('passes the description, the input schema and needsApproval through', async () => {
    const definition = createShellTool(fakeShellRunner())
    const plain = toAiSdkTool(definition)
    expect(plain.needsApproval).toBeUndefined()
    expect(plain.description).toBe(definition.description)
    expect((plain.inputSchema as { jsonSchema: unknown }).jsonSchema).toEqual(definition.inputSchema)
    expect(toAiSdkTool(definition, { needsApproval: true }).needsApproval).toBe(true)
    const ask = (input: { command: string }) => input.command.startsWith('rm')
    expect(toAiSdkTool(definition, { needsApproval: ask }).needsApproval).toBe(ask)
    const tools = toAiSdkTools([definition, createReadFileTool(memoryFiles())], { needApproval: ['shell'] })
    expect(Object.keys(tools)).toEqual(['shell', 'read_file'])
    expect(tools.shell!.needsApproval).toBe(true)
    expect(tools.read_file!.needsApproval).toBeUndefined()
  })

  it('an output that is not a toolcards output goes to the model as JSON; a render that throws as an error', async () => {
    const definition = createShellTool(fakeShellRunner())
    const tool = toAiSdkTool({
      ...definition,
      output: {
        ...definition.output,
        render: () => {
          throw new Error('bad render')
        },
      },
    })
    expect(
      await tool.toModelOutput!({ toolCallId: 'c', input: { command: 'x' }, output: { other: 1 } as never }),
    ).toEqual({
      type: 'json',
      value: { other: 1 },
    })
    expect(
      await tool.toModelOutput!({
        toolCallId: 'c',
        input: { command: 'x' },
        output: { toolcards: 1, value: {}, intent: {} },
      }),
    ).toEqual({ type: 'error-text', value: 'render failed: bad render' })
  })
})

describe('modelOutput', () => {
  it('maps every content block kind to the AI SDK tool result content', () => {
    const blocks: ContentBlock[] = [
      { type: 'text', text: 'hi' },
      { type: 'image', data: 'iVBO', mimeType: 'image/png' },
      { type: 'audio', data: 'UklG', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', title: 'A' },
      { type: 'resource', resource: { uri: 'file:///b.txt', text: 'bee' } },
      { type: 'resource', resource: { uri: 'file:///c.bin', blob: 'AAEC' } },
    ]
    expect(modelOutput(blocks)).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'hi' },
        { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'iVBO' } },
        { type: 'file', mediaType: 'audio/wav', data: { type: 'data', data: 'UklG' } },
        { type: 'text', text: 'A: file:///a.txt' },
        { type: 'text', text: 'bee' },
        { type: 'file', mediaType: 'application/octet-stream', data: { type: 'data', data: 'AAEC' } },
      ],
    })
  })
})

describe('the AI SDK is an optional peer: only the server half imports it', () => {
  const dir = import.meta.dirname
  const specifiers = (file: string) =>
    [...readFileSync(resolve(dir, file), 'utf8').matchAll(/^import\s[^'"]*?from\s*['"]([^'"]+)['"]/gm)].map(
      (m) => [m[1]!, m[0].startsWith('import type')] as const,
    )

  it('server.ts imports `ai` and the engines, no React', () => {
    expect(
      specifiers('server.ts')
        .map(([s]) => s)
        .sort(),
    ).toEqual(['../adapters/aiSdk', '../contract', '../protocol', 'ai'])
  })

  it('the client half imports nothing of the AI SDK (types are its own)', () => {
    for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !/test|server/.test(f)))
      for (const [s] of specifiers(file)) expect(s, file).not.toMatch(/^(ai|@ai-sdk\/)/)
  })
})
