/**
 * The cards inside a real VS Code: code-server 4.100.3 (VS Code 1.100.3) with the example extension,
 * driven by Playwright in Chromium. One session of the editor, step by step: open a corpus session with the
 * extension's command, see every kind of card, click a read card's line number and check the editor
 * opened the file at that line, append to the log and see the new card, switch themes and check colours
 * and contrast (axe), hide and re-show the panel and check the UI state came back. CSP violations are
 * collected the whole time (console, CDP security log, `securitypolicyviolation` in the page) and must be 0.
 *
 * Run with `npm run test:vscode` (installs code-server into a cache folder, builds the extension).
 * Figures go to node_modules/.cache/toolcards-vscode/figures.json; TOOLCARDS_SCREENSHOT=<file> saves
 * the README picture.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { type Browser, chromium, type Frame, type Page } from 'playwright'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, chromiumPath } from '../chromium'
import { type CodeServer, startCodeServer } from './code-server'
import { makeWorkspace, type Workspace } from './workspace'

const require = createRequire(import.meta.url)
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
const OUT = resolve(import.meta.dirname, '../../node_modules/.cache/toolcards-vscode')

let ws: Workspace
let server: CodeServer
let browser: Browser
let page: Page
const csp: string[] = []
const otherSecurity = new Set<string>()
const CSP_TEXT = /Content.Security.Policy|Refused to (load|execute|apply|connect|create|frame|evaluate)/i
const figures: Record<string, unknown> = {}

beforeAll(async () => {
  ws = makeWorkspace()
  server = await startCodeServer(ws.dir)
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--disable-dev-shm-usage'],
  })
  page = await browser.newPage({ viewport: { width: 1600, height: 1000 } })
  page.on('console', (m) => {
    if (CSP_TEXT.test(m.text())) csp.push(`console: ${m.text()}`)
  })
  const cdp = await page.context().newCDPSession(page)
  cdp.on('Log.entryAdded', ({ entry }) => {
    if (entry.source !== 'security') return
    // VS Code's own webview frames draw a sandbox warning here (allow-scripts with allow-same-origin): kept
    // as a figure, not counted as a CSP violation.
    if (CSP_TEXT.test(entry.text)) csp.push(`cdp: ${entry.text}`)
    else otherSecurity.add(entry.text)
  })
  await cdp.send('Log.enable')
  await page.exposeFunction('__tcCspViolation', (text: string) => csp.push(`event: ${text}`))
  // Generous: on a loaded machine (2 cores shared) the workbench takes a minute to come up.
  page.setDefaultTimeout(60_000)
  await page.goto(`${server.url}/?folder=${encodeURIComponent(ws.dir)}`, { timeout: 180_000 })
  await page.waitForSelector('.monaco-workbench', { timeout: 180_000 })
}, 600_000)

afterAll(async () => {
  mkdirSync(OUT, { recursive: true })
  figures.cspViolations = csp.length
  figures.otherSecurityLogs = [...otherSecurity]
  writeFileSync(join(OUT, 'figures.json'), `${JSON.stringify(figures, null, 2)}\n`)
  console.log('toolcards vscode figures:', JSON.stringify(figures))
  await browser?.close()
  if (server) {
    if (process.env.TOOLCARDS_DEBUG) writeFileSync(join(OUT, 'code-server.log'), server.log())
    await server.stop()
  }
})

beforeEach((context) => {
  // A picture of the editor when a step fails, to see what VS Code showed.
  context.onTestFailed(async () => {
    if (!page) return
    mkdirSync(OUT, { recursive: true })
    const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)
    await page.screenshot({ path: join(OUT, `failed-${name}.png`) }).catch(() => {})
  })
})

const quickInput = () => page.locator('.quick-input-widget input')

/**
 * Runs a command from the palette, retrying while the extension host is still starting. When the command
 * asks for input (a theme, a file), waits for its own prompt (the palette's `>` gone), types `answer`,
 * waits for the row `pick` and presses Enter (unless `enter` is false).
 */
