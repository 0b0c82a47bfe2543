// Benchmark page for BAD-INPUTS.md's promise 7, "a 50 MB output never blocks the main thread for more
// than 50 ms at a time": each card through CardRenderer (highlighting on, as a user gets it) with one
// field of about 50 MB, as it comes from the wire (the model through JSON.parse). The kit cuts such a
// string to its 16 MB limit with a notice, then renders what it keeps. Marks the window (the start of
// render to WINDOW_MS after the first paint) in which run.ts reads every main-thread task from a trace.
import '../../src/styles.css'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { CardRenderer } from '../../src/cards/CardRenderer'
import type { CardModel } from '../../src/protocol'
import { longLog } from '../../stories/fixtures/terminal'
import { nextPaint, sleep, watchFor } from '../_shared/page'
import { tsSource } from '../_shared/source'
import { END_MARK, START_MARK } from '../_shared/tasks'

export type Huge = 'terminal' | 'read' | 'diff' | 'diff-text' | 'search' | 'web' | 'generic'

export type Variant = 'card' | 'pre'

export interface HugeResult {
  card: Huge
  variant: Variant
  /** Characters of the big field as sent. */
  chars: number
  /** From the start of render to the frame with the card's content in the DOM. */
  firstPaintMs: number
  /** From the start of render to the end of the task that put the content in the DOM (`watchFor`). */
  insertedMs: number
  /** The card said it cut the field (a notice in the card). */
  cutShown: boolean
  domNodes: number
}

declare global {
  interface Window {
    __ready: boolean
    __huge: (card: Huge, variant: Variant, windowMs: number) => Promise<HugeResult>
  }
}

const MB50 = 50 * 1024 * 1024

/** `make(i)` lines joined until the text holds about 50 MB. */
function fill(make: (i: number) => string): string {
  const out: string[] = []
  let size = 0
  for (let i = 0; size < MB50; i++) {
    const line = make(i)
    out.push(line)
    size += line.length + 1
  }
  return `${out.join('\n')}\n`
}

function intentOf(card: Huge): { intent: unknown; chars: number; selector: string; text: string } {
  switch (card) {
    case 'terminal': {
      // the bench's 100,000-line log, repeated
      const output = longLog(1_300_000)
      return {
        intent: { card, command: 'cat big.log', output, exitCode: 0 },
        chars: output.length,
        selector: '[data-slot="terminal-line"]',
        text: output,
      }
    }
    case 'read': {
      const content = tsSource(1_000_000)
      return {
        intent: { card, path: 'src/big.ts', content },
        chars: content.length,
        selector: '[data-slot="code-line"]',
        text: content,
      }
    }
    case 'diff': {
      const body = fill((i) => `+  const value${i} = compute(${i}, 'item-${i % 97}') // step ${i}`)
      const lines = body.split('\n').length - 1
      const patch = `--- /dev/null\n+++ b/src/big.ts\n@@ -0,0 +1,${lines} @@\n${body}`
      return {
        intent: { card, files: [{ path: 'src/big.ts', patch }] },
        chars: patch.length,
        selector: '[data-slot="diff-line"]',
        text: patch,
      }
    }
    case 'diff-text': {
      // a new file given whole (Claude Code's Write, ACP's diff content): the card computes the diff
      const newText = fill((i) => `  const value${i} = compute(${i}, 'item-${i % 97}') // step ${i}`)
      return {
        intent: { card: 'diff', files: [{ path: 'src/big.ts', oldText: null, newText, status: 'added' }] },
        chars: newText.length,
        selector: '[data-slot="diff-line"]',
        text: newText,
      }
    }
    case 'search': {
      // one match whose line is 50 MB (a minified bundle), beside ordinary ones
      const text = fill((i) => `var a${i}=function(){return ${i}};`).replaceAll('\n', '')
      const matches = [
        { path: 'dist/bundle.min.js', line: 1, text, ranges: [[4, 6]] },
        ...Array.from({ length: 50 }, (_, i) => ({
          path: `src/file${i}.ts`,
          line: i + 1,
          text: `const a${i} = 1`,
          ranges: [[6, 8]],
        })),
      ]
      return {
        intent: { card, query: 'a', mode: 'content', matches },
        chars: text.length,
        selector: '[data-slot="search-line"]',
        text,
      }
    }
    case 'web': {
      // as converters write pages: blocks apart by blank lines, a heading every 12 paragraphs
      const excerpt = fill((i) =>
        i % 12 === 0
          ? `## Section ${i / 12}\n`
          : `Paragraph ${i}: some *text* with a [link](https://example.com/${i}) and \`code\`.\n`,
      )
      return {
        intent: { card, url: 'https://example.com/big', status: 200, excerpt, excerptFormat: 'markdown' },
        chars: excerpt.length,
        selector: '[data-slot="web-page"]',
        text: excerpt,
      }
    }
    case 'generic': {
      const output = fill((i) => `record ${i}: ${'x'.repeat(60)}`)
      return {
        intent: { card, input: { path: 'big.bin' }, output },
        chars: output.length,
        selector: '[data-slot="card-body"]',
        text: output,
      }
    }
  }
}

async function bench(card: Huge, variant: Variant, windowMs: number): Promise<HugeResult> {
  const { intent, chars, selector: cardSelector, text: big } = intentOf(card)
  const selector = variant === 'pre' ? 'pre' : cardSelector
  // as from the wire: the host parses the JSON text of the model
  let json: string | null = JSON.stringify({
    id: card,
    toolName: 'tool',
    args: {},
    status: 'completed',
    durationMs: 1200,
    intent,
  })
  const model = JSON.parse(json) as CardModel
  json = null
  // the reference: one <pre> holding the big field's text
  const element = variant === 'pre' ? <pre className="bench-pre">{big}</pre> : <CardRenderer model={model} />
  const container = document.getElementById('root') as HTMLElement
  const root = createRoot(container)
  // Let the preparation's garbage and compilation settle before the start (see bench/scenarios).
  await sleep(400)
  ;(window as unknown as { gc?: () => void }).gc?.()
  await sleep(200)
  await nextPaint()
  await nextPaint()
  const inserted = watchFor(container, selector)
  performance.mark(START_MARK)
  const t0 = performance.now()
  flushSync(() => root.render(element))
  let painted = await nextPaint()
  for (let i = 0; i < 600 && !container.querySelector(selector); i++) painted = await nextPaint()
  if (!container.querySelector(selector)) throw new Error(`${card}: ${selector} never appeared`)
  const firstPaintMs = painted - t0
  const insertedMs = inserted.at() - t0
  inserted.stop()
  await sleep(windowMs)
  performance.mark(END_MARK)
  await sleep(0)
  const text = container.textContent ?? ''
  const result: HugeResult = {
    card,
    variant,
    chars,
    firstPaintMs,
    insertedMs,
    cutShown: /16 MB/.test(text),
    domNodes: container.querySelectorAll('*').length,
  }
  root.unmount()
  return result
}

window.__huge = bench
window.__ready = true
