// @vitest-environment node
// End to end: the example chat (examples/web-chat: Vite + React on useChat, a local server running
// streamText with the AI SDK's scripted test model and the example tools) driven in Chromium. A prompt
// streams tool calls that run, then show as terminal, read, search and diff cards; the edit that needs
// approval shows its diff and the options; Reject (by keyboard) leaves a rejected card and the model's next
// turn says so; Allow once runs the second edit and its card completes. No console error, axe clean.
//
// TOOLCARDS_RECORD=1 also writes what useChat held at each change to test/fixtures/ai-sdk/web-chat.json
// (the snapshots test/ai-sdk/snapshots.test.ts maps to cards).

import { type ChildProcess, spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import type { Page } from 'playwright'
import { afterAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../chromium'

const ROOT = resolve(import.meta.dirname, '../..')
const TSX = resolve(ROOT, 'node_modules/tsx/dist/cli.mjs')
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

function startServer(): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [TSX, 'examples/web-chat/server.ts'], {
      cwd: ROOT,
      // Each tool call takes 1.5 s, so a loaded machine still paints it running before it ends.
      env: { ...process.env, PORT: '0', TOOL_DELAY_MS: '1500' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    const timer = setTimeout(() => fail(new Error(`no URL within 60 s: ${out}`)), 60_000)
    const read = (d: Buffer) => {
      out += d.toString()
      const m = /web chat on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)
      if (m) {
        clearTimeout(timer)
        ok({ child, url: m[1]! })
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.on('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`the server exited with ${code}: ${out}`))
    })
  })
}

/** Every (card kind, status) a card of the page has had, from the start (DOM mutations, and a 10 ms poll). */
const WATCH = `
  window.__seen = new Set()
  const note = () => {
    for (const card of document.querySelectorAll('article.tc-card'))
      window.__seen.add(card.dataset.card + ':' + card.dataset.status)
  }
  new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status', 'data-card'] })
  setInterval(note, 10)
`

async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE })
  return page.evaluate(async () => {
    const w = window as unknown as {
      axe: { run(): Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> }
    }
    const r = await w.axe.run()
    return r.violations.map((v) => `${v.id} (${v.nodes.length})`)
  })
}

describe('the example web chat (examples/web-chat) in Chromium', () => {
  const children: ChildProcess[] = []
  afterAll(() => {
    for (const c of children) c.kill('SIGTERM')
  })

  it('streams tool calls into cards, asks before the edit, honours Reject then Allow once', async () => {
    const { child, url } = await startServer()
    children.push(child)
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      const problems: string[] = []
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`)
      })
      page.on('pageerror', (e) => problems.push(e.message))
      page.on('response', (r) => {
        if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`)
      })
      await page.addInitScript(WATCH)
      await page.goto(`${url}?record`)
      await page.getByRole('textbox', { name: 'Message' }).fill('Please fix the greeting')
      await page.keyboard.press('Enter')

      // The edit that needs approval: its card previews the diff and offers the options.
      const ask = page.locator('article[data-card="diff"][data-status="awaiting-approval"]')
      await ask.waitFor({ timeout: 60_000 })
      await expect(ask.textContent()).resolves.toContain('Nice to see you.')
      const options = ask.locator('.tc-approval button')
      // the buttons' code loads on first use (the options show as text meanwhile)
      await options.first().waitFor({ timeout: 30_000 })
      await expect(options.allInnerTexts()).resolves.toEqual(['Allow once', 'Reject'])
      // The calls before it ran and ended as their own cards, in order; the wrong file name failed.
      const cards = page.locator('article.tc-card')
      await expect(
        cards.evaluateAll((all) =>
          all.map((c) => `${c.getAttribute('data-card')}:${c.getAttribute('data-status')}`),
        ),
      ).resolves.toEqual([
        'terminal:completed',
        'read:failed',
        'read:completed',
        'search:completed',
        'diff:awaiting-approval',
      ])
      await expect(page.locator('article[data-card="terminal"]').textContent()).resolves.toContain(
        'greet.test.ts',
      )
      await expect(axe(page)).resolves.toEqual([])

      // Keyboard: the options in order; Reject is the default and is chosen with Enter.
      await options.nth(0).focus()
      await page.keyboard.press('Tab')
      await expect(options.nth(1).evaluate((b) => b === document.activeElement)).resolves.toBe(true)
      await expect(options.nth(1).getAttribute('data-default')).resolves.toBe('')
      await page.keyboard.press('Enter')

      // Rejected, not failed; the model's next turn read the rejection and asks for a smaller edit.
      const rejected = page.locator('article[data-card="diff"][data-status="rejected"]')
      await rejected.waitFor({ timeout: 30_000 })
      await expect(rejected.locator('.tc-approval').textContent()).resolves.toContain('Decision: Reject')
      await page
        .getByText('You rejected that edit, so src/greet.ts is unchanged.')
        .waitFor({ timeout: 30_000 })
      const second = page.locator('article[data-card="diff"][data-status="awaiting-approval"]')
      await second.waitFor({ timeout: 30_000 })
      await second.getByRole('button', { name: 'Allow once' }).click()

      // Allowed: the edit runs and its card completes with the file's change; the model says it is done.
      await page.getByText('Done: src/greet.ts now says Hi.').waitFor({ timeout: 30_000 })
      const done = page.locator('article[data-card="diff"][data-status="completed"]')
      await expect(done.count()).resolves.toBe(1)
      await expect(done.locator('.tc-approval').textContent()).resolves.toContain('Decision: Allow once')
      await expect(page.locator('article[data-card="diff"][data-status="rejected"]').count()).resolves.toBe(1)
      // No button is left that would send a decision nobody awaits.
      await expect(page.locator('.tc-approval button').count()).resolves.toBe(0)

      if (process.env.TOOLCARDS_RECORD === '1') {
        const snapshots = await page.evaluate(() => window.__webChatSnapshots ?? [])
        // One snapshot (the whole messages array) per line.
        const lines = snapshots.map((snapshot) => JSON.stringify(snapshot))
        writeFileSync(resolve(ROOT, 'test/fixtures/ai-sdk/web-chat.json'), `[\n${lines.join(',\n')}\n]\n`)
      }
      const seen = await page.evaluate(() => [...(window as unknown as { __seen: Set<string> }).__seen])
      // Streamed calls showed as running (or pending while their input streamed) before they ended.
      for (const kind of ['terminal', 'read', 'search', 'diff'])
        expect(
          seen.some((s) => s === `${kind}:running` || s === `${kind}:pending`),
          `${kind} never ran: ${seen}`,
        ).toBe(true)
      expect(seen).toContain('terminal:running')
      await expect(axe(page)).resolves.toEqual([])
      expect(problems).toEqual([])
    } finally {
      await browser.close()
    }
  }, 240_000)
})
