/**
 * Languages: the curated default set (loaded on demand by dynamic import), and language detection from
 * an explicit id, a path (extension or a well-known file name) and a shebang. Pure: no DOM, no React.
 *
 * Every lookup goes through `Map`s, so names such as `constructor`, `__proto__` or `toString` are just
 * unknown names (plain text), never properties of an object.
 */
import type { LanguageInput } from 'shiki/types'
import type { LanguageHint } from './types'

/** Loads a shiki grammar (and the grammars it embeds). */
export type LanguageLoader = () => Promise<LanguageInput | { default: LanguageInput }> | LanguageInput

/** One language of the table: its shiki id, its aliases, and how files of it are named. */
export interface LanguageSpec {
  id: string
  aliases?: readonly string[]
  /** File extensions, lower case, without the dot (`d.ts` style double extensions allowed). */
  extensions?: readonly string[]
  /** Whole file names, matched case-insensitively (`Dockerfile`, `.bashrc`). */
  fileNames?: readonly string[]
  /** Interpreter names in a shebang (`python3` matches `python` once digits are dropped). */
  interpreters?: readonly string[]
  load: LanguageLoader
}

/**
 * What agents touch most. Each grammar is its own dynamic import, so a host's bundler makes one small
 * chunk per language and the page fetches only the languages it shows.
 */
