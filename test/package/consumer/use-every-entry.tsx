// Type-checked by test/package/consumer.test.ts in a scratch project that installed the packed tarball,
// once under `moduleResolution: nodenext` and once under `bundler`. Every `@ts-expect-error` line fails
// the check (TS2578, unused directive) if the type it tests has silently become `any`.
import {
  type CardModel,
  CardRenderer,
  DiffCard,
  SessionView,
  ToolcardsProvider,
  type ToolcardsProviderProps,
} from 'toolcards'
import { detectFormat, fromAny, fromClaudeCode } from 'toolcards/adapters'
import { AiSdkToolParts, fromAiSdk } from 'toolcards/ai-sdk'
import { type ContentBlock, createToolRegistry, defineTool, type PostToolDecision } from 'toolcards/contract'
import { parseIntent, type RenderIntent, type SessionEvent, type TerminalIntent } from 'toolcards/protocol'
import { foldSession, type SessionState } from 'toolcards/session'
import { createTerminalScreen, parseUnifiedDiff } from 'toolcards/text'
import { checkWebviewMessage, type ExtensionMessage, sessionMessages, webviewHtml } from 'toolcards/vscode'
import { createWebviewBridge, VsCodeSession } from 'toolcards/webview'
// the stylesheet, for its side effect: checked under `noUncheckedSideEffectImports` (TypeScript 7's default)
import 'toolcards/styles.css'

// toolcards
const model: CardModel = {
  id: 'call_1',
  toolName: 'run_shell',
  args: { cmd: 'npm test' },
  status: 'completed',
  intent: { card: 'terminal', command: 'npm test', output: 'ok\n', exitCode: 0 },
}
// @ts-expect-error a number is not a card model
const notAModel: CardModel = 5
// @ts-expect-error an unknown status does not compile
const badStatus: CardModel = { ...model, status: 'finished' }
const props: ToolcardsProviderProps = { onOpenPath: (path: string, line?: number) => void [path, line] }
// @ts-expect-error onOpenPath takes a path, not a number
const badProps: ToolcardsProviderProps = { onOpenPath: (path: number) => path }
export const page = (
  <ToolcardsProvider {...props}>
    <CardRenderer model={model} />
    <SessionView events={[]} />
  </ToolcardsProvider>
)
// @ts-expect-error CardRenderer needs a model
export const missing = <CardRenderer />
export const diffCardType: typeof DiffCard = DiffCard

// toolcards/protocol
const parsed = parseIntent({ card: 'terminal', command: 'ls' })
if (parsed.ok) {
  const intent: RenderIntent = parsed.intent
  if (intent.card === 'terminal') {
    const t: TerminalIntent = intent
    // @ts-expect-error a terminal intent has no `files`
    void t.files
  }
}
// @ts-expect-error `card` must be one of the six kinds
const badIntent: RenderIntent = { card: 'video' }

// toolcards/session
const events: SessionEvent[] = []
const state: SessionState = foldSession(events)
// @ts-expect-error foldSession takes an iterable of events, not a number
foldSession(42)

// toolcards/text
const screen = createTerminalScreen()
screen.write('\x1b[31mred\x1b[0m\n')
// @ts-expect-error write takes text
screen.write(42)
const files = parseUnifiedDiff('--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n')
// @ts-expect-error parseUnifiedDiff takes text
parseUnifiedDiff(null)

// toolcards/adapters
const fromLog: SessionEvent[] = fromClaudeCode('')
const detected = detectFormat('')
const any = fromAny('')
// @ts-expect-error fromClaudeCode takes the log text
fromClaudeCode(123)

// toolcards/ai-sdk (toolcards/ai-sdk/server: use-ai-sdk-server.ts)
const aiEvents: SessionEvent[] = fromAiSdk([{ id: 'm', role: 'assistant', parts: [] }])
export const aiParts = <AiSdkToolParts message={{ parts: [] }} addToolApprovalResponse={() => {}} />
// @ts-expect-error AiSdkToolParts needs a message
export const aiMissing = <AiSdkToolParts />

// toolcards/contract: the seed's guarantee, an accept with both content and value does not compile.
const text: ContentBlock = { type: 'text', text: 'hi' }
const accept: PostToolDecision = { type: 'accept', content: [text] }
// @ts-expect-error an accept may replace the content or the value, never both
const both: PostToolDecision = { type: 'accept', content: [text], value: 1 }
const registry = createToolRegistry({ tools: [] })
// toolcards/webview and toolcards/vscode
export const webviewPage = <VsCodeSession api={null} />
const messages: ExtensionMessage[] = sessionMessages(events)
const html: string = webviewHtml({ cspSource: 'self', scripts: ['main.js'] })
const bridge = createWebviewBridge({ api: null })
// @ts-expect-error a message type that does not exist
const badMessage: ExtensionMessage = { type: 'delete', events: [] }
if (checkWebviewMessage({ type: 'ready' }).ok) void bridge.store.getState()

export const used = [
  messages,
  html,
  badMessage,
  notAModel,
  badStatus,
  badProps,
  badIntent,
  state,
  files,
  fromLog,
  detected,
  any,
  accept,
  both,
  registry,
  defineTool,
  aiEvents,
]
