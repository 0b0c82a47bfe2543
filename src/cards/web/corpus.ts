// Real WebFetch and WebSearch results, copied verbatim (input and \`toolUseResult\`) from the Claude Code sessions in
// test/fixtures/corpus/claude-code/ (see its SOURCES.md: marot/spotter, MIT). Generated once by a script;
// the mapping to render intents is written by hand in fixtures.ts (no adapter is imported).

export interface CorpusCall {
  file: string
  toolUseId: string
  tool: 'fetch' | 'web-search'
  input: Record<string, unknown>
  result: Record<string, unknown>
}

export const corpusWebCalls: CorpusCall[] = [
  {
    file: 'subagent.jsonl',
    toolUseId: 'toolu_01UBumkyGa4vv7EbMVke2AiH',
    tool: 'fetch',
    input: {
      url: 'https://github.com/bradleygolden/claude-marketplace-elixir',
      prompt:
        'What tools does this support? What does it do? List all supported tools and their setup requirements.',
    },
    result: {
      bytes: 275108,
      code: 200,
      codeText: 'OK',
      result:
        '# Claude Marketplace for Elixir - Supported Tools\n\nThis is a plugin marketplace providing development tools for the Elixir and BEAM ecosystem within Claude Code.\n\n## Primary Plugin\n\n**elixir@elixir** (Recommended - Combined Plugin)\n- "Combined plugin with all Elixir development features (auto-formatting, compilation, testing, linting, security)"\n\n## Legacy/Deprecated Plugins\n\nThe marketplace also includes older individual plugins that are being phased out:\n\n- **core** - Essential Elixir development capabilities\n- **ash** - Ash Framework code generation validation\n- **credo** - Static code analysis\n- **dialyzer** - Static type analysis\n- **ex_doc** - Documentation quality validation\n- **ex_unit** - ExUnit testing automation\n- **mix_audit** - Dependency security auditing\n- **precommit** - Phoenix 1.8+ precommit alias runner\n- **sobelow** - Security-focused static analysis\n\n## Setup Requirements\n\nInstallation is straightforward:\n\n1. Add the marketplace: `/plugin marketplace add bradleygolden/claude-marketplace-elixir`\n2. Install the plugin: `/plugin install elixir@elixir`\n\nNo additional configuration is documented for individual tools—the combined plugin handles all integration internally.',
      durationMs: 4993,
      url: 'https://github.com/bradleygolden/claude-marketplace-elixir',
    },
  },
  {
    file: 'subagent.jsonl',
    toolUseId: 'toolu_01PPH5xRopN6EKFruBKc1giM',
    tool: 'web-search',
    input: {
      query: 'dialyxir igniter install elixir',
    },
    result: {
      query: 'dialyxir igniter install elixir',
      results: [
        {
          tool_use_id: 'srvtoolu_0144bXnppE6U18uiotfvYPTa',
          content: [
            {
              title:
                'Igniter - A code generation and project patching framework - Libraries - Elixir Programming Language Forum',
              url: 'https://elixirforum.com/t/igniter-a-code-generation-and-project-patching-framework/64181',
            },
            {
              title: 'GitHub - jeremyjh/dialyxir: Mix tasks to simplify use of Dialyzer in Elixir projects.',
              url: 'https://github.com/jeremyjh/dialyxir',
            },
            {
              title: 'Getting Started with Dialyzer in Elixir | AppSignal Blog',
              url: 'https://blog.appsignal.com/2025/03/18/getting-started-with-dialyzer-in-elixir.html',
            },
            {
              title: 'Igniter — igniter v0.7.0',
              url: 'https://hexdocs.pm/igniter/Igniter.html',
            },
            {
              title: 'Introducing Igniter for Code Generation and Project Patching · Elixir Merge',
              url: 'https://elixirmerge.com/p/introducing-igniter-for-code-generation-and-project-patching',
            },
            {
              title: 'Dialyxir download | SourceForge.net',
              url: 'https://sourceforge.net/projects/dialyxir.mirror/',
            },
            {
              title: 'Dialyxir v1.4.7 — Documentation',
              url: 'https://hexdocs.pm/dialyxir/',
            },
            {
              title: 'igniter v0.7.2 — Documentation',
              url: 'https://hexdocs.pm/igniter/',
            },
            {
              title: 'igniter/mix.exs at main · ash-project/igniter',
              url: 'https://github.com/ash-project/igniter/blob/main/mix.exs',
            },
            {
              title: 'dialyxir | Hex',
              url: 'https://hex.pm/packages/dialyxir',
            },
          ],
        },
        "Based on the search results, here's what I found about dialyxir, igniter, and installing them in Elixir:\n\n## Dialyxir Installation\n\nTo add dialyxir to a mix project, add a line like `{:dialyxir, \"~> 1.4\", only: [:dev, :test], runtime: false}` in your deps function in mix.exs. After adding the dependency, install it by running `mix deps.get`. You can then run Dialyzer with `mix dialyzer`.\n\n## Igniter Framework\n\nIgniter is a code generation and project patching framework. For developers, Igniter simplifies the installation of libraries through the command `mix igniter.install <package>`, which automatically adds the package to the `mix.exs` file and runs any provided installer.\n\n## Integration\n\nThe search results show that dialyxir is used as a development dependency in Igniter projects (as seen in the Igniter repository's mix.exs file), but there doesn't appear to be a specific pre-built installer for dialyxir using the Igniter framework based on the available documentation.",
      ],
      durationSeconds: 5.781062216999999,
    },
  },
  {
    file: 'subagent.jsonl',
    toolUseId: 'toolu_01DgymFTXTDEthJ9vJBG4n59',
    tool: 'web-search',
    input: {
      query: 'mix_audit hex elixir setup',
    },
    result: {
      query: 'mix_audit hex elixir setup',
      results: [
        {
          tool_use_id: 'srvtoolu_013qwHYnqdjG42zQSTjBgTPY',
          content: [
            {
              title:
                'GitHub - mirego/mix_audit: 🕵️‍♀️ MixAudit provides a mix deps.audit task to scan a project Mix dependencies for known Elixir security vulnerabilities',
              url: 'https://github.com/mirego/mix_audit',
            },
            {
              title: 'mix_audit | Hex',
              url: 'https://hex.pm/packages/mix_audit',
            },
            {
              title: 'README.md | Hex Preview',
              url: 'https://preview.hex.pm/preview/mix_audit/show/README.md',
            },
            {
              title: 'README — mix_audit v0.0.5',
              url: 'https://hexdocs.pm/mix_audit/0.0.5/readme.html',
            },
            {
              title: 'README — mix_audit v2.1.5',
              url: 'https://hexdocs.pm/mix_audit/readme.html',
            },
            {
              title: 'Elixir Dependency Security: Mix, Hex, and Understanding the Ecosystem',
              url: 'https://paraxial.io/blog/hex-security',
            },
            {
              title: 'README — mix_audit v1.0.0',
              url: 'https://hexdocs.pm/mix_audit/1.0.0/readme.html',
            },
            {
              title: 'mix hex.audit — Hex v2.2.1',
              url: 'https://hexdocs.pm/hex/Mix.Tasks.Hex.Audit.html',
            },
            {
              title: 'Mastering Elixir CI Pipeline: Complete Guide | Curiosum',
              url: 'https://www.curiosum.com/blog/mastering-elixir-ci-pipeline',
            },
            {
              title: 'mix deps.audit — mix_audit v2.1.5',
              url: 'https://hexdocs.pm/mix_audit/Mix.Tasks.Deps.Audit.html',
            },
          ],
        },
        "Based on the search results, here's what I found about mix_audit for Elixir:\n\n## Overview\n\nMixAudit provides a `mix deps.audit` task to scan a project Mix dependencies for known Elixir security vulnerabilities.\n\n## Setup/Installation\n\n### As a Project Dependency\n\nAdd `mix_audit` to the `deps` function in your project's `mix.exs` file with a specification like `{:mix_audit, \"~> 2.1\", only: [:dev, :test], runtime: false}`.\n\n### As a Global Escript\n\nIf you don't want to include mix_audit as a project dependency, you can install it as a global escript with `mix escript.install hex mix_audit`. After installation, you'll have the mix_audit executable in your `~/.mix/escripts/` directory.\n\n## Usage\n\nTo generate a security report, you can use the `deps.audit` Mix task with the command `mix deps.audit`. It supports options like `--path`, `--format`, `--ignore-advisory-ids`, `--ignore-package-names`, and `--ignore-file`.\n\n## How It Works\n\nMixAudit builds two lists: a list of security advisories fetched from the elixir-security-advisories repository and a list of Mix dependencies from mix.lock files, then checks each dependency against known vulnerabilities.\n\n## Requirements\n\nRequirements include Git and Elixir ~1.8.",
      ],
      durationSeconds: 6.415945363999999,
    },
  },
  {
    file: 'subagent.jsonl',
    toolUseId: 'toolu_01FqWwvYWkHZHuD78wSmgc6r',
    tool: 'web-search',
    input: {
      query: 'credo elixir igniter installer 2025 2026',
    },
    result: {
      query: 'credo elixir igniter installer 2025 2026',
      results: [
        {
          tool_use_id: 'srvtoolu_01MXGgXSAnB59BrskWn8JGVu',
          content: [
            {
              title:
                'Igniter - A code generation and project patching framework - Libraries - Elixir Programming Language Forum',
              url: 'https://elixirforum.com/t/igniter-a-code-generation-and-project-patching-framework/64181',
            },
            {
              title:
                'GitHub - rrrene/credo: A static code analysis tool for the Elixir language with a focus on code consistency and teaching.',
              url: 'https://github.com/rrrene/credo',
            },
            {
              title: 'Credo | elixir-tools',
              url: 'https://www.elixir-tools.dev/docs/next-ls/credo/',
            },
            {
              title: 'Installation — Credo v1.7.15',
              url: 'https://hexdocs.pm/credo/installation.html',
            },
            {
              title: 'credo | Hex',
              url: 'https://hex.pm/packages/credo',
            },
            {
              title: 'GitHub - elixir-tools/credo-language-server: LSP implementation for Credo.',
              url: 'https://github.com/elixir-tools/credo-language-server',
            },
            {
              title: "GitHub - pantajoe/vscode-elixir-credo: VSCode support for Elixir Linter 'Credo'.",
              url: 'https://github.com/pantajoe/vscode-elixir-credo',
            },
            {
              title: 'Igniter - Rethinking code generation with project patching',
              url: 'https://alembic.com.au/blog/igniter-rethinking-code-generation-with-project-patching',
            },
            {
              title: 'Home — igniter v0.7.0',
              url: 'https://hexdocs.pm/igniter/readme.html',
            },
            {
              title: 'Understanding Credo for Elixir Code Analysis · Elixir Merge',
              url: 'https://elixirmerge.com/p/understanding-credo-for-elixir-code-analysis',
            },
          ],
        },
        "Based on the search results, here's what I found about Credo, Elixir, and Igniter:\n\n## Credo\n\nCredo is a static code analysis tool for the Elixir language with a focus on teaching and code consistency. Recent versions include release 1.7.16 published on Jan 27, 2026, and release 1.7.15 published on Dec 26, 2025.\n\n## Igniter\n\nIgniter is a code generation and project patching framework for library authors, providing a toolkit for writing smarter generators that can semantically modify existing files. Igniter requires Elixir 1.15+, but 1.17+ is recommended for full compatibility.\n\nIgniter provides mix igniter.install, which will automatically add the dependency to your mix.exs and then run that library's installer if it has one.\n\n## Credo and Igniter Connection\n\nWhile Credo and Igniter are separate tools, there is a notable relationship. The comparison mentions that code generation for tools like Credo isn't elegant without introducing new tools, which is an example of something that requires a tool like Igniter. This suggests Igniter was developed to handle installation and integration challenges for libraries like Credo in a more sophisticated way.",
      ],
      durationSeconds: 8.511697678999997,
    },
  },
  {
    file: 'subagent.jsonl',
    toolUseId: 'toolu_01CkmsUg9TVXxxnkGnRKFVNk',
    tool: 'web-search',
    input: {
      query: 'sobelow igniter install elixir phoenix security',
    },
    result: {
      query: 'sobelow igniter install elixir phoenix security',
      results: [
        {
          tool_use_id: 'srvtoolu_01SdEcbg7GpcMvvyLTAMpkuU',
          content: [
            {
              title: 'GitHub - nccgroup/sobelow: Security-focused static analysis for the Phoenix Framework',
              url: 'https://github.com/nccgroup/sobelow',
            },
            {
              title: 'Sobelow | Security-focused static analysis for the Phoenix Framework.',
              url: 'https://sobelow.io/',
            },
            {
              title:
                'Sobelow - Uncover vulnerabilities in your Phoenix projects - Chat / Discussions - Elixir Programming Language Forum',
              url: 'https://elixirforum.com/t/sobelow-uncover-vulnerabilities-in-your-phoenix-projects/5061',
            },
            {
              title: 'Detect Security Issues with Sobelow - ElixirCasts',
              url: 'https://elixircasts.io/detect-security-issues-with-sobelow',
            },
            {
              title: 'Security Scanning Your Phoenix App',
              url: 'https://brainlid.org/elixir/2017/06/14/security-scanning-phoenix.html',
            },
            {
              title: 'Elixir and Phoenix Security: Complete Web Development Guide | Curiosum',
              url: 'https://www.curiosum.com/blog/security-in-elixir',
            },
            {
              title: 'GitHub - sobelow/sobelow: Security-focused static analysis for the Phoenix Framework',
              url: 'https://github.com/sobelow/sobelow',
            },
            {
              title: 'Installation | Documentation',
              url: 'https://phoenixigniter.com/docs/gettingStarted/installation.html',
            },
            {
              title: 'Elixir Security: Real World Sobelow',
              url: 'https://paraxial.io/blog/real-sobelow',
            },
            {
              title: 'Elixir Security: Sobelow 0.12.1 Released, Adds LiveView Support',
              url: 'https://paraxial.io/blog/sobelow-liveview',
            },
          ],
        },
        "Based on the web search results, here's what I found about Sobelow, Igniter, Elixir, and Phoenix security:\n\n## Sobelow\n\nSobelow is a security-focused static analysis tool for Elixir & the Phoenix framework. For project maintainers, it can be used to prevent the introduction of a number of common vulnerabilities.\n\n### Security Issues Detected\n\nSobelow can check for: Insecure configuration, Known-vulnerable Dependencies, Cross-Site Scripting, SQL injection, Command injection, Code execution, Denial of Service, Directory traversal, and Unsafe serialization.\n\n### Installation\n\nFor standalone use, you need to install as an escript with mix escript.install hex sobelow.\n\n### Usage Features\n\nPotential vulnerabilities are flagged in different colors according to confidence in their insecurity. High confidence is red, medium confidence is yellow, and low confidence is green. Sobelow allows users to save frequently used options in a configuration file by using the --save-config flag to create a .sobelow-conf config file.\n\n## Phoenix Igniter\n\nBased on the search results, Phoenix Igniter appears to be a separate development tool focused on project initialization and setup, with documentation about dependencies needed to run it, but the results don't contain specific information about integration with Sobelow.\n\nThe search results provided comprehensive information about Sobelow's security scanning capabilities for Phoenix and Elixir applications, but limited details specifically about using Sobelow with Phoenix Igniter together.",
      ],
      durationSeconds: 8.980362579000001,
    },
  },
  {
    file: 'subagent.jsonl',
    toolUseId: 'toolu_01EcCBzhKAPi47WXHsQkEv32',
    tool: 'web-search',
    input: {
      query: '"mix igniter.install" credo dialyxir sobelow',
    },
    result: {
      query: '"mix igniter.install" credo dialyxir sobelow',
      results: [
        {
          tool_use_id: 'srvtoolu_01LCUYXW5mRS2euWzVgY8n6M',
          content: [
            {
              title: 'mix igniter.install — igniter v0.7.0',
              url: 'https://hexdocs.pm/igniter/Mix.Tasks.Igniter.Install.html',
            },
            {
              title: 'mix igniter.new — igniter_new v0.5.32',
              url: 'https://hexdocs.pm/igniter_new/Mix.Tasks.Igniter.New.html',
            },
            {
              title:
                'Igniter - A code generation and project patching framework - Libraries - Elixir Programming Language Forum',
              url: 'https://elixirforum.com/t/igniter-a-code-generation-and-project-patching-framework/64181',
            },
            {
              title: 'Home — igniter v0.7.0',
              url: 'https://hexdocs.pm/igniter/readme.html',
            },
            {
              title: 'Mix igniter.install hangs - Questions / Help - Elixir Programming Language Forum',
              url: 'https://elixirforum.com/t/mix-igniter-install-hangs/67689',
            },
            {
              title: 'GitHub - ash-project/igniter: A code generation and project patching framework.',
              url: 'https://github.com/ash-project/igniter',
            },
            {
              title: 'README.md | Hex Preview',
              url: 'https://preview.hex.pm/preview/igniter/show/README.md',
            },
          ],
        },
        "Based on the search results, here's information about `mix igniter.install` and its relationship with the tools you mentioned (credo, dialyxir, sobelow):\n\n`mix igniter.install` is a command that installs a package or packages, running any Igniter installers. This command will add the package to your mix.exs automatically and then run that library's installer if it has one.\n\nThe search results show that `mix igniter.install` is a general-purpose installation tool for Elixir packages, but they don't contain specific information about how it works with credo, dialyxir, and sobelow together. However, the tool is designed to work with any package that has an Igniter installer defined for it.\n\nIf you're looking to install credo, dialyxir, and sobelow using this command, you would likely use a syntax like:\n```\nmix igniter.install credo dialyxir sobelow\n```\n\nThis would add all three packages to your `mix.exs` and run their installers if they have Igniter-based installers available.",
      ],
      durationSeconds: 5.346179833000002,
    },
  },
  {
    file: 'tool_heavy.jsonl',
    toolUseId: 'toolu_01DKTWcKpZ2ksZQmoKKfxiw6',
    tool: 'web-search',
    input: {
      query: 'xterm.js scroll not working embedded page captures scroll events',
    },
    result: {
      query: 'xterm.js scroll not working embedded page captures scroll events',
      results: [
        {
          tool_use_id: 'srvtoolu_01UVVmyMrtVsygmU6qacrqnH',
          content: [
            {
              title: '[Question] Listen for mouse and scroll events · Issue #657 · xtermjs/xterm.js',
              url: 'https://github.com/xtermjs/xterm.js/issues/657',
            },
            {
              title: "onScroll doesn't emit when user is scrolling · Issue #3201 · xtermjs/xterm.js",
              url: 'https://github.com/xtermjs/xterm.js/issues/3201',
            },
            {
              title: 'Improve Scrolling Experience · Issue #1343 · xtermjs/xterm.js',
              url: 'https://github.com/xtermjs/xterm.js/issues/1343',
            },
            {
              title: 'onScroll event does not get fired on user scroll · Issue #3864 · xtermjs/xterm.js',
              url: 'https://github.com/xtermjs/xterm.js/issues/3864',
            },
            {
              title: 'Scrolling in interactive terminal UI (FAR Manager) · Issue #3514 · xtermjs/xterm.js',
              url: 'https://github.com/xtermjs/xterm.js/issues/3514',
            },
            {
              title: 'How to enable scrolling in xterm?! / Newbie Corner / Arch Linux Forums',
              url: 'https://bbs.archlinux.org/viewtopic.php?id=222271',
            },
            {
              title: 'Auto scroll not working when viewport height is set · Issue #934 · xtermjs/xterm.js',
              url: 'https://github.com/xtermjs/xterm.js/issues/934',
            },
            {
              title: 'Make scroll-to-bottom on input behaviour configurable · Issue #1824 · xtermjs/xterm.js',
              url: 'https://github.com/xtermjs/xterm.js/issues/1824',
            },
            {
              title:
                "Can't interact wih Scrollbar with screenReaderMode: true · Issue #2757 · xtermjs/xterm.js",
              url: 'https://github.com/xtermjs/xterm.js/issues/2757',
            },
            {
              title: 'Scrollbar is unclickable · Issue #512 · xtermjs/xterm.js',
              url: 'https://github.com/xtermjs/xterm.js/issues/512',
            },
          ],
        },
        "Based on the search results, I found several relevant issues related to xterm.js scroll functionality, particularly regarding how the library handles scroll events when embedded in a page:\n\n## Key Issues Found:\n\n**Scroll Event Behavior:**\nThe onScroll event is only fired when new lines are introduced, not when the viewport's scroll position changes, which differs from the documentation.\n\n**Parent Page Scroll Capture:**\nXterm.js captures all scroll events which leads to an inconvenient user experience in cases where the terminal is small and a user scrolls to the very bottom and tries to scroll more. This is a known issue that can prevent the parent page from scrolling properly when the xterm.js terminal reaches its scroll limits.\n\n**Passive Event Listener Issues:**\nWhen using console UI tools within xterm.js, scrolling can throw an \"Unable to preventDefault inside passive event listener invocation\" error.\n\n**Related Workarounds:**\nOne reported issue mentioned that giving xterm-viewport absolute positioning and a z-index of 1 so it appears above xterm-rows can help with z-index related scrolling problems.\n\nThese issues suggest that when xterm.js is embedded in a page, it may prevent scroll events from bubbling up to parent elements, causing the parent page's scroll functionality to be impaired. The terminal's scroll event handling appears to be the root cause of this behavior.",
      ],
      durationSeconds: 6.473839810000005,
    },
  },
  {
    file: 'tool_heavy.jsonl',
    toolUseId: 'toolu_017Q5Sr8KaSgowYhbKXBnfV2',
    tool: 'fetch',
    input: {
      url: 'https://github.com/xtermjs/xterm.js/issues/1343',
      prompt:
        'What solutions or workarounds are suggested for scroll not working when xterm.js is embedded in a page? Focus on scrollback buffer and mouse wheel scrolling.',
    },
    result: {
      bytes: 274387,
      code: 200,
      codeText: 'OK',
      result:
        '# Scroll Issues in xterm.js - Solutions and Workarounds\n\nBased on the GitHub issue #1343, the problem involves xterm.js capturing all scroll events, preventing page scrolling in two scenarios:\n\n1. **Small terminal**: Users can\'t scroll the page after reaching the terminal\'s bottom\n2. **Large terminal**: The terminal blocks all page scrolling attempts\n\n## Suggested Solutions\n\nThe issue was ultimately **resolved through PR #2388** titled "Support for bubbling scroll events to parent(s)," which was merged and included in milestone 4.0.0. This PR implements event bubbling so scrolling propagates to parent elements when appropriate.\n\n## Workarounds Mentioned\n\nWhile the page content doesn\'t explicitly detail alternative workarounds before the fix was implemented, one community member noted the issue as "a total blocker" for production use, indicating developers were waiting for the official fix rather than relying on temporary solutions.\n\nThe conversation shows maintainers acknowledged the problem as a legitimate bug and prioritized addressing it through the scrollback buffer and event handling improvements in the merged pull request.',
      durationMs: 5249,
      url: 'https://github.com/xtermjs/xterm.js/issues/1343',
    },
  },
]