async function command(title: string, answer?: string, pick: string | null = answer ?? null, enter = true) {
  const input = quickInput()
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Control+Shift+P')
    try {
      await input.waitFor({ state: 'visible', timeout: 2000 })
    } catch {
      continue
    }
    try {
      // The palette can close again right after it opened (a click on a tab just before moves focus late).
      await input.fill(`>${title}`, { timeout: 3000 })
    } catch {
      await page.keyboard.press('Escape')
      continue
    }
    // The row whose label is exactly the title ("Preferences: Color Theme", not "...Color Themes in Marketplace").
    const exact = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
    const row = page
      .locator('.quick-input-list .monaco-list-row')
      .filter({ has: page.locator('.label-name', { hasText: exact }) })
      .first()
    try {
      await row.waitFor({ timeout: 3000 })
    } catch {
      await page.keyboard.press('Escape')
      await page.waitForTimeout(1000)
      continue
    }
    await row.click()
    if (answer === undefined) return
    await expect
      // The first command of an extension activates it: on a loaded machine that takes a while.
      .poll(async () => (await input.isVisible()) && !(await input.inputValue()).startsWith('>'), {
        timeout: 90_000,
      })
      .toBe(true)
    await input.fill(answer)
    if (pick !== null) {
      const row = page
        .locator('.quick-input-list .monaco-list-row')
        .filter({ has: page.locator('.label-name', { hasText: pick }) })
        .first()
      try {
        await row.waitFor({ timeout: 10_000 })
      } catch {
        const rows = await page.locator('.quick-input-list .monaco-list-row').allTextContents()
        throw new Error(`no row "${pick}" after ${title}; rows: ${rows.join(' | ')}`)
      }
      // Focus that row (the theme picker previews the focused theme), then accept it.
      if (enter)
        for (let n = 0; n < 30 && !(await row.evaluate((e) => e.classList.contains('focused'))); n++)
          await page.keyboard.press('ArrowDown')
    }
    if (enter) await page.keyboard.press('Enter')
    return
  }
  throw new Error(`command not found: ${title}`)
}

/** The webview page's frame (the one holding the kit's root), waiting for it. */
async function sessionFrame(timeout = 120_000): Promise<Frame> {
  const deadline = Date.now() + timeout
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      if (!frame.url().includes('fake.html') || frame.isDetached()) continue
      try {
        if (await frame.evaluate(() => document.querySelector('[data-slot="webview"]') !== null)) return frame
      } catch {
        // Detached while asked.
      }
    }
    await page.waitForTimeout(100)
  }
  throw new Error('the session webview did not appear')
}

/** Collects `securitypolicyviolation` events from now on (the page's own listeners survive nothing). */
async function watchViolations(frame: Frame) {
  await frame.evaluate(() => {
    const w = window as unknown as { __tcWatching?: boolean; __tcCspViolation?: (t: string) => void }
    if (w.__tcWatching) return
    w.__tcWatching = true
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__tcCspViolation?.(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    )
  })
}

const scrollEl = '[data-slot="session-scroll"]'

/** Scrolls the session list from top to bottom in steps of `step` px (default most of a screen). */
async function sweep(frame: Frame, visit: () => Promise<boolean | undefined>, step?: number) {
  for (let y = 0; ; ) {
    const at = await frame.evaluate(
      ([sel, top]) => {
        const el = document.querySelector(sel as string)!
        el.scrollTo(0, top as number)
        return { top: el.scrollTop, view: el.clientHeight, height: el.scrollHeight }
      },
      [scrollEl, y],
    )
    await frame.waitForTimeout(150)
    if ((await visit()) === true) return
    if (at.top + at.view >= at.height - 1) return
    y = at.top + (step ?? Math.max(200, Math.floor(at.view * 0.7)))
  }
}

async function toolbarCount(frame: Frame): Promise<string> {
  return (await frame.locator('.tc-session-count').textContent()) ?? ''
}

