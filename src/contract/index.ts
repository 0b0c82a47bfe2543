// One errorMessage for the whole kit (it lives in toolcards/protocol); kept here for hosts that import it from the contract.
export { errorMessage } from '../protocol'
export { checkContent, contentText, cutUtf8, text, utf8Bytes } from './content'
export { copyJson } from './copy'
export { firstDifference } from './purity'
export { createToolRegistry, defineTool, isDevelopment } from './registry'
export { SPILL_DEFAULTS, trimIntent } from './spill'
export type {
  AnyToolDefinition,
  AudioContent,
  ContentBlock,
  ContentBlockType,
  EmbeddedResourceContent,
  ImageContent,
  JsonSchemaNode,
  JsonSchemaObject,
  PostToolContext,
  PostToolDecision,
  PostToolPlugin,
  Projection,
  RegistryLogger,
  RegistryProblem,
  ResourceLinkContent,
  RunOptions,
  SpillEntry,
  SpillOptions,
  SpillStore,
  TextContent,
  ToolCall,
  ToolContext,
  ToolDefinition,
  ToolOutputDefinition,
  ToolRegistry,
  ToolRegistryOptions,
  ToolRunResult,
} from './types'
export type { ValueCheck } from './validate'
export { compileSchema, VALUE_LIMITS } from './validate'
