// @vitest-environment node
/**
 * Highlighted code under a strict Content Security Policy, in Chromium: the page is built with Vite into
 * a temporary folder, served with `default-src 'none'; script-src 'self'; style-src 'self'` (no
 * 'unsafe-eval', no 'wasm-unsafe-eval', no 'unsafe-inline'), and every `securitypolicyviolation` is
 * collected. The default (JavaScript regex) engine must colour the code with zero violations, on the main
 * thread and in a Web Worker; the Oniguruma (WebAssembly) engine, as a control, must be blocked, so the
 * check is known to bite.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize, resolve } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')
/** The same policy with workers refused: the default highlighter must fall back to the main thread. */
const CSP_NO_WORKER = `${CSP}; worker-src 'none'`

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
}

let dir = ''
let server: Server
let origin = ''
let browser: Browser

function chromiumPath(): string | undefined {
  const p = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  return existsSync(p) ? p : undefined
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'toolcards-csp-'))
  const { build } = await import('vite')
  const react = (await import('@vitejs/plugin-react')).default
  await build({
    root: resolve(import.meta.dirname, 'page'),
    base: '/',
    mode: 'production',
    logLevel: 'error',
    configFile: false,
    plugins: [react()],
    build: {
      outDir: dir,
      emptyOutDir: true,
      minify: false,
      reportCompressedSize: false,
      assetsInlineLimit: 0,
    },
  })
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const policy = url.searchParams.get('csp') === 'noworker' ? CSP_NO_WORKER : CSP
    const file = normalize(join(dir, url.pathname === '/' ? 'index.html' : url.pathname))
    if (!file.startsWith(dir)) {
      res.writeHead(403).end()
      return
    }
    try {
      const body = await readFile(file)
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': policy,
      })
      res.end(body)
    } catch {
      res.writeHead(404, { 'content-security-policy': policy }).end()
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const address = server.address()
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  const executablePath = chromiumPath()
  browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((r) => (server ? server.close(r) : r(undefined)))
  if (dir) await rm(dir, { recursive: true, force: true })
})

interface Violation {
  directive: string
  blocked: string
  sample: string
}

async function open(query = '') {
  const page = await browser.newPage()
  const console: string[] = []
  page.on('console', (m) => console.push(m.text()))
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: Violation[] }
    w.__violations = []
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample })
    })
  })
  const response = await page.goto(`${origin}/${query}`)
  expect(response?.headers()['content-security-policy']).toBe(
    query.includes('csp=noworker') ? CSP_NO_WORKER : CSP,
  )
  const violations = () =>
    page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations)
  const path = () =>
    page.evaluate(() => (window as unknown as { __highlighterPath: () => string | null }).__highlighterPath())
  return { page, console, violations, path }
}

/** The keywords the read cards show, once the first is coloured. */
async function keywordsOf(page: Page, timeout: number): Promise<Array<string | null>> {
  await page.waitForSelector('[data-card="read"] [data-tk="keyword"]', { timeout })
  return page.$$eval('[data-tk="keyword"]', (els) => els.map((e) => e.textContent))
}

describe('strict CSP', () => {
  it('the default highlighter colours code in its Web Worker with zero CSP violations', async () => {
    const { page, console, violations, path } = await open()
    await page.waitForSelector('[data-card="read"] [data-tk="keyword"]', { timeout: 20_000 })
    const stats = await page.evaluate(() => ({
      cards: document.querySelectorAll('[data-card="read"]').length,
      keywords: [...document.querySelectorAll('[data-tk="keyword"]')].map((e) => e.textContent),
      comments: [...document.querySelectorAll('[data-tk="comment"]')].map((e) => e.textContent),
      colour: getComputedStyle(document.querySelector('[data-tk="keyword"]') as Element).color,
      text: getComputedStyle(document.querySelector('[data-slot="code-line"]') as Element).color,
    }))
    expect(stats.cards).toBe(2)
    expect(stats.keywords).toContain('import')
    expect(stats.keywords).toContain('def')
    expect(stats.comments).toContain('// UTF-8 only')
    // the colour comes from the stylesheet (allowed by style-src 'self'): keywords differ from text
    expect(stats.colour).not.toBe(stats.text)
    // the page could start the package's worker (script-src 'self' covers it), so the work ran there
    expect(await path()).toBe('worker')
    // give late work (other grammars, chunks) a moment to run into the policy, if it would
    await page.waitForTimeout(300)
    expect(await violations()).toEqual([])
    expect(console.filter((m) => /Content Security Policy/i.test(m))).toEqual([])
    await page.close()
  }, 30_000)

  it.each([
    ['a host-made worker highlighter (script from self)', 'worker'],
    ['an explicit main-thread highlighter', 'main'],
  ])(
    '%s runs with zero CSP violations',
    async (_, engine) => {
      const { page, console, violations } = await open(`?engine=${engine}`)
      const keywords = await keywordsOf(page, 20_000)
      expect(keywords).toContain('import')
      expect(keywords).toContain('def')
      await page.waitForTimeout(300)
      expect(await violations()).toEqual([])
      expect(console.filter((m) => /Content Security Policy/i.test(m))).toEqual([])
      await page.close()
    },
    30_000,
  )

  it('with workers refused (worker-src none), the default highlighter colours on the main thread', async () => {
    const { page, violations, path } = await open('?csp=noworker')
    const keywords = await keywordsOf(page, 30_000)
    expect(keywords).toContain('import')
    expect(keywords).toContain('def')
    expect(await path()).toBe('main-thread')
    // the one refusal is the worker's script; nothing else ran into the policy
    const directives = (await violations()).map((v) => v.directive)
    expect(directives.length).toBeGreaterThan(0)
    expect(new Set(directives)).toEqual(new Set(['worker-src']))
    await page.close()
  }, 45_000)

  it('control: the same page with the WebAssembly engine is blocked by the policy', async () => {
    const { page, violations } = await open('?engine=oniguruma')
    await page.waitForSelector('[data-card="read"] [data-slot="code-line"]')
    await expect
      .poll(async () => (await violations()).map((v) => v.directive), { timeout: 15_000 })
      .toContain('script-src')
    // and the code stays readable as plain text
    expect(await page.locator('[data-tk]').count()).toBe(0)
    expect(await page.textContent('[data-card="read"]')).toContain('readJson')
    await page.close()
  }, 30_000)
})
