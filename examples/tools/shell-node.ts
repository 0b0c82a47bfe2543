import { spawn } from 'node:child_process'
import type { ShellArgs, ShellRunner, ShellValue } from './shell'

/**
 * A real `ShellRunner` for Node hosts: `/bin/sh -c command`, output collected as text, a timeout that sends
 * SIGTERM. Not imported by anything that runs in a browser.
 */
export function nodeShellRunner(
  options: { defaultCwd?: string; defaultTimeoutMs?: number } = {},
): ShellRunner {
  return {
    run(args: ShellArgs, io): Promise<ShellValue> {
      const cwd = args.cwd ?? options.defaultCwd ?? process.cwd()
      const timeoutMs = args.timeoutMs ?? options.defaultTimeoutMs ?? 120_000
      const started = performance.now()
      return new Promise((resolve, reject) => {
        const child = spawn('/bin/sh', ['-c', args.command], {
          cwd,
          stdio: ['ignore', 'pipe', 'pipe'],
          ...(io.signal ? { signal: io.signal } : {}),
        })
        let stdout = ''
        let stderr = ''
        let timedOut = false
        const timer = setTimeout(() => {
          timedOut = true
          child.kill('SIGTERM')
        }, timeoutMs)
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          stdout += chunk
          io.onOutput?.(chunk)
        })
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk
        })
        child.on('error', (error) => {
          clearTimeout(timer)
          reject(error)
        })
        child.on('close', (code, signal) => {
          clearTimeout(timer)
          resolve({
            command: args.command,
            cwd,
            stdout,
            stderr,
            exitCode: code,
            signal: signal ?? null,
            timedOut,
            durationMs: Math.round(performance.now() - started),
          })
        })
      })
    },
  }
}
