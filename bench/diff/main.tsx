// Benchmark page: mounts one diff renderer with the same 10,000-changed-line diff and measures time to
// the first visible paint, long tasks and DOM size; also times the engine (parse, compute, word diff).
// Driven by bench/diff/run.ts through Playwright.
import '../../src/styles.css'
import '@git-diff-view/react/styles/diff-view-pure.css'
import 'react-diff-view/style/index.css'
import { DiffModeEnum, DiffView } from '@git-diff-view/react'
import { Diff, Hunk, parseDiff } from 'react-diff-view'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { DiffCard } from '../../src/cards/diff'
import { ToolcardsProvider } from '../../src/cards/host'
import type { CardModel, DiffIntent } from '../../src/protocol'
import { computeDiff, parseUnifiedDiff, wordDiff } from '../../src/text/diff'

export type Variant =
  | 'diffcard-patch'
  | 'diffcard-texts'
  | 'diffcard-patch-highlight'
  | 'diffcard-small'
  | 'git-diff-view'
  | 'react-diff-view'

export interface Result {
  variant: Variant
  /** From the start of render to the first frame painted with diff rows in the DOM. */
  firstPaintMs: number
  /** Long tasks (over 50 ms) from the start of render to 1.5 s after the first visible paint. */
  longTasks: number[]
  /** When each long task started, in ms after the start of render. */
  longTaskAt: number[]
  domNodes: number
  /** DiffCard only: scroll to the middle of the diff, to the next paint with rows there. */
  scrollMs?: number
  scrollLongTasks?: number[]
}

export interface EngineResult {
  patchLines: number
  parseMs: number
  computeMs: number
  pairs: number
  wordDiffMs: number
  unrelatedMs: number
  unrelatedNotice: string
}

declare global {
  interface Window {
    __ready: boolean
    __reactBuild: string
    __bench: (variant: Variant) => Promise<Result>
    __engine: () => EngineResult
  }
}

const PATH = 'src/generated/table.ts'
const CHANGED = 10_000

/** 20,000 lines, every other one changed: 10,000 removed and 10,000 added lines. */
function texts(): { oldText: string; newText: string } {
  const old: string[] = []
  const neu: string[] = []
  for (let i = 0; i < CHANGED * 2; i++) {
    const line = `  const value${i} = compute(${i}, 'item-${i % 97}') // step ${i}`
    old.push(line)
    neu.push(i % 2 === 0 ? line.replace('compute', 'calculate').replace('step', 'stage') : line)
  }
  return { oldText: `${old.join('\n')}\n`, newText: `${neu.join('\n')}\n` }
}

/** The same change as a git patch (built directly: one hunk, 3 lines of context, as git writes it). */
function patchOf(oldText: string, newText: string): string {
  const o = oldText.split('\n')
  const n = newText.split('\n')
  o.pop()
  n.pop()
  const body: string[] = []
  // every other line changed, so the context between changes is one line and there is a single hunk
  for (let i = 0; i < o.length; i++) {
    if (o[i] === n[i]) body.push(` ${o[i]}`)
    else body.push(`-${o[i]}`, `+${n[i]}`)
  }
  return [
    `diff --git a/${PATH} b/${PATH}`,
    'index 1111111..2222222 100644',
    `--- a/${PATH}`,
    `+++ b/${PATH}`,
    `@@ -1,${o.length} +1,${n.length} @@`,
    ...body,
    '',
  ].join('\n')
}

const { oldText, newText } = texts()
const patch = patchOf(oldText, newText)

function nextPaint(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)),
  )
}

const ROW_SELECTOR = '[data-slot="diff-line"], td, .diff-line'

async function untilVisible(container: HTMLElement): Promise<number> {
  for (;;) {
    const t = await nextPaint()
    if (container.querySelector(ROW_SELECTOR)) return t
  }
}

function ReactDiffViewPeer({ text }: { text: string }) {
  const [file] = parseDiff(text)
  if (!file) return null
  return (
    <Diff viewType="unified" diffType={file.type} hunks={file.hunks}>
      {(hunks) => hunks.map((h) => <Hunk key={h.content} hunk={h} />)}
    </Diff>
  )
}

function model(intent: DiffIntent): CardModel {
  return { id: 'bench', toolName: 'edit', args: {}, status: 'completed', intent }
}

