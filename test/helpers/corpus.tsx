// Test helpers for the corpus tests (test/ is not part of the build).
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { renderToString } from 'react-dom/server'
import { CardRenderer } from '../../src/cards/CardRenderer'
import { type CardModel, parseIntent, type SessionEvent } from '../../src/protocol'
import { foldSession } from '../../src/session'

export const CORPUS = resolve(import.meta.dirname, '../fixtures/corpus')

export function corpusText(rel: string): string {
  return readFileSync(resolve(CORPUS, rel), 'utf8')
}

export interface CorpusReport {
  file: string
  calls: number
  cards: number
  specific: number
  builtin: number
  builtinSpecific: number
  byCard: Record<string, number>
}

/** The card a model renders with: its intent's `card` when the intent is valid, else generic. */
export function cardOf(model: CardModel): string {
  if (model.intent === undefined) return 'generic'
  const p = parseIntent(model.intent)
  return p.ok ? p.intent.card : 'invalid'
}

/** Every intent in every event passes `parseIntent`; returns the problems found (empty when all pass). */
export function intentProblems(events: SessionEvent[]): string[] {
  const out: string[] = []
  for (const e of events) {
    if (e.intent === undefined) continue
    const p = parseIntent(e.intent)
    if (!p.ok) out.push(`${e.type} ${e.id}: ${p.problems.map((x) => `${x.path} ${x.message}`).join('; ')}`)
  }
  return out
}

/** Server-renders each card; returns the ids that threw or rendered an error boundary. */
export function renderFailures(cards: readonly CardModel[]): string[] {
  const failed: string[] = []
  for (const model of cards) {
    try {
      const html = renderToString(<CardRenderer model={model} />)
      if (html.includes('data-crashed') || html.length === 0) failed.push(model.id)
    } catch (error) {
      failed.push(`${model.id}: ${String(error)}`)
    }
  }
  return failed
}

export function foldCards(events: SessionEvent[]) {
  return foldSession(events)
}

export function report(
  file: string,
  calls: number,
  cards: readonly CardModel[],
  isBuiltin: (card: CardModel) => boolean,
): CorpusReport {
  const byCard: Record<string, number> = {}
  let specific = 0
  let builtin = 0
  let builtinSpecific = 0
  for (const c of cards) {
    const kind = cardOf(c)
    byCard[kind] = (byCard[kind] ?? 0) + 1
    const isSpecific = kind !== 'generic' && kind !== 'invalid'
    if (isSpecific) specific++
    if (isBuiltin(c)) {
      builtin++
      if (isSpecific) builtinSpecific++
    }
  }
  return { file, calls, cards: cards.length, specific, builtin, builtinSpecific, byCard }
}

export function pct(n: number, d: number): string {
  return d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`
}

export function reportTable(rows: CorpusReport[]): string {
  const head =
    '| file | calls in source | cards | specific card | built-in calls | built-in with specific card | cards by kind |'
  const sep = '|---|---:|---:|---:|---:|---:|---|'
  const body = rows.map(
    (r) =>
      `| ${r.file} | ${r.calls} | ${r.cards} | ${r.specific} (${pct(r.specific, r.calls)}) | ${r.builtin} | ${r.builtinSpecific} (${pct(r.builtinSpecific, r.builtin)}) | ${Object.entries(
        r.byCard,
      )
        .sort()
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')} |`,
  )
  return [head, sep, ...body].join('\n')
}
