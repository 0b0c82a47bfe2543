// @vitest-environment node
/// <reference types="vite/client" />
// Every story that renders a CardModel also renders on the server: renderToString in plain Node (no DOM).
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CardRenderer } from '../src/cards/CardRenderer'
import type { CardModel } from '../src/protocol'

const files = import.meta.glob<Record<string, unknown>>('../stories/**/*.stories.tsx', { eager: true })

function isModel(v: unknown): v is CardModel {
  return (
    v !== null &&
    typeof v === 'object' &&
    typeof (v as CardModel).id === 'string' &&
    typeof (v as CardModel).toolName === 'string' &&
    typeof (v as CardModel).status === 'string'
  )
}

/** The models a story renders: `args.model`, or `args.model` + `args.intent` for a card rendered directly. */
function modelsOf(story: unknown): CardModel[] {
  const args = (story as { args?: Record<string, unknown> })?.args
  if (!args) return []
  const out: CardModel[] = []
  if (isModel(args.model))
    out.push(args.intent !== undefined ? { ...args.model, intent: args.intent } : args.model)
  if (Array.isArray(args.models)) out.push(...args.models.filter(isModel))
  return out
}

const cases: Array<[string, CardModel]> = []
for (const [file, mod] of Object.entries(files)) {
  for (const [name, story] of Object.entries(mod)) {
    if (name === 'default') continue
    for (const model of modelsOf(story)) cases.push([`${file.replace('../stories/', '')} > ${name}`, model])
  }
}

describe('server rendering of every story model in Node', () => {
  it('runs without a DOM and finds story models to render', () => {
    expect(typeof document).toBe('undefined')
    expect(cases.length).toBeGreaterThan(40)
  })

  it.each(cases)('%s', (_name, model) => {
    const html = renderToString(<CardRenderer model={model} />)
    expect(html).toMatch(/data-card="(generic|terminal|diff|read|search|web)"/)
    expect(html).not.toContain('data-crashed')
  })
})
