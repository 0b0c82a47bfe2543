// Generators for the fuzz tests (test/fuzz/*): card models as a host, a log or an attacker might hand them
// over. fast-check generates *recipes*, plain data that fast-check can print, shrink and replay from a
// seed; `buildModel` turns a recipe into the real value, with the things JSON cannot hold (Error objects,
// NaN, cycles, getters and Proxies that throw, bigints, symbols...) made only then.
import fc from 'fast-check'
import {
  CARD_KINDS,
  CARD_STATUSES,
  type CardKind,
  type CardModel,
  ENVELOPE_FIELDS,
  INTENT_SCHEMAS,
} from '../../src/protocol'
import * as diffFixtures from '../../stories/fixtures/diff'
import * as genericFixtures from '../../stories/fixtures/generic'
import * as readFixtures from '../../stories/fixtures/read'
import * as searchFixtures from '../../stories/fixtures/search'
import * as terminalFixtures from '../../stories/fixtures/terminal'
import * as webFixtures from '../../stories/fixtures/web'

/** The key that marks a recipe for a value JSON cannot hold. No intent or fixture uses it. */
const TAG = '~fuzz'

type Special =
  | { [TAG]: 'error'; cls: 'Error' | 'TypeError' | 'RangeError' | 'Custom' | 'NoMessage'; message: unknown }
  | { [TAG]: 'message'; message: unknown }
  | { [TAG]: 'huge'; ch: string; n: number }
  | { [TAG]: 'nan' | 'undefined' | 'bigint' | 'symbol' | 'function' | 'date' | 'map' | 'set' | 'typed' }
  | { [TAG]: 'inf'; negative: boolean }
  | { [TAG]: 'cycle' | 'getter' | 'proxy' | 'revoked' | 'sparse' | 'toString' }
  | { [TAG]: 'deep'; depth: number; array: boolean }
  | { [TAG]: 'frozen'; value: unknown }

const special = (s: Special) => s

// ---------------------------------------------------------------- strings and numbers

/** Pieces that break naive renderers: controls, bidi, invisible, lone surrogates, markup, escapes, links. */
const PIECES = [
  'a',
  'word ',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '\r',
  '\u0000',
  '\u0007',
  '\u0008',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u00a0',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\ud800',
  '\udfff',
  '😀',
  '👩‍👩‍👧',
  '漢字',
  'é',
  'e\u0301',
  '\u0645\u0631\u062d\u0628\u0627',
  '\u001b[31m',
  '\u001b[0m',
  '\u001b[1;4;38;5;208m',
  '\u001b[38;2;1;2;3m',
  '\u001b[2J',
  '\u001b[H',
  '\u001b[999A',
  '\u001b[K',
  '\u001b]0;title\u0007',
  '\u001b]52;c;aGk=\u0007',
  '\u001b]8;;javascript:alert(1)\u0007click\u001b]8;;\u0007',
  '\u001b]8;;https://example.com/"onmouseover=x\u0007x\u001b]8;;\u0007',
  '\u001b]8;;',
  '\u001b[',
  '\u001b[?25l',
  '\u001bP',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  '{{constructor.constructor("x")()}}',
  'javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<b>x</b>',
  'https://example.com/a?b=c#d',
  'http://xn--80ak6aa92e.com/',
  '//evil.example',
  'file:///etc/passwd',
  'src/app.ts',
  '../../etc/passwd',
  '@@ -1,3 +1,4 @@',
  '--- a/x',
  '+++ b/x',
  '+added',
  '-removed',
  'diff --git a/x b/x',
  'Binary files a/x and b/x differ',
  '\\ No newline at end of file',
  '[x](javascript:alert(1))',
  '![i](http://remote.example/i.png)',
  '# heading',
  '```',
  '__proto__',
  'constructor',
  'toString',
  '%s%n%d',
  '\\',
  '"',
  "'",
  '`',
]

const piece = fc.constantFrom(...PIECES)

/** A string made of hostile pieces. */
const piecesString = fc.array(piece, { maxLength: 24 }).map((p) => p.join(''))

