// @vitest-environment node
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CardRenderer } from '../src/cards/CardRenderer'
import { createToolRegistry, type RegistryProblem, type ToolRunResult } from '../src/contract'
import type { CardModel } from '../src/protocol'
import { foldSession } from '../src/session'
import {
  buildLineIndex,
  createIndexSearchTool,
  createScanSearchTool,
  demoFiles,
  type SearchArgs,
} from './tools'

/** Runs one search with the given provider and folds its session events into the card model. */
async function searchWith(provider: 'scan' | 'index', args: SearchArgs) {
  const problems: RegistryProblem[] = []
  const tool =
    provider === 'scan' ? createScanSearchTool(demoFiles) : createIndexSearchTool(buildLineIndex(demoFiles))
  const registry = createToolRegistry({
    tools: [tool],
    dev: true,
    logger: { warn: (p) => problems.push(p) },
    now: () => 0,
  })
  const result = await registry.run({ id: 'call-1', name: 'search', args })
  const state = foldSession(result.events)
  expect(state.problems).toEqual([])
  expect(problems).toEqual([])
  return { result, model: state.cards[0]! }
}

/** Normalizes React's `useId` values and nothing else. */
function normalizeIds(html: string): string {
  return html.replace(/_r_[0-9a-z]+_|«r[0-9a-z]+»|:r[0-9a-z]+:/gi, '<id>')
}

function html(model: CardModel): string {
  return renderToString(<CardRenderer model={model} />)
}

const queries: SearchArgs[] = [
  { query: 'greet' },
  { query: 'GREET', caseSensitive: true },
  { query: 'name', path: 'src' },
  { query: 'e', maxResults: 3 },
  { query: 'no such text anywhere' },
]

it('normalizes React ids and nothing else', () => {
  expect(normalizeIds('<h3 id="_R_0_-title" aria-controls="«r1»-body">_r_ x</h3>')).toBe(
    '<h3 id="<id>-title" aria-controls="<id>-body">_r_ x</h3>',
  )
})

describe('swapping search providers changes nothing in the UI', () => {
  it.each(queries)(
    '%o: the values and the model texts differ, the intents and the card HTML do not',
    async (args) => {
      const scan = await searchWith('scan', args)
      const index = await searchWith('index', args)
      // The implementations really differ: different canonical values...
      expect(Object.keys(scan.result.value as object).sort()).toEqual([
        'flags',
        'hits',
        'matchedFiles',
        'matchedLines',
        'pattern',
      ])
      expect(Object.keys(index.result.value as object).sort()).toEqual(['files', 'q', 'total'])
      // ...and different text for the model (unless both found nothing the same way, they never agree).
      expect(contentText(scan.result)).not.toBe(contentText(index.result))
      // The UI contract is the same.
      expect(scan.result.intent).toEqual(index.result.intent)
      expect(scan.model).toEqual(index.model)
      const a = normalizeIds(html(scan.model))
      const b = normalizeIds(html(index.model))
      expect(a).toContain('data-card="search"')
      const first = (scan.result.intent as { matches: Array<{ path: string }> }).matches[0]
      if (first) expect(a).toContain(first.path)
      expect(a).toBe(b)
    },
  )

  it('the intent is a real search result (hand-checked for one query)', async () => {
    const { result } = await searchWith('index', { query: 'greet', path: 'src' })
    expect(result.intent).toEqual({
      card: 'search',
      query: 'greet',
      mode: 'content',
      path: 'src',
      totalFiles: 2,
      matches: [
        {
          path: 'src/greet.test.ts',
          line: 1,
          text: "import { greet } from './greet'",
          ranges: [
            [9, 14],
            [25, 30],
          ],
        },
        { path: 'src/greet.test.ts', line: 3, text: "test('greet says hello', () => {", ranges: [[6, 11]] },
        {
          path: 'src/greet.test.ts',
          line: 4,
          text: "  expect(greet('Ada')).toBe('Hello, Ada!')",
          ranges: [[9, 14]],
        },
        {
          path: 'src/greet.test.ts',
          line: 7,
          text: "test('greet refuses an empty name', () => {",
          ranges: [[6, 11]],
        },
        {
          path: 'src/greet.test.ts',
          line: 8,
          text: "  expect(() => greet('')).toThrow('name is empty')",
          ranges: [[15, 20]],
        },
        { path: 'src/greet.ts', line: 3, text: '/** Greets someone by name. */', ranges: [[4, 9]] },
        {
          path: 'src/greet.ts',
          line: 4,
          text: 'export function greet(name: string): string {',
          ranges: [[16, 21]],
        },
      ],
    })
  })

  it('a changed intent does change the HTML (the comparison can fail)', async () => {
    const { model } = await searchWith('scan', { query: 'greet' })
    const other: CardModel = { ...model, intent: { ...(model.intent as object), query: 'greeT' } }
    expect(normalizeIds(html(model))).not.toBe(normalizeIds(html(other)))
  })
})

function contentText(r: ToolRunResult): string {
  return r.content.map((b) => (b.type === 'text' ? b.text : '')).join('\n')
}