export const CURATED_LANGUAGES: readonly LanguageSpec[] = [
  {
    id: 'typescript',
    aliases: ['ts', 'mts', 'cts'],
    extensions: ['ts', 'mts', 'cts'],
    interpreters: ['ts-node', 'tsx', 'deno', 'bun'],
    load: () => import('shiki/langs/typescript.mjs'),
  },
  { id: 'tsx', extensions: ['tsx'], load: () => import('shiki/langs/tsx.mjs') },
  {
    id: 'javascript',
    aliases: ['js', 'mjs', 'cjs', 'node'],
    extensions: ['js', 'mjs', 'cjs'],
    interpreters: ['node', 'nodejs'],
    load: () => import('shiki/langs/javascript.mjs'),
  },
  { id: 'jsx', extensions: ['jsx'], load: () => import('shiki/langs/jsx.mjs') },
  {
    id: 'json',
    extensions: ['json', 'webmanifest', 'har', 'geojson', 'ipynb'],
    fileNames: ['.prettierrc', '.babelrc', 'composer.lock', 'flake.lock'],
    load: () => import('shiki/langs/json.mjs'),
  },
  {
    id: 'jsonc',
    extensions: ['jsonc', 'code-workspace'],
    fileNames: [
      'tsconfig.json',
      'jsconfig.json',
      '.eslintrc',
      '.eslintrc.json',
      'devcontainer.json',
      'biome.json',
    ],
    load: () => import('shiki/langs/jsonc.mjs'),
  },
  { id: 'json5', extensions: ['json5'], load: () => import('shiki/langs/json5.mjs') },
  { id: 'jsonl', extensions: ['jsonl', 'ndjson'], load: () => import('shiki/langs/jsonl.mjs') },
  {
    id: 'python',
    aliases: ['py', 'python3'],
    extensions: ['py', 'pyi', 'pyw', 'pyx'],
    fileNames: ['SConstruct', 'SConscript'],
    interpreters: ['python', 'pypy', 'uv'],
    load: () => import('shiki/langs/python.mjs'),
  },
  { id: 'rust', aliases: ['rs'], extensions: ['rs'], load: () => import('shiki/langs/rust.mjs') },
  { id: 'go', aliases: ['golang'], extensions: ['go'], load: () => import('shiki/langs/go.mjs') },
  { id: 'java', extensions: ['java'], load: () => import('shiki/langs/java.mjs') },
  {
    id: 'kotlin',
    aliases: ['kt', 'kts'],
    extensions: ['kt', 'kts'],
    load: () => import('shiki/langs/kotlin.mjs'),
  },
  { id: 'scala', extensions: ['scala', 'sc', 'sbt'], load: () => import('shiki/langs/scala.mjs') },
  { id: 'swift', extensions: ['swift'], load: () => import('shiki/langs/swift.mjs') },
  { id: 'c', extensions: ['c', 'h'], load: () => import('shiki/langs/c.mjs') },
  {
    id: 'cpp',
    aliases: ['c++', 'cxx', 'cc'],
    extensions: ['cpp', 'cc', 'cxx', 'c++', 'hpp', 'hh', 'hxx', 'h++', 'ipp', 'inl', 'ino', 'cu'],
    load: () => import('shiki/langs/cpp.mjs'),
  },
  {
    id: 'objective-c',
    aliases: ['objc'],
    extensions: ['m'],
    load: () => import('shiki/langs/objective-c.mjs'),
  },
  {
    id: 'csharp',
    aliases: ['c#', 'cs'],
    extensions: ['cs', 'csx'],
    load: () => import('shiki/langs/csharp.mjs'),
  },
  {
    id: 'fsharp',
    aliases: ['f#', 'fs'],
    extensions: ['fs', 'fsi', 'fsx'],
    load: () => import('shiki/langs/fsharp.mjs'),
  },
  {
    id: 'ruby',
    aliases: ['rb'],
    extensions: ['rb', 'rake', 'gemspec', 'ru', 'erb'],
    fileNames: ['Gemfile', 'Rakefile', 'Guardfile', 'Podfile', 'Vagrantfile', 'Brewfile'],
    interpreters: ['ruby'],
    load: () => import('shiki/langs/ruby.mjs'),
  },
  {
    id: 'php',
    extensions: ['php', 'phtml'],
    interpreters: ['php'],
    load: () => import('shiki/langs/php.mjs'),
  },
  {
    id: 'perl',
    aliases: ['pl'],
    extensions: ['pl', 'pm'],
    interpreters: ['perl'],
    load: () => import('shiki/langs/perl.mjs'),
  },
  {
    id: 'lua',
    extensions: ['lua'],
    interpreters: ['lua', 'luajit'],
    load: () => import('shiki/langs/lua.mjs'),
  },
  { id: 'r', extensions: ['r'], interpreters: ['rscript'], load: () => import('shiki/langs/r.mjs') },
  { id: 'dart', extensions: ['dart'], load: () => import('shiki/langs/dart.mjs') },
  {
    id: 'elixir',
    aliases: ['ex'],
    extensions: ['ex', 'exs'],
    interpreters: ['elixir'],
    load: () => import('shiki/langs/elixir.mjs'),
  },
  { id: 'haskell', aliases: ['hs'], extensions: ['hs'], load: () => import('shiki/langs/haskell.mjs') },
  { id: 'zig', extensions: ['zig'], load: () => import('shiki/langs/zig.mjs') },
  {
    id: 'shellscript',
    aliases: ['bash', 'sh', 'shell', 'zsh', 'console'],
    extensions: ['sh', 'bash', 'zsh', 'ksh', 'command', 'bats'],
    fileNames: [
      '.bashrc',
      '.bash_profile',
      '.bash_login',
      '.bash_logout',
      '.bash_aliases',
      '.profile',
      '.zshrc',
      '.zprofile',
      '.zshenv',
      '.zlogin',
      '.kshrc',
      '.envrc',
      'PKGBUILD',
    ],
    interpreters: ['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash'],
    load: () => import('shiki/langs/shellscript.mjs'),
  },
  { id: 'fish', extensions: ['fish'], interpreters: ['fish'], load: () => import('shiki/langs/fish.mjs') },
  {
    id: 'powershell',
    aliases: ['ps', 'ps1', 'pwsh'],
    extensions: ['ps1', 'psm1', 'psd1'],
    interpreters: ['pwsh', 'powershell'],
    load: () => import('shiki/langs/powershell.mjs'),
  },
  {
    id: 'bat',
    aliases: ['batch', 'cmd'],
    extensions: ['bat', 'cmd'],
    load: () => import('shiki/langs/bat.mjs'),
  },
  {
    id: 'yaml',
    aliases: ['yml'],
    extensions: ['yml', 'yaml'],
    fileNames: ['.clang-format', '.clangd'],
    load: () => import('shiki/langs/yaml.mjs'),
  },
  {
    id: 'toml',
    extensions: ['toml'],
    fileNames: ['Cargo.lock', 'poetry.lock', 'uv.lock', 'Pipfile'],
    load: () => import('shiki/langs/toml.mjs'),
  },
  {
    id: 'ini',
    aliases: ['properties', 'cfg', 'conf'],
    extensions: ['ini', 'cfg', 'properties', 'editorconfig', 'gitconfig'],
    fileNames: ['.editorconfig', '.gitconfig', '.npmrc', 'setup.cfg', 'tox.ini', '.flake8', '.pylintrc'],
    load: () => import('shiki/langs/ini.mjs'),
  },
  {
    id: 'dotenv',
    extensions: ['env'],
    fileNames: ['.env', '.env.local', '.env.example', '.env.development', '.env.production', '.env.test'],
    load: () => import('shiki/langs/dotenv.mjs'),
  },
  {
    id: 'markdown',
    aliases: ['md'],
    extensions: ['md', 'markdown', 'mdown', 'mkd'],
    load: () => import('shiki/langs/markdown.mjs'),
  },
  { id: 'mdx', extensions: ['mdx'], load: () => import('shiki/langs/mdx.mjs') },
  { id: 'html', extensions: ['html', 'htm', 'xhtml'], load: () => import('shiki/langs/html.mjs') },
  { id: 'vue', extensions: ['vue'], load: () => import('shiki/langs/vue.mjs') },
  { id: 'svelte', extensions: ['svelte'], load: () => import('shiki/langs/svelte.mjs') },
  { id: 'astro', extensions: ['astro'], load: () => import('shiki/langs/astro.mjs') },
  { id: 'css', extensions: ['css'], load: () => import('shiki/langs/css.mjs') },
  { id: 'scss', extensions: ['scss'], load: () => import('shiki/langs/scss.mjs') },
  { id: 'less', extensions: ['less'], load: () => import('shiki/langs/less.mjs') },
  {
    id: 'xml',
    extensions: [
      'xml',
      'svg',
      'xsd',
      'xsl',
      'xslt',
      'plist',
      'csproj',
      'fsproj',
      'vbproj',
      'props',
      'targets',
      'resx',
      'xaml',
    ],
    fileNames: ['pom.xml'],
    load: () => import('shiki/langs/xml.mjs'),
  },
  { id: 'sql', extensions: ['sql', 'ddl', 'dml'], load: () => import('shiki/langs/sql.mjs') },
  {
    id: 'graphql',
    aliases: ['gql'],
    extensions: ['graphql', 'gql'],
    load: () => import('shiki/langs/graphql.mjs'),
  },
  { id: 'proto', aliases: ['protobuf'], extensions: ['proto'], load: () => import('shiki/langs/proto.mjs') },
  { id: 'prisma', extensions: ['prisma'], load: () => import('shiki/langs/prisma.mjs') },
  {
    id: 'docker',
    aliases: ['dockerfile', 'containerfile'],
    extensions: ['dockerfile', 'containerfile'],
    fileNames: ['Dockerfile', 'Containerfile'],
    load: () => import('shiki/langs/docker.mjs'),
  },
  {
    id: 'make',
    aliases: ['makefile', 'mk'],
    extensions: ['mk', 'mak', 'make'],
    fileNames: ['Makefile', 'GNUmakefile', 'makefile', 'BSDmakefile'],
    interpreters: ['make'],
    load: () => import('shiki/langs/make.mjs'),
  },
  {
    id: 'cmake',
    extensions: ['cmake'],
    fileNames: ['CMakeLists.txt'],
    load: () => import('shiki/langs/cmake.mjs'),
  },
  {
    id: 'terraform',
    aliases: ['tf', 'tfvars'],
    extensions: ['tf', 'tfvars'],
    load: () => import('shiki/langs/terraform.mjs'),
  },
  { id: 'hcl', extensions: ['hcl'], load: () => import('shiki/langs/hcl.mjs') },
  { id: 'nix', extensions: ['nix'], load: () => import('shiki/langs/nix.mjs') },
  { id: 'nginx', fileNames: ['nginx.conf'], load: () => import('shiki/langs/nginx.mjs') },
  {
    id: 'diff',
    aliases: ['patch'],
    extensions: ['diff', 'patch', 'rej'],
    load: () => import('shiki/langs/diff.mjs'),
  },
  {
    id: 'git-commit',
    fileNames: ['COMMIT_EDITMSG', 'MERGE_MSG', 'TAG_EDITMSG'],
    load: () => import('shiki/langs/git-commit.mjs'),
  },
  {
    id: 'latex',
    aliases: ['tex'],
    extensions: ['tex', 'sty', 'cls'],
    load: () => import('shiki/langs/latex.mjs'),
  },
  { id: 'csv', extensions: ['csv'], load: () => import('shiki/langs/csv.mjs') },
]

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
  specs: readonly LanguageSpec[],
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