async function run(variant: Variant): Promise<Result> {
  // Through JSON, as an intent arrives from the wire.
  const wire = JSON.parse(JSON.stringify({ patch, oldText, newText })) as {
    patch: string
    oldText: string
    newText: string
  }
  const container = document.getElementById('root') as HTMLElement
  const root: Root = createRoot(container)
  const tasks: PerformanceEntry[] = []
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push(e)
  })
  observer.observe({ type: 'longtask' })
  await nextPaint()
  const t0 = performance.now()
  flushSync(() => {
    if (variant === 'diffcard-patch' || variant === 'diffcard-patch-highlight') {
      const intent: DiffIntent = { card: 'diff', files: [{ path: PATH, patch: wire.patch }] }
      root.render(
        <ToolcardsProvider {...(variant === 'diffcard-patch' ? { highlighter: null } : {})}>
          <DiffCard model={model(intent)} intent={intent} />
        </ToolcardsProvider>,
      )
    } else if (variant === 'diffcard-small') {
      const small = wire.patch
        .split('\n')
        .slice(0, 12)
        .join('\n')
        .replace(/@@ -1,\d+ \+1,\d+ @@/, '@@ -1,5 +1,5 @@')
      const intent: DiffIntent = { card: 'diff', files: [{ path: PATH, patch: small }] }
      root.render(
        <ToolcardsProvider highlighter={null}>
          <DiffCard model={model(intent)} intent={intent} />
        </ToolcardsProvider>,
      )
    } else if (variant === 'diffcard-texts') {
      const intent: DiffIntent = {
        card: 'diff',
        files: [{ path: PATH, oldText: wire.oldText, newText: wire.newText }],
      }
      root.render(
        <ToolcardsProvider highlighter={null}>
          <DiffCard model={model(intent)} intent={intent} />
        </ToolcardsProvider>,
      )
    } else if (variant === 'git-diff-view') {
      root.render(
        <DiffView
          data={{ oldFile: { fileName: PATH }, newFile: { fileName: PATH }, hunks: [wire.patch] }}
          diffViewMode={DiffModeEnum.Unified}
          diffViewHighlight={false}
          diffViewTheme="light"
        />,
      )
    } else {
      root.render(<ReactDiffViewPeer text={wire.patch} />)
    }
  })
  const painted = await untilVisible(container)
  const firstPaintMs = painted - t0
  await new Promise((r) => setTimeout(r, 1500))
  const domNodes = container.getElementsByTagName('*').length
  const result: Result = {
    variant,
    firstPaintMs,
    longTasks: tasks.map((t) => Math.round(t.duration)),
    longTaskAt: tasks.map((t) => Math.round(t.startTime - t0)),
    domNodes,
  }
  if (variant.startsWith('diffcard')) {
    const scroller = container.querySelector<HTMLElement>('.tc-diff-body [data-virtual]')
    if (scroller) {
      const before = tasks.length
      const mid = Math.floor(scroller.scrollHeight / 2)
      await nextPaint()
      const s0 = performance.now()
      scroller.scrollTop = mid
      scroller.dispatchEvent(new Event('scroll'))
      let t = await nextPaint()
      // until a row from the middle is rendered
      for (let k = 0; k < 60; k++) {
        const rows = scroller.querySelectorAll<HTMLElement>('.tc-vrow')
        const first = rows[0]
        if (first && Number(first.dataset.index) > 1000) break
        t = await nextPaint()
      }
      result.scrollMs = t - s0
      await new Promise((r) => setTimeout(r, 300))
      result.scrollLongTasks = tasks.slice(before).map((e) => Math.round(e.duration))
    }
  }
  observer.disconnect()
  root.unmount()
  return result
}

function engine(): EngineResult {
  const t0 = performance.now()
  const parsed = parseUnifiedDiff(patch)
  const t1 = performance.now()
  computeDiff(oldText, newText)
  const t2 = performance.now()
  const lines = parsed.files[0]!.hunks[0]!.lines
  const dels = lines.filter((l) => l.kind === 'del').map((l) => l.text)
  const adds = lines.filter((l) => l.kind === 'add').map((l) => l.text)
  const t3 = performance.now()
  for (let i = 0; i < dels.length; i++) wordDiff(dels[i]!, adds[i]!)
  const t4 = performance.now()
  const a = Array.from({ length: 5000 }, (_, i) => `old line ${i} ${(i * 7919) % 1013}`).join('\n')
  const b = Array.from({ length: 5000 }, (_, i) => `new text ${i} ${(i * 104729) % 1009}`).join('\n')
  const t5 = performance.now()
  const unrelated = computeDiff(a, b)
  const t6 = performance.now()
  return {
    patchLines: patch.split('\n').length - 1,
    parseMs: t1 - t0,
    computeMs: t2 - t1,
    pairs: dels.length,
    wordDiffMs: t4 - t3,
    unrelatedMs: t6 - t5,
    unrelatedNotice: unrelated.notice ?? 'none',
  }
}

window.__bench = run
window.__engine = engine
window.__reactBuild = process.env.NODE_ENV === 'production' ? 'production' : 'development'
window.__ready = true