/** A huge string, made only when the model is built. */
const hugeString = fc.record({
  [TAG]: fc.constant('huge' as const),
  ch: fc.constantFrom('x', ' ', '\n', '\u202e', '漢', 'ab\n', '\u001b[31mred\n'),
  n: fc.oneof(
    { arbitrary: fc.integer({ min: 5_000, max: 40_000 }), weight: 60 },
    { arbitrary: fc.constant(2_000_000), weight: 1 },
  ),
})

/** Short hostile strings, for the items of long arrays. */
const shortString = fc.oneof(
  { arbitrary: fc.array(piece, { maxLength: 6 }).map((p) => p.join('')), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 12 }), weight: 1 },
)

export const stringArb: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: piecesString, weight: 24 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 10 },
  { arbitrary: fc.constant(''), weight: 5 },
  { arbitrary: hugeString, weight: 1 },
)

/** Numbers JSON holds, at their edges. */
const edgeNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.5,
    -0.5,
    2 ** 31,
    -(2 ** 31),
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

/** Numbers JSON does not hold. */
const badNumber = fc.oneof(
  fc.constant(special({ [TAG]: 'nan' })),
  fc.boolean().map((negative) => special({ [TAG]: 'inf', negative })),
)

// ---------------------------------------------------------------- any value

const specialArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({
    [TAG]: fc.constant('error' as const),
    cls: fc.constantFrom(
      'Error' as const,
      'TypeError' as const,
      'RangeError' as const,
      'Custom' as const,
      'NoMessage' as const,
    ),
    message: fc.oneof({ arbitrary: stringArb, weight: 5 }, { arbitrary: fc.integer(), weight: 1 }),
  }),
  fc.record({ [TAG]: fc.constant('message' as const), message: stringArb }),
  fc.constantFrom<Special>(
    { [TAG]: 'undefined' },
    { [TAG]: 'bigint' },
    { [TAG]: 'symbol' },
    { [TAG]: 'function' },
    { [TAG]: 'date' },
    { [TAG]: 'map' },
    { [TAG]: 'set' },
    { [TAG]: 'typed' },
    { [TAG]: 'cycle' },
    { [TAG]: 'getter' },
    { [TAG]: 'proxy' },
    { [TAG]: 'revoked' },
    { [TAG]: 'sparse' },
    { [TAG]: 'toString' },
  ),
  fc.record({
    [TAG]: fc.constant('deep' as const),
    depth: fc.constantFrom(63, 65, 1000, 100_000),
    array: fc.boolean(),
  }),
  badNumber,
)

/** Any value a host might put anywhere: JSON at its edges, and what JSON cannot hold. */
export const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: stringArb, weight: 4 },
    { arbitrary: edgeNumber, weight: 2 },
    { arbitrary: fc.boolean(), weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
    { arbitrary: specialArb, weight: 3 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(piecesString, tie('value'), { maxKeys: 4 }), weight: 1 },
    {
      arbitrary: tie('value').map((value) => special({ [TAG]: 'frozen', value })),
      weight: 1,
    },
  ),
})).value

// ---------------------------------------------------------------- intents

/** Multi-line text: code-like, log-like, with escapes; sometimes long enough for the virtual lists (> 200 rows). */
const linesArb = (maxLines: number) =>
  fc
    .tuple(
      fc.array(fc.oneof({ arbitrary: piecesString, weight: 3 }, { arbitrary: codeLine, weight: 4 }), {
        maxLength: 40,
      }),
      fc.oneof(
        { arbitrary: fc.constant(1), weight: 12 },
        { arbitrary: fc.integer({ min: 2, max: maxLines }), weight: 1 },
      ),
    )
    .map(([lines, repeat]) => {
      // `repeat` rounds of the lines, numbered, up to `maxLines` lines in all.
      const out: string[] = []
      for (let r = 0; r < repeat && out.length < maxLines; r++)
        for (const l of lines) if (out.length < maxLines) out.push(r ? `${r} ${l}` : l)
      return out.join('\n')
    })

