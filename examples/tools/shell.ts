import type { ToolDefinition } from '../../src/contract'
import type { TerminalIntent } from '../../src/protocol'

/**
 * A shell tool. Its body runs a command through a `ShellRunner` the host supplies (a real one for Node in
 * `shell-node.ts`, a fake one for the browser in `fakes.ts`); everything else here is pure projection.
 */
export type ShellArgs = { command: string; cwd?: string; timeoutMs?: number }

/** The canonical value: what happened, as data. */
export type ShellValue = {
  command: string
  cwd: string
  stdout: string
  stderr: string
  exitCode: number | null
  signal: string | null
  timedOut: boolean
  durationMs: number
}

export interface ShellRunner {
  run(args: ShellArgs, io: { signal?: AbortSignal; onOutput?: (chunk: string) => void }): Promise<ShellValue>
}

export const shellInputSchema = {
  type: 'object',
  required: ['command'],
  additionalProperties: false,
  properties: {
    command: { type: 'string', minLength: 1 },
    cwd: { type: 'string' },
    timeoutMs: { type: 'integer', minimum: 1 },
  },
} as const

export const shellValueSchema = {
  type: 'object',
  required: ['command', 'cwd', 'stdout', 'stderr', 'exitCode', 'signal', 'timedOut', 'durationMs'],
  additionalProperties: false,
  properties: {
    command: { type: 'string' },
    cwd: { type: 'string' },
    stdout: { type: 'string' },
    stderr: { type: 'string' },
    exitCode: { type: ['integer', 'null'] },
    signal: { type: ['string', 'null'] },
    timedOut: { type: 'boolean' },
    durationMs: { type: 'number', minimum: 0 },
  },
} as const

/** Pure: the text the model reads. Plain text, exit status last, like a terminal transcript. */
export function renderShell(_args: ShellArgs, v: ShellValue): Array<{ type: 'text'; text: string }> {
  const parts: string[] = []
  if (v.stdout) parts.push(v.stdout.replace(/\n$/, ''))
  if (v.stderr) parts.push(`[stderr]\n${v.stderr.replace(/\n$/, '')}`)
  const status = v.timedOut
    ? `timed out after ${v.durationMs} ms`
    : v.signal
      ? `killed by ${v.signal}`
      : `exit code ${v.exitCode}`
  parts.push(`[${status}]`)
  return [{ type: 'text', text: parts.join('\n') }]
}

/** Pure: the card while the command runs. */
export function presentShellCall(args: ShellArgs): TerminalIntent {
  return { card: 'terminal', command: args.command, ...(args.cwd !== undefined ? { cwd: args.cwd } : {}) }
}

/** Pure: the card of the result. */
export function presentShellResult(_args: ShellArgs, v: ShellValue): TerminalIntent {
  const intent: TerminalIntent = {
    card: 'terminal',
    command: v.command,
    cwd: v.cwd,
    output: v.stdout,
    exitCode: v.exitCode,
    durationMs: v.durationMs,
  }
  if (v.stderr) intent.stderr = v.stderr
  if (v.signal) intent.signal = v.signal
  if (v.timedOut) intent.timedOut = true
  return intent
}

export function createShellTool(runner: ShellRunner): ToolDefinition<ShellArgs, ShellValue> {
  return {
    name: 'shell',
    description: 'Runs a shell command and returns its output and exit code.',
    inputSchema: shellInputSchema,
    output: { schema: shellValueSchema, render: renderShell },
    execute: (args, ctx) =>
      runner.run(args, {
        ...(ctx.signal ? { signal: ctx.signal } : {}),
        onOutput: (chunk) => ctx.update({ appendOutput: chunk }),
      }),
    presentCall: presentShellCall,
    presentResult: presentShellResult,
  }
}
