// Issue 18: nothing a host or a log hands the kit takes the page down. 1,000 mutated card models (every
// card kind, every envelope field: wrong types, Error objects, huge and empty strings, control and bidi
// characters, NaN and negative numbers, unknown statuses, arrays where objects belong, getters and Proxies
// that throw) render in Chromium in batches of 25, with effects, highlighting and virtualization running
// (one batch in eight inside a virtualized SessionView), every card header toggled twice in every other
// batch. The test fails on any error that escapes a card, any card that crashes into its error boundary,
// any console error or warning, and any card that did not render. A fresh seed each run, printed; replay
// one with VITE_TOOLCARDS_FUZZ_SEED=<seed>. A failing batch is narrowed down to its models, with recipes.
import fc from 'fast-check'
import type { ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { expect, it, vi } from 'vitest'
import '../../src/styles.css'
import { CardRenderer } from '../../src/cards/CardRenderer'
import { ToolcardsProvider } from '../../src/cards/host'
import { SessionView } from '../../src/cards/session'
import { CARD_KINDS, type CardModel, errorMessage } from '../../src/protocol'
import type { SessionState } from '../../src/session'
import {
  buildModel,
  describeRecipe,
  ENVELOPE_FIELD_NAMES,
  fuzzSeed,
  type ModelRecipe,
  modelArb,
} from './arbitraries'

const MODELS = 1000
const BATCH = 25
/** Every SESSION_EVERY-th batch renders inside a virtualized SessionView instead of a plain list. */
const SESSION_EVERY = 8

const { seed, replay } = fuzzSeed(import.meta.env)

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Lets effects run: frames (virtual lists measure, highlighting starts after paint) and a short wait. */
async function settle() {
  await frame()
  await frame()
  await pause(20)
  await frame()
}

const noop = () => {}

/**
 * Not an exception: Chromium dispatches this as an error event with no error object when a ResizeObserver
 * callback changes layout within the frame (the virtual lists measure rows that way). Counted, not failed.
 */
const BENIGN = /ResizeObserver loop (completed with undelivered notifications|limit exceeded)/
let benign = 0

/** Collects everything that went wrong anywhere on the page while `run` ran. */
async function watch(
  run: (trap: { problems: string[]; rootOptions: object }) => Promise<void>,
): Promise<string[]> {
  const problems: string[] = []
  const say =
    (what: string) =>
    (...args: unknown[]) => {
      const text = args.map((a) => errorMessage(a)).join(' ')
      if (BENIGN.test(text)) benign++
      else problems.push(`${what}: ${text.slice(0, 500)}`)
    }
  const onError = (e: ErrorEvent) => {
    if (e.error == null && BENIGN.test(e.message)) benign++
    else problems.push(`uncaught: ${errorMessage(e.error ?? e.message)}`)
  }
  const onRejection = (e: PromiseRejectionEvent) =>
    problems.push(`unhandled rejection: ${errorMessage(e.reason)}`)
  window.addEventListener('error', onError)
  window.addEventListener('unhandledrejection', onRejection)
  const spies = [
    vi.spyOn(console, 'error').mockImplementation(say('console.error')),
    vi.spyOn(console, 'warn').mockImplementation(say('console.warn')),
  ]
  const rootOptions = {
    onUncaughtError: say('error escaped every boundary'),
    onCaughtError: say('a card crashed into its error boundary'),
    onRecoverableError: say('recoverable error'),
  }
  try {
    await run({ problems, rootOptions })
  } finally {
    window.removeEventListener('error', onError)
    window.removeEventListener('unhandledrejection', onRejection)
    for (const s of spies) s.mockRestore()
  }
  return problems
}

interface Rendered {
  root: Root
  host: HTMLElement
}

function mount(content: ReactNode, rootOptions: object): Rendered {
  const host = document.createElement('div')
  host.style.cssText = 'width: 900px;'
  document.body.append(host)
  const root = createRoot(host, rootOptions)
  root.render(
    <ToolcardsProvider onCopy={noop} onOpenPath={noop} onOpenUrl={noop}>
      {content}
    </ToolcardsProvider>,
  )
  return { root, host }
}

function list(models: CardModel[]) {
  return models.map((model, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, one slot per model
    <div key={i} data-fuzz-slot={i}>
      <CardRenderer model={model} />
    </div>
  ))
}

function session(models: CardModel[]) {
  const state = { cards: models, problems: [], problemCount: 0, eventCount: models.length }
  return <SessionView state={state as unknown as SessionState} style={{ height: 900 }} />
}

/** Clicks every card header toggle (collapse, then expand again on the second call). */
function toggleAll(host: HTMLElement) {
  for (const toggle of host.querySelectorAll<HTMLElement>('[data-slot="card-header"] button[aria-expanded]'))
    toggle.click()
}

/** Cards that did not render: a slot without exactly one card, or a crashed card. */
function missing(host: HTMLElement, inSession: boolean): string[] {
  const out: string[] = []
  if (inSession) {
    const items = host.querySelectorAll<HTMLElement>('[data-session-item]:not([data-placeholder])')
    if (items.length === 0) out.push('the session view mounted no card')
    for (const item of items) {
      const cards = item.querySelectorAll(':scope > article[data-card]')
      if (cards.length !== 1 || cards[0]!.hasAttribute('data-crashed'))
        out.push(`session item ${item.dataset.index}: no card rendered`)
    }
    return out
  }
  for (const slot of host.querySelectorAll<HTMLElement>('[data-fuzz-slot]')) {
    const cards = slot.querySelectorAll(':scope > article[data-card]')
    if (cards.length !== 1) out.push(`model ${slot.dataset.fuzzSlot}: ${cards.length} cards rendered`)
    else if (cards[0]!.hasAttribute('data-crashed')) out.push(`model ${slot.dataset.fuzzSlot}: crashed`)
  }
  return out
}

/**
 * Renders one batch and returns what went wrong, and the kinds of the cards it rendered. With `toggle`,
 * every card is collapsed and expanded again (its body unmounts and mounts) before the last checks.
 */
async function renderBatch(models: CardModel[], inSession: boolean, toggle = true) {
  const kinds: string[] = []
  const problems = await watch(async ({ problems, rootOptions }) => {
    const { root, host } = mount(inSession ? session(models) : list(models), rootOptions)
    try {
      await settle()
      if (toggle) {
        // Collapse and expand every card (two renders each), then let effects run again.
        toggleAll(host)
        toggleAll(host)
        await settle()
      }
      if (inSession) {
        const scroller = host.querySelector<HTMLElement>('[data-slot="session-scroll"]')
        if (scroller) {
          scroller.scrollTop = scroller.scrollHeight
          await settle()
        }
      }
      problems.push(...missing(host, inSession))
      for (const card of host.querySelectorAll('article[data-card]'))
        kinds.push(card.getAttribute('data-card') ?? '')
    } finally {
      root.unmount()
      host.remove()
    }
  })
  return { problems, kinds }
}

it(`${MODELS} mutated card models render in Chromium, each to its card (seed ${seed})`, async () => {
  console.log(
    `fuzz (browser) seed ${seed}${replay ? ' (given)' : ''}: replay with VITE_TOOLCARDS_FUZZ_SEED=${seed} CHROMIUM_PATH=/usr/bin/chromium npx vitest run --project browser test/fuzz/cards.browser.test.tsx`,
  )
  const started = performance.now()
  const recipes: ModelRecipe[] = fc.sample(modelArb, { seed, numRuns: MODELS })
  const generated = performance.now() - started
  const kinds = new Map<string, number>()
  const badFields = new Map<string, number>()
  for (const r of recipes)
    for (const [name, f] of Object.entries(r.fields))
      if (f.mode === 'bad') badFields.set(name, (badFields.get(name) ?? 0) + 1)
  let rendered = 0
  const batchTimes: number[] = []
  for (let b = 0; b * BATCH < MODELS; b++) {
    const batch = recipes.slice(b * BATCH, (b + 1) * BATCH)
    const inSession = b % SESSION_EVERY === SESSION_EVERY - 1
    const batchStarted = performance.now()
    const result = await renderBatch(batch.map(buildModel), inSession, b % 2 === 0)
    batchTimes.push(performance.now() - batchStarted)
    for (const k of result.kinds) kinds.set(k, (kinds.get(k) ?? 0) + 1)
    if (!inSession) rendered += result.kinds.length
    if (result.problems.length > 0) {
      console.log(
        `fuzz (browser) batch times so far (ms): ${batchTimes.map((t) => t.toFixed(0)).join(' ')}; generation ${generated.toFixed(0)} ms`,
      )
      // Narrow down: each model of the batch alone, to name the ones at fault.
      const culprits: string[] = []
      for (let i = 0; i < batch.length; i++) {
        const alone = await renderBatch([buildModel(batch[i]!)], false)
        if (alone.problems.length > 0)
          culprits.push(
            `model ${b * BATCH + i}: ${alone.problems.join('; ')}\n  recipe: ${describeRecipe(batch[i]!)}`,
          )
      }
      expect.fail(
        `seed ${seed}, batch ${b}${inSession ? ' (in a SessionView)' : ''}: ${result.problems.slice(0, 10).join('\n')}\n` +
          (culprits.length
            ? `alone:\n${culprits.join('\n')}`
            : 'no single model fails alone (an interaction in the batch)') +
          `\nreplay: VITE_TOOLCARDS_FUZZ_SEED=${seed}`,
      )
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const sorted = batchTimes.slice().sort((a, b) => a - b)
  console.log(
    `fuzz (browser) ${MODELS} models in ${seconds} s (generation ${(generated / 1000).toFixed(1)} s; batch of ${BATCH}: median ${sorted[sorted.length >> 1]?.toFixed(0)} ms, slowest ${sorted.at(-1)?.toFixed(0)} ms); ResizeObserver loop notices: ${benign}; cards by kind: ${JSON.stringify(Object.fromEntries(kinds))}; envelope fields made wrong: ${JSON.stringify(Object.fromEntries(badFields))}`,
  )
  // Every model outside the session batches rendered one card; every kind and every field was exercised.
  const sessionModels = recipes.filter(
    (_, i) => Math.floor(i / BATCH) % SESSION_EVERY === SESSION_EVERY - 1,
  ).length
  expect(rendered).toBe(MODELS - sessionModels)
  for (const kind of CARD_KINDS) expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(0)
  for (const name of ENVELOPE_FIELD_NAMES)
    if (name !== 'intent') expect(badFields.get(name) ?? 0, name).toBeGreaterThan(20)
}, 600_000)
