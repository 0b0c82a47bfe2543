// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the sample is source text of many languages, `${x}` included
// Shared by precompiled.test.ts (node) and precompiled.browser.test.ts (Chromium): the same grammar
// precompiled and converted at run time must give the same tokens and scopes.
import type { HighlighterCore } from 'shiki/core'

/** Text that reaches many rules of many grammars: strings of every quote, docblocks, heredocs, fences. */
export const SAMPLE = [
  'def f(x):',
  '    """doc "quoted" \'q\' """',
  "    s = 'a\\'b' + \"c\" + r'''raw",
  "'''",
  '    return f"{x!r} {x:>10}"',
  '/** @default "value" and @license \'MIT\' @example `x` */',
  'const a = `t ${1} ${`n`}` // c',
  'type T<K extends string> = { [P in K]?: readonly T<P>[] } & Record<`k${K}`, unknown>',
  'class A<T> extends B implements C { private x = 1 << 2 >>> 3; @dec() m(): void {} }',
  '<<EOF',
  'heredoc $x ${y}',
  'EOF',
  "cat <<-'END' | grep x",
  'END',
  'let s = r#"raw "x" "#; fn main() -> Result<(), E> { println!("{}", 1); }',
  '--[[ lua ]] --[==[ long ]==] local t = { [1] = "x" }',
  '[[ x ]] print("y") [section] key = "v" # comment',
  '```ts',
  'const z = 1',
  '```',
  '**bold** _it_ # H [link](http://x) <div class="a">{{ x }}</div>',
  '<script>let q = 1</script><style>.a{color:red}</style><?php echo $x; ?>',
  '$ echo "hi" \'there\' `cmd` $(sub) ${var:-default}',
  'x = <<~TXT',
  '  ruby heredoc #{interp}',
  'TXT',
  '#include <stdio.h>',
  '#define M(x) ((x) * 2) /* c */',
  'int main(void) { char *s = "a\\n"; return s[0] == \'a\' ? 0 : 1; }',
  'package main; import "fmt"; func f() { fmt.Println(`raw`) }',
  'query Q($id: ID!) { user(id: $id) { name ... on T { x } } }',
  'resource "aws_s3_bucket" "b" { bucket = "${var.name}-x" tags = { a = 1 } }',
  'data class P(val x: Int) { fun f() = "s $x ${x + 1}" }',
  'module Main where main = putStrLn "hi" {- block -} -- line',
  'message M { int32 id = 1; repeated string s = 2; }',
  '@echo off & set X=1 & if "%X%"=="1" goto :eof',
  'FROM node:20 AS b\nRUN echo "x" && \\\n  ls',
  '[tool.x]\narr = [1, 2]\ndt = 1979-05-27T07:32:00Z',
  '--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n-old\n+new',
  '',
].join('\n')

export const theme = {
  name: 'probe',
  type: 'dark' as const,
  settings: [{ settings: { foreground: '#000000' } }],
}
export const tokensOf = (hl: HighlighterCore, lang: string) =>
  hl
    // no time limit: a line that takes over shiki's 500 ms (the first line converts the grammar's
    // expressions; a loaded machine) would stop early and leave its tokens partial
    .codeToTokensBase(SAMPLE, { lang, theme: 'probe', includeExplanation: 'scopeName', tokenizeTimeLimit: 0 })
    .map((line) =>
      line.map((t) => [t.content, t.explanation?.map((e) => e.scopes.map((s) => s.scopeName).join(' '))]),
    )
