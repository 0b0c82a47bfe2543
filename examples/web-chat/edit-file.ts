import type { ToolDefinition } from '../../src/contract'
import type { DiffIntent } from '../../src/protocol'
/** A project's files by path; the edit tool changes it in place. */
export type MutableFiles = Record<string, string>

/**
 * An edit tool (the one the example asks about before it runs): replaces one exact occurrence of a string
 * in a file of an in-memory project. Its call already shows the change as a diff (`presentCall`), so the
 * user sees what would happen before allowing it.
 */
export type EditFileArgs = { path: string; oldString: string; newString: string }
export type EditFileValue = { path: string; before: string; after: string }

export const editFileInputSchema = {
  type: 'object',
  required: ['path', 'oldString', 'newString'],
  additionalProperties: false,
  properties: {
    path: { type: 'string', minLength: 1 },
    oldString: { type: 'string', minLength: 1 },
    newString: { type: 'string' },
  },
} as const

export const editFileValueSchema = {
  type: 'object',
  required: ['path', 'before', 'after'],
  additionalProperties: false,
  properties: { path: { type: 'string' }, before: { type: 'string' }, after: { type: 'string' } },
} as const

/** Pure: the change the call asks for, as a diff of the two strings (while they stream, what has come). */
export function presentEditCall(args: EditFileArgs): DiffIntent {
  return {
    card: 'diff',
    files: [{ path: args.path, oldText: `${args.oldString ?? ''}\n`, newText: `${args.newString ?? ''}\n` }],
  }
}

/** Pure: the file before and after. */
export function presentEditResult(_args: EditFileArgs, v: EditFileValue): DiffIntent {
  return { card: 'diff', files: [{ path: v.path, oldText: v.before, newText: v.after }] }
}

/** Pure: what the model reads. */
export function renderEdit(args: EditFileArgs, v: EditFileValue): Array<{ type: 'text'; text: string }> {
  const lines = v.after.split('\n').length
  return [
    {
      type: 'text',
      text: `Edited ${v.path}: replaced 1 occurrence of ${JSON.stringify(args.oldString)} (${lines} lines now).`,
    },
  ]
}

/** The tool, over a mutable in-memory file map (each example server has its own copy). */
export function createEditFileTool(files: MutableFiles): ToolDefinition<EditFileArgs, EditFileValue> {
  return {
    name: 'edit_file',
    description: 'Replaces one exact occurrence of oldString with newString in a file.',
    inputSchema: editFileInputSchema,
    output: { schema: editFileValueSchema, render: renderEdit },
    execute(args) {
      if (!Object.hasOwn(files, args.path)) throw new Error(`ENOENT: no such file: ${args.path}`)
      const before = files[args.path]!
      const at = before.indexOf(args.oldString)
      if (at < 0) throw new Error(`oldString not found in ${args.path}`)
      if (before.indexOf(args.oldString, at + 1) >= 0)
        throw new Error(`oldString appears more than once in ${args.path}`)
      const after = before.slice(0, at) + args.newString + before.slice(at + args.oldString.length)
      files[args.path] = after
      return { path: args.path, before, after }
    },
    presentCall: presentEditCall,
    presentResult: presentEditResult,
  }
}
