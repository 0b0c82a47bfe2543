// Generates docs/protocol.md from the TypeBox schema (the source of truth) and the examples below.
// `npx tsx scripts/protocol-doc.ts` writes it; test/docs.test.ts fails when the file is stale.
import { writeFileSync } from 'node:fs'
import type { TSchema } from '@sinclair/typebox'
import { ENVELOPE_FIELDS } from '../src/protocol/envelope'
import { envelopeDocs } from '../src/protocol/envelope-docs'
import { EVENT_SCHEMAS } from '../src/protocol/events-schema'
import { LIMITS } from '../src/protocol/limits'
import { APPROVAL_OPTION_KINDS } from '../src/protocol/model'
import { INTENT_SCHEMAS, SpillSchema, TruncationSchema } from '../src/protocol/schema'

export const EXAMPLES: Record<keyof typeof INTENT_SCHEMAS, unknown> = {
  generic: { card: 'generic', input: { city: 'Lisbon' }, output: { high: 21, low: 14 } },
  terminal: {
    card: 'terminal',
    command: 'npm test',
    cwd: '/home/dev/app',
    output: '\u001b[32m✓\u001b[39m 41 passed\n\u001b[31m✗\u001b[39m 1 failed\n',
    exitCode: 1,
    durationMs: 5230,
  },
  diff: {
    card: 'diff',
    files: [
      {
        path: 'src/sum.ts',
        patch: '@@ -1,3 +1,3 @@\n export function sum(a, b) {\n-  return a - b\n+  return a + b\n }\n',
      },
      { path: 'src/new.ts', oldText: null, newText: 'export const x = 1\n' },
    ],
  },
  read: {
    card: 'read',
    path: 'src/server.ts',
    content: 'import http from "node:http"\n',
    startLine: 120,
    totalLines: 2400,
  },
  search: {
    card: 'search',
    query: 'TODO',
    mode: 'content',
    path: 'src',
    matches: [{ path: 'src/app.ts', line: 12, text: '  // TODO: retry', ranges: [[5, 9]] }],
    totalMatches: 37,
  },
  web: {
    card: 'web',
    url: 'https://example.com/docs',
    status: 200,
    contentType: 'text/html',
    bytes: 18234,
    pageTitle: 'Example Docs',
    excerpt: '# Getting started\n\nInstall with `npm i example`.',
    excerptFormat: 'markdown',
  },
}

function typeOf(s: TSchema): string {
  const x = s as {
    type?: string
    const?: unknown
    anyOf?: TSchema[]
    items?: TSchema | TSchema[]
    $id?: string
    minimum?: number
  }
  if (x.const !== undefined) return `\`${JSON.stringify(x.const)}\``
  if (x.anyOf) return x.anyOf.map(typeOf).join(' \\| ')
  if (x.type === 'array') {
    if (Array.isArray(x.items)) return `[${x.items.map(typeOf).join(', ')}]`
    return `${typeOf(x.items as TSchema)}[]`
  }
  if (x.type === 'object') return 'object'
  if ((x.type === 'integer' || x.type === 'number') && x.minimum !== undefined)
    return `${x.type} ≥ ${x.minimum}`
  return x.type ?? 'any JSON'
}

function table(schema: TSchema, prefix = ''): string[] {
  const s = schema as unknown as { properties: Record<string, TSchema>; required?: string[] }
  const rows: string[] = []
  for (const [name, prop] of Object.entries(s.properties)) {
    const p = prop as TSchema & { description?: string; type?: string; items?: TSchema }
    const req = s.required?.includes(name) ? 'yes' : ''
    rows.push(
      `| \`${prefix}${name}\` | ${typeOf(p)} | ${req} | ${(p.description ?? '').replace(/\|/g, '\\|')} |`,
    )
    if (name === 'truncated' || name === 'spill') continue
    if (p.type === 'object' && (p as { properties?: unknown }).properties)
      rows.push(...table(p, `${prefix}${name}.`))
    if (p.type === 'array' && (p.items as { type?: string })?.type === 'object')
      rows.push(...table(p.items as TSchema, `${prefix}${name}[].`))
  }
  return rows
}

