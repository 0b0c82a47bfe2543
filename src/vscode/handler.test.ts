// @vitest-environment node
import { posix } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createWebviewMessageHandler } from './handler'
import { createNonce, webviewCsp, webviewHtml } from './html'
import type { UriLike, VsCodeNamespace } from './types'

/**
 * A stand-in for the `vscode` namespace (the real one exists only inside the extension host; the real
 * editor test, test/vscode, runs the same handler in VS Code). It records what the handler asked of the
 * editor; files "exist" when listed.
 */
function fakeVsCode({
  folders = ['/ws'],
  files = [] as string[],
  answer = undefined as string | undefined,
  failOpen = false,
} = {}) {
  const calls: Array<[string, ...unknown[]]> = []
  const uri = (path: string): UriLike => ({
    scheme: 'file',
    fsPath: path,
    path,
    toString: () => `file://${path}`,
  })
  class Range {
    constructor(
      readonly startLine: number,
      readonly startCharacter: number,
      readonly endLine: number,
      readonly endCharacter: number,
    ) {}
  }
  const vscode: VsCodeNamespace = {
    Uri: {
      file: uri,
      joinPath: (base, ...parts) => uri(posix.join(base.path, ...parts)),
      parse: (value) => ({ scheme: value.split(':')[0]!, fsPath: '', path: '', toString: () => value }),
    },
    Range,
    ViewColumn: { Active: -1, Beside: -2 },
    workspace: {
      workspaceFolders: folders.map((f) => ({ uri: uri(f) })),
      getWorkspaceFolder: (u) => {
        const f = folders.find((f) => u.path === f || u.path.startsWith(`${f}/`))
        return f ? { uri: uri(f) } : undefined
      },
      fs: {
        stat: async (u) => {
          if (!files.includes(u.path)) throw new Error('FileNotFound')
          return { type: 1 }
        },
      },
      openTextDocument: async (u) => {
        calls.push(['openTextDocument', u.path])
        if (failOpen) throw new Error('cannot open')
        return { path: u.path }
      },
    },
    window: {
      showTextDocument: async (doc: unknown, options?: unknown) => {
        calls.push(['showTextDocument', doc, options])
      },
      showWarningMessage: async (message, options, ...items) => {
        calls.push(['showWarningMessage', message, options, items])
        return answer
      },
      showErrorMessage: async (message) => {
        calls.push(['showErrorMessage', message])
        return undefined
      },
    },
    env: {
      openExternal: async (target: unknown) => {
        calls.push(['openExternal', String(target)])
        return true
      },
      clipboard: {
        writeText: async (text) => {
          calls.push(['clipboard', text])
        },
      },
    },
  }
  return { vscode, calls }
}

