// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from './main'
import { CliError, loadSession, startViewer, VIEWER_CSP } from './server'

const ROOT = resolve(import.meta.dirname, '..')
const viewer = mkdtempSync(join(tmpdir(), 'toolcards-viewer-'))
mkdirSync(join(viewer, 'assets'))
writeFileSync(join(viewer, 'index.html'), '<!doctype html><title>v</title>')
writeFileSync(join(viewer, 'assets', 'app.js'), 'console.log(1)')
afterAll(() => rmSync(viewer, { recursive: true, force: true }))

function get(
  url: string,
  path: string,
  host?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const u = new URL(url)
  return new Promise((ok, fail) => {
    const req = request(
      { host: u.hostname, port: u.port, path, headers: host ? { Host: host } : {} },
      (res) => {
        let body = ''
        res.on('data', (d) => {
          body += d
        })
        res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', fail)
    req.end()
  })
}

describe('toolcards view: server', () => {
  it('serves the page, its assets and the session with the CSP on every answer, and nothing outside the viewer', async () => {
    const session = await loadSession(join(ROOT, 'test/fixtures/corpus/swe-agent/pydicom__pydicom-1458.traj'))
    expect(session).toMatchObject({ format: 'swe-agent', calls: 12, file: 'pydicom__pydicom-1458.traj' })
    const server = await startViewer(session, { viewerDir: viewer })
    try {
      const page = await get(server.url, '/')
      expect(page.status).toBe(200)
      expect(page.headers['content-security-policy']).toBe(VIEWER_CSP)
      expect((await get(server.url, '/assets/app.js')).headers['content-type']).toMatch(/^text\/javascript/)
      const json = JSON.parse((await get(server.url, '/session.json')).body) as { events: unknown[] }
      expect(json.events).toHaveLength(24)
      for (const path of [
        '/../package.json',
        '/%2e%2e/package.json',
        '/assets/..%2f..%2fpackage.json',
        '/nope',
      ]) {
        const r = await get(server.url, path)
        expect(r.status, path).toBe(404)
        expect(r.headers['content-security-policy']).toBe(VIEWER_CSP)
      }
      expect((await get(server.url, '/', 'evil.example:80')).status).toBe(421)
    } finally {
      await server.close()
    }
  })

  it('refuses a missing viewer build, a directory, a missing file and an unknown format with distinct exit codes', async () => {
    const session = await loadSession(join(ROOT, 'test/fixtures/corpus/openhands/basic.json'))
    await expect(startViewer(session, { viewerDir: join(viewer, 'missing') })).rejects.toMatchObject({
      exitCode: 4,
    })
    await expect(loadSession(ROOT)).rejects.toEqual(
      new CliError(`${ROOT} is a directory; give a session file`, 2),
    )
    await expect(loadSession(join(ROOT, 'nope.jsonl'))).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/no such file/),
    })
    await expect(loadSession(join(ROOT, 'package.json'))).rejects.toMatchObject({ exitCode: 3 })
  })

  it('says what it could not read: unknown formats with what it saw, known formats whose calls it could not read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolcards-report-'))
    try {
      const notes = join(dir, 'notes.txt')
      writeFileSync(notes, 'first line\nsecond line\n{"a":1}\n')
      await expect(loadSession(notes)).rejects.toMatchObject({
        exitCode: 3,
        message: expect.stringMatching(
          /^cannot tell which agent wrote .*notes\.txt \(3 lines, 2 not JSON\)\. Known formats: .*Gemini CLI session/,
        ),
      })
      // ACP tool calls without a toolCallId: detected, two calls seen, none read.
      const rollout = join(dir, 'acp.jsonl')
      writeFileSync(
        rollout,
        [
          { sessionId: 's', update: { sessionUpdate: 'tool_call', title: 'a' } },
          { sessionId: 's', update: { sessionUpdate: 'tool_call', title: 'b' } },
          'cut {"sessionId":"s","upd',
        ]
          .map((l) => (typeof l === 'string' ? l : JSON.stringify(l)))
          .join('\n'),
      )
      const session = await loadSession(rollout)
      expect(session).toMatchObject({ format: 'acp', calls: 0 })
      expect(session.report.problem).toBe(
        'Read as Agent Client Protocol session/update messages, but none of the 2 things that look like tool calls could be read. 1 of 3 lines are not JSON and were skipped.',
      )
      const server = await startViewer(session, { viewerDir: viewer })
      try {
        const json = JSON.parse((await get(server.url, '/session.json')).body) as {
          report: { problem: string }
        }
        expect(json.report.problem).toBe(session.report.problem)
      } finally {
        await server.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('explains usage errors', async () => {
    const lines: string[] = []
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) }
    expect(await main(['open', 'x'], io)).toBe(1)
    expect(lines.at(-1)).toMatch(/^toolcards: unknown command "open"/)
    expect(await main(['view'], io)).toBe(1)
    expect(lines.at(-1)).toMatch(/^toolcards: no file given/)
    expect(await main(['view', 'a', '--port', 'x'], io)).toBe(1)
    expect(lines.at(-1)).toBe('toolcards: --port needs a number from 0 to 65535')
    expect(await main(['--help'], io)).toBe(0)
  })
})
