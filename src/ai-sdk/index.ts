'use client'
// toolcards/ai-sdk: AI SDK (`ai` 7, `useChat`) messages as cards, with approvals sent back through
// `addToolApprovalResponse`. The server half is toolcards/ai-sdk/server. Neither needs the kit's other
// entries to know about the AI SDK, and only the server half imports `ai` (an optional peer dependency).

export type { AiSdkOptions, AiSdkToolState, ToolcardsOutput } from '../adapters/aiSdk'
export {
  AI_SDK_OPTION_IDS,
  AI_SDK_TOOL_STATES,
  fromAiSdk,
  isAiSdkMessage,
  isToolcardsOutput,
} from '../adapters/aiSdk'
export type {
  AddToolApprovalResponse,
  AiSdkMessageLike,
  AiSdkSession,
  AiSdkToolPartsProps,
  UseAiSdkSessionOptions,
} from './client'
export { AiSdkToolParts, presentCallsOf, useAiSdkSession } from './client'