const codeLine = fc.constantFrom(
  'export function sum(a: number, b: number): number {',
  '  return a + b',
  '}',
  "const s = 'text' + `tpl` // comment",
  'def main():\n    print("hi")',
  '{"key": [1, 2, {"deep": null}]}',
  'SELECT * FROM users WHERE id = 1;',
  '#!/usr/bin/env bash',
  '<div class="x">text</div>',
  '    at Object.<anonymous> (/app/src/index.ts:10:5)',
  '\u001b[32m✓\u001b[39m test passes \u001b[2m(3 ms)\u001b[22m',
  '\u001b[31m✗\u001b[39m test fails',
  'downloading [=====>      ] 45%\r',
  '',
)

const patchArb = fc
  .array(
    fc.tuple(
      fc.tuple(
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 30 }),
      ),
      fc.array(fc.tuple(fc.constantFrom(' ', '+', '-', '\\', '', '@'), fc.oneof(codeLine, piecesString)), {
        maxLength: 30,
      }),
    ),
    { maxLength: 4 },
  )
  .chain((hunks) =>
    fc.boolean().map((gitHeaders) => {
      const head = gitHeaders
        ? 'diff --git a/src/x.ts b/src/x.ts\nindex 1234567..89abcde 100644\n--- a/src/x.ts\n+++ b/src/x.ts\n'
        : ''
      return (
        head +
        hunks
          .map(([[a, b, c, d], lines]) =>
            [`@@ -${a},${b} +${c},${d} @@`, ...lines.map(([p, t]) => p + t)].join('\n'),
          )
          .join('\n')
      )
    }),
  )

const languageArb = fc.constantFrom(
  'typescript',
  'tsx',
  'javascript',
  'python',
  'json',
  'bash',
  'rust',
  'go',
  'markdown',
  'css',
  'html',
  'constructor',
  '__proto__',
  '../x',
  'no-such-language',
  '',
)

const pathArb = fc.oneof(
  fc.constantFrom(
    'src/app.ts',
    'src/main.py',
    'README.md',
    'Dockerfile',
    'package.json',
    'a/b/c/d/e/f/g.rs',
    '.bashrc',
    'x',
    '',
  ),
  piecesString,
  fc.tuple(piecesString, fc.constantFrom('.ts', '.py', '.json', '.md', '.sh', '')).map(([a, b]) => a + b),
)

const urlArb = fc.oneof(
  fc.constantFrom(
    'https://example.com/docs?q=1#top',
    'http://localhost:8080/',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/x',
    'https://аррӏе.com/',
    'https://xn--80ak6aa92e.com/',
    'mailto:someone@example.com',
    'vscode://file/etc/passwd',
    'file:///etc/passwd',
    'https://user:pass@example.com/',
    `https://example.com/${'a'.repeat(3000)}`,
    '',
  ),
  piecesString,
)

type JsonSchema = {
  type?: string
  const?: unknown
  anyOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema | JsonSchema[]
  prefixItems?: JsonSchema[]
  minimum?: number
}

/**
 * Values of one schema node: right types, hostile content; field names pick realistic content. `small`:
 * inside a long array (200 to 400 items), whose items keep to short strings so that one intent stays
 * within a few hundred kilobytes.
 */
function fromSchema(schema: JsonSchema, name = '', small = false): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => fromSchema(s, name, small)))
  switch (schema.type) {
    case 'object': {
      const props = schema.properties ?? {}
      const shape: Record<string, fc.Arbitrary<unknown>> = {}
      for (const [key, sub] of Object.entries(props)) shape[key] = fromSchema(sub, key, small)
      return fc.record(shape, { requiredKeys: schema.required ?? [] })
    }
    case 'array': {
      if (Array.isArray(schema.items)) return fc.tuple(...schema.items.map((s) => fromSchema(s, '', small)))
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((s) => fromSchema(s, '', small)))
      const items = (schema.items as JsonSchema | undefined) ?? {}
      if (small) return fc.array(fromSchema(items, name, true), { maxLength: 3 })
      return fc.oneof(
        { arbitrary: fc.array(fromSchema(items, name), { maxLength: 6 }), weight: 40 },
        { arbitrary: fc.array(fromSchema(items, name, true), { minLength: 200, maxLength: 400 }), weight: 1 },
      )
    }
    case 'string':
      return small ? shortString : stringFor(name)
    case 'integer': {
      const min = schema.minimum
      return min === undefined
        ? fc.oneof(
            fc.integer(),
            fc.constantFrom(-1, 0, 2 ** 31, -(2 ** 31), Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
          )
        : fc.oneof(fc.integer({ min }), fc.constantFrom(min, min + 1, Number.MAX_SAFE_INTEGER, 2 ** 40))
    }
    case 'number':
      return schema.minimum === undefined
        ? fc.oneof(edgeNumber)
        : fc.oneof(
            fc.double({ min: schema.minimum, noNaN: true, noDefaultInfinity: true }),
            fc.constantFrom(schema.minimum, 1e15),
          )
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    default:
      // Unknown (generic input/output): JSON, content blocks, text.
      if (small) return fc.jsonValue({ maxDepth: 1 })
      return fc.oneof(
        fc.jsonValue({ maxDepth: 4 }),
        contentBlocks,
        linesArb(1500),
        fc.array(fc.integer(), { minLength: 150, maxLength: 2000 }),
      )
  }
}

