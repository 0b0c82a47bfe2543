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
        // Its own process group, so a timeout or an abort ends the command's children too (a killed shell
        // alone would leave `sleep` holding the output pipe open).
        const child = spawn('/bin/sh', ['-c', args.command], {
          cwd,
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        })
        const killGroup = (signal: NodeJS.Signals) => {
          try {
            if (child.pid !== undefined) process.kill(-child.pid, signal)
          } catch {
            // Already gone.
          }
        }
        const onAbort = () => killGroup('SIGTERM')
        io.signal?.addEventListener('abort', onAbort, { once: true })
        let stdout = ''
        let stderr = ''
        let timedOut = false
        const timer = setTimeout(() => {
          timedOut = true
          killGroup('SIGTERM')
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
          io.signal?.removeEventListener('abort', onAbort)
          reject(error)
        })
        child.on('close', (code, signal) => {
          clearTimeout(timer)
          io.signal?.removeEventListener('abort', onAbort)
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
