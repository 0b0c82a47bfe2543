// The VS Code theme mapping in Chromium, with the --vscode-* variables VS Code 1.100.3 really sets in its
// four default themes (captured from a webview by the real-editor test, test/vscode). Cards of every kind,
// with ANSI colours, diffs, highlighted code, notices and matches, switched between the four themes on one
// mounted tree: colours follow each theme, no node is replaced, and axe finds no contrast problem.
import { act, cleanup, render, waitFor } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import '../styles.css'
import { diffModel, malformed, oneLineFix } from '../../stories/fixtures/diff'
import { failedModel, smallModel } from '../../stories/fixtures/generic'
import { readModel, smallTs, trojanSource } from '../../stories/fixtures/read'
import { grepWithContext, searchModel, smallGrep } from '../../stories/fixtures/search'
import { failingBuild, hostileOutput, passingTests } from '../../stories/fixtures/terminal'
import { docsPage, notFound, webModel } from '../../stories/fixtures/web'
import dark from '../../test/fixtures/vscode-themes/vscode-dark.json'
import hcDark from '../../test/fixtures/vscode-themes/vscode-high-contrast.json'
import hcLight from '../../test/fixtures/vscode-themes/vscode-high-contrast-light.json'
import light from '../../test/fixtures/vscode-themes/vscode-light.json'
import { CardRenderer } from '../cards/CardRenderer'
import type { CardModel } from '../protocol'

const THEMES: Array<{ name: string; classes: string[]; vars: Record<string, string> }> = [
  { name: 'Light+', classes: ['vscode-light'], vars: light },
  { name: 'Dark+', classes: ['vscode-dark'], vars: dark },
  { name: 'Dark High Contrast', classes: ['vscode-high-contrast'], vars: hcDark },
  {
    name: 'Light High Contrast',
    classes: ['vscode-high-contrast', 'vscode-high-contrast-light'],
    vars: hcLight,
  },
  { name: 'Light High Contrast (one class)', classes: ['vscode-high-contrast-light'], vars: hcLight },
]

/** What VS Code does on a theme change: the body's classes and the variables on <html>. */
function applyTheme(theme: (typeof THEMES)[number]) {
  const root = document.documentElement
  for (const name of [...root.style]) if (name.startsWith('--vscode-')) root.style.removeProperty(name)
  for (const [k, v] of Object.entries(theme.vars)) root.style.setProperty(k, v)
  document.body.className = theme.classes.join(' ')
}

afterEach(() => {
  cleanup()
  document.body.className = ''
})

const terminal = (id: string, intent: unknown, status: CardModel['status'] = 'completed'): CardModel => ({
  id,
  toolName: 'run',
  args: {},
  status,
  intent,
})

const models: CardModel[] = [
  terminal('t1', passingTests),
  terminal('t2', failingBuild, 'failed'),
  terminal('t3', hostileOutput),
  diffModel('d1', oneLineFix),
  diffModel('d2', malformed),
  readModel('r1', smallTs),
  readModel('r2', trojanSource),
  searchModel('s1', smallGrep),
  searchModel('s2', grepWithContext),
  webModel('w1', docsPage),
  webModel('w2', notFound),
  smallModel,
  failedModel,
]

async function contrastProblems(root: HTMLElement): Promise<string[]> {
  const r = await axe.run(root, { runOnly: { type: 'rule', values: ['color-contrast'] } })
  return r.violations.flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary ?? ''}`),
  )
}

describe('VS Code theme mapping', () => {
  it('follows each default theme live, keeps every node, and passes axe color-contrast in all of them', async () => {
    applyTheme(THEMES[0]!)
    const { container } = render(
      <div style={{ width: 900 }}>
        {models.map((m) => (
          <CardRenderer key={m.id} model={m} />
        ))}
      </div>,
    )
    // Let the highlighter colour the code (syntax colours are variables too): it runs in a worker, so
    // wait for the colour, then for the DOM to stop changing (1 s without a change).
    await waitFor(() => expect(container.querySelector('[data-card="read"] [data-tk]')).not.toBeNull(), {
      timeout: 30_000,
    })
    let last = -1
    for (let still = 0; still < 4; ) {
      await act(() => new Promise((r) => setTimeout(r, 250)))
      const n = container.querySelectorAll('*').length
      still = n === last ? still + 1 : 0
      last = n
    }
    const nodes = [...container.querySelectorAll('*')]
    const seen = new Map<string, string>()
    const problems: string[] = []
    for (const theme of THEMES) {
      applyTheme(theme)
      await act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))))
      const card = getComputedStyle(container.querySelector('article')!)
      const hunk = container.querySelector('.tc-diff-hunk')
      seen.set(
        theme.name,
        [card.backgroundColor, card.color, hunk ? getComputedStyle(hunk).backgroundColor : ''].join(' '),
      )
      for (const p of await contrastProblems(container)) problems.push(`${theme.name}: ${p}`)
    }
    expect(problems).toEqual([])
    // Each theme has its own colours (the two high-contrast-light variants are the same theme).
    expect(new Set(seen.values()).size).toBe(4)
    // Nothing was re-mounted or re-rendered into new nodes.
    expect([...container.querySelectorAll('*')]).toEqual(nodes)
    expect(nodes.length).toBeGreaterThan(500)
  }, 120_000)

  it('the diff hunk header takes a tint of the theme, not the kit light blue', async () => {
    applyTheme(THEMES[1]!)
    const { container } = render(<CardRenderer model={diffModel('d', oneLineFix)} />)
    const hunk = container.querySelector('.tc-diff-hunk')!
    const [r, g, b] = getComputedStyle(hunk)
      .backgroundColor.match(/[\d.]+/g)!
      .map(Number)
    // Dark+: a dark blue-grey, nowhere near #ddf4ff.
    expect(Math.max(r!, g!, b!)).toBeLessThan(90)
    expect(b!).toBeGreaterThan(r!)
  })
})