const contentBlocks = fc.array(
  fc.oneof(
    fc.record({ type: fc.constant('text'), text: fc.oneof(stringArb, linesArb(300)) }),
    fc.record({
      type: fc.constant('image'),
      data: fc.constantFrom('iVBORw0KGgo=', 'not base64 !!', ''),
      mimeType: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', ''),
    }),
    fc.record({ type: fc.constant('resource_link'), uri: urlArb, name: stringArb }),
    fc.record({
      type: fc.constant('resource'),
      resource: fc.record({
        uri: urlArb,
        text: stringArb,
        mimeType: fc.constantFrom('text/plain', 'application/json'),
      }),
    }),
    fc.record({ type: fc.constantFrom('audio', 'video', 'hologram'), data: stringArb }),
  ),
  { maxLength: 5 },
)

function stringFor(name: string): fc.Arbitrary<unknown> {
  switch (name) {
    case 'output':
    case 'stderr':
    case 'content':
    case 'oldText':
    case 'newText':
    case 'excerpt':
    case 'text':
      return fc.oneof({ arbitrary: linesArb(1500), weight: 4 }, { arbitrary: stringArb, weight: 2 })
    case 'patch':
      return fc.oneof({ arbitrary: patchArb, weight: 4 }, { arbitrary: stringArb, weight: 1 })
    case 'language':
      return languageArb
    case 'path':
    case 'oldPath':
    case 'cwd':
      return pathArb
    case 'url':
    case 'finalUrl':
      return urlArb
    default:
      return stringArb
  }
}

/** Intents of each kind generated from the card's own schema: every field, right types, hostile content. */
const schemaIntent = (kind: CardKind) => fromSchema(INTENT_SCHEMAS[kind] as unknown as JsonSchema)

// Valid intents from the story fixtures, found by shape so that renamed exports still count.
const FIXTURE_MODULES = [
  terminalFixtures,
  diffFixtures,
  readFixtures,
  searchFixtures,
  webFixtures,
  genericFixtures,
]

function harvest(): Array<{ kind: CardKind; intent: Record<string, unknown> }> {
  const out: Array<{ kind: CardKind; intent: Record<string, unknown> }> = []
  const take = (v: unknown, depth: number): void => {
    if (v === null || typeof v !== 'object' || depth > 2) return
    if (Array.isArray(v)) {
      for (const x of v.slice(0, 20)) take(x, depth + 1)
      return
    }
    const o = v as Record<string, unknown>
    if (typeof o.card === 'string' && (CARD_KINDS as string[]).includes(o.card)) {
      // Big fixtures (10,000-line diffs, 1,000 files) cost seconds per copy: the generated intents cover size.
      if (JSON.stringify(o).length < 200_000) out.push({ kind: o.card as CardKind, intent: o })
      return
    }
    take(o.intent, depth + 1)
    take(o.model, depth + 1)
  }
  for (const mod of FIXTURE_MODULES) for (const v of Object.values(mod)) take(v, 0)
  return out
}

export const FIXTURES = harvest()

export interface Mutation {
  pick: number
  op: 'set' | 'delete' | 'wrap' | 'unwrap' | 'grow'
  value: unknown
}

