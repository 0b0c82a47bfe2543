// @vitest-environment node
// The VS Code mapping covers every theme token, and names only --vscode-* variables VS Code really sets
// (the list is what VS Code 1.100.3 put on a webview page in each of its four default themes, captured by
// the real-editor test into test/fixtures/vscode-themes/).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const here = import.meta.dirname
const tokensCss = readFileSync(resolve(here, 'tokens.css'), 'utf8')
const vscodeCss = readFileSync(resolve(here, 'vscode.css'), 'utf8')
const THEMES = resolve(here, '../../test/fixtures/vscode-themes')

/** The declarations of the first rule whose selector list contains `selector`. */
function block(css: string, selector: string): string {
  const at = css.indexOf(selector)
  expect(at, `no rule for ${selector}`).toBeGreaterThanOrEqual(0)
  const open = css.indexOf('{', at)
  return css.slice(open + 1, css.indexOf('\n}', open))
}

const declared = (decls: string) =>
  new Set([...decls.matchAll(/^\s*(--tc-[a-z0-9-]+)\s*:/gm)].map((m) => m[1]!))

describe('the VS Code theme mapping', () => {
  const mapping = declared(block(vscodeCss, 'body.vscode-high-contrast-light,\n[data-theme-preset="vscode"]'))

  it('maps every colour token of the kit, and the fonts', () => {
    const colours = declared(block(tokensCss, '[data-theme="dark"]'))
    expect(colours.size).toBeGreaterThan(40)
    const missing = [
      ...colours,
      '--tc-font-sans',
      '--tc-font-mono',
      '--tc-font-size',
      '--tc-code-font-size',
    ].filter((t) => !mapping.has(t))
    expect(missing).toEqual([])
    expect(mapping.has('--tc-info-bg')).toBe(true)
  })

  it('sets a text clamp and a colour scheme for each of the four theme kinds', () => {
    for (const kind of ['body.vscode-light', 'body.vscode-high-contrast-light']) {
      const d = block(vscodeCss, kind)
      expect(d).toMatch(/color-scheme: light/)
      expect(d).toMatch(/--tc-vsc-lmax: 0\.45/)
    }
    for (const kind of ['body.vscode-dark', 'body.vscode-high-contrast:not(.vscode-high-contrast-light)']) {
      const d = block(vscodeCss, kind)
      expect(d).toMatch(/color-scheme: dark/)
      expect(d).toMatch(/--tc-vsc-lmin: 0\.78/)
    }
  })

  it.runIf(existsSync(THEMES))('names only variables VS Code sets in all four default themes', () => {
    const files = readdirSync(THEMES).filter((f) => f.endsWith('.json'))
    expect(files.sort()).toEqual([
      'vscode-dark.json',
      'vscode-high-contrast-light.json',
      'vscode-high-contrast.json',
      'vscode-light.json',
    ])
    const sets = files.map((f) => new Set(Object.keys(JSON.parse(readFileSync(resolve(THEMES, f), 'utf8')))))
    const used = new Set([...vscodeCss.matchAll(/var\((--vscode-[A-Za-z0-9-]+)/g)].map((m) => m[1]!))
    // Set by some theme only: each use has a fallback in the mapping (checked here by name).
    const optional = new Set([
      '--vscode-terminal-background',
      '--vscode-contrastBorder',
      '--vscode-editorInfo-background',
      '--vscode-diffEditor-insertedTextBackground',
      '--vscode-diffEditor-removedTextBackground',
      '--vscode-diffEditor-insertedLineBackground',
      '--vscode-diffEditor-removedLineBackground',
      '--vscode-inputValidation-errorBackground',
      '--vscode-inputValidation-warningBackground',
      '--vscode-editor-findMatchHighlightBackground',
      '--vscode-list-hoverBackground',
      '--vscode-panel-border',
      '--vscode-widget-border',
      '--vscode-editorWidget-border',
      '--vscode-button-background',
      '--vscode-editor-findMatchBackground',
    ])
    const unknown = [...used].filter((v) => !sets.some((s) => s.has(v)))
    expect(unknown).toEqual([])
    const notEverywhere = [...used].filter((v) => !sets.every((s) => s.has(v)) && !optional.has(v))
    expect(notEverywhere).toEqual([])
  })
})