/** An approval, from the request to the decision, as a host sends it (live) or a log holds it. */
export const APPROVAL_EXAMPLE = [
  {
    type: 'call',
    id: 'call_7',
    toolName: 'edit_file',
    args: { path: 'src/sum.ts' },
    intent: { card: 'diff', files: [{ path: 'src/sum.ts', oldText: 'a - b\n', newText: 'a + b\n' }] },
  },
  {
    type: 'approval',
    id: 'call_7',
    reason: 'Edits a file in the workspace',
    options: [
      { optionId: 'allow', kind: 'allow_once', label: 'Allow once' },
      { optionId: 'allow-edits', kind: 'allow_always', label: 'Always allow edits' },
      { optionId: 'reject', kind: 'reject_once', label: 'Reject' },
    ],
  },
  { type: 'decision', id: 'call_7', optionId: 'reject', by: 'user' },
]

function sessionEventsDoc(): string {
  const out: string[] = [
    `## Session events

A host sends (live) or a log holds (replay) one JSON object per event, tagged by \`type\`. \`foldSession\`
(\`toolcards/session\`) turns them into \`CardModel\`s; live and replay run the same fold, so they give the
same cards. Events are untrusted: each is checked by \`parseSessionEvent\` (size, depth, then the schema of
its \`type\`); an event that fails, or that does not fit the call's state (an update for an unknown id, a
second result, a decision nobody awaits), is ignored and reported in \`state.problems\` with its kind. Unknown
extra fields are allowed.
`,
  ]
  for (const [type, schema] of Object.entries(EVENT_SCHEMAS)) {
    const desc = (schema as { description?: string }).description ?? ''
    out.push(`### \`${type}\`

${desc}

| field | type | required | meaning |
|---|---|---|---|
${table(schema).join('\n')}
`)
  }
  out.push(`### Approvals

A host that asks the user before a call runs sends \`approval\` after the call's \`call\` event: the card
keeps showing its own intent as the preview of what would run (the command, the diff, the URL, or the
arguments on the generic card), its status becomes \`awaiting-approval\`, and the options become buttons
when the host gave \`ToolcardsProvider\` an \`onDecision(callId, optionId)\` callback (without one, as in
a replay, they are listed, not offered). Option kinds: ${APPROVAL_OPTION_KINDS.map((k) => `\`${k}\``).join(', ')} (the
Agent Client Protocol's); the host words the labels. The buttons keep the host's order (Tab reaches them
in it); when they appear and nothing else on the page has focus, focus goes to the first reject option,
never to an allow option; a card sends at most one decision per request.

The host then sends \`decision\` with the chosen \`optionId\`: an allow option makes the call \`running\`;
a reject option ends it as \`rejected\` (not \`failed\`: it never ran). The card keeps \`approval.decision\`
(\`optionId\`, \`by\`, \`reason\`), so a replayed log shows who allowed or rejected what.

Refused, reported, and without effect: a request for an unknown or ended call
(\`unknown-id\`, \`approval-after-result\`), a second request while one is pending (\`duplicate-approval\`),
options missing, empty, more than 16, malformed (\`invalid-event\`) or repeating an \`optionId\`
(\`invalid-approval\`), a decision nobody awaits (\`unexpected-decision\`), a second decision for the same
request (\`duplicate-decision\`), an \`optionId\` that was not offered (\`unknown-option\`), an \`update\`
that would change the status of a call awaiting a decision (\`status-while-awaiting\`).

\`\`\`json
${APPROVAL_EXAMPLE.map((e) => JSON.stringify(e)).join('\n')}
\`\`\`
`)
  return out.join('\n')
}

