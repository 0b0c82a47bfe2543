// @vitest-environment node
// End to end: `toolcards view <file>` serves a page; Chromium opens it and sees the session's cards.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../chromium'
import { ensureBuilt } from '../helpers/build'

const ROOT = resolve(import.meta.dirname, '../..')
const CLI = resolve(ROOT, 'dist/cli.js')
const _VIEWER = resolve(ROOT, 'dist/viewer/index.html')

let skipReason: string | undefined

beforeAll(() => {
  try {
    ensureBuilt()
  } catch (error) {
    skipReason = `dist/ could not be built: ${(error as Error).message.slice(-400)}`
  }
}, 200_000)

function startCli(
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((ok, fail) => {
    const child = spawn('node', [CLI, ...args], {
      cwd: opts.cwd ?? ROOT,
      env: opts.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    const timer = setTimeout(() => fail(new Error(`no URL printed within 10 s: ${out}`)), 10_000)
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /serving on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)
      if (m) {
        clearTimeout(timer)
        ok({ child, url: m[1]! })
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`the CLI exited with ${code}: ${out}`))
    })
  })
}

function runCli(args: string[]) {
  return spawnSync('node', [CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 10_000 })
}

describe('npx toolcards view', () => {
  const children: ChildProcess[] = []
  afterAll(() => {
    for (const c of children) c.kill('SIGTERM')
  })

  it('serves a Claude Code session that Chromium shows as cards, under a strict CSP with no violation', async () => {
    if (skipReason) throw new Error(skipReason)
    const { child, url } = await startCli(['view', 'test/fixtures/corpus/claude-code/tool_heavy.jsonl'])
    children.push(child)
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      const problems: string[] = []
      page.on('console', (m) => {
        if (m.type() === 'error' || /Content Security Policy/.test(m.text())) problems.push(m.text())
      })
      page.on('pageerror', (e) => problems.push(e.message))
      page.on('response', (r) => {
        if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`)
      })
      const response = await page.goto(url)
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")
      await page.waitForSelector('[data-card]', { timeout: 15_000 })
      // The six calls of tool_heavy.jsonl: 2 terminal, 1 read, 1 search, 2 web (counted in the source file).
      await expect.poll(() => page.locator('[data-card]').count(), { timeout: 10_000 }).toBe(6)
      const statuses = await page
        .locator('[data-card]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))
      expect(statuses).toEqual(Array(6).fill('completed'))
      // Text of the session reaches the page: the first command.
      await expect.poll(() => page.locator('body').textContent()).toContain('mix phx.server')
      expect(await page.locator('h1').textContent()).toBe('tool_heavy.jsonl')
      // Code is coloured by the page's highlighting worker (the viewer ships no main-thread highlighter):
      // the read card's file.
      await page.waitForSelector('[data-card="read"] [data-tk]', { timeout: 20_000 })
      expect(await page.locator('[data-slot="highlight-notice"]').count()).toBe(0)
      expect(problems).toEqual([])
    } finally {
      await browser.close()
    }
  }, 60_000)

  it('refuses another Host header (no DNS rebinding) and writes nothing to disk', async () => {
    if (skipReason) throw new Error(skipReason)
    // Fresh, empty working, home and temp folders: after serving, they must still be empty.
    const dirs = ['cwd', 'home', 'tmp'].map((n) => mkdtempSync(join(tmpdir(), `toolcards-view-${n}-`)))
    const [cwd, home, tmp] = dirs as [string, string, string]
    const { child, url } = await startCli(
      ['view', resolve(ROOT, 'test/fixtures/corpus/codex/binary-size-log.events.jsonl')],
      {
        cwd,
        env: { ...process.env, HOME: home, TMPDIR: tmp, XDG_CACHE_HOME: join(home, '.cache') },
      },
    )
    children.push(child)
    const ok = await fetch(`${url}session.json`)
    expect(ok.status).toBe(200)
    const body = (await ok.json()) as { format: string; events: Array<{ type: string }> }
    expect(body.format).toBe('codex')
    expect(body.events.filter((e) => e.type === 'call')).toHaveLength(32)
    const { request } = await import('node:http')
    const status = await new Promise<number>((done, fail) => {
      const u = new URL(url)
      const req = request(
        { host: u.hostname, port: u.port, path: '/', headers: { Host: 'attacker.example' } },
        (res) => done(res.statusCode ?? 0),
      )
      req.on('error', fail)
      req.end()
    })
    expect(status).toBe(421)
    for (const d of dirs) expect(readdirSync(d)).toEqual([])
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  }, 20_000)

  it('says clearly when a file cannot be read or its format is unknown', (_ctx) => {
    if (skipReason) throw new Error(skipReason)
    const missing = runCli(['view', 'no/such/file.jsonl'])
    expect(missing.status).toBe(2)
    expect(missing.stderr).toMatch(/cannot read no\/such\/file\.jsonl: no such file/)
    const unknown = runCli(['view', 'package.json'])
    expect(unknown.status).toBe(3)
    expect(unknown.stderr).toMatch(
      /cannot tell which agent wrote package\.json \(\d+ lines, \d+ not JSON\)\. Known formats: Claude Code/,
    )
    const usage = runCli([])
    expect(usage.status).toBe(1)
    expect(usage.stdout).toMatch(/^Usage: toolcards view <file>/)
  })
})
