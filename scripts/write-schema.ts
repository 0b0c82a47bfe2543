// Writes the published JSON Schema of render intents from the TypeBox source of truth.
import { writeFileSync } from 'node:fs'
import { RenderIntentSchema } from '../src/protocol/schema'

const out = process.argv[2] ?? 'render-intent.schema.json'
const schema = {
  ...JSON.parse(JSON.stringify(RenderIntentSchema)),
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://toolcards.dev/render-intent.schema.json',
}
writeFileSync(out, `${JSON.stringify(schema, null, 2)}\n`)
console.log(`schema: ${out}`)
