import type { ToolDefinition } from '../../src/contract'
import type { ReadIntent } from '../../src/protocol'

/** A file reader. Its body reads through a `FileSource` the host supplies; the rest is pure projection. */
export type ReadFileArgs = { path: string; offset?: number; limit?: number }

export type ReadFileValue = {
  path: string
  /** The lines read, without line numbers, joined by `\n`. */
  content: string
  /** 1-based number of the first line in `content`. */
  startLine: number
  totalLines: number
}

/** Replayable presentation data: computed once, for top-level calls only. */
export type ReadFileMeta = { language: string | null }

export interface FileSource {
  readText(path: string): Promise<string>
}

export const readFileValueSchema = {
  type: 'object',
  required: ['path', 'content', 'startLine', 'totalLines'],
  additionalProperties: false,
  properties: {
    path: { type: 'string' },
    content: { type: 'string' },
    startLine: { type: 'integer', minimum: 1 },
    totalLines: { type: 'integer', minimum: 0 },
  },
} as const

const LANGUAGES: Record<string, string> = {
  ts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  json: 'json',
  md: 'markdown',
  py: 'python',
  rs: 'rust',
  sh: 'shellscript',
  css: 'css',
}

/** Pure: `cat -n` style, as models are used to. */
export function renderReadFile(_args: ReadFileArgs, v: ReadFileValue): Array<{ type: 'text'; text: string }> {
  if (v.content === '') return [{ type: 'text', text: `${v.path} is empty.` }]
  const lines = v.content.split('\n')
  const width = String(v.startLine + lines.length - 1).length
  const numbered = lines.map((line, i) => `${String(v.startLine + i).padStart(Math.max(6, width))}\t${line}`)
  const last = v.startLine + lines.length - 1
  const note =
    last < v.totalLines || v.startLine > 1 ? `\n(lines ${v.startLine}-${last} of ${v.totalLines})` : ''
  return [{ type: 'text', text: numbered.join('\n') + note }]
}

/** Pure: the language, from the file name. */
export function readFileMeta(_args: ReadFileArgs, v: ReadFileValue): ReadFileMeta {
  const ext = /\.([A-Za-z0-9]+)$/.exec(v.path)?.[1]?.toLowerCase()
  return {
    language: (ext !== undefined && Object.hasOwn(LANGUAGES, ext) ? LANGUAGES[ext] : undefined) ?? null,
  }
}

export function presentReadFileResult(
  _args: ReadFileArgs,
  v: ReadFileValue,
  meta: ReadFileMeta | undefined,
): ReadIntent {
  const intent: ReadIntent = {
    card: 'read',
    path: v.path,
    content: v.content,
    startLine: v.startLine,
    totalLines: v.totalLines,
  }
  if (meta?.language) intent.language = meta.language
  return intent
}

export function createReadFileTool(
  files: FileSource,
): ToolDefinition<ReadFileArgs, ReadFileValue, ReadFileMeta> {
  return {
    name: 'read_file',
    description: 'Reads a text file, or a range of its lines.',
    inputSchema: {
      type: 'object',
      required: ['path'],
      additionalProperties: false,
      properties: {
        path: { type: 'string', minLength: 1 },
        offset: { type: 'integer', minimum: 1 },
        limit: { type: 'integer', minimum: 1 },
      },
    },
    output: { schema: readFileValueSchema, render: renderReadFile, presentationMeta: readFileMeta },
    async execute(args) {
      const text = await files.readText(args.path)
      const all = text === '' ? [] : text.replace(/\n$/, '').split('\n')
      const start = args.offset ?? 1
      const lines = all.slice(start - 1, args.limit === undefined ? undefined : start - 1 + args.limit)
      return { path: args.path, content: lines.join('\n'), startLine: start, totalLines: all.length }
    },
    presentCall: (args) => ({ card: 'read', path: args.path, content: '' }),
    presentResult: presentReadFileResult,
  }
}
