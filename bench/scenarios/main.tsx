// Benchmark page: the four big cards of issue 14 and a 2,000-card session, each through CardRenderer (or
// SessionView) as a host renders them, with highlighting on as a user gets it, beside one plain <pre>
// holding the same text. Each run is a fresh page (cold: no grammar compiled, no chunk loaded). Measures
// the first paint of the content; marks the window (the start of render to 2 s after that paint) in which
// bench/scenarios/run.ts reads every main-thread task from a Chromium trace. Driven by that file.
import '../../src/styles.css'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { CardRenderer } from '../../src/cards/CardRenderer'
import { SessionView } from '../../src/cards/session'
import { defaultHighlighterPath } from '../../src/cards/shared/highlight/startHighlighter'
import type { CardModel, DiffIntent, ReadIntent, SearchIntent, TerminalIntent } from '../../src/protocol'
import { foldSession, writeSessionLog } from '../../src/session'
import { manyMatches } from '../../stories/fixtures/search'
import { realSessionOf } from '../../stories/fixtures/session-corpus'
import { longLog } from '../../stories/fixtures/terminal'
import { nextPaint, sleep, watchFor } from '../_shared/page'
import { renderAppShell } from '../_shared/shell'
import { tsSource } from '../_shared/source'
import { END_MARK, START_MARK } from '../_shared/tasks'

export type Scenario = 'diff' | 'terminal' | 'read' | 'search' | 'session'
/**
 * `static`: the card's settled DOM (as the card run left it 2 s after its first paint, colours and all),
 * inserted as HTML in one task with no JavaScript: the floor of what showing that DOM costs, whoever
 * builds it. `small`: a two-line card (`ls` in a terminal card) through `CardRenderer`, in the page load
 * after the scenario's: what the first card of a page costs at that point of the tab's history, whatever
 * its size (the page still builds the scenario's input first, as for the card). `reactPre`: the same two
 * lines in a plain `<pre>` rendered by React, in the page load after `small`: React's and the browser's
 * share of that floor, with no code of the kit's.
 */
export type Variant = 'card' | 'pre' | 'static' | 'small' | 'reactPre'

export interface Result {
  scenario: Scenario
  variant: Variant
  /** Characters of the text the plain <pre> holds. */
  chars: number
  /** From the start of render to the first frame painted with the content in the DOM. */
  firstPaintMs: number
  /** From the start of render to the end of the task that put the content in the DOM (`watchFor`). */
  insertedMs: number
  domNodes: number
  /** Where the default highlighter ran ('worker' or 'main-thread'), or null if nothing was highlighted. */
  highlighter: string | null
  /** The card's DOM at the end of the window (`card` runs only), for the `static` variant. */
  html?: string
}

declare global {
  interface Window {
    __ready: boolean
    __reactBuild: string
    __scenario: (scenario: Scenario, variant: Variant, html?: string) => Promise<Result>
  }
}

/** One changed line in two (a removed and an added line), TypeScript. */
function tsLine(file: number, i: number, changed: boolean): string {
  const base = `  const value${i} = compute(${i}, 'item-${(i + file) % 97}') // step ${i}`
  return changed ? base.replace('compute', 'calculate').replace('step', 'stage') : base
}

/**
 * About 20 files and 10,000 changed lines in all, as git writes them: 16 modified files (every other line
 * changed, one hunk each), 2 new and 2 deleted files.
 */
function diffIntent(): { intent: DiffIntent; text: string } {
  const files: DiffIntent['files'] = []
  const patches: string[] = []
  const PER_FILE = 500 // changed lines per file: 20 x 500 = 10,000
  for (let f = 0; f < 20; f++) {
    const path = `src/generated/module${f}.ts`
    const body: string[] = []
    let header: string
    if (f < 2) {
      // new file
      for (let i = 0; i < PER_FILE; i++) body.push(`+${tsLine(f, i, false)}`)
      header = `diff --git a/${path} b/${path}\nnew file mode 100644\n--- /dev/null\n+++ b/${path}\n@@ -0,0 +1,${PER_FILE} @@`
    } else if (f < 4) {
      // deleted file
      for (let i = 0; i < PER_FILE; i++) body.push(`-${tsLine(f, i, false)}`)
      header = `diff --git a/${path} b/${path}\ndeleted file mode 100644\n--- a/${path}\n+++ /dev/null\n@@ -1,${PER_FILE} +0,0 @@`
    } else {
      // modified: 250 lines replaced (250 removed + 250 added), one context line between changes
      const pairs = PER_FILE / 2
      let oldCount = 0
      let newCount = 0
      for (let i = 0; i < pairs; i++) {
        body.push(
          `-${tsLine(f, 2 * i, false)}`,
          `+${tsLine(f, 2 * i, true)}`,
          ` ${tsLine(f, 2 * i + 1, false)}`,
        )
        oldCount += 2
        newCount += 2
      }
      header = `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -1,${oldCount} +1,${newCount} @@`
    }
    const patch = `${header}\n${body.join('\n')}\n`
    patches.push(patch)
    files.push({ path, patch })
  }
  return { intent: { card: 'diff', files }, text: patches.join('') }
}

/** The `small` variant's card: two lines of output. */
function smallCard(): React.ReactElement {
  const intent: TerminalIntent = { card: 'terminal', command: 'ls', output: 'README.md\nsrc\n', exitCode: 0 }
  return <CardRenderer model={JSON.parse(JSON.stringify(model('small', 'Bash', intent))) as CardModel} />
}