/** Where to change a fixture: the `pick`-th node of a walk over it, and how. */
export const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  pick: fc.nat(),
  op: fc.constantFrom(
    'set' as const,
    'set' as const,
    'set' as const,
    'delete' as const,
    'wrap' as const,
    'unwrap' as const,
    'grow' as const,
  ),
  value: anyValue,
})

type IntentRecipe =
  | { from: 'absent' }
  | { from: 'fixture'; index: number; mutations: Mutation[] }
  | { from: 'schema'; kind: CardKind; intent: unknown }
  | { from: 'any'; value: unknown }
  | { from: 'text'; kind: CardKind; intent: unknown; cut: number }

export const intentArb: fc.Arbitrary<IntentRecipe> = fc.oneof(
  { arbitrary: fc.constant({ from: 'absent' as const }), weight: 1 },
  {
    arbitrary: fc.record({
      from: fc.constant('fixture' as const),
      index: fc.nat({ max: FIXTURES.length - 1 }),
      mutations: fc.array(mutationArb, { maxLength: 3 }),
    }),
    weight: 6,
  },
  {
    arbitrary: fc
      .constantFrom(...CARD_KINDS)
      .chain((kind) => schemaIntent(kind).map((intent) => ({ from: 'schema' as const, kind, intent }))),
    weight: 6,
  },
  { arbitrary: anyValue.map((value) => ({ from: 'any' as const, value })), weight: 1 },
  {
    // JSON text, sometimes cut short.
    arbitrary: fc
      .constantFrom(...CARD_KINDS)
      .chain((kind) =>
        fc
          .tuple(schemaIntent(kind), fc.nat())
          .map(([intent, cut]) => ({ from: 'text' as const, kind, intent, cut })),
      ),
    weight: 1,
  },
)

// ---------------------------------------------------------------- envelopes

const VALID: Record<string, fc.Arbitrary<unknown>> = {
  id: fc.string({ minLength: 1, maxLength: 12 }),
  toolName: fc.constantFrom(
    'shell',
    'read_file',
    'apply_patch',
    'grep',
    'web_fetch',
    'mcp__github__create_issue',
    'Task',
  ),
  args: fc.jsonValue({ maxDepth: 3 }),
  status: fc.constantFrom(...CARD_STATUSES),
  error: fc.oneof(fc.string(), linesArb(50)),
  durationMs: fc.oneof(fc.nat(), fc.double({ min: 0, max: 1e12, noNaN: true })),
  sidechain: fc.string({ maxLength: 12 }),
  approval: fc
    .uniqueArray(
      fc.record({
        optionId: fc.string({ minLength: 1, maxLength: 8 }),
        kind: fc.constantFrom('allow_once', 'allow_always', 'reject_once', 'reject_always'),
        label: fc
          .oneof(piecesString, fc.constantFrom('Allow once', 'Reject'))
          .filter((l) => l.length > 0 && l.length <= 200),
      }),
      { minLength: 1, maxLength: 4, selector: (o) => o.optionId },
    )
    .chain((options) =>
      fc.record(
        {
          options: fc.constant(options),
          reason: fc.string({ maxLength: 30 }),
          decision: fc.record(
            {
              optionId: fc.constantFrom(...options.map((o) => o.optionId)),
              by: fc.constantFrom('user', 'policy'),
            },
            { requiredKeys: ['optionId'] },
          ),
        },
        { requiredKeys: ['options'] },
      ),
    ),
}

