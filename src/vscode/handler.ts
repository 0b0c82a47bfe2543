import { judgeUrl } from '../text/url'
import { checkWebviewMessage, type MessageLimits, type WebviewMessage } from './messages'
import type { UriLike, VsCodeNamespace } from './types'

export interface WebviewMessageHandlerOptions {
  /**
   * Folders a relative path is tried against after the workspace folders (e.g. the folder of the log
   * being shown). The first one where the file exists wins.
   */
  baseUris?: readonly UriLike[]
  /**
   * Where files open. Default `ViewColumn.Beside` (the cards stay in view).
   * @default ViewColumn.Beside
   */
  viewColumn?: number
  /** The page is listening: send it the session. */
  onReady?: () => void
  /** Messages the page reported ignoring, and messages from the page this handler refused. */
  onProblem?: (text: string) => void
  limits?: Partial<MessageLimits>
}

/** What a handled message did, for logs and tests. */
export type HandleResult =
  | { done: 'ready' | 'copied' | 'reported' }
  | { done: 'opened-path'; uri: string; line?: number }
  | { done: 'opened-url'; url: string }
  | { done: 'refused'; reason: string }
  | { done: 'cancelled' }
  | { done: 'failed'; reason: string }

/**
 * The extension's side of the cards' host callbacks. Give it `webview.onDidReceiveMessage`:
 *
 * ```ts
 * const handle = createWebviewMessageHandler(vscode, { onReady: () => send() })
 * panel.webview.onDidReceiveMessage(handle)
 * ```
 *
 * Every message is checked first (`checkWebviewMessage`). `openPath` opens the file in an editor at the
 * line: absolute paths as they are, relative ones against the workspace folders (then `baseUris`); a file
 * outside the workspace opens only after the user says yes. `openUrl` opens http and https URLs that
 * pass `judgeUrl`, through `env.openExternal`. `copy` writes to the editor's clipboard. The promise never
 * rejects; failures are shown to the user and returned.
 */
export function createWebviewMessageHandler(
  vscode: VsCodeNamespace,
  options: WebviewMessageHandlerOptions = {},
): (data: unknown) => Promise<HandleResult> {
  const problem = (text: string) => {
    try {
      options.onProblem?.(text)
    } catch {
      // A logger that throws must not break the handler.
    }
  }
  return async (data) => {
    const checked = checkWebviewMessage(data, options.limits)
    if (!checked.ok) {
      problem(`toolcards: refused a message from the webview: ${checked.problem}`)
      return { done: 'refused', reason: checked.problem }
    }
    const message = checked.message
    try {
      return await handle(vscode, options, message, problem)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      problem(`toolcards: ${message.type} failed: ${reason}`)
      void vscode.window.showErrorMessage(`Could not ${describe(message)}: ${reason}`)
      return { done: 'failed', reason }
    }
  }
}

async function handle(
  vscode: VsCodeNamespace,
  options: WebviewMessageHandlerOptions,
  message: WebviewMessage,
  problem: (text: string) => void,
): Promise<HandleResult> {
  switch (message.type) {
    case 'ready':
      options.onReady?.()
      return { done: 'ready' }
    case 'problem':
      problem(
        `toolcards: the webview ignored ${message.count} message(s)${message.messages.length ? `: ${message.messages.join('; ')}` : ''}`,
      )
      return { done: 'reported' }
    case 'copy':
      await vscode.env.clipboard.writeText(message.text)
      return { done: 'copied' }
    case 'openUrl': {
      const judged = judgeUrl(message.url)
      if (!judged.ok || !(judged.href.startsWith('http:') || judged.href.startsWith('https:'))) {
        const reason = judged.ok ? 'only http and https links open from here' : judged.reason
        problem(`toolcards: refused to open a link: ${reason}`)
        return { done: 'refused', reason }
      }
      await vscode.env.openExternal(vscode.Uri.parse(judged.href, true) as never)
      return { done: 'opened-url', url: judged.href }
    }
    case 'openPath': {
      const uri = await resolvePath(vscode, message.path, options.baseUris ?? [])
      if (!uri) {
        const reason = `${message.path} was not found in the workspace`
        void vscode.window.showErrorMessage(`Could not open ${message.path}: not found in the workspace.`)
        return { done: 'failed', reason }
      }
      if (!vscode.workspace.getWorkspaceFolder(uri)) {
        const open = 'Open'
        const answer = await vscode.window.showWarningMessage(
          'Open a file outside the workspace?',
          { modal: true, detail: `The agent session names ${uri.fsPath}, which is outside this workspace.` },
          open,
        )
        if (answer !== open) return { done: 'cancelled' }
      }
      const document = await vscode.workspace.openTextDocument(uri)
      const line = message.line
      const at = line !== undefined ? new vscode.Range(line - 1, 0, line - 1, 0) : undefined
      await vscode.window.showTextDocument(document as never, {
        viewColumn: options.viewColumn ?? vscode.ViewColumn.Beside,
        preview: true,
        ...(at ? { selection: at as never } : {}),
      })
      return line !== undefined
        ? { done: 'opened-path', uri: uri.toString(), line }
        : { done: 'opened-path', uri: uri.toString() }
    }
  }
}

/** True for `/x`, `C:\x`, `C:/x` and `\\server\share`. */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\')
}

/**
 * An absolute path as it is; a relative one against each workspace folder, then each base, first match
 * wins (`..` may lead out of the workspace: the caller asks). Undefined when a relative path is found
 * nowhere.
 */
async function resolvePath(
  vscode: VsCodeNamespace,
  path: string,
  baseUris: readonly UriLike[],
): Promise<UriLike | undefined> {
  if (isAbsolutePath(path)) return vscode.Uri.file(path)
  const bases = [...(vscode.workspace.workspaceFolders ?? []).map((f) => f.uri), ...baseUris]
  for (const base of bases) {
    const uri = vscode.Uri.joinPath(base, path)
    try {
      await vscode.workspace.fs.stat(uri)
      return uri
    } catch {
      // Not there: try the next base.
    }
  }
  return undefined
}

function describe(message: WebviewMessage): string {
  switch (message.type) {
    case 'openPath':
      return `open ${message.path}`
    case 'openUrl':
      return 'open the link'
    case 'copy':
      return 'copy'
    default:
      return `handle ${message.type}`
  }
}
