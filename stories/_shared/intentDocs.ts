import { expectedText, type SchemaLike } from '../../src/protocol/expected'
import { type CardKind, INTENT_SCHEMAS } from '../../src/protocol/schema'
import { showcaseModels } from '../fixtures/showcase'

type Node = SchemaLike & {
  description?: string
  properties?: Record<string, Node>
  required?: string[]
  items?: Node | Node[]
}

/** A schema node's type in words: `string`, `integer >= 0`, `array of object`, `"content" or "files"`. */
function typeOf(node: Node): string {
  if (node.type === 'array' && node.items && !Array.isArray(node.items)) {
    const limits = expectedText({ ...node, type: 'x' }, true)?.replace(/^x ?/, '')
    return `array of ${typeOf(node.items)}${limits ? ` (${limits})` : ''}`
  }
  if (node.type === 'array' && Array.isArray(node.items)) return `[${node.items.map(typeOf).join(', ')}]`
  return expectedText(node, true) ?? 'any JSON value'
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** One row per field, nested objects and arrays of objects as `parent.child` / `parent[].child`. */
function rows(node: Node, prefix: string, depth: number, out: string[]): void {
  const required = new Set(node.required ?? [])
  for (const [name, sub] of Object.entries(node.properties ?? {})) {
    const path = `${prefix}${name}`
    out.push(
      `| \`${path}\` | ${cell(typeOf(sub))} | ${required.has(name) ? 'yes' : ''} | ${cell(sub.description ?? '')} |`,
    )
    if (depth >= 2) continue
    if (sub.properties) rows(sub, `${path}.`, depth + 1, out)
    const items = sub.items
    if (items && !Array.isArray(items) && items.properties) rows(items, `${path}[].`, depth + 1, out)
  }
}

/**
 * The docs page text of a card: what it is for, its intent's fields (read from the schema the kit checks
 * intents against, so the table cannot drift from the code) and an example intent.
 */
export function intentDocs(card: CardKind, lead: string, example: unknown): string {
  const schema = JSON.parse(JSON.stringify(INTENT_SCHEMAS[card])) as Node
  const out: string[] = [
    lead,
    '',
    `**Its intent** (\`card: "${card}"\`; \`parseIntent\` checks every field; see docs/protocol.md):`,
    '',
    '| field | type | required | meaning |',
    '|---|---|---|---|',
  ]
  rows(schema, '', 0, out)
  out.push(
    '',
    'An example, as a host sends it (the stories below render intents like it):',
    '',
    '```json',
    JSON.stringify(example, null, 2),
    '```',
    '',
    "The card is rendered by `CardRenderer` from a `CardModel` whose `intent` is this object; the props below are the card component's own.",
  )
  return out.join('\n')
}

/** The overview's intent of a card kind (stories/fixtures/showcase.ts): the example a docs page shows. */
export function exampleIntent(card: CardKind): unknown {
  const model = showcaseModels.find((m) => (m.intent as { card?: string } | undefined)?.card === card)
  if (!model) throw new Error(`the showcase has no ${card} card`)
  return model.intent
}