/** Wrong values that each field is most likely to get from a real host, besides `anyValue`. */
const LIKELY: Record<string, fc.Arbitrary<unknown>> = {
  id: fc.oneof(fc.integer(), fc.constantFrom('', null)),
  toolName: fc.constantFrom('', '   ', null, 42),
  args: fc.oneof(
    fc.constant(special({ [TAG]: 'cycle' })),
    fc.constant(special({ [TAG]: 'getter' })),
    fc.constant('{"a":1}'),
  ),
  status: fc.constantFrom(
    'done',
    'success',
    'error',
    'COMPLETED',
    'in_progress',
    'awaiting-approval',
    'rejected',
    '',
    0,
    true,
    null,
  ),
  error: fc.oneof(
    fc.record({
      [TAG]: fc.constant('error' as const),
      cls: fc.constantFrom('Error' as const, 'TypeError' as const, 'Custom' as const, 'NoMessage' as const),
      message: stringArb,
    }),
    fc.constantFrom(true, 404, null, ['a', 'b']),
  ),
  durationMs: fc.oneof(badNumber, fc.constantFrom(-1, -0.5, '1500', null)),
  sidechain: fc.constantFrom(true, 1, null),
  approval: fc.constantFrom<unknown>(
    { options: [] },
    {
      options: [
        { optionId: 'a', kind: 'allow_once', label: 'A' },
        { optionId: 'a', kind: 'reject_once', label: 'B' },
      ],
    },
    { options: [{ optionId: 'a', kind: 'allow_forever', label: 'A' }] },
    { options: [{ optionId: 'a', kind: 'allow_once', label: 'A' }], decision: { optionId: 'b' } },
    { options: { a: 1 } },
    'allow',
    [{ optionId: 'a', kind: 'allow_once', label: 'A' }],
  ),
}

export const ENVELOPE_FIELD_NAMES = Object.keys(ENVELOPE_FIELDS)

type FieldRecipe = { mode: 'valid' | 'absent' | 'bad'; value?: unknown }

const fieldArb = (name: string): fc.Arbitrary<FieldRecipe> =>
  fc.oneof(
    { arbitrary: (VALID[name] ?? anyValue).map((value) => ({ mode: 'valid' as const, value })), weight: 7 },
    { arbitrary: fc.constant({ mode: 'absent' as const }), weight: 1 },
    { arbitrary: anyValue.map((value) => ({ mode: 'bad' as const, value })), weight: 2 },
    { arbitrary: (LIKELY[name] ?? anyValue).map((value) => ({ mode: 'bad' as const, value })), weight: 2 },
  )

export interface ModelRecipe {
  fields: Record<string, FieldRecipe>
  intent: IntentRecipe
  /** How the envelope is wrapped: a plain object, or something stranger. */
  shape: 'plain' | 'frozen' | 'class' | 'getter-throws' | 'proxy-throws' | 'array' | 'not-an-object'
  notAnObject?: unknown
  extra: Record<string, unknown>
}

export const modelArb: fc.Arbitrary<ModelRecipe> = fc.record({
  fields: fc.record(
    Object.fromEntries(ENVELOPE_FIELD_NAMES.filter((n) => n !== 'intent').map((n) => [n, fieldArb(n)])),
  ),
  intent: intentArb,
  shape: fc.oneof(
    { arbitrary: fc.constant('plain' as const), weight: 40 },
    {
      arbitrary: fc.constantFrom(
        'frozen' as const,
        'class' as const,
        'getter-throws' as const,
        'proxy-throws' as const,
        'array' as const,
        'not-an-object' as const,
      ),
      weight: 3,
    },
  ),
  notAnObject: anyValue,
  extra: fc.dictionary(fc.constantFrom('approval', 'extra', '__proto__', 'constructor', 'card'), anyValue, {
    maxKeys: 2,
  }),
})

// ---------------------------------------------------------------- building

