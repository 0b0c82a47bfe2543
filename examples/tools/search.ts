import type { ToolDefinition } from '../../src/contract'
import type { SearchIntent, SearchMatch } from '../../src/protocol'

/**
 * Two interchangeable search providers behind one tool name, `search`. Their bodies, their canonical values
 * and the text they give the model all differ; both present a `search` card, so swapping one for the other
 * changes nothing in the UI.
 *
 * Both search for a literal string (no regular expressions), case-insensitive unless asked, and keep at
 * most `maxResults` matching lines (files in path order, lines in order); the rest are counted.
 */
export type SearchArgs = { query: string; path?: string; caseSensitive?: boolean; maxResults?: number }

export const searchInputSchema = {
  type: 'object',
  required: ['query'],
  additionalProperties: false,
  properties: {
    query: { type: 'string', minLength: 1 },
    path: { type: 'string', description: 'Only files under this folder.' },
    caseSensitive: { type: 'boolean' },
    maxResults: { type: 'integer', minimum: 1 },
  },
} as const

const DEFAULT_MAX = 100

/** A snapshot of files by path. */
export type FileMap = Readonly<Record<string, string>>

function under(path: string, folder: string | undefined): boolean {
  if (!folder) return true
  const prefix = folder.endsWith('/') ? folder : `${folder}/`
  return path.startsWith(prefix)
}

/** Pure: the card while the search runs. */
export function presentSearchCall(args: SearchArgs): SearchIntent {
  const intent: SearchIntent = { card: 'search', query: args.query, mode: 'content', matches: [] }
  if (args.path !== undefined) intent.path = args.path
  if (args.caseSensitive !== undefined) intent.caseSensitive = args.caseSensitive
  return intent
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function searchIntent(
  args: SearchArgs,
  matches: SearchMatch[],
  totalLines: number,
  totalFiles: number,
): SearchIntent {
  const intent: SearchIntent = { ...presentSearchCall(args), matches, totalFiles }
  if (totalLines > matches.length) intent.totalMatches = totalLines
  return intent
}

// ---------------------------------------------------------------------------------------------------
// Provider 1: a scanner. Walks every line with a regular expression; its value is a flat list of hits,
// one per occurrence, with 0-based columns.
// ---------------------------------------------------------------------------------------------------

export type ScanValue = {
  pattern: string
  flags: string
  hits: Array<{ file: string; line: number; column: number; length: number; lineText: string }>
  /** Matching lines found, kept or not. */
  matchedLines: number
  matchedFiles: number
}

export const scanValueSchema = {
  type: 'object',
  required: ['pattern', 'flags', 'hits', 'matchedLines', 'matchedFiles'],
  additionalProperties: false,
  properties: {
    pattern: { type: 'string' },
    flags: { type: 'string' },
    hits: {
      type: 'array',
      items: {
        type: 'object',
        required: ['file', 'line', 'column', 'length', 'lineText'],
        additionalProperties: false,
        properties: {
          file: { type: 'string' },
          line: { type: 'integer', minimum: 1 },
          column: { type: 'integer', minimum: 0 },
          length: { type: 'integer', minimum: 1 },
          lineText: { type: 'string' },
        },
      },
    },
    matchedLines: { type: 'integer', minimum: 0 },
    matchedFiles: { type: 'integer', minimum: 0 },
  },
} as const

export function scanFiles(files: FileMap, args: SearchArgs): ScanValue {
  const flags = args.caseSensitive ? 'g' : 'gi'
  const pattern = escapeRegExp(args.query)
  const max = args.maxResults ?? DEFAULT_MAX
  const hits: ScanValue['hits'] = []
  let keptLines = 0
  let matchedLines = 0
  let matchedFiles = 0
  for (const file of Object.keys(files).sort()) {
    if (!under(file, args.path)) continue
    const lines = files[file]!.split('\n')
    let fileMatched = false
    lines.forEach((lineText, i) => {
      const re = new RegExp(pattern, flags)
      const found = [...lineText.matchAll(re)]
      if (found.length === 0) return
      fileMatched = true
      matchedLines++
      if (keptLines >= max) return
      keptLines++
      for (const m of found) hits.push({ file, line: i + 1, column: m.index, length: m[0].length, lineText })
    })
    if (fileMatched) matchedFiles++
  }
  return { pattern, flags, hits, matchedLines, matchedFiles }
}

/** Pure: ripgrep-style `path:line:text`, one line per matching line. */
export function renderScan(_args: SearchArgs, v: ScanValue) {
  const out: string[] = []
  let last = ''
  for (const h of v.hits) {
    const key = `${h.file}:${h.line}`
    if (key === last) continue
    last = key
    out.push(`${key}:${h.lineText}`)
  }
  const shown = out.length
  if (shown === 0) out.push('No matches.')
  if (v.matchedLines > shown) out.push(`(${v.matchedLines - shown} more matching lines not shown)`)
  return [{ type: 'text' as const, text: out.join('\n') }]
}

export function presentScan(args: SearchArgs, v: ScanValue): SearchIntent {
  const matches: SearchMatch[] = []
  for (const h of v.hits) {
    const prev = matches[matches.length - 1]
    const range: [number, number] = [h.column, h.column + h.length]
    if (prev && prev.path === h.file && prev.line === h.line) prev.ranges!.push(range)
    else matches.push({ path: h.file, line: h.line, text: h.lineText, ranges: [range] })
  }
  return searchIntent(args, matches, v.matchedLines, v.matchedFiles)
}

export function createScanSearchTool(files: FileMap): ToolDefinition<SearchArgs, ScanValue> {
  return {
    name: 'search',
    description: 'Searches file contents for a literal string.',
    inputSchema: searchInputSchema,
    output: { schema: scanValueSchema, render: renderScan },
    execute: (args) => scanFiles(files, args),
    presentCall: presentSearchCall,
    presentResult: presentScan,
  }
}

// ---------------------------------------------------------------------------------------------------
// Provider 2: an index. Lines are indexed once (lower-cased copies kept beside them); a query is answered
// from the index. Its value is grouped by file, with 1-based columns, like many search services answer.
// ---------------------------------------------------------------------------------------------------

export type IndexValue = {
  q: string
  files: Array<{ path: string; lines: Array<{ n: number; snippet: string; at: number[] }> }>
  total: { lines: number; files: number }
}

export const indexValueSchema = {
  type: 'object',
  required: ['q', 'files', 'total'],
  additionalProperties: false,
  properties: {
    q: { type: 'string' },
    files: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'lines'],
        properties: {
          path: { type: 'string' },
          lines: {
            type: 'array',
            items: {
              type: 'object',
              required: ['n', 'snippet', 'at'],
              properties: {
                n: { type: 'integer', minimum: 1 },
                snippet: { type: 'string' },
                at: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1 },
              },
            },
          },
        },
      },
    },
    total: {
      type: 'object',
      required: ['lines', 'files'],
      properties: { lines: { type: 'integer', minimum: 0 }, files: { type: 'integer', minimum: 0 } },
    },
  },
} as const

