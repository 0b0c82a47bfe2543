// toolcards/adapters: foreign agent logs → session events (no React, no DOM).

export type { AcpOptions } from './acp'
export { acpIntent, fromAcp, isAcpMessage } from './acp'
export { fromClaudeCode, stripLineArrows } from './claudeCode'
export { fromCodex } from './codex'
export type { AnySession, SessionFormat } from './detect'
export { detectFormat, FORMAT_NAMES, fromAny } from './detect'
export type { McpOptions, McpToolCall } from './mcp'
export { checkOutput, fromMcp, fromMcpInterview, mcpOutput, mcpResultIntent } from './mcp'
export { fromOpenHands } from './openhands'
export { fromSweAgent, isSweAgentTrajectory, readWindow } from './sweAgent'
export { shellLine, splitUnifiedDiff, structuredPatchText } from './util'