/** Turns a recipe value into the value it stands for. */
export function build(r: unknown): unknown {
  if (r === null || typeof r !== 'object') return r
  if (Array.isArray(r)) return r.map(build)
  const o = r as Record<string, unknown>
  const tag = o[TAG]
  if (typeof tag !== 'string') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(o))
      Object.defineProperty(out, k, { value: build(v), enumerable: true, writable: true, configurable: true })
    return out
  }
  const s = o as Special
  switch (s[TAG]) {
    case 'error': {
      const message = build(s.message)
      if (s.cls === 'NoMessage') return Object.assign(new Error(), { message: undefined })
      if (s.cls === 'Custom') {
        class ToolFailure extends Error {
          code = 'E_TOOL'
        }
        return new ToolFailure(String(message))
      }
      const E = { Error, TypeError, RangeError }[s.cls]
      const e = new E('')
      e.message = message as string // may be a number: an Error whose message is not a string
      return e
    }
    case 'message':
      return { message: build(s.message), code: 7 }
    case 'huge':
      return s.ch.repeat(Math.ceil(s.n / s.ch.length)).slice(0, s.n)
    case 'nan':
      return Number.NaN
    case 'inf':
      return s.negative ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY
    case 'undefined':
      return undefined
    case 'bigint':
      return 12345678901234567890n
    case 'symbol':
      return Symbol('fuzz')
    case 'function':
      return () => 'fn'
    case 'date':
      return new Date(0)
    case 'map':
      return new Map([['k', 1]])
    case 'set':
      return new Set([1])
    case 'typed':
      return new Uint8Array([1, 2, 3])
    case 'cycle': {
      const c: Record<string, unknown> = { name: 'cycle' }
      c.self = c
      return c
    }
    case 'getter': {
      const g = { ok: 1 }
      Object.defineProperty(g, 'boom', {
        enumerable: true,
        get() {
          throw new Error('getter exploded')
        },
      })
      return g
    }
    case 'proxy':
      return hostileProxy()
    case 'revoked': {
      const { proxy, revoke } = Proxy.revocable({}, {})
      revoke()
      return proxy
    }
    case 'sparse':
      // biome-ignore lint/suspicious/noSparseArray: a sparse array is the point
      return [1, , 3]
    case 'toString':
      return {
        toString() {
          throw new Error('toString exploded')
        },
        valueOf() {
          throw new Error('valueOf exploded')
        },
      }
    case 'deep': {
      let v: unknown = 'bottom'
      for (let i = 0; i < s.depth; i++) v = s.array ? [v] : { d: v }
      return v
    }
    case 'frozen':
      return deepFreeze(build(s.value))
  }
}

function hostileProxy(): object {
  const trap = () => {
    throw new Error('proxy trap')
  }
  return new Proxy(
    {},
    { get: trap, has: trap, ownKeys: trap, getPrototypeOf: trap, getOwnPropertyDescriptor: trap },
  )
}

function deepFreeze<T>(v: T): T {
  try {
    if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
      Object.freeze(v)
      for (const x of Object.values(v)) deepFreeze(x)
    }
  } catch {
    // A Proxy (revoked, or whose traps throw): left as it is.
  }
  return v
}

/** Applies mutations to a copy of a JSON value (a fixture intent, a log line). */
export function mutated(value: unknown, mutations: Mutation[]): unknown {
  let root: unknown = structuredClone(value)
  for (const m of mutations) {
    const slots = slotsOf(root)
    if (slots.length === 0) {
      root = build(m.value)
      continue
    }
    const { parent, key } = slots[m.pick % slots.length]!
    // A frozen part (an earlier mutation may have put one in) stays as it is.
    if (Object.isFrozen(parent)) continue
    try {
      mutate(parent as Record<string | number, unknown>, key, m)
    } catch {
      // A getter or a Proxy in the way: this mutation is skipped.
    }
  }
  return root
}

/** Every place in a value (up to 5,000): its parent and key. Holes of sparse arrays count. */
function slotsOf(root: unknown): Array<{ parent: object; key: string | number }> {
  const slots: Array<{ parent: object; key: string | number }> = []
  const stack: unknown[] = [root]
  while (stack.length > 0 && slots.length < 5000) {
    const v = stack.pop()
    if (v === null || typeof v !== 'object') continue
    try {
      const entries: Array<[string | number, unknown]> = Array.isArray(v)
        ? Array.from({ length: v.length }, (_, i) => [i, v[i]])
        : Object.entries(v)
      for (const [key, child] of entries) {
        slots.push({ parent: v, key })
        stack.push(child)
      }
    } catch {
      // A Proxy or a getter that throws: its inside is not walked.
    }
  }
  return slots
}

function mutate(p: Record<string | number, unknown>, key: string | number, m: Mutation): void {
  const current = p[key]
  switch (m.op) {
    case 'set':
      p[key] = build(m.value)
      return
    case 'delete':
      if (Array.isArray(p)) p.splice(key as number, 1)
      else delete p[key]
      return
    case 'wrap':
      // An array where an object (or a value) belongs.
      p[key] = [current]
      return
    case 'unwrap':
      // An object where an array belongs.
      p[key] = Array.isArray(current) ? { ...current } : { value: current }
      return
    case 'grow':
      p[key] = Array.isArray(current)
        ? Array.from({ length: 300 }, (_, i) => current[i % Math.max(1, current.length)] ?? i)
        : typeof current === 'string'
          ? current.repeat(Math.min(2000, Math.ceil(20_000 / Math.max(1, current.length))))
          : current
      return
  }
}

