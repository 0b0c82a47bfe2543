/**
 * The curated languages' table: how each is named and detected. A module of its own so that the first
 * load of `CardRenderer` does not carry it: the default highlighter loads it (by `import()`) with a
 * card's first language lookup, and renders plain text without a language meanwhile (a few
 * milliseconds). Pure: no DOM, no React.
 */
import type { LanguageInfo } from './languages'

/**
 * What agents touch most: how each is named and detected. Their grammars (`CURATED_LANGUAGES`, in
 * grammars.ts) load with the highlighting service, so detection costs the first load only this table.
 */
export const CURATED_LANGUAGE_INFO: readonly LanguageInfo[] = /* @__PURE__ */ unpackLanguages(`
typescript|ts mts cts|ts mts cts||ts-node tsx deno bun
tsx||tsx
javascript|js mjs cjs node|js mjs cjs||node nodejs
jsx||jsx
json||json webmanifest har geojson ipynb|.prettierrc .babelrc composer.lock flake.lock
jsonc||jsonc code-workspace|tsconfig.json jsconfig.json .eslintrc .eslintrc.json devcontainer.json biome.json
json5||json5
jsonl||jsonl ndjson
python|py python3|py pyi pyw pyx|SConstruct SConscript|python pypy uv
rust|rs|rs
go|golang|go
java||java
kotlin|kt kts|kt kts
scala||scala sc sbt
swift||swift
c||c h
cpp|c++ cxx cc|cpp cc cxx c++ hpp hh hxx h++ ipp inl ino cu
objective-c|objc|m
csharp|c# cs|cs csx
fsharp|f# fs|fs fsi fsx
ruby|rb|rb rake gemspec ru erb|Gemfile Rakefile Guardfile Podfile Vagrantfile Brewfile|ruby
php||php phtml||php
perl|pl|pl pm||perl
lua||lua||lua luajit
r||r||rscript
dart||dart
elixir|ex|ex exs||elixir
haskell|hs|hs
zig||zig
shellscript|bash sh shell zsh console|sh bash zsh ksh command bats|.bashrc .bash_profile .bash_login .bash_logout .bash_aliases .profile .zshrc .zprofile .zshenv .zlogin .kshrc .envrc PKGBUILD|sh bash zsh dash ksh ash
fish||fish||fish
powershell|ps ps1 pwsh|ps1 psm1 psd1||pwsh powershell
bat|batch cmd|bat cmd
yaml|yml|yml yaml|.clang-format .clangd
toml||toml|Cargo.lock poetry.lock uv.lock Pipfile
ini|properties cfg conf|ini cfg properties editorconfig gitconfig|.editorconfig .gitconfig .npmrc setup.cfg tox.ini .flake8 .pylintrc
dotenv||env|.env .env.local .env.example .env.development .env.production .env.test
markdown|md|md markdown mdown mkd
mdx||mdx
html||html htm xhtml
vue||vue
svelte||svelte
astro||astro
css||css
scss||scss
less||less
xml||xml svg xsd xsl xslt plist csproj fsproj vbproj props targets resx xaml|pom.xml
sql||sql ddl dml
graphql|gql|graphql gql
proto|protobuf|proto
prisma||prisma
docker|dockerfile containerfile|dockerfile containerfile|Dockerfile Containerfile
make|makefile mk|mk mak make|Makefile GNUmakefile makefile BSDmakefile|make
cmake||cmake|CMakeLists.txt
terraform|tf tfvars|tf tfvars
hcl||hcl
nix||nix
nginx|||nginx.conf
diff|patch|diff patch rej
git-commit|||COMMIT_EDITMSG MERGE_MSG TAG_EDITMSG
latex|tex|tex sty cls
csv||csv
`)

/**
 * The table above, one language per line: `id|aliases|extensions|file names|interpreters`, each list
 * space-separated, empty fields and trailing bars left out (written so for the first load: half the bytes
 * of the same table as object literals).
 */
function unpackLanguages(table: string): LanguageInfo[] {
  const keys = ['aliases', 'extensions', 'fileNames', 'interpreters'] as const
  return table
    .trim()
    .split('\n')
    .map((row) => {
      const [id, ...lists] = row.split('|')
      const info: { -readonly [K in keyof LanguageInfo]: LanguageInfo[K] } = { id: id! }
      lists.forEach((list, i) => {
        if (list) info[keys[i]!] = list.split(' ')
      })
      return info
    })
}
