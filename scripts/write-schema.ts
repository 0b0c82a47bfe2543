// Writes the published JSON Schemas from the TypeBox sources of truth: render intents, and (with a second
// path) session events.
import { writeFileSync } from 'node:fs'
import { SessionEventSchema } from '../src/protocol/events-schema'
import { RenderIntentSchema } from '../src/protocol/schema'

export function publishedSchema(schema: object, name: string): object {
  return {
    ...JSON.parse(JSON.stringify(schema)),
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://toolcards.dev/${name}`,
  }
}

if (process.argv[1]?.endsWith('write-schema.ts')) {
  const out = process.argv[2] ?? 'render-intent.schema.json'
  writeFileSync(
    out,
    `${JSON.stringify(publishedSchema(RenderIntentSchema, 'render-intent.schema.json'), null, 2)}\n`,
  )
  console.log(`schema: ${out}`)
  const events = process.argv[3]
  if (events) {
    const schema = publishedSchema(SessionEventSchema, 'session-event.schema.json')
    writeFileSync(events, `${JSON.stringify(schema, null, 2)}\n`)
    console.log(`schema: ${events}`)
  }
}