const NAMES = new Map<string, string>(
  Object.entries({
    astro: 'Astro',
    bat: 'Batch File',
    c: 'C',
    cmake: 'CMake',
    cpp: 'C++',
    csharp: 'C#',
    css: 'CSS',
    csv: 'CSV',
    dart: 'Dart',
    diff: 'Diff',
    docker: 'Dockerfile',
    dotenv: 'dotenv',
    elixir: 'Elixir',
    fish: 'Fish',
    fsharp: 'F#',
    'git-commit': 'Git commit message',
    go: 'Go',
    graphql: 'GraphQL',
    haskell: 'Haskell',
    hcl: 'HCL',
    html: 'HTML',
    ini: 'INI',
    java: 'Java',
    javascript: 'JavaScript',
    json: 'JSON',
    json5: 'JSON5',
    jsonc: 'JSON with comments',
    jsonl: 'JSON Lines',
    jsx: 'JSX',
    kotlin: 'Kotlin',
    latex: 'LaTeX',
    less: 'Less',
    lua: 'Lua',
    make: 'Makefile',
    markdown: 'Markdown',
    mdx: 'MDX',
    nginx: 'Nginx',
    nix: 'Nix',
    'objective-c': 'Objective-C',
    perl: 'Perl',
    php: 'PHP',
    powershell: 'PowerShell',
    prisma: 'Prisma',
    proto: 'Protocol Buffers',
    python: 'Python',
    r: 'R',
    ruby: 'Ruby',
    rust: 'Rust',
    scala: 'Scala',
    scss: 'SCSS',
    shellscript: 'Shell',
    sql: 'SQL',
    svelte: 'Svelte',
    swift: 'Swift',
    terraform: 'Terraform',
    toml: 'TOML',
    tsx: 'TSX',
    typescript: 'TypeScript',
    vue: 'Vue',
    xml: 'XML',
    yaml: 'YAML',
    zig: 'Zig',
  }),
)

/** A display name for a language id (`typescript` -> `TypeScript`); the id itself when unknown. */
export function languageName(id: string | null | undefined): string {
  if (!id) return 'Plain text'
  return NAMES.get(id) ?? id
}
