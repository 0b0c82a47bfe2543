import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { type CardModel, parseSessionEvent } from '../protocol'
import { applyEvent, applyEvents, emptySession, foldSession, type SessionState } from './fold'
import { createSessionLogReader, writeSessionLog } from './log'
import { createSessionStore } from './store'

// ---------------------------------------------------------------------------------------------------
// Random sessions: a few ids (so that events collide: duplicates, unknown ids, updates after the end),
// terminal intents that stream output, other intents, and junk (values that are not events at all).

const ids = fc.constantFrom('a', 'b', 'c', 'd', '__proto__', 'constructor')
const status = {
  running: fc.constantFrom('pending', 'running'),
  ended: fc.constantFrom('completed', 'failed', 'cancelled'),
}
const json = fc.jsonValue({ maxDepth: 2 })
const intent = fc.oneof(
  fc.record({ card: fc.constant('terminal'), command: fc.string() }, { requiredKeys: ['card', 'command'] }),
  fc.record({
    card: fc.constant('terminal'),
    command: fc.string(),
    output: fc.string(),
    exitCode: fc.integer(),
  }),
  fc.record({ card: fc.constant('generic'), output: json }),
  fc.record({ card: fc.constant('read'), path: fc.string(), content: fc.string() }),
  json,
)
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })
const clean = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))

const callEvent = fc
  .record({
    id: ids,
    toolName: fc.string(),
    args: opt(json),
    intent: opt(intent),
    status: opt(status.running),
    sidechain: opt(fc.string()),
  })
  .map((e) => clean({ type: 'call', ...e }))
const updateEvent = fc
  .record({
    id: ids,
    args: opt(json),
    intent: opt(intent),
    appendOutput: opt(fc.string({ unit: 'binary', maxLength: 12 })),
    status: opt(status.running),
  })
  .map((e) => clean({ type: 'update', ...e }))
const outputEvent = fc
  .record({ id: ids, appendOutput: fc.string({ unit: 'grapheme-ascii', maxLength: 8 }) })
  .map((e) => ({ type: 'update', ...e }))
const resultEvent = fc
  .record({
    id: ids,
    status: status.ended,
    intent: opt(intent),
    error: opt(fc.string()),
    durationMs: opt(fc.nat()),
    time: opt(fc.nat()),
  })
  .map((e) => clean({ type: 'result', ...e }))
const optionIds = fc.constantFrom('allow', 'always', 'reject', 'never')
const approvalOption = fc.record({
  optionId: optionIds,
  kind: fc.constantFrom('allow_once', 'allow_always', 'reject_once', 'reject_always'),
  label: fc.string({ minLength: 1, maxLength: 6 }),
})
const validApprovalEvent = fc
  .record({
    id: ids,
    options: fc.uniqueArray(approvalOption, { selector: (o) => o.optionId, minLength: 1, maxLength: 4 }),
  })
  .map((e) => ({ type: 'approval', ...e }))
const approvalEvent = fc
  .record({
    id: ids,
    // Often valid, sometimes with a repeated optionId (refused by the fold), sometimes empty (refused by the schema).
    options: fc.oneof(
      {
        arbitrary: fc.uniqueArray(approvalOption, {
          selector: (o) => o.optionId,
          minLength: 1,
          maxLength: 4,
        }),
        weight: 4,
      },
      { arbitrary: fc.array(approvalOption, { maxLength: 4 }), weight: 1 },
    ),
    reason: opt(fc.string({ maxLength: 6 })),
  })
  .map((e) => clean({ type: 'approval', ...e }))
const decisionEvent = fc
  .record({
    id: ids,
    optionId: fc.oneof(optionIds, fc.constant('other')),
    by: opt(fc.constantFrom('user', 'policy')),
  })
  .map((e) => clean({ type: 'decision', ...e }))
