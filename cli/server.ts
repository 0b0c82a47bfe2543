import { readFile, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { basename, extname, resolve, sep } from 'node:path'
import { FORMAT_NAMES, fromAny, type ReadReport, type SessionFormat } from '../src/adapters'
import type { SessionEvent } from '../src/protocol'

/** Largest session file read (bytes). Bigger logs are refused with a clear message. */
export const MAX_SESSION_BYTES = 512 * 1024 * 1024

/** The Content-Security-Policy of every response: scripts and styles from this server only, nothing else. */
export const VIEWER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message)
  }
}

export interface LoadedSession {
  file: string
  format: SessionFormat
  formatName: string
  events: SessionEvent[]
  calls: number
  /** What was read and what was not (`fromAny`'s report); `report.problem` says what went wrong, if anything. */
  report: ReadReport
}

/** Reads and converts a session file; a clear `CliError` when it cannot be read or its format is unknown. */
export async function loadSession(path: string): Promise<LoadedSession> {
  let size: number
  try {
    const s = await stat(path)
    if (s.isDirectory()) throw new CliError(`${path} is a directory; give a session file`, 2)
    size = s.size
  } catch (error) {
    if (error instanceof CliError) throw error
    throw new CliError(`cannot read ${path}: ${reason(error)}`, 2)
  }
  if (size > MAX_SESSION_BYTES) {
    throw new CliError(
      `${path} is ${(size / 1024 / 1024).toFixed(0)} MB; the limit is ${MAX_SESSION_BYTES / 1024 / 1024} MB`,
      2,
    )
  }
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${reason(error)}`, 2)
  }
  const { format, events, report } = fromAny(text)
  if (format === 'unknown') {
    const seen = `${report.lines} line${report.lines === 1 ? '' : 's'}, ${report.skippedLines} not JSON${
      report.likelyCalls > 0 ? `, ${report.likelyCalls} that look like tool calls` : ''
    }`
    throw new CliError(
      `cannot tell which agent wrote ${path} (${seen}). Known formats: ${report.knownFormats.join(', ')}.`,
      3,
    )
  }
  return {
    file: basename(path),
    format,
    formatName: FORMAT_NAMES[format],
    events,
    calls: report.calls,
    report,
  }
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown })?.code
  if (code === 'ENOENT') return 'no such file'
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied'
  if (code === 'EISDIR') return 'it is a directory'
  return error instanceof Error ? error.message : String(error)
}

export interface ViewerServer {
  url: string
  port: number
  close: () => Promise<void>
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
}

/**
 * Serves the viewer app (`viewerDir`, built by `npm run build` into `dist/viewer/`) and the session as
 * `/session.json` on 127.0.0.1. The session stays in memory; nothing is written to disk. Requests with a
 * Host other than this address are refused (no DNS rebinding).
 */
export async function startViewer(
  session: LoadedSession,
  opts: { viewerDir: string; port?: number; host?: string },
): Promise<ViewerServer> {
  const root = resolve(opts.viewerDir)
  try {
    await stat(resolve(root, 'index.html'))
  } catch {
    throw new CliError(
      `the viewer is not built (no ${resolve(root, 'index.html')}); run \`npm run build\``,
      4,
    )
  }
  const host = opts.host ?? '127.0.0.1'
  const body = Buffer.from(
    JSON.stringify({
      file: session.file,
      format: session.format,
      formatName: session.formatName,
      events: session.events,
      report: session.report,
    }),
  )
  let port = 0
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, 'text/plain; charset=utf-8', 'internal error'))
  })
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const allowed = new Set([`${host}:${port}`, `localhost:${port}`])
    if (!allowed.has(req.headers.host ?? '')) return send(res, 421, 'text/plain; charset=utf-8', 'wrong host')
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, 'text/plain; charset=utf-8', 'method not allowed')
    const url = new URL(req.url ?? '/', `http://${host}:${port}`)
    if (url.pathname === '/session.json') return send(res, 200, TYPES['.json']!, body)
    if (url.pathname === '/favicon.ico') return send(res, 204, 'image/x-icon', '')
    const rel = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname.slice(1))
    const file = resolve(root, rel)
    if (!file.startsWith(root + sep) || rel.includes('\0'))
      return send(res, 404, 'text/plain; charset=utf-8', 'not found')
    try {
      const data = await readFile(file)
      return send(res, 200, TYPES[extname(file)] ?? 'application/octet-stream', data)
    } catch {
      return send(res, 404, 'text/plain; charset=utf-8', 'not found')
    }
  }
  await new Promise<void>((ok, fail) => {
    server.once('error', (error) =>
      fail(new CliError(`cannot listen on ${host}:${opts.port ?? 0}: ${reason(error)}`, 5)),
    )
    server.listen(opts.port ?? 0, host, () => ok())
  })
  const address = server.address()
  port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://${host}:${port}/`,
    port,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  }
}

function send(res: ServerResponse, status: number, type: string, data: string | Buffer) {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Security-Policy': VIEWER_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  })
  res.end(data)
}
