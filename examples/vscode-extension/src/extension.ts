// An extension that shows an agent's session log as cards: the command "Open Agent Session…" and a
// read-only custom editor for `.jsonl`, `.traj` and OpenHands `.json` logs. The format is detected by
// `fromAny`; while the agent still writes the file, new lines are read and appended live.
import { open } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { FORMAT_NAMES, fromAny, type SessionFormat } from 'toolcards/adapters'
import {
  createLogFollower,
  createWebviewMessageHandler,
  type FollowUpdate,
  type LogFollower,
  sessionMessages,
  webviewHtml,
} from 'toolcards/vscode'
import * as vscode from 'vscode'

const VIEW_TYPE = 'toolcards.session'

export function activate(context: vscode.ExtensionContext): void {
  const output = vscode.window.createOutputChannel('Agent Sessions')
  context.subscriptions.push(
    output,
    vscode.window.registerCustomEditorProvider(VIEW_TYPE, new SessionEditorProvider(context, output), {
      supportsMultipleEditorsPerDocument: true,
      // No retainContextWhenHidden: the page is rebuilt when shown and restores its own UI state.
    }),
    vscode.commands.registerCommand('toolcards.openSession', async (uri?: vscode.Uri) => {
      const target =
        uri ??
        (
          await vscode.window.showOpenDialog({
            canSelectMany: false,
            openLabel: 'Open Session',
            filters: { 'Agent sessions': ['jsonl', 'traj', 'json'] },
          })
        )?.[0]
      if (target) await vscode.commands.executeCommand('vscode.openWith', target, VIEW_TYPE)
    }),
  )
}

export function deactivate(): void {}

class SessionEditorProvider implements vscode.CustomReadonlyEditorProvider {
  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly output: vscode.OutputChannel,
  ) {}

  openCustomDocument(uri: vscode.Uri): vscode.CustomDocument {
    return { uri, dispose() {} }
  }

  async resolveCustomEditor(document: vscode.CustomDocument, panel: vscode.WebviewPanel): Promise<void> {
    const root = vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'webview')
    const webview = panel.webview
    webview.options = { enableScripts: true, localResourceRoots: [root] }
    const asset = (name: string) => webview.asWebviewUri(vscode.Uri.joinPath(root, name)).toString()
    webview.html = webviewHtml({
      cspSource: webview.cspSource,
      scripts: [asset('main.js')],
      styles: [asset('main.css')],
      title: basename(document.uri.fsPath),
    })

    // The page is rebuilt each time the panel is shown; it says `ready`, and gets the whole session then.
    let pageReady = false
    const post = (update: FollowUpdate, title?: string) => {
      if (!pageReady) return
      const messages = sessionMessages(update.events, {
        replace: update.type === 'replace',
        ...(title !== undefined ? { title } : {}),
      })
      for (const m of messages) void webview.postMessage(m)
    }
    const log = new LiveLog(document.uri, (update) => post(update), this.output)
    const handle = createWebviewMessageHandler(vscode, {
      baseUris: [vscode.Uri.file(dirname(document.uri.fsPath))],
      onReady: () => {
        pageReady = true
        post({ type: 'replace', events: log.events }, log.title)
      },
      onProblem: (text) => this.output.appendLine(text),
    })
    const subscriptions = [
      webview.onDidReceiveMessage(handle),
      panel.onDidChangeViewState(() => {
        if (!panel.visible) pageReady = false
      }),
    ]
    panel.onDidDispose(() => {
      for (const s of subscriptions) s.dispose()
      log.dispose()
    })
    await log.start()
  }
}

/**
 * A log file followed as it grows: the bytes appended since the last read are decoded (a character split
 * across reads is kept for the next one) and handed to the follower, which holds an incomplete last line
 * back. A file that shrank, or one JSON document (rewritten, not appended to), is read again whole.
 */
class LiveLog {
  private follower: LogFollower
  private offset = 0
  private decoder = new TextDecoder('utf-8')
  private format: SessionFormat = 'unknown'
  private watcher: vscode.FileSystemWatcher | undefined
  private again = false
  private busy = false
  private disposed = false

  constructor(
    private readonly uri: vscode.Uri,
    private readonly onUpdate: (update: FollowUpdate) => void,
    private readonly output: vscode.OutputChannel,
  ) {
    this.follower = createLogFollower({
      convert: (text) => {
        const session = fromAny(text)
        this.format = session.format
        return session.events
      },
    })
  }

  get events(): readonly unknown[] {
    return this.follower.events
  }

  get title(): string {
    return `${basename(this.uri.fsPath)} · ${FORMAT_NAMES[this.format]}`
  }

  async start(): Promise<void> {
    await this.read(true)
    this.watcher = vscode.workspace.createFileSystemWatcher(
      new vscode.RelativePattern(vscode.Uri.file(dirname(this.uri.fsPath)), basename(this.uri.fsPath)),
    )
    this.watcher.onDidChange(() => this.changed())
    this.watcher.onDidCreate(() => this.changed())
  }

  dispose(): void {
    this.disposed = true
    this.watcher?.dispose()
  }

  /** Reads once at a time; changes while reading lead to one more read. */
  private changed(): void {
    if (this.busy) {
      this.again = true
      return
    }
    this.busy = true
    void this.read(false)
      .catch((error: unknown) =>
        this.output.appendLine(`Could not read ${this.uri.fsPath}: ${String(error)}`),
      )
      .finally(() => {
        this.busy = false
        if (this.again && !this.disposed) {
          this.again = false
          this.changed()
        }
      })
  }

  private async read(first: boolean): Promise<void> {
    const file = await open(this.uri.fsPath, 'r')
    try {
      const { size } = await file.stat()
      const whole = first || size < this.offset || this.follower.isDocument
      const from = whole ? 0 : this.offset
      const buffer = Buffer.alloc(size - from)
      let got = 0
      while (got < buffer.length) {
        const { bytesRead } = await file.read(buffer, got, buffer.length - got, from + got)
        if (bytesRead === 0) break
        got += bytesRead
      }
      this.offset = from + got
      if (whole) this.decoder = new TextDecoder('utf-8')
      const text = this.decoder.decode(buffer.subarray(0, got), { stream: true })
      const update = first
        ? this.follower.reset(text)
        : whole
          ? this.follower.setText(text)
          : this.follower.append(text)
      if (update && !first && !this.disposed) this.onUpdate(update)
    } finally {
      await file.close()
    }
  }
}