export interface LineIndex {
  query(args: SearchArgs): IndexValue
}

export function buildLineIndex(files: FileMap): LineIndex {
  const entries = Object.keys(files)
    .sort()
    .map((path) => {
      const lines = files[path]!.split('\n')
      return { path, lines, lower: lines.map((l) => l.toLowerCase()) }
    })
  return {
    query(args) {
      const max = args.maxResults ?? DEFAULT_MAX
      const needle = args.caseSensitive ? args.query : args.query.toLowerCase()
      const out: IndexValue['files'] = []
      let kept = 0
      const total = { lines: 0, files: 0 }
      for (const e of entries) {
        if (!under(e.path, args.path)) continue
        const hay = args.caseSensitive ? e.lines : e.lower
        const lines: IndexValue['files'][number]['lines'] = []
        let matched = false
        hay.forEach((line, i) => {
          const at: number[] = []
          for (let k = line.indexOf(needle); k >= 0; k = line.indexOf(needle, k + needle.length))
            at.push(k + 1)
          if (at.length === 0) return
          matched = true
          total.lines++
          if (kept >= max) return
          kept++
          lines.push({ n: i + 1, snippet: e.lines[i]!, at })
        })
        if (matched) total.files++
        if (lines.length > 0) out.push({ path: e.path, lines })
      }
      return { q: args.query, files: out, total }
    },
  }
}

/** Pure: grouped by file, as a reader would skim it. */
export function renderIndex(_args: SearchArgs, v: IndexValue) {
  if (v.files.length === 0) return [{ type: 'text' as const, text: `No results for "${v.q}".` }]
  const shown = v.files.reduce((n, f) => n + f.lines.length, 0)
  const out = [`${v.total.lines} matching lines in ${v.total.files} files for "${v.q}":`]
  for (const f of v.files) {
    out.push(f.path)
    for (const l of f.lines) out.push(`  ${l.n}: ${l.snippet.trim()}`)
  }
  if (v.total.lines > shown) out.push(`… ${v.total.lines - shown} more not shown`)
  return [{ type: 'text' as const, text: out.join('\n') }]
}

export function presentIndex(args: SearchArgs, v: IndexValue): SearchIntent {
  const matches: SearchMatch[] = v.files.flatMap((f) =>
    f.lines.map((l) => ({
      path: f.path,
      line: l.n,
      text: l.snippet,
      ranges: l.at.map((a): [number, number] => [a - 1, a - 1 + v.q.length]),
    })),
  )
  return searchIntent(args, matches, v.total.lines, v.total.files)
}

export function createIndexSearchTool(index: LineIndex): ToolDefinition<SearchArgs, IndexValue> {
  return {
    name: 'search',
    description: 'Searches the project index for a literal string.',
    inputSchema: searchInputSchema,
    output: { schema: indexValueSchema, render: renderIndex },
    execute: async (args) => index.query(args),
    presentCall: presentSearchCall,
    presentResult: presentIndex,
  }
}