const junk = fc.oneof(
  fc.anything(),
  fc.record({ type: fc.constantFrom('call', 'update', 'result', 'other'), id: fc.oneof(ids, fc.integer()) }),
  callEvent.map((e) => JSON.stringify(e)),
  fc.constant('{"type":"call",'),
)
const event = fc.oneof(
  { arbitrary: callEvent, weight: 3 },
  { arbitrary: updateEvent, weight: 2 },
  { arbitrary: outputEvent, weight: 4 },
  { arbitrary: resultEvent, weight: 2 },
  { arbitrary: approvalEvent, weight: 2 },
  { arbitrary: decisionEvent, weight: 2 },
  { arbitrary: junk, weight: 1 },
)
const session = fc.array(event, { maxLength: 60 })

/** Cuts a list into consecutive batches at random points. */
function batchesOf<T>(items: readonly T[], cuts: readonly number[]): T[][] {
  const points = [...new Set(cuts.map((c) => c % (items.length + 1)))].sort((x, y) => x - y)
  const out: T[][] = []
  let from = 0
  for (const p of [...points, items.length]) {
    out.push(items.slice(from, p))
    from = p
  }
  return out
}

// ---------------------------------------------------------------------------------------------------
// A reference fold, written from the documented rules (events.ts, fold.ts) as plainly as possible:
// a Map, a list, string concatenation. The real fold must agree with it.

interface RefCard {
  id: string
  toolName: string
  args: unknown
  status: string
  intent?: unknown
  error?: string
  durationMs?: number
  sidechain?: string
  approval?: {
    options: Array<{ optionId: string; kind: string; label: string }>
    reason?: string
    decision?: { optionId: string; by?: string }
  }
}

function referenceFold(events: readonly unknown[]): { cards: RefCard[]; kinds: string[] } {
  const cards = new Map<string, RefCard>()
  const kinds: string[] = []
  for (const input of events) {
    const parsed = parseSessionEvent(input)
    if (!parsed.ok) {
      for (const _ of parsed.problems) kinds.push('invalid-event')
      continue
    }
    const e = parsed.event
    const card = cards.get(e.id)
    const ended = card !== undefined && ['completed', 'failed', 'cancelled', 'rejected'].includes(card.status)
    if (e.type === 'call') {
      if (card) kinds.push('duplicate-call')
      else {
        const c: RefCard = {
          id: e.id,
          toolName: e.toolName,
          args: e.args ?? null,
          status: e.status ?? 'pending',
        }
        if (e.intent !== undefined) c.intent = e.intent
        if (e.sidechain !== undefined) c.sidechain = e.sidechain
        cards.set(e.id, c)
      }
    } else if (!card) kinds.push('unknown-id')
    else if (e.type === 'update') {
      if (ended) {
        kinds.push('update-after-result')
        continue
      }
      if (e.args !== undefined) card.args = e.args
      if (e.intent !== undefined) card.intent = e.intent
      if (e.appendOutput) {
        const i = card.intent as { card?: unknown; output?: unknown } | undefined
        const terminal =
          typeof i === 'object' &&
          i !== null &&
          !Array.isArray(i) &&
          i.card === 'terminal' &&
          (i.output === undefined || typeof i.output === 'string')
        if (terminal) card.intent = { ...i, output: `${i.output ?? ''}${e.appendOutput}` }
        else kinds.push('output-without-terminal')
      }
      if (e.status !== undefined && e.status !== card.status) {
        if (card.status === 'awaiting-approval') kinds.push('status-while-awaiting')
        else card.status = e.status
      }
    } else if (e.type === 'approval') {
      const ids = e.options.map((o) => o.optionId)
      if (ended) kinds.push('approval-after-result')
      else if (card.status === 'awaiting-approval') kinds.push('duplicate-approval')
      else if (new Set(ids).size !== ids.length) kinds.push('invalid-approval')
      else {
        card.status = 'awaiting-approval'
        card.approval = { options: e.options }
        if (e.reason !== undefined) card.approval.reason = e.reason
      }
    } else if (e.type === 'decision') {
      const option = card.approval?.options.find((o) => o.optionId === e.optionId)
      if (card.status !== 'awaiting-approval')
        kinds.push(card.approval?.decision ? 'duplicate-decision' : 'unexpected-decision')
      else if (!option || !card.approval) kinds.push('unknown-option')
      else {
        card.approval.decision = { optionId: e.optionId }
        if (e.by !== undefined) card.approval.decision.by = e.by
        card.status = option.kind.startsWith('allow') ? 'running' : 'rejected'
      }
    } else if (ended) kinds.push('duplicate-result')
    else {
      card.status = e.status
      if (e.intent !== undefined) card.intent = e.intent
      if (e.error !== undefined) card.error = e.error
      if (e.durationMs !== undefined) card.durationMs = e.durationMs
    }
  }
  return { cards: [...cards.values()], kinds }
}