function model(id: string, toolName: string, intent: unknown): CardModel {
  return {
    id,
    toolName,
    args: {},
    status: 'completed',
    durationMs: 1200,
    intent: intent as CardModel['intent'],
  }
}

interface Prepared {
  /** What the kit renders. */
  element: () => React.ReactElement
  /** The selector of the content (rows), present once the card has painted something worth seeing. */
  selector: string
  /** The same text for the plain <pre>. */
  text: string
}

function prepare(scenario: Scenario): Prepared {
  // Everything goes through JSON, as from the wire.
  switch (scenario) {
    case 'diff': {
      const { intent, text } = diffIntent()
      const m = JSON.parse(JSON.stringify(model('diff', 'Edit', intent))) as CardModel
      return { element: () => <CardRenderer model={m} />, selector: '[data-slot="diff-line"]', text }
    }
    case 'terminal': {
      const output = longLog(100_000)
      const intent: TerminalIntent = { card: 'terminal', command: './build.sh', output, exitCode: 0 }
      const m = JSON.parse(JSON.stringify(model('terminal', 'Bash', intent))) as CardModel
      return {
        element: () => <CardRenderer model={m} />,
        selector: '[data-slot="terminal-line"]',
        text: output,
      }
    }
    case 'read': {
      const content = tsSource(10_000)
      const intent: ReadIntent = {
        card: 'read',
        path: 'src/handlers.ts',
        content,
        startLine: 1,
        totalLines: 10_000,
      }
      const m = JSON.parse(JSON.stringify(model('read', 'Read', intent))) as CardModel
      return { element: () => <CardRenderer model={m} />, selector: '[data-slot="code-line"]', text: content }
    }
    case 'search': {
      const intent: SearchIntent = manyMatches(100_000, 1000)
      const m = JSON.parse(JSON.stringify(model('search', 'Grep', intent))) as CardModel
      const text = intent.matches.map((x) => `${x.path}:${x.line}:${x.text}`).join('\n')
      return { element: () => <CardRenderer model={m} />, selector: '[data-slot="search-line"]', text }
    }
    case 'session': {
      const events = realSessionOf(2_000)
      const log = writeSessionLog(events)
      const state = foldSession(JSON.parse(`[${log.trim().split('\n').join(',')}]`))
      return {
        element: () => <SessionView state={state} followEnd={false} style={{ height: 900 }} />,
        selector: '[data-session-item] [data-card]',
        text: log,
      }
    }
  }
}

async function bench(scenario: Scenario, variant: Variant, html = ''): Promise<Result> {
  if (variant === 'static' && !html) throw new Error(`${scenario}/static: no HTML given`)
  const prepared = prepare(scenario)
  const container = document.getElementById('root') as HTMLElement
  const root = createRoot(container)
  // Let the page settle before the start: building the inputs above ran hot JavaScript loops, whose
  // optimizing compilation V8 finishes on background threads, and a full GC sweeps on them too. On
  // 2 cores those threads took the core from the render measured next (a host receives the intent as
  // JSON from the wire, with no such loops before it).
  await sleep(400)
  ;(window as unknown as { gc?: () => void }).gc?.()
  await sleep(200)
  const selector =
    variant === 'pre' || variant === 'reactPre'
      ? 'pre'
      : variant === 'small'
        ? '[data-slot="terminal-line"]'
        : prepared.selector
  const small = variant === 'small' ? smallCard() : null
  await nextPaint()
  await nextPaint()
  const inserted = watchFor(container, selector)
  performance.mark(START_MARK)
  const t0 = performance.now()
  if (variant === 'static') container.innerHTML = html
  else
    flushSync(() =>
      root.render(
        variant === 'pre' ? (
          <pre className="bench-pre">{prepared.text}</pre>
        ) : variant === 'reactPre' ? (
          <pre className="bench-pre">{'README.md\nsrc\n'}</pre>
        ) : (
          (small ?? prepared.element())
        ),
      ),
    )
  let painted = await nextPaint()
  for (let i = 0; i < 600 && !container.querySelector(selector); i++) painted = await nextPaint()
  if (!container.querySelector(selector))
    throw new Error(`${scenario}/${variant}: ${selector} never appeared`)
  const firstPaintMs = painted - t0
  const insertedMs = inserted.at() - t0
  inserted.stop()
  await new Promise((r) => setTimeout(r, 2_000))
  performance.mark(END_MARK)
  // Unmounting is not part of the window: it runs in a task of its own after the end mark.
  await sleep(0)
  const result: Result = {
    scenario,
    variant,
    chars: prepared.text.length,
    firstPaintMs,
    insertedMs,
    domNodes: container.querySelectorAll('*').length,
    highlighter: defaultHighlighterPath(),
    ...(variant === 'card' ? { html: container.innerHTML } : {}),
  }
  root.unmount()
  if (variant === 'static') container.textContent = ''
  return result
}

/** Which React build is loaded: the production build has no `act` environment checks (NODE_ENV). */
function reactBuild(): string {
  return process.env.NODE_ENV === 'production' ? 'production' : 'development'
}

renderAppShell(document.getElementById('root') as HTMLElement)
window.__scenario = bench
window.__reactBuild = reactBuild()
window.__ready = true
