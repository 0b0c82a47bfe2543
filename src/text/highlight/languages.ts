/**
 * Language detection from an explicit id, a path (extension or a well-known file name) and a shebang,
 * on an index built from a table (the curated one is `languageTable.ts`). Pure: no DOM, no React.
 *
 * Every lookup goes through `Map`s, so names such as `constructor`, `__proto__` or `toString` are just
 * unknown names (plain text), never properties of an object.
 */
import type { LanguageInput } from 'shiki/types'
import type { LanguageHint } from './types'

/** Loads a shiki grammar (and the grammars it embeds). */
export type LanguageLoader = () => Promise<LanguageInput | { default: LanguageInput }> | LanguageInput

/** One language of the table: its shiki id, its aliases, and how files of it are named. */
export interface LanguageInfo {
  id: string
  aliases?: readonly string[]
  /** File extensions, lower case, without the dot (`d.ts` style double extensions allowed). */
  extensions?: readonly string[]
  /** Whole file names, matched case-insensitively (`Dockerfile`, `.bashrc`). */
  fileNames?: readonly string[]
  /** Interpreter names in a shebang (`python3` matches `python` once digits are dropped). */
  interpreters?: readonly string[]
}

/** A language of the table and how its grammar loads. */
export interface LanguageSpec extends LanguageInfo {
  load: LanguageLoader
}

/** Ids that mean "no highlighting, on purpose". */
export const PLAIN_LANGUAGE_IDS: ReadonlySet<string> = new Set([
  'text',
  'txt',
  'plain',
  'plaintext',
  'none',
  'raw',
])

/** The tables detection runs on. Built once per highlighter from its language list. */
export interface LanguageIndex {
  /** id or alias (lower case) -> id */
  readonly byName: ReadonlyMap<string, string>
  /** extension (lower case, no dot) -> id */
  readonly byExtension: ReadonlyMap<string, string>
  /** file name (lower case) -> id */
  readonly byFileName: ReadonlyMap<string, string>
  /** interpreter (lower case, digits and dots dropped) -> id */
  readonly byInterpreter: ReadonlyMap<string, string>
}

export interface ExtraLanguageInfo {
  id: string
  aliases?: readonly string[] | undefined
}

export function buildLanguageIndex(
  specs: readonly LanguageInfo[],
  extra: readonly ExtraLanguageInfo[] = [],
): LanguageIndex {
  const byName = new Map<string, string>()
  const byExtension = new Map<string, string>()
  const byFileName = new Map<string, string>()
  const byInterpreter = new Map<string, string>()
  const setOnce = (map: Map<string, string>, key: string, id: string) => {
    const k = key.toLowerCase()
    if (!map.has(k)) map.set(k, id)
  }
  for (const spec of specs) {
    setOnce(byName, spec.id, spec.id)
    for (const a of spec.aliases ?? []) setOnce(byName, a, spec.id)
    for (const e of spec.extensions ?? []) setOnce(byExtension, e, spec.id)
    for (const f of spec.fileNames ?? []) setOnce(byFileName, f, spec.id)
    for (const i of spec.interpreters ?? []) setOnce(byInterpreter, i, spec.id)
  }
  // Extra languages (for instance all of shiki's): their ids and aliases double as extensions, which
  // covers most of them (`zig`, `hs`, `nim`...) without a hand-written table.
  for (const info of extra) {
    setOnce(byName, info.id, info.id)
    setOnce(byExtension, info.id, info.id)
    for (const a of info.aliases ?? []) {
      setOnce(byName, a, info.id)
      setOnce(byExtension, a, info.id)
    }
  }
  return { byName, byExtension, byFileName, byInterpreter }
}

