/**
 * The curated languages with their grammars. Each grammar is its own dynamic import, so a host's bundler
 * makes one small chunk per language and the page fetches only the languages it shows. Apart from
 * languages.ts so that the cards' first load (which only detects languages) carries none of these.
 */
import type { LanguageInput } from 'shiki/core'
import type { LanguageLoader, LanguageSpec } from './languages'
import { CURATED_LANGUAGE_INFO } from './languageTable'
import { withSourcePatterns } from './precompiled'

/** A grammar loader per curated language id. */
export const CURATED_GRAMMARS: Readonly<Record<string, LanguageLoader>> = {
  typescript: () => import('shiki/langs/typescript.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  jsonc: () => import('shiki/langs/jsonc.mjs'),
  json5: () => import('shiki/langs/json5.mjs'),
  jsonl: () => import('shiki/langs/jsonl.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  kotlin: () => import('shiki/langs/kotlin.mjs'),
  scala: () => import('shiki/langs/scala.mjs'),
  swift: () => import('shiki/langs/swift.mjs'),
  c: () => import('shiki/langs/c.mjs'),
  cpp: () => import('shiki/langs/cpp.mjs'),
  'objective-c': () => import('shiki/langs/objective-c.mjs'),
  csharp: () => import('shiki/langs/csharp.mjs'),
  fsharp: () => import('shiki/langs/fsharp.mjs'),
  ruby: () => import('shiki/langs/ruby.mjs'),
  php: () => import('shiki/langs/php.mjs'),
  perl: () => import('shiki/langs/perl.mjs'),
  lua: () => import('shiki/langs/lua.mjs'),
  r: () => import('shiki/langs/r.mjs'),
  dart: () => import('shiki/langs/dart.mjs'),
  elixir: () => import('shiki/langs/elixir.mjs'),
  haskell: () => import('shiki/langs/haskell.mjs'),
  zig: () => import('shiki/langs/zig.mjs'),
  shellscript: () => import('shiki/langs/shellscript.mjs'),
  fish: () => import('shiki/langs/fish.mjs'),
  powershell: () => import('shiki/langs/powershell.mjs'),
  bat: () => import('shiki/langs/bat.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
  toml: () => import('shiki/langs/toml.mjs'),
  ini: () => import('shiki/langs/ini.mjs'),
  dotenv: () => import('shiki/langs/dotenv.mjs'),
  markdown: () => import('shiki/langs/markdown.mjs'),
  mdx: () => import('shiki/langs/mdx.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  vue: () => import('shiki/langs/vue.mjs'),
  svelte: () => import('shiki/langs/svelte.mjs'),
  astro: () => import('shiki/langs/astro.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  scss: () => import('shiki/langs/scss.mjs'),
  less: () => import('shiki/langs/less.mjs'),
  xml: () => import('shiki/langs/xml.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  graphql: () => import('shiki/langs/graphql.mjs'),
  proto: () => import('shiki/langs/proto.mjs'),
  prisma: () => import('shiki/langs/prisma.mjs'),
  docker: () => import('shiki/langs/docker.mjs'),
  make: () => import('shiki/langs/make.mjs'),
  cmake: () => import('shiki/langs/cmake.mjs'),
  terraform: () => import('shiki/langs/terraform.mjs'),
  hcl: () => import('shiki/langs/hcl.mjs'),
  nix: () => import('shiki/langs/nix.mjs'),
  nginx: () => import('shiki/langs/nginx.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
  'git-commit': () => import('shiki/langs/git-commit.mjs'),
  latex: () => import('shiki/langs/latex.mjs'),
  csv: () => import('shiki/langs/csv.mjs'),
}

/** The curated languages (`CURATED_LANGUAGE_INFO`) with their loaders: the default highlighter's table. */
export const CURATED_LANGUAGES: readonly LanguageSpec[] = CURATED_LANGUAGE_INFO.map((info) => ({
  ...info,
  load: CURATED_GRAMMARS[info.id] ?? (() => Promise.reject(new Error(`no grammar for ${info.id}`))),
}))

/**
 * The curated grammars that shiki also ships precompiled (`@shikijs/langs-precompiled`, regular
 * expressions converted to JavaScript at shiki's build), where every precompiled expression is the one the
 * JavaScript engine would make from the grammar above (`precompiled.test.ts` holds each to it, pattern by
 * pattern, and compares their tokens). Left out: the grammars that changed since that build (CSS and the
 * languages that embed it, C++, C#, Dart, Rust, Swift, YAML and others), and Markdown and MDX, whose
 * patterns mostly need their source text anyway (see precompiled.ts).
 */
export const PRECOMPILED_GRAMMARS: Readonly<Record<string, LanguageLoader>> = {
  typescript: () => import('@shikijs/langs-precompiled/typescript'),
  tsx: () => import('@shikijs/langs-precompiled/tsx'),
  javascript: () => import('@shikijs/langs-precompiled/javascript'),
  jsx: () => import('@shikijs/langs-precompiled/jsx'),
  json: () => import('@shikijs/langs-precompiled/json'),
  jsonc: () => import('@shikijs/langs-precompiled/jsonc'),
  json5: () => import('@shikijs/langs-precompiled/json5'),
  jsonl: () => import('@shikijs/langs-precompiled/jsonl'),
  python: () => import('@shikijs/langs-precompiled/python'),
  go: () => import('@shikijs/langs-precompiled/go'),
  java: () => import('@shikijs/langs-precompiled/java'),
  kotlin: () => import('@shikijs/langs-precompiled/kotlin'),
  c: () => import('@shikijs/langs-precompiled/c'),
  fsharp: () => import('@shikijs/langs-precompiled/fsharp'),
  lua: () => import('@shikijs/langs-precompiled/lua'),
  haskell: () => import('@shikijs/langs-precompiled/haskell'),
  zig: () => import('@shikijs/langs-precompiled/zig'),
  shellscript: () => import('@shikijs/langs-precompiled/shellscript'),
  fish: () => import('@shikijs/langs-precompiled/fish'),
  bat: () => import('@shikijs/langs-precompiled/bat'),
  toml: () => import('@shikijs/langs-precompiled/toml'),
  ini: () => import('@shikijs/langs-precompiled/ini'),
  less: () => import('@shikijs/langs-precompiled/less'),
  graphql: () => import('@shikijs/langs-precompiled/graphql'),
  proto: () => import('@shikijs/langs-precompiled/proto'),
  prisma: () => import('@shikijs/langs-precompiled/prisma'),
  docker: () => import('@shikijs/langs-precompiled/docker'),
  make: () => import('@shikijs/langs-precompiled/make'),
  cmake: () => import('@shikijs/langs-precompiled/cmake'),
  terraform: () => import('@shikijs/langs-precompiled/terraform'),
  hcl: () => import('@shikijs/langs-precompiled/hcl'),
  nix: () => import('@shikijs/langs-precompiled/nix'),
  diff: () => import('@shikijs/langs-precompiled/diff'),
  'git-commit': () => import('@shikijs/langs-precompiled/git-commit'),
  csv: () => import('@shikijs/langs-precompiled/csv'),
}

/**
 * The grammar of a curated language for shiki's JavaScript engine: its precompiled form with the source
 * text of the patterns that need it (`withSourcePatterns`), or the grammar as shipped where there is no
 * precompiled form, or it does not load (a browser without the RegExp `v` flag cannot parse it), or it
 * does not match. Only for the JavaScript engine: the Oniguruma engine takes source text only.
 */
export function precompiledLoader(id: string): LanguageLoader | undefined {
  const precompiled = PRECOMPILED_GRAMMARS[id]
  const original = CURATED_GRAMMARS[id]
  if (!precompiled || !original) return undefined
  return async () => {
    const [orig, pre] = await Promise.all([original(), Promise.resolve(precompiled()).catch(() => undefined)])
    const hybrid = pre === undefined ? undefined : withSourcePatterns(pre, orig)
    return (hybrid as LanguageInput | undefined) ?? orig
  }
}
