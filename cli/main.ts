import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CliError, loadSession, startViewer } from './server'

export const USAGE = `Usage: toolcards view <file> [--port <n>]

Serves a page on 127.0.0.1 that shows the tool calls of an agent session as cards, and prints its URL.
The format is detected: Claude Code (.jsonl), Codex logs and rollouts, OpenHands events and resolver
output, SWE-agent .traj, Gemini CLI sessions, OpenAI Responses API items, MCP tools/call results, ACP
session/update messages, or toolcards session events. When the file holds tool calls it cannot read, or
lines that are not JSON, it says so (here and on the page). The session is kept in
memory only. Stop with Ctrl+C.`

export interface CliIo {
  out: (line: string) => void
  err: (line: string) => void
}

/** Runs the command; resolves with the exit code (0 while serving: the server keeps the process alive). */
export async function main(argv: string[], io: CliIo = defaultIo()): Promise<number> {
  const [command, ...rest] = argv
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    io.out(USAGE)
    return command === undefined ? 1 : 0
  }
  if (command !== 'view') {
    io.err(`toolcards: unknown command "${command}"\n\n${USAGE}`)
    return 1
  }
  let file: string | undefined
  let port: number | undefined
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!
    if (a === '--port') {
      const n = Number(rest[++i])
      if (!Number.isInteger(n) || n < 0 || n > 65535) {
        io.err('toolcards: --port needs a number from 0 to 65535')
        return 1
      }
      port = n
    } else if (a.startsWith('-')) {
      io.err(`toolcards: unknown option ${a}\n\n${USAGE}`)
      return 1
    } else if (file === undefined) file = a
    else {
      io.err('toolcards: give one file')
      return 1
    }
  }
  if (file === undefined) {
    io.err(`toolcards: no file given\n\n${USAGE}`)
    return 1
  }
  try {
    const session = await loadSession(file)
    const server = await startViewer(session, {
      viewerDir: viewerDir(),
      ...(port !== undefined ? { port } : {}),
    })
    io.out(
      `toolcards: ${session.formatName}, ${session.calls} tool call${session.calls === 1 ? '' : 's'} from ${session.file}`,
    )
    if (session.report.problem) io.err(`toolcards: ${session.report.problem}`)
    io.out(`toolcards: serving on ${server.url}  (Ctrl+C to stop)`)
    const stop = () => {
      server.close().then(() => process.exit(0))
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
    return 0
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`toolcards: ${error.message}`)
      return error.exitCode
    }
    io.err(`toolcards: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
}

/** `dist/viewer/` next to the built `dist/cli.js`; `TOOLCARDS_VIEWER_DIR` overrides. */
function viewerDir(): string {
  if (process.env.TOOLCARDS_VIEWER_DIR) return process.env.TOOLCARDS_VIEWER_DIR
  return resolve(dirname(fileURLToPath(import.meta.url)), 'viewer')
}

function defaultIo(): CliIo {
  return { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) }
}
