// toolcards/vscode: the extension's side of showing cards in a VS Code webview. Plain TypeScript, no
// React, no DOM; it takes the `vscode` namespace as an argument and never imports it.
export type { FollowUpdate, LogFollower, LogFollowerOptions } from './follow'
export { completeLength, createLogFollower } from './follow'
export type { HandleResult, WebviewMessageHandlerOptions } from './handler'
export { createWebviewMessageHandler, isAbsolutePath } from './handler'
export type { WebviewHtmlOptions } from './html'
export { createNonce, webviewCsp, webviewHtml } from './html'
export type { ExtensionMessage, MessageCheck, MessageLimits, WebviewMessage } from './messages'
export {
  checkExtensionMessage,
  checkWebviewMessage,
  EXTENSION_MESSAGE_TYPES,
  MESSAGE_LIMITS,
  WEBVIEW_MESSAGE_TYPES,
} from './messages'
export type { SessionMessagesOptions } from './send'
export { SEND_MESSAGE_EVENTS, SEND_MESSAGE_SIZE, sessionMessages } from './send'
export type { UriLike, VsCodeNamespace, WebviewLike } from './types'