const MAX_NAME = 64
const NAME_OK = /^[a-z0-9][a-z0-9+#._-]*$/

/** Normalizes an explicit language name; anything odd is null. */
function cleanName(raw: unknown): string | null {
  if (typeof raw !== 'string') return null
  const name = raw.trim().toLowerCase()
  if (name.length === 0 || name.length > MAX_NAME || !NAME_OK.test(name)) return null
  return name
}

/** The last segment of a path (either separator), or null. */
export function baseName(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'))
  return cut >= 0 ? path.slice(cut + 1) : path
}

function fromPath(index: LanguageIndex, path: string): string | null {
  if (path.length > 4096) path = path.slice(-4096)
  const base = baseName(path).trim()
  if (!base || base.length > 255) return null
  const lower = base.toLowerCase()
  const named = index.byFileName.get(lower)
  if (named) return named
  // `Dockerfile.dev`, `Makefile.linux`: a well-known name with a suffix.
  const stem = lower.split('.')[0] ?? ''
  if (stem === 'dockerfile' || stem === 'containerfile') return index.byName.get('docker') ?? null
  if (stem === 'makefile' || stem === 'gnumakefile') return index.byName.get('make') ?? null
  if (lower.startsWith('.env.')) {
    const env = index.byFileName.get('.env')
    if (env) return env
  }
  const dot = lower.lastIndexOf('.')
  if (dot <= 0 && !(dot === 0 && index.byExtension.has(lower.slice(1)))) return null
  // `.d.ts` style double extensions first, then the last one.
  const prev = lower.lastIndexOf('.', dot - 1)
  if (prev > 0) {
    const two = index.byExtension.get(lower.slice(prev + 1))
    if (two) return two
  }
  return index.byExtension.get(lower.slice(dot + 1)) ?? null
}

/** Language from a `#!` line: `#!/usr/bin/env -S python3 -u`, `#!/bin/bash`. */
export function fromShebang(index: LanguageIndex, firstLine: string): string | null {
  if (!firstLine.startsWith('#!')) return null
  const words = firstLine.slice(2, 512).trim().split(/\s+/)
  let program = baseName(words[0] ?? '')
  let i = 1
  if (program === 'env') {
    while (i < words.length && (words[i]?.startsWith('-') || words[i]?.includes('='))) i++
    program = baseName(words[i] ?? '')
  }
  const name = program.toLowerCase().replace(/[\d.]+$/, '')
  if (!name) return null
  return index.byInterpreter.get(name) ?? null
}

/**
 * A known language id for the hint, or null for plain text. An explicit known language wins; an
 * explicit plain id (`text`) means plain; otherwise the path decides, then the shebang. Never throws.
 */
export function detectLanguage(index: LanguageIndex, hint: LanguageHint): string | null {
  try {
    const explicit = cleanName(hint.language)
    if (explicit) {
      if (PLAIN_LANGUAGE_IDS.has(explicit)) return null
      const id = index.byName.get(explicit)
      if (id) return id
    }
    if (typeof hint.path === 'string') {
      const id = fromPath(index, hint.path)
      if (id) return id
    }
    if (typeof hint.firstLine === 'string') return fromShebang(index, hint.firstLine)
    return null
  } catch {
    return null
  }
}

/** Display names that are not the id capitalized (`rust` -> `Rust`) or upper-cased (`css` -> `CSS`). */
const NAMES = new Map<string, string>(
  Object.entries({
    bat: 'Batch File',
    cmake: 'CMake',
    cpp: 'C++',
    csharp: 'C#',
    docker: 'Dockerfile',
    dotenv: 'dotenv',
    fsharp: 'F#',
    'git-commit': 'Git commit message',
    graphql: 'GraphQL',
    javascript: 'JavaScript',
    jsonc: 'JSON with comments',
    jsonl: 'JSON Lines',
    latex: 'LaTeX',
    make: 'Makefile',
    'objective-c': 'Objective-C',
    powershell: 'PowerShell',
    proto: 'Protocol Buffers',
    shellscript: 'Shell',
    typescript: 'TypeScript',
  }),
)
/** Curated ids shown in capitals: acronyms. */
const UPPER = new Set('css csv hcl html ini json json5 jsx mdx php scss sql toml tsx xml yaml'.split(' '))

/**
 * A display name for a language id (`typescript` -> `TypeScript`): a word of lower-case letters is
 * capitalized (`rust` -> `Rust`, a host's `zig` -> `Zig`); any other id is shown as it is.
 */
export function languageName(id: string | null | undefined): string {
  if (!id) return 'Plain text'
  const name = NAMES.get(id)
  if (name) return name
  if (UPPER.has(id)) return id.toUpperCase()
  return /^[a-z]+$/.test(id) ? id[0]!.toUpperCase() + id.slice(1) : id
}
