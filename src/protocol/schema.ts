import { type Static, type TSchema, Type } from '@sinclair/typebox'

/**
 * The render-intent schema: the one source of truth. TypeScript types come from it by `Static`,
 * `render-intent.schema.json` is written from it by `scripts/write-schema.ts`, and `parseIntent`
 * checks values against it by interpretation (TypeBox's Value module: no `eval`, no `new Function`).
 */

const Json = Type.Unknown({ description: 'Any JSON value.' })
const NonNegInt = (description: string) => Type.Integer({ minimum: 0, description })

export const TruncationSchema = Type.Object(
  {
    shownBytes: Type.Optional(NonNegInt('Size of what the intent carries.')),
    totalBytes: Type.Optional(NonNegInt('Size of the whole result before it was cut.')),
    shownLines: Type.Optional(NonNegInt('Lines the intent carries.')),
    totalLines: Type.Optional(NonNegInt('Lines of the whole result.')),
    reason: Type.Optional(Type.String({ description: 'Why it was cut, in a few words.' })),
  },
  { description: 'The host cut the output before sending it. Every card says so and how big the whole was.' },
)

export const SpillSchema = Type.Object(
  {
    path: Type.String({ description: 'Where the whole result is kept (a path or URI the host can open).' }),
    totalBytes: Type.Optional(NonNegInt('Size of the whole result.')),
    previewBytes: Type.Optional(NonNegInt('Size of the preview the intent carries.')),
  },
  { description: 'The whole result was written elsewhere (spilled); the intent carries a preview.' },
)

const common = {
  title: Type.Optional(Type.String({ description: 'Overrides the card title.' })),
  truncated: Type.Optional(TruncationSchema),
  spill: Type.Optional(SpillSchema),
}

export const ChecklistItemSchema = Type.Object(
  {
    text: Type.String({ description: 'What the step or to-do says.' }),
    status: Type.Union(
      [
        Type.Literal('pending'),
        Type.Literal('in_progress'),
        Type.Literal('completed'),
        Type.Literal('cancelled'),
      ],
      { description: 'Where the step stands.' },
    ),
    priority: Type.Optional(Type.String({ description: 'As the agent gave it (high, medium, low).' })),
  },
  { description: 'One step of a plan or one to-do.' },
)

export const ChecklistSchema = Type.Object(
  {
    items: Type.Array(ChecklistItemSchema, { description: 'The steps, in order.' }),
    explanation: Type.Optional(Type.String({ description: 'Why the plan changed, as the agent said it.' })),
  },
  { description: 'A plan or to-do list (TodoWrite, update_plan, an ACP plan), shown as a checklist.' },
)

export const GenericIntentSchema = Type.Object(
  {
    card: Type.Literal('generic'),
    ...common,
    input: Type.Optional(Json),
    output: Type.Optional(Json),
    checklist: Type.Optional(ChecklistSchema),
  },
  {
    $id: 'GenericIntent',
    description: 'Fallback: input as a JSON tree, output as text (a string) or a JSON tree.',
  },
)

export const TerminalIntentSchema = Type.Object(
  {
    card: Type.Literal('terminal'),
    ...common,
    command: Type.String({ description: 'The command line as the user would type it.' }),
    cwd: Type.Optional(Type.String({ description: 'Working directory.' })),
    output: Type.Optional(
      Type.String({ description: 'Combined output, may contain ANSI/VT escape sequences.' }),
    ),
    stderr: Type.Optional(Type.String({ description: 'Standard error when kept apart from `output`.' })),
    exitCode: Type.Optional(
      Type.Union([Type.Integer(), Type.Null()], { description: 'null: no exit code.' }),
    ),
    signal: Type.Optional(Type.String({ description: 'Signal that ended the process, e.g. SIGTERM.' })),
    durationMs: Type.Optional(
      Type.Number({
        description:
          'Milliseconds the command or fetch took; a negative value (a clock set back) is not shown.',
      }),
    ),
    interrupted: Type.Optional(Type.Boolean({ description: 'Stopped by the user or a timeout.' })),
    timedOut: Type.Optional(Type.Boolean()),
    background: Type.Optional(Type.Boolean({ description: 'Started in the background.' })),
  },
  { $id: 'TerminalIntent', description: 'A command, where it ran, its output, exit code and duration.' },
)

export const DiffFileSchema = Type.Object(
  {
    path: Type.String({ description: 'Path of the file (the new path for renames).' }),
    oldPath: Type.Optional(Type.String({ description: 'Old path, for renames and copies.' })),
    patch: Type.Optional(
      Type.String({ description: 'A unified diff of this file (hunks, optionally git headers).' }),
    ),
    oldText: Type.Optional(
      Type.Union([Type.String(), Type.Null()], { description: 'The whole old text; null for a new file.' }),
    ),
    newText: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: 'The whole new text; null for a deleted file.',
      }),
    ),
    status: Type.Optional(
      Type.Union([
        Type.Literal('added'),
        Type.Literal('deleted'),
        Type.Literal('modified'),
        Type.Literal('renamed'),
        Type.Literal('copied'),
        Type.Literal('binary'),
      ]),
    ),
    language: Type.Optional(Type.String({ description: 'Language for highlighting; else from the path.' })),
  },
  { description: 'One file: either `patch`, or `oldText`/`newText`.' },
)

export const DiffIntentSchema = Type.Object(
  {
    card: Type.Literal('diff'),
    ...common,
    files: Type.Array(DiffFileSchema),
  },
  { $id: 'DiffIntent', description: 'Changes to one or more files.' },
)

