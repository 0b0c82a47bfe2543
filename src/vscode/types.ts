/**
 * The part of the `vscode` namespace toolcards uses, as structural types: an extension passes its own
 * `vscode` (`import * as vscode from 'vscode'`) and the compiler checks it fits, while the kit never
 * imports the module (it exists only inside the extension host).
 */
export interface UriLike {
  readonly scheme: string
  readonly fsPath: string
  readonly path: string
  toString(skipEncoding?: boolean): string
}

export interface WebviewLike {
  /** The CSP source of the webview's own resources (`webview.cspSource`). */
  readonly cspSource: string
  asWebviewUri(uri: UriLike): UriLike
  postMessage(message: unknown): PromiseLike<boolean>
}

export interface VsCodeNamespace {
  Uri: {
    file(path: string): UriLike
    joinPath(base: UriLike, ...pathSegments: string[]): UriLike
    parse(value: string, strict?: boolean): UriLike
  }
  Range: new (startLine: number, startCharacter: number, endLine: number, endCharacter: number) => object
  ViewColumn: { readonly Active: number; readonly Beside: number }
  workspace: {
    readonly workspaceFolders: readonly { readonly uri: UriLike }[] | undefined
    getWorkspaceFolder(uri: UriLike): { readonly uri: UriLike } | undefined
    fs: { stat(uri: UriLike): PromiseLike<{ readonly type: number }> }
    openTextDocument(uri: UriLike): PromiseLike<object>
  }
  window: {
    showTextDocument(
      document: never,
      options?: { viewColumn?: number; preserveFocus?: boolean; preview?: boolean; selection?: never },
    ): PromiseLike<unknown>
    showWarningMessage(
      message: string,
      options: { modal?: boolean; detail?: string },
      ...items: string[]
    ): PromiseLike<string | undefined>
    showErrorMessage(message: string, ...items: string[]): PromiseLike<string | undefined>
  }
  env: {
    openExternal(target: never): PromiseLike<boolean>
    clipboard: { writeText(value: string): PromiseLike<void> }
  }
}
