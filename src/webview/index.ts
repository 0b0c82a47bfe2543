'use client'
// toolcards/webview: the page side of the cards inside a VS Code webview (React). The extension side is
// toolcards/vscode.
export type { CardUiState, ScrollAnchor, UiStateSnapshot, UiStateStore } from '../cards/ui-state'
export { createUiStateStore, UiStateContext, UiStateProvider } from '../cards/ui-state'
export type { BridgeInfo, VsCodeWebviewApi, WebviewBridge, WebviewBridgeOptions } from './bridge'
export { createWebviewBridge, getVsCodeApi, MAX_KEPT_MESSAGE_PROBLEMS } from './bridge'
export type { VsCodeSessionProps } from './VsCodeSession'
export { VsCodeSession } from './VsCodeSession'