export function protocolDoc(): string {
  const out: string[] = []
  out.push(`# The render-intent protocol

A tool result carries a **render intent**: a JSON object tagged by \`card\`. The client switches on \`card\`
alone, never on the tool's name. This page is generated from the schema in \`src/protocol/schema.ts\` by
\`scripts/protocol-doc.ts\`; the same schema is published as \`toolcards/render-intent.schema.json\`
(JSON Schema 2020-12) so hosts in any language can validate what they send.

## Validation: \`parseIntent(input)\`

\`parseIntent\` takes anything (an object, or JSON text) and returns \`{ ok: true, intent, notices }\` or
\`{ ok: false, problems, notices }\`; it never throws. Problems carry JSON paths:
\`{ path: '$.files[2].path', message: 'expected string, got number' }\`. The checks run in this order:

1. **Size**: JSON text longer than ${LIMITS.maxIntentSize.toLocaleString('en-US')} characters (64 MB), or an object whose strings and keys add up to more, is refused before it is parsed.
2. **Depth**: nesting deeper than ${LIMITS.maxDepth} levels is refused, found by a bracket scan (text) or an explicit stack (objects): no recursion, so 100,000 levels cost a scan, not a stack overflow. More than ${LIMITS.maxNodes.toLocaleString('en-US')} values is refused too.
3. **JSON-ness**: the value is copied into plain JSON. Functions, symbols, bigints, class instances, cycles and non-finite numbers are problems. \`__proto__\` and \`constructor\` keys are kept as plain data (no prototype is touched). A string longer than ${LIMITS.maxStringSize.toLocaleString('en-US')} characters (16 MB) is cut to that size and reported as a *notice*; the rest still renders.
4. **Schema**: \`card\` must be one of the six; then the card's own schema (TypeBox, checked by interpretation: no \`eval\`, no \`new Function\`, so it runs under a strict CSP). Unknown extra fields are allowed (forward compatibility).
5. **Rules a schema cannot say simply**: a diff file needs \`patch\`, or \`oldText\`/\`newText\` (or \`status: "binary"\`).

Sizes count UTF-16 code units (JavaScript string length): bytes for ASCII text, within 2x otherwise.
The limits are \`LIMITS\` in \`toolcards/protocol\`; \`parseIntent(x, { limits })\` overrides them.

An intent that fails validation renders as the generic card with the tool name, the raw arguments and
the problems; it never takes other cards down.

## The envelope: \`CardModel\`

\`CardRenderer\` checks the envelope as it checks the intent, with \`checkCardModel(value)\` (exported from
\`toolcards/protocol\` for any other receiver, such as a webview bridge). It never throws: a field of the
wrong type is replaced by a safe value and shown on the card as a problem with its path
(\`$.durationMs: expected a number >= 0, got NaN\`); a value that is not an object gives a generic card
saying so. Unknown fields are dropped. The checks, one entry per field (\`ENVELOPE_FIELDS\`, in the
order they are read and their problems listed). \`checkCardModelInSlices(value)\` gives the same result
without a long task: \`CardRenderer\` uses it, and a model whose \`args\` are big (an object of 200,000
keys) is copied in slices while the card shows its frame ("Checking the call…"); \`args\` come after the
fields the frame shows, and are \`null\` in its \`partial\` model until then.

| field | type | required | meaning |
|---|---|---|---|
${envelopeTable().join('\n')}

${sessionEventsDoc()}
## Shared fields (every card)

| field | type | required | meaning |
|---|---|---|---|
| \`title\` | string | | Overrides the card title. |
| \`truncated\` | object | | ${(TruncationSchema as { description?: string }).description} |
| \`spill\` | object | | ${(SpillSchema as { description?: string }).description} |

\`truncated\`:

| field | type | required | meaning |
|---|---|---|---|
${table(TruncationSchema).join('\n')}

\`spill\`:

| field | type | required | meaning |
|---|---|---|---|
${table(SpillSchema).join('\n')}
`)
  for (const [card, schema] of Object.entries(INTENT_SCHEMAS)) {
    const desc = (schema as { description?: string }).description ?? ''
    const rows = table(schema).filter((r) => !/^\| `(title|truncated|spill)`/.test(r))
    out.push(`## \`${card}\`

${desc}

| field | type | required | meaning |
|---|---|---|---|
${rows.join('\n')}

\`\`\`json
${JSON.stringify(EXAMPLES[card as keyof typeof EXAMPLES], null, 2)}
\`\`\`
`)
  }
  return out.join('\n')
}

if (process.argv[1]?.endsWith('protocol-doc.ts')) {
  writeFileSync('docs/protocol.md', protocolDoc())
  console.log('docs/protocol.md written')
}

/** The envelope table, from the envelope check's own table. */
function envelopeTable(): string[] {
  const docs = envelopeDocs()
  return Object.entries(ENVELOPE_FIELDS).map(([name, f]) => {
    const { type, doc } = docs[name as keyof typeof docs]
    return `| \`${name}\` | ${type} | ${f.required ? 'yes' : ''} | ${doc} |`
  })
}