/** Cards as plain JSON (reads the lazy outputs), for comparison with the reference. */
function plain(cards: readonly CardModel[]): unknown {
  return JSON.parse(JSON.stringify(cards))
}

// ---------------------------------------------------------------------------------------------------

describe('live equals replay', () => {
  test.prop([session], { numRuns: 300 })('events applied one by one give the replayed state', (events) => {
    const replay = foldSession(events)
    let live: SessionState = emptySession()
    for (const e of events) live = applyEvent(live, e)
    expect(live).toEqual(replay)
    expect(plain(live.cards)).toEqual(plain(replay.cards))
  })

  test.prop([session, fc.array(fc.nat(), { maxLength: 12 })], { numRuns: 300 })(
    'events applied in random batches (directly and through a store) give the replayed state',
    (events, cuts) => {
      const replay = foldSession(events)
      let live: SessionState = emptySession()
      const store = createSessionStore()
      for (const batch of batchesOf(events, cuts)) {
        live = applyEvents(live, batch)
        if (batch.length === 1) store.push(batch[0])
        else store.pushAll(batch)
      }
      expect(live).toEqual(replay)
      expect(store.getState()).toEqual(replay)
      expect(plain(store.getState().cards)).toEqual(plain(replay.cards))
    },
  )

  test.prop([session], { numRuns: 300 })('the fold agrees with a plain reference fold', (events) => {
    const state = foldSession(events)
    const ref = referenceFold(events)
    expect(plain(state.cards)).toEqual(plain(ref.cards as CardModel[]))
    expect(state.problems.filter((p) => p.kind !== 'notice').map((p) => p.kind)).toEqual(ref.kinds)
    expect(state.eventCount).toBe(events.length)
  })

  test.prop([session, event], { numRuns: 300 })(
    'an event keeps the identity of every card it is not about',
    (events, next) => {
      const before = foldSession(events)
      const after = applyEvent(before, next)
      const id = (next as { id?: unknown } | null)?.id
      for (const [i, card] of before.cards.entries()) {
        if (card.id !== id) expect(after.cards[i]).toBe(card)
      }
      // The old state is untouched.
      expect(before).toEqual(foldSession(events))
    },
  )

  test.prop(
    [
      fc.array(
        fc.oneof(callEvent, updateEvent, outputEvent, resultEvent, validApprovalEvent, decisionEvent),
        {
          maxLength: 40,
        },
      ),
      fc.array(fc.nat(), { maxLength: 20 }),
    ],
    {
      numRuns: 200,
    },
  )('a session written as JSONL and read back in random chunks gives the same cards', (events, cuts) => {
    const text = writeSessionLog(events as never)
    const reader = createSessionLogReader()
    const read: unknown[] = []
    const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((x, y) => x - y)
    let from = 0
    for (const p of [...points, text.length]) {
      read.push(...reader.push(text.slice(from, p)))
      from = p
    }
    read.push(...reader.end())
    expect(reader.problems).toEqual([])
    // The log holds what JSON holds: -0 is written as 0 (JSON.stringify), so compare with the events as JSON.
    expect(foldSession(read)).toEqual(foldSession(JSON.parse(JSON.stringify(events))))
    expect(plain(foldSession(read).cards)).toEqual(plain(foldSession(events).cards))
  })
})