describe('createWebviewMessageHandler', () => {
  it('opens a workspace-relative path at its line, beside the cards', async () => {
    const { vscode, calls } = fakeVsCode({ files: ['/ws/src/a.ts'] })
    const handle = createWebviewMessageHandler(vscode)
    expect(await handle({ type: 'openPath', path: 'src/a.ts', line: 12 })).toEqual({
      done: 'opened-path',
      uri: 'file:///ws/src/a.ts',
      line: 12,
    })
    expect(calls).toEqual([
      ['openTextDocument', '/ws/src/a.ts'],
      [
        'showTextDocument',
        { path: '/ws/src/a.ts' },
        {
          viewColumn: -2,
          preview: true,
          selection: { startLine: 11, startCharacter: 0, endLine: 11, endCharacter: 0 },
        },
      ],
    ])
  })

  it('tries each workspace folder, then the extra bases, for a relative path', async () => {
    const { vscode, calls } = fakeVsCode({ folders: ['/one', '/two'], files: ['/logs/x.py'] })
    const handle = createWebviewMessageHandler(vscode, { baseUris: [vscode.Uri.file('/logs')] })
    // Found beside the log: outside the workspace, so the user is asked (and says no here).
    expect(await handle({ type: 'openPath', path: 'x.py' })).toEqual({ done: 'cancelled' })
    expect(calls[0]?.[0]).toBe('showWarningMessage')
    const missing = await handle({ type: 'openPath', path: 'nowhere.py' })
    expect(missing).toEqual({ done: 'failed', reason: 'nowhere.py was not found in the workspace' })
    expect(calls.at(-1)).toEqual([
      'showErrorMessage',
      'Could not open nowhere.py: not found in the workspace.',
    ])
  })

  it('opens an absolute path inside the workspace without asking', async () => {
    const { vscode, calls } = fakeVsCode()
    const handle = createWebviewMessageHandler(vscode)
    expect(await handle({ type: 'openPath', path: '/ws/deep/b.ts' })).toEqual({
      done: 'opened-path',
      uri: 'file:///ws/deep/b.ts',
    })
    expect(calls.map((c) => c[0])).toEqual(['openTextDocument', 'showTextDocument'])
  })

  it('asks before opening a file outside the workspace; opens only on "Open"', async () => {
    for (const [answer, opened] of [
      ['Open', true],
      [undefined, false],
    ] as const) {
      const { vscode, calls } = fakeVsCode({ answer })
      const handle = createWebviewMessageHandler(vscode)
      const r = await handle({ type: 'openPath', path: '/etc/passwd', line: 1 })
      expect(r.done).toBe(opened ? 'opened-path' : 'cancelled')
      expect(calls[0]).toEqual([
        'showWarningMessage',
        'Open a file outside the workspace?',
        { modal: true, detail: 'The agent session names /etc/passwd, which is outside this workspace.' },
        ['Open'],
      ])
      expect(calls.some((c) => c[0] === 'openTextDocument')).toBe(opened)
    }
  })

  it('`..` that leads out of the workspace also asks', async () => {
    const { vscode, calls } = fakeVsCode({ files: ['/secret.txt'] })
    const handle = createWebviewMessageHandler(vscode)
    expect(await handle({ type: 'openPath', path: '../secret.txt' })).toEqual({ done: 'cancelled' })
    expect(calls.map((c) => c[0])).toEqual(['showWarningMessage'])
  })

  it('opens http and https links through openExternal; refuses every other scheme', async () => {
    const { vscode, calls } = fakeVsCode()
    const problems: string[] = []
    const handle = createWebviewMessageHandler(vscode, { onProblem: (t) => problems.push(t) })
    expect(await handle({ type: 'openUrl', url: 'https://example.com/a?b=1' })).toEqual({
      done: 'opened-url',
      url: 'https://example.com/a?b=1',
    })
    for (const url of [
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,<script>',
      'file:///etc/passwd',
      'vscode://settings',
      'command:workbench.action.terminal.new',
      '//evil.example',
      'mailto:a@example.com',
    ]) {
      expect((await handle({ type: 'openUrl', url })).done).toBe('refused')
    }
    expect(calls).toEqual([['openExternal', 'https://example.com/a?b=1']])
    expect(problems).toHaveLength(9)
  })

  it('copies through the editor clipboard', async () => {
    const { vscode, calls } = fakeVsCode()
    const handle = createWebviewMessageHandler(vscode)
    expect(await handle({ type: 'copy', text: 'npm test' })).toEqual({ done: 'copied' })
    expect(calls).toEqual([['clipboard', 'npm test']])
  })

  it('refuses malformed messages, reports them, and calls nothing', async () => {
    const { vscode, calls } = fakeVsCode()
    const problems: string[] = []
    const handle = createWebviewMessageHandler(vscode, { onProblem: (t) => problems.push(t) })
    for (const m of [null, 'openPath', { type: 'openPath', path: 3 }, { type: 'run', cmd: 'rm -rf /' }])
      expect((await handle(m)).done).toBe('refused')
    expect(calls).toEqual([])
    expect(problems).toHaveLength(4)
    expect(problems[3]).toBe(
      'toolcards: refused a message from the webview: unknown message type "run"; expected one of ready, openPath, openUrl, copy, problem',
    )
  })

  it('a failing editor call is shown to the user and returned, never thrown', async () => {
    const { vscode, calls } = fakeVsCode({ failOpen: true })
    const handle = createWebviewMessageHandler(vscode, {
      onProblem: () => {
        throw new Error('a logger that throws')
      },
    })
    expect(await handle({ type: 'openPath', path: '/ws/a.ts' })).toEqual({
      done: 'failed',
      reason: 'cannot open',
    })
    expect(calls.at(-1)).toEqual(['showErrorMessage', 'Could not open /ws/a.ts: cannot open'])
  })

  it('ready and problem reports reach the extension', async () => {
    const { vscode } = fakeVsCode()
    let ready = 0
    const problems: string[] = []
    const handle = createWebviewMessageHandler(vscode, {
      onReady: () => ready++,
      onProblem: (t) => problems.push(t),
    })
    await handle({ type: 'ready' })
    await handle({ type: 'problem', count: 2, messages: ['Message 1 ignored: x', 'Message 2 ignored: y'] })
    expect(ready).toBe(1)
    expect(problems).toEqual([
      'toolcards: the webview ignored 2 message(s): Message 1 ignored: x; Message 2 ignored: y',
    ])
  })
})

describe('webviewHtml', () => {
  const cspSource = "'self' https://*.vscode-cdn.net"

  it("has VS Code's recommended CSP, with the nonce on every script and nothing inline", () => {
    const html = webviewHtml({
      cspSource,
      nonce: 'abcdefghijklmnop1234',
      scripts: ['https://x.vscode-cdn.net/ext/main.js'],
      styles: ['https://x.vscode-cdn.net/ext/main.css'],
      title: 'log.jsonl',
    })
    const csp = html.match(/http-equiv="Content-Security-Policy" content="([^"]*)"/)?.[1]
    expect(csp?.replace(/&#39;|&quot;/g, "'").split('; ')).toEqual([
      "default-src 'none'",
      "script-src 'nonce-abcdefghijklmnop1234'",
      `style-src ${cspSource}`,
      `font-src ${cspSource}`,
      `img-src ${cspSource} data:`,
      "base-uri 'none'",
      "form-action 'none'",
    ])
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script type="module" nonce="abcdefghijklmnop1234" src="https://x.vscode-cdn.net/ext/main.js">',
    ])
    expect(html).toContain('<link rel="stylesheet" href="https://x.vscode-cdn.net/ext/main.css">')
    expect(html).not.toMatch(/<script[^>]*>[^<]+<\/script>/)
    expect(html).not.toMatch(/ style=/)
  })

  it('escapes what it puts into attributes and text', () => {
    const html = webviewHtml({
      cspSource,
      nonce: 'abcdefghijklmnop1234',
      scripts: ['x.js"><script>alert(1)</script>'],
      title: '</title><script>alert(1)</script>',
    })
    expect(html.match(/<script/g)).toHaveLength(1)
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;')
  })

  it('refuses a nonce or a CSP source that could break out of the policy', () => {
    expect(() => webviewHtml({ cspSource, nonce: "x' 'unsafe-inline", scripts: [] })).toThrow(/nonce/)
    expect(() => webviewHtml({ cspSource: "'self'; script-src *", scripts: [] })).toThrow(/cspSource/)
  })

  it('makes a fresh base64 nonce of 32 random bytes each time', () => {
    const a = createNonce()
    const b = createNonce()
    expect(a).toMatch(/^[A-Za-z0-9+/]{43}=$/)
    expect(a).not.toBe(b)
    expect(webviewCsp('x', a)).toContain(`'nonce-${a}'`)
  })
})
