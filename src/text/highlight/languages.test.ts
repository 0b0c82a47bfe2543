import { fc, test as fcTest } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { CURATED_GRAMMARS, CURATED_LANGUAGES } from './grammars'
import { buildLanguageIndex, detectLanguage } from './languages'
import { CURATED_LANGUAGE_INFO } from './languageTable'

const index = buildLanguageIndex(CURATED_LANGUAGES)
const detect = (hint: Parameters<typeof detectLanguage>[1]) => detectLanguage(index, hint)
const CURATED_IDS = new Set(CURATED_LANGUAGES.map((l) => l.id))

describe('the curated grammars', () => {
  it('has one grammar per language and no grammar without a language', () => {
    expect(Object.keys(CURATED_GRAMMARS).sort()).toEqual(CURATED_LANGUAGE_INFO.map((l) => l.id).sort())
    expect(CURATED_LANGUAGES.map((l) => l.id)).toEqual(CURATED_LANGUAGE_INFO.map((l) => l.id))
  })

  it('loads every grammar it names (a grammar shiki has)', async () => {
    for (const spec of CURATED_LANGUAGES) {
      const mod = (await spec.load()) as { default?: Array<{ name?: string }> }
      expect(Array.isArray(mod.default), spec.id).toBe(true)
    }
  })
})

describe('language from the path', () => {
  it.each([
    ['src/app/main.ts', 'typescript'],
    ['types/index.d.ts', 'typescript'],
    ['App.TSX', 'tsx'],
    ['lib/x.mjs', 'javascript'],
    ['C:\\work\\tool\\run.py', 'python'],
    ['crates/core/src/lib.rs', 'rust'],
    ['cmd/main.go', 'go'],
    ['src/Main.java', 'java'],
    ['include/vec.hpp', 'cpp'],
    ['src/x.c', 'c'],
    ['Program.cs', 'csharp'],
    ['app/models/user.rb', 'ruby'],
    ['index.php', 'php'],
    ['scripts/setup.sh', 'shellscript'],
    ['build.ps1', 'powershell'],
    ['.github/workflows/ci.yml', 'yaml'],
    ['pyproject.toml', 'toml'],
    ['README.md', 'markdown'],
    ['public/index.html', 'html'],
    ['styles/site.scss', 'scss'],
    ['db/schema.sql', 'sql'],
    ['fix.patch', 'diff'],
    ['package.json', 'json'],
    ['tsconfig.json', 'jsonc'],
    ['Dockerfile', 'docker'],
    ['docker/Dockerfile.dev', 'docker'],
    ['Makefile', 'make'],
    ['GNUmakefile', 'make'],
    ['rules.mk', 'make'],
    ['/home/me/.bashrc', 'shellscript'],
    ['.zshrc', 'shellscript'],
    ['Gemfile', 'ruby'],
    ['Cargo.lock', 'toml'],
    ['.env', 'dotenv'],
    ['.env.local', 'dotenv'],
    ['CMakeLists.txt', 'cmake'],
  ])('%s is %s', (path, id) => {
    expect(detect({ path })).toBe(id)
  })

  it.each(['notes.txt', 'LICENSE', 'data.bin', 'x.', '.gitignore', 'a/b/', ''])(
    '%j is plain text',
    (path) => {
      expect(detect({ path })).toBeNull()
    },
  )
})

describe('language from a shebang', () => {
  it.each([
    ['#!/usr/bin/env python3', 'python'],
    ['#! /usr/local/bin/python3.11 -u', 'python'],
    ['#!/usr/bin/env -S node --enable-source-maps', 'javascript'],
    ['#!/usr/bin/env FOO=1 ruby', 'ruby'],
    ['#!/bin/bash', 'shellscript'],
    ['#!/bin/sh -e', 'shellscript'],
    ['#!/usr/bin/env pwsh', 'powershell'],
    ['#!/usr/bin/env -S deno run', 'typescript'],
  ])('%s is %s', (firstLine, id) => {
    expect(detect({ path: 'bin/tool', firstLine })).toBe(id)
  })

  it('the path wins over the shebang; an unknown interpreter is plain', () => {
    expect(detect({ path: 'x.rb', firstLine: '#!/bin/bash' })).toBe('ruby')
    expect(detect({ path: 'x', firstLine: '#!/usr/bin/awk -f' })).toBeNull()
    expect(detect({ path: 'x', firstLine: 'python3 is great' })).toBeNull()
  })
})

