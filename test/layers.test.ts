// @vitest-environment node
// The layers of src/, enforced: each top-level folder may import only the folders listed for it, and the
// engines never import React. (That they never touch the DOM is checked by `tsc -p tsconfig.engines.json`
// in `npm test`, which compiles them without the DOM library.)

import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = resolve(import.meta.dirname, '../src')

/** What each layer may import from src/ (besides itself). A folder not listed here is a test failure. */
const LAYERS: Record<string, readonly string[]> = {
  // numbers and sizes, formatted by a given locale: the one formatter every layer uses
  format: [],
  protocol: ['format'],
  text: ['format'],
  session: ['protocol'],
  adapters: ['protocol', 'text'],
  contract: ['protocol', 'format'],
  theme: [],
  cards: ['protocol', 'session', 'text', 'format'],
  // The VS Code webview page (React) and the extension's side (plain TS; it takes `vscode` as an argument).
  webview: ['cards', 'protocol', 'session', 'text', 'vscode'],
  vscode: ['protocol', 'text'],
  // toolcards/ai-sdk (client: React) and toolcards/ai-sdk/server (the only module that imports `ai`).
  'ai-sdk': ['protocol', 'session', 'adapters', 'contract', 'cards'],
  // The entry files at the top of src/ (index.ts, styles.css).
  '.': ['cards', 'protocol', 'theme'],
}

/** Layers that must run without React or a DOM (hosts and servers import them in plain Node). */
const ENGINES = ['format', 'protocol', 'text', 'session', 'adapters', 'contract', 'vscode'] as const

const FORBIDDEN_IN_ENGINES =
  /^(react|react-dom|@testing-library\/|@tanstack\/react-|react-markdown|vscode)(\/|$)/

interface Violation {
  file: string
  specifier: string
  reason: string
}

/** Import specifiers of a TypeScript source: static, type-only, re-exports, dynamic `import()`. */
function importsOf(source: string): string[] {
  const out: string[] = []
  const re =
    /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(=])import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm
  for (let m = re.exec(source); m; m = re.exec(source)) out.push((m[1] ?? m[2] ?? m[3])!)
  return out
}

/** The top-level folder of a path in src/ (`'.'` for the entry files); `src/protocol` itself is `protocol`. */
function layerOf(path: string): string {
  const rel = relative(SRC, path)
  const first = rel.split(sep)[0]!
  return rel.includes(sep) || (first !== '.' && first in LAYERS) ? first : '.'
}

/** Checks one file (path relative to src/) given its text. Tests may import any layer (a test of an adapter
 * folds its events; a browser test loads the stylesheet): the rule binds what ships. */
function checkFile(relPath: string, source: string): Violation[] {
  const file = resolve(SRC, relPath)
  const layer = layerOf(file)
  const allowed = LAYERS[layer]
  if (allowed === undefined)
    return [{ file: relPath, specifier: '', reason: `folder "${layer}" has no layer rule` }]
  const isTest = /\.(test|typetest)\.tsx?$/.test(relPath)
  const out: Violation[] = []
  for (const specifier of importsOf(source)) {
    if (specifier.startsWith('.')) {
      const target = resolve(dirname(file), specifier)
      if (!target.startsWith(SRC + sep)) {
        if (!isTest) out.push({ file: relPath, specifier, reason: 'imports from outside src/' })
        continue
      }
      const to = layerOf(target)
      if (to !== layer && !allowed.includes(to) && !isTest)
        out.push({ file: relPath, specifier, reason: `${layer}/ may not import ${to}/` })
    } else if (
      (ENGINES as readonly string[]).includes(layer) &&
      !isTest &&
      FORBIDDEN_IN_ENGINES.test(specifier)
    ) {
      out.push({ file: relPath, specifier, reason: `${layer}/ is an engine: no React` })
    }
  }
  return out
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) return sources(p)
    return /\.(ts|tsx)$/.test(name) ? [p] : []
  })
}

describe('layers of src/', () => {
  it('every import in src/ follows the layer table', () => {
    const violations = sources(SRC).flatMap((f) => checkFile(relative(SRC, f), readFileSync(f, 'utf8')))
    expect(violations).toEqual([])
  })

  it('the rule catches a card importing an adapter, an engine importing React, and an upward import', () => {
    expect(checkFile('cards/diff/DiffCard.tsx', "import { fromClaudeCode } from '../../adapters'")).toEqual([
      {
        file: 'cards/diff/DiffCard.tsx',
        specifier: '../../adapters',
        reason: 'cards/ may not import adapters/',
      },
    ])
    expect(
      checkFile('cards/web/WebCard.tsx', "const c = await import('../../contract/registry')"),
    ).toHaveLength(1)
    expect(checkFile('text/diff/parse.ts', "import { useState } from 'react'")).toEqual([
      { file: 'text/diff/parse.ts', specifier: 'react', reason: 'text/ is an engine: no React' },
    ])
    expect(checkFile('protocol/parse.ts', "export type { SessionState } from '../session/fold'")).toEqual([
      {
        file: 'protocol/parse.ts',
        specifier: '../session/fold',
        reason: 'protocol/ may not import session/',
      },
    ])
    expect(checkFile('session/fold.ts', "import '../cards/CardRenderer'")).toHaveLength(1)
    expect(checkFile('text/url.ts', "import x from '../../stories/fixtures/web'")).toHaveLength(1)
    expect(checkFile('widgets/x.ts', '')).toEqual([
      { file: 'widgets/x.ts', specifier: '', reason: 'folder "widgets" has no layer rule' },
    ])
  })

  it('allowed imports pass', () => {
    expect(
      checkFile('cards/diff/DiffCard.tsx', "import { parseUnifiedDiff } from '../../text/diff'"),
    ).toEqual([])
    expect(checkFile('adapters/codex.ts', "import type { SessionEvent } from '../protocol'")).toEqual([])
    expect(
      checkFile('cards/diff/DiffCard.test.tsx', "import { diff } from '../../../stories/fixtures/diff'"),
    ).toEqual([])
  })
})
