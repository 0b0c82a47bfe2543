import { toAiSdkTools } from '../../src/ai-sdk/server'
import type { AnyToolDefinition } from '../../src/contract'
import {
  createReadFileTool,
  createScanSearchTool,
  createShellTool,
  demoFiles,
  fakeShellRunner,
  memoryFiles,
} from '../tools'
import { createEditFileTool, type MutableFiles } from './edit-file'

/** Tools that need the user's approval before they run. */
export const NEED_APPROVAL = ['edit_file']

/**
 * The example's tools, over a fresh in-memory copy of the demo project: the shell (a fake one that
 * answers a few commands; nothing runs on this machine), the file reader, the scan search and the edit
 * tool. `delayMs` makes each call take that long, so the page shows calls running.
 */
export function webChatTools(options: { delayMs?: number } = {}) {
  const files: MutableFiles = { ...demoFiles }
  const definitions: AnyToolDefinition[] = [
    createShellTool(fakeShellRunner()),
    createReadFileTool(memoryFiles(files)),
    createScanSearchTool(files),
    createEditFileTool(files),
  ].map((d) => slow(d, options.delayMs ?? 0))
  return { files, definitions, tools: toAiSdkTools(definitions, { needApproval: NEED_APPROVAL }) }
}

function slow(definition: AnyToolDefinition, ms: number): AnyToolDefinition {
  if (ms <= 0) return definition
  return {
    ...definition,
    async execute(args, context) {
      await new Promise((resolve) => setTimeout(resolve, ms))
      return definition.execute(args, context)
    },
  }
}