function buildIntent(r: IntentRecipe): unknown {
  switch (r.from) {
    case 'absent':
      return undefined
    case 'fixture': {
      const fixture = FIXTURES[r.index % FIXTURES.length]!
      return r.mutations.length === 0 ? fixture.intent : mutated(fixture.intent, r.mutations)
    }
    case 'schema':
      return build(r.intent)
    case 'any':
      return build(r.value)
    case 'text': {
      const text = JSON.stringify(build(r.intent)) ?? ''
      return r.cut % 3 === 0 ? text.slice(0, r.cut % Math.max(1, text.length)) : text
    }
  }
}

/** The card kind a recipe's intent is meant to be (before mutation), for coverage figures. */
export function intendedKind(r: ModelRecipe): CardKind | 'none' {
  const i = r.intent
  if (i.from === 'fixture') return FIXTURES[i.index % FIXTURES.length]!.kind
  if (i.from === 'schema' || i.from === 'text') return i.kind
  return 'none'
}

/** Builds the model a recipe describes. */
export function buildModel(r: ModelRecipe): CardModel {
  const fields: Record<string, unknown> = {}
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.mode !== 'absent') fields[name] = build(f.value)
  }
  const intent = buildIntent(r.intent)
  if (intent !== undefined) fields.intent = intent
  for (const [k, v] of Object.entries(r.extra))
    Object.defineProperty(fields, k, {
      value: build(v),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  switch (r.shape) {
    case 'plain':
      return fields as unknown as CardModel
    case 'frozen':
      return deepFreeze(fields) as unknown as CardModel
    case 'class': {
      class Call {
        get id() {
          return fields.id
        }
      }
      const { id: _id, ...rest } = fields
      // Own data properties, as the other shapes have: `Object.assign` sets them, and an extra field
      // named `__proto__` then ran the prototype setter (a revoked proxy as the prototype made every
      // later set throw in this builder, seed 350097798: the kit never saw the model).
      const model = new Call()
      for (const [k, v] of Object.entries(rest))
        Object.defineProperty(model, k, { value: v, enumerable: true, writable: true, configurable: true })
      return model as unknown as CardModel
    }
    case 'getter-throws': {
      const model = { ...fields }
      const victim = ENVELOPE_FIELD_NAMES[Object.keys(fields).length % ENVELOPE_FIELD_NAMES.length]!
      Object.defineProperty(model, victim, {
        enumerable: true,
        get() {
          throw new Error(`${victim} getter exploded`)
        },
      })
      return model as unknown as CardModel
    }
    case 'proxy-throws':
      return new Proxy(fields, {
        get(target, key) {
          if (key === 'status' || key === 'args') throw new Error('proxy get exploded')
          return Reflect.get(target, key)
        },
      }) as unknown as CardModel
    case 'array':
      return [fields] as unknown as CardModel
    case 'not-an-object':
      return build(r.notAnObject) as CardModel
  }
}

/** A fresh seed, or the one given to replay a run (`VITE_TOOLCARDS_FUZZ_SEED`, or `TOOLCARDS_FUZZ_SEED` in Node). */
export function fuzzSeed(env: Record<string, unknown>): { seed: number; replay: boolean } {
  const given = env.VITE_TOOLCARDS_FUZZ_SEED ?? env.TOOLCARDS_FUZZ_SEED
  if (typeof given === 'string' && /^-?\d+$/.test(given.trim()))
    return { seed: Number(given) | 0, replay: true }
  return { seed: (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0, replay: false }
}

/** A short, safe description of a recipe for failure messages. */
export function describeRecipe(r: ModelRecipe): string {
  try {
    const text = JSON.stringify(r, (_k, v) =>
      typeof v === 'string' && v.length > 120 ? `${v.slice(0, 120)}…(${v.length})` : v,
    )
    return text.length > 2000 ? `${text.slice(0, 2000)}…` : text
  } catch {
    return '(recipe could not be written)'
  }
}