export const ReadIntentSchema = Type.Object(
  {
    card: Type.Literal('read'),
    ...common,
    path: Type.String(),
    content: Type.String({ description: 'The text read, without line-number prefixes.' }),
    startLine: Type.Optional(
      Type.Integer({ minimum: 1, description: '1-based number of the first line shown.' }),
    ),
    totalLines: Type.Optional(NonNegInt('Lines in the whole file.')),
    language: Type.Optional(Type.String({ description: 'Language for highlighting; else from the path.' })),
  },
  { $id: 'ReadIntent', description: 'A file, or a range of it, as the agent read it.' },
)

export const SearchMatchSchema = Type.Object(
  {
    path: Type.String(),
    line: Type.Optional(Type.Integer({ minimum: 1 })),
    text: Type.Optional(
      Type.String({
        description:
          'The line (content mode). Colour codes a terminal tool wrote into it (SGR, erase-in-line: `rg --color=always`) are not shown, and `ranges` move with them; any other control character shows as a marker.',
      }),
    ),
    ranges: Type.Optional(
      Type.Array(Type.Tuple([Type.Number(), Type.Number()]), {
        description:
          'Matched [start, end) ranges in UTF-16 code units of `text`; clamped when out of bounds.',
      }),
    ),
    context: Type.Optional(Type.Boolean({ description: 'A context line around a match, not a match.' })),
    count: Type.Optional(NonNegInt('Matches in this file (count mode).')),
  },
  { description: 'A matched line, a context line, a file (files mode) or a per-file count (count mode).' },
)

export const SearchIntentSchema = Type.Object(
  {
    card: Type.Literal('search'),
    ...common,
    query: Type.String({ description: 'The pattern or glob.' }),
    mode: Type.Union([Type.Literal('content'), Type.Literal('files'), Type.Literal('count')]),
    path: Type.Optional(Type.String({ description: 'Where it searched.' })),
    glob: Type.Optional(Type.String({ description: 'File filter.' })),
    regex: Type.Optional(Type.Boolean({ description: 'The query is a regular expression.' })),
    caseSensitive: Type.Optional(Type.Boolean()),
    matches: Type.Array(SearchMatchSchema),
    totalMatches: Type.Optional(NonNegInt('All matches, when more exist than `matches` holds.')),
    totalFiles: Type.Optional(NonNegInt('All files with a match.')),
  },
  { $id: 'SearchIntent', description: 'Matches grouped by file, or a list of files, or counts.' },
)

export const WebResultSchema = Type.Object({
  url: Type.String(),
  title: Type.String(),
  snippet: Type.Optional(Type.String()),
})

export const WebIntentSchema = Type.Object(
  {
    card: Type.Literal('web'),
    ...common,
    url: Type.String({ description: 'The URL fetched, or a search URL.' }),
    query: Type.Optional(Type.String({ description: 'The search query, for a web search.' })),
    status: Type.Optional(Type.Integer({ description: 'HTTP status.' })),
    statusText: Type.Optional(Type.String()),
    finalUrl: Type.Optional(Type.String({ description: 'Where redirects ended.' })),
    contentType: Type.Optional(Type.String()),
    bytes: Type.Optional(NonNegInt('Size of the body.')),
    pageTitle: Type.Optional(Type.String()),
    excerpt: Type.Optional(Type.String()),
    excerptFormat: Type.Optional(Type.Union([Type.Literal('text'), Type.Literal('markdown')])),
    results: Type.Optional(Type.Array(WebResultSchema)),
    error: Type.Optional(Type.String({ description: 'DNS failure, timeout and the like.' })),
    durationMs: Type.Optional(
      Type.Number({
        description:
          'Milliseconds the command or fetch took; a negative value (a clock set back) is not shown.',
      }),
    ),
  },
  { $id: 'WebIntent', description: 'A fetched page, or a web search and its results.' },
)

/** Schemas by card tag. The keys are the card vocabulary. */
export const INTENT_SCHEMAS = {
  generic: GenericIntentSchema,
  terminal: TerminalIntentSchema,
  diff: DiffIntentSchema,
  read: ReadIntentSchema,
  search: SearchIntentSchema,
  web: WebIntentSchema,
} as const satisfies Record<string, TSchema>

export const RenderIntentSchema = Type.Union(Object.values(INTENT_SCHEMAS), {
  $id: 'RenderIntent',
  title: 'Render intent',
  description: 'What a tool call shows: a union tagged by `card`. Clients switch on `card` alone.',
})

export type Truncation = Static<typeof TruncationSchema>
export type Spill = Static<typeof SpillSchema>
export type GenericIntent = Static<typeof GenericIntentSchema>
export type Checklist = Static<typeof ChecklistSchema>
export type ChecklistItem = Static<typeof ChecklistItemSchema>
export type TerminalIntent = Static<typeof TerminalIntentSchema>
export type DiffFile = Static<typeof DiffFileSchema>
export type DiffIntent = Static<typeof DiffIntentSchema>
export type ReadIntent = Static<typeof ReadIntentSchema>
export type SearchMatch = Static<typeof SearchMatchSchema>
export type SearchIntent = Static<typeof SearchIntentSchema>
export type WebResult = Static<typeof WebResultSchema>
export type WebIntent = Static<typeof WebIntentSchema>
export type RenderIntent = GenericIntent | TerminalIntent | DiffIntent | ReadIntent | SearchIntent | WebIntent
export type CardKind = RenderIntent['card']

export const CARD_KINDS = Object.keys(INTENT_SCHEMAS) as CardKind[]