describe('the cards in a real VS Code', () => {
  it('opens a corpus session from the command and shows cards of every kind', async () => {
    // The simple file dialog: its input holds a path; the one typed opens with Enter.
    await command('Agent Sessions: Open Agent Session…', ws.session, null, false)
    // The dialog may still put its starting folder into the input after ours: type the path until it holds.
    await expect
      .poll(
        async () => {
          if ((await quickInput().inputValue()) !== ws.session) await quickInput().fill(ws.session)
          await page.waitForTimeout(700)
          return quickInput().inputValue()
        },
        { timeout: 30_000 },
      )
      .toBe(ws.session)
    await page.waitForTimeout(500)
    const opened = Date.now()
    await page.keyboard.press('Enter')
    const frame = await sessionFrame()
    await frame.locator('article[data-card]').first().waitFor({ timeout: 120_000 })
    figures.firstCardMs = Date.now() - opened
    await watchViolations(frame)
    await expect.poll(() => toolbarCount(frame)).toBe('25 tool calls')
    const kinds = new Set<string>()
    const ids = new Set<string>()
    await sweep(frame, async () => {
      for (const k of await frame.$$eval('article[data-card]', (els) =>
        els.map((e) => e.getAttribute('data-card') ?? ''),
      ))
        kinds.add(k)
      for (const id of await frame.$$eval('[data-session-item]', (els) =>
        els.map((e) => e.getAttribute('data-card-id') ?? ''),
      ))
        ids.add(id)
      return undefined
    })
    figures.cardsShown = ids.size
    figures.kinds = [...kinds].sort()
    expect([...kinds].sort()).toEqual(['diff', 'generic', 'read', 'search', 'terminal', 'web'])
    expect(ids.size).toBe(25)
    expect(csp).toEqual([])
  })

  it('a click on a read card line number opens the file at that line in the editor', async () => {
    const frame = await sessionFrame()
    const file = join(ws.dir, 'mix.exs')
    const button = frame.locator(`button[aria-label="Open ${file} at line 12"]`).first()
    // Scroll down until the card with that line is mounted.
    await sweep(frame, async () => (await button.count()) > 0, 300)
    await button.scrollIntoViewIfNeeded()
    await button.click()
    // VS Code's own UI: the file's tab is active in an editor group, the cursor is on line 12.
    await page
      .locator('.tabs-container .tab.active', { hasText: 'mix.exs' })
      .first()
      .waitFor({ timeout: 20_000 })
    await expect
      .poll(async () => (await page.locator('[id="status.editor.selection"]').textContent())?.trim(), {
        timeout: 20_000,
      })
      .toBe('Ln 12, Col 1')
    expect(csp).toEqual([])
  })

  it('lines appended to the open log become cards without reopening; a half-written line waits', async () => {
    const frame = await sessionFrame()
    await watchViolations(frame)
    const call = JSON.stringify({
      type: 'assistant',
      sessionId: '491e126e-1e71-469c-ade2-fcc8af567c74',
      uuid: 'appended-1',
      message: {
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 'toolu_appended_1',
            name: 'Bash',
            input: { command: 'echo appended live' },
          },
        ],
      },
    })
    const result = JSON.stringify({
      type: 'user',
      sessionId: '491e126e-1e71-469c-ade2-fcc8af567c74',
      uuid: 'appended-2',
      message: {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_appended_1', content: 'appended live', is_error: false },
        ],
      },
      toolUseResult: { stdout: 'appended live', stderr: '', interrupted: false },
    })
    const half = Math.floor(call.length / 2)
    appendFileSync(ws.session, call.slice(0, half))
    await frame.waitForTimeout(2500)
    expect(await toolbarCount(frame)).toBe('25 tool calls')
    expect(await frame.locator('.tc-session-problems').count()).toBe(0)
    const appended = Date.now()
    appendFileSync(ws.session, `${call.slice(half)}\n`)
    await expect.poll(() => toolbarCount(frame), { timeout: 20_000 }).toBe('26 tool calls')
    figures.appendToCardMs = Date.now() - appended
    appendFileSync(ws.session, `${result}\n`)
    await frame.evaluate((sel) => document.querySelector(sel)!.scrollTo(0, 1e9), scrollEl)
    const card = frame.locator('[data-card-id="toolu_appended_1"] article')
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 20_000 }).toBe('completed')
    expect(await card.textContent()).toContain('echo appended live')
    expect(await frame.locator('.tc-session-problems').count()).toBe(0)
    expect(csp).toEqual([])
  })

  it('follows Light+, Dark+ and both high-contrast themes live, with no contrast violation', async () => {
    const themes = [
      { pick: 'Light+', kind: 'vscode-light' },
      { pick: 'Light High Contrast', kind: 'vscode-high-contrast-light' },
      { pick: 'Dark High Contrast', kind: 'vscode-high-contrast' },
      { pick: 'Dark+', kind: 'vscode-dark' },
    ]
    const seen = new Map<string, string>()
    const violations: string[] = []
    const frame = await sessionFrame()
    await watchViolations(frame)
    await frame.evaluate((sel) => document.querySelector(sel)!.scrollTo(0, 0), scrollEl)
    for (const theme of themes) {
      // Nodes kept across the switch: the same card and highlighted token, not re-mounted, not re-highlighted.
      await frame.evaluate(() => {
        const w = window as unknown as { __tcProbe?: Element[] }
        w.__tcProbe = [
          document.querySelector('article[data-card]')!,
          document.querySelector('[data-tk]') ?? document.body,
        ]
      })
      await command('Preferences: Color Theme', theme.pick, theme.pick)
      await expect
        .poll(() => frame.evaluate(() => document.body.getAttribute('data-vscode-theme-kind')), {
          timeout: 20_000,
        })
        .toBe(theme.kind)
      await frame.waitForTimeout(500)
      expect(
        await frame.evaluate(() =>
          (window as unknown as { __tcProbe: Element[] }).__tcProbe.every((e) => e.isConnected),
        ),
      ).toBe(true)
      seen.set(
        theme.pick,
        await frame.evaluate(() => {
          const card = getComputedStyle(document.querySelector('article[data-card]')!)
          const body = getComputedStyle(document.body)
          return [
            card.backgroundColor,
            card.color,
            card.borderTopColor,
            body.getPropertyValue('--tc-ansi-4'),
            body.getPropertyValue('--tc-info-bg'),
          ].join(' | ')
        }),
      )
      // The theme's --vscode-* variables, for the theme fixture the browser tests use (test/fixtures/vscode-themes).
      const vars = await frame.evaluate(() => {
        const style = document.documentElement.style
        const out: Record<string, string> = {}
        for (let i = 0; i < style.length; i++) out[style[i]!] = style.getPropertyValue(style[i]!).trim()
        return out
      })
      mkdirSync(OUT, { recursive: true })
      writeFileSync(join(OUT, `theme-${theme.kind}.json`), JSON.stringify(vars, null, 1))
      if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE)
      for (const where of [0, 0.5, 1]) {
        await frame.evaluate(
          ([sel, f]) => {
            const el = document.querySelector(sel as string)!
            el.scrollTo(0, (el.scrollHeight - el.clientHeight) * (f as number))
          },
          [scrollEl, where],
        )
        await frame.waitForTimeout(300)
        const result = await frame.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run: (
                  c: unknown,
                  o: unknown,
                ) => Promise<{
                  violations: Array<{
                    id: string
                    nodes: Array<{ target: unknown; failureSummary?: string }>
                  }>
                }>
              }
            }
          ).axe
          const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } })
          return r.violations.map(
            (v) =>
              `${v.id}: ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('; ')}`,
          )
        })
        for (const v of result) violations.push(`${theme.pick} at ${where}: ${v}`)
      }
      await frame.evaluate((sel) => document.querySelector(sel)!.scrollTo(0, 0), scrollEl)
      await frame.waitForTimeout(300)
    }
    figures.themes = Object.fromEntries(seen)
    // Each theme gave the cards its own colours.
    expect(new Set(seen.values()).size).toBe(themes.length)
    expect(violations).toEqual([])
    expect(csp).toEqual([])
  }, 400_000)

  it('hiding and re-showing the panel restores the expanded cards and the scroll position', async () => {
    let frame = await sessionFrame()
    // Collapse two cards near the middle and leave the list scrolled there.
    await frame.evaluate((sel) => {
      const el = document.querySelector(sel)!
      el.scrollTo(0, el.scrollHeight * 0.45)
    }, scrollEl)
    await frame.waitForTimeout(400)
    const toggles = frame.locator(
      '[data-session-item] [data-slot="card-header"] button[aria-expanded="true"]',
    )
    await toggles.nth(1).click()
    await toggles.nth(1).click()
    await frame.waitForTimeout(600)
    const before = await frame.evaluate((sel) => {
      const el = document.querySelector(sel)!
      const top = el.getBoundingClientRect().top
      const items = [...el.querySelectorAll<HTMLElement>('[data-session-item]')]
      const first = items.find((i) => i.getBoundingClientRect().bottom - top > 0)!
      ;(window as unknown as { __tcOld?: boolean }).__tcOld = true
      return {
        anchor: first.dataset.cardId,
        offset: Math.round(top - first.getBoundingClientRect().top),
        collapsed: items
          .filter((i) => i.querySelector(':scope > article')?.getAttribute('data-state') === 'collapsed')
          .map((i) => i.dataset.cardId)
          .sort(),
      }
    }, scrollEl)
    expect(before.collapsed.length).toBe(2)

    // Hide: open another file in the panel's group (the page is destroyed: no retainContextWhenHidden).
    await page.locator('.tabs-container .tab', { hasText: 'subagent.jsonl' }).first().click()
    await command('Go to File...', 'notes.md')
    await expect
      .poll(() => frame.isDetached() || frame.evaluate(() => document.hidden).catch(() => true))
      .toBe(true)

    // Show again.
    await page.locator('.tabs-container .tab', { hasText: 'subagent.jsonl' }).first().click()
    frame = await sessionFrame()
    await watchViolations(frame)
    await frame.locator('article[data-card]').first().waitFor()
    await frame.waitForTimeout(800)
    const after = await frame.evaluate(
      ([sel, ids]) => {
        const el = document.querySelector(sel as string)!
        const top = el.getBoundingClientRect().top
        const items = [...el.querySelectorAll<HTMLElement>('[data-session-item]')]
        const first = items.find((i) => i.getBoundingClientRect().bottom - top > 0)!
        return {
          rebuilt: !(window as unknown as { __tcOld?: boolean }).__tcOld,
          anchor: first.dataset.cardId,
          offset: Math.round(top - first.getBoundingClientRect().top),
          collapsed: (ids as string[])
            .filter(
              (id) =>
                el.querySelector(`[data-card-id="${id}"] > article`)?.getAttribute('data-state') ===
                'collapsed',
            )
            .sort(),
        }
      },
      [scrollEl, before.collapsed],
    )
    expect(after.rebuilt).toBe(true)
    expect(after.anchor).toBe(before.anchor)
    expect(Math.abs(after.offset - before.offset)).toBeLessThanOrEqual(4)
    expect(after.collapsed).toEqual(before.collapsed)
    expect(csp).toEqual([])
  })

  it('the panel beside the editor (README picture)', async () => {
    const frame = await sessionFrame()
    await frame.evaluate((sel) => document.querySelector(sel)!.scrollTo(0, 0), scrollEl)
    await page.waitForTimeout(500)
    const target = process.env.TOOLCARDS_SCREENSHOT || join(OUT, 'vscode.png')
    mkdirSync(dirname(target), { recursive: true })
    await page.screenshot({ path: target })
    expect(csp).toEqual([])
  })
})