describe('an explicit language', () => {
  it('wins when known, by id or alias, in any case', () => {
    expect(detect({ language: 'TS', path: 'x.py' })).toBe('typescript')
    expect(detect({ language: 'py', path: 'x.rs' })).toBe('python')
    expect(detect({ language: ' Dockerfile ' })).toBe('docker')
    expect(detect({ language: 'c++' })).toBe('cpp')
    expect(detect({ language: 'bash' })).toBe('shellscript')
  })

  it('plain ids mean plain text even when the path has a language', () => {
    expect(detect({ language: 'text', path: 'a.ts' })).toBeNull()
    expect(detect({ language: 'plaintext', path: 'a.ts' })).toBeNull()
  })

  it('an unknown language falls back to the path', () => {
    expect(detect({ language: 'klingon', path: 'main.go' })).toBe('go')
    expect(detect({ language: 'klingon' })).toBeNull()
  })
})

describe('hostile names are plain text, never an error', () => {
  const hostile = [
    'constructor',
    '__proto__',
    'prototype',
    'toString',
    'valueOf',
    'hasOwnProperty',
    '__defineGetter__',
    '../x',
    '../../etc/passwd',
    '..',
    '/',
    '\\',
    '\u0000',
    '\u202etxt.exe',
    'a'.repeat(100_000),
  ]
  it.each(hostile)('language %j', (language) => {
    expect(detect({ language })).toBeNull()
  })
  it.each(hostile)('path %j', (path) => {
    expect(detect({ path })).toBeNull()
  })
  it.each(['x.constructor', 'x.__proto__', 'x.toString', 'constructor.prototype'])('path %j', (path) => {
    expect(detect({ path })).toBeNull()
  })
  it('shebang naming an object property', () => {
    expect(detect({ firstLine: '#!/usr/bin/env constructor' })).toBeNull()
    expect(detect({ firstLine: '#!/bin/__proto__' })).toBeNull()
  })
  it('values of the wrong type', () => {
    const bad = [42, null, {}, [], Symbol('x'), { toString: () => 'ts' }] as unknown as string[]
    for (const v of bad) {
      expect(detect({ language: v, path: v, firstLine: v })).toBeNull()
    }
  })
  it('does not touch Object.prototype', () => {
    detect({ language: '__proto__', path: '__proto__.__proto__' })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.keys(Object.prototype)).toEqual([])
  })

  fcTest.prop([fc.option(fc.string()), fc.option(fc.string()), fc.option(fc.string())], { numRuns: 500 })(
    'any hint gives a curated id or null',
    (language, path, firstLine) => {
      const hint = {
        ...(language !== null ? { language } : {}),
        ...(path !== null ? { path } : {}),
        ...(firstLine !== null ? { firstLine } : {}),
      }
      const id = detect(hint)
      expect(id === null || CURATED_IDS.has(id)).toBe(true)
    },
  )
})

describe('the curated table', () => {
  it('covers what agents touch', () => {
    for (const id of [
      'typescript',
      'tsx',
      'javascript',
      'jsx',
      'json',
      'jsonc',
      'python',
      'rust',
      'go',
      'java',
      'c',
      'cpp',
      'csharp',
      'ruby',
      'php',
      'shellscript',
      'powershell',
      'yaml',
      'toml',
      'markdown',
      'html',
      'css',
      'scss',
      'sql',
      'docker',
      'make',
      'diff',
    ]) {
      expect(CURATED_IDS.has(id), id).toBe(true)
    }
  })

  it('every loader gives the grammar it is named for', async () => {
    for (const spec of CURATED_LANGUAGES) {
      const mod = (await spec.load()) as { default: Array<{ name: string; aliases?: string[] }> }
      const grammars = mod.default
      expect(Array.isArray(grammars), spec.id).toBe(true)
      expect(
        grammars.some((g) => g.name === spec.id || g.aliases?.includes(spec.id)),
        spec.id,
      ).toBe(true)
    }
  })
})
