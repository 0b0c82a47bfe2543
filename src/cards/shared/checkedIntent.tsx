'use client'
import { useEffect, useState } from 'react'
import {
  type CardModel,
  type CardModelCheck,
  isCardKind,
  type ParseResult,
  parseIntent,
  parseIntentInSlices,
  type RenderIntent,
} from '../../protocol'
import { checkedModel } from '../checked'
import { CardFrame } from '../frame/CardFrame'
import { useTexts } from '../host'
import { useFromServer } from './frameTurn'

/** `useCheckedIntent` while a big intent is still being checked in slices. */
export const CHECKING = 'checking' as const

/**
 * Results by intent object. A virtualized list mounts a card again each time it scrolls back into view;
 * the same intent object is then not checked again. Weak keys: nothing is kept alive by the cache.
 */
const checked = new WeakMap<object, ParseResult<RenderIntent>>()
const running = new WeakMap<object, Promise<ParseResult<RenderIntent>>>()

function check(intent: object, now: boolean): ParseResult<RenderIntent> | Promise<ParseResult<RenderIntent>> {
  const done = checked.get(intent)
  if (done) return done
  if (now) {
    const result = parseIntent(intent)
    checked.set(intent, result)
    return result
  }
  const pending = running.get(intent)
  if (pending) return pending
  const task = parseIntentInSlices(intent)
  if (task.result) {
    checked.set(intent, task.result)
    return task.result
  }
  const promise = task.done.then((result) => {
    checked.set(intent, result)
    running.delete(intent)
    return result
  })
  running.set(intent, promise)
  return promise
}

/**
 * A card's model and intent checked, without a long task (`checkedModel`, `parseIntent`): a usual one at
 * once (in the first ~8 ms slice, during render); big arguments (200,000 keys) or a big intent (100,000
 * matches) in slices between frames: the partial check meanwhile (`args` `null`) and `CHECKING`, then a
 * render with the results. The intent is `null` when there is none. On a server, and when hydrating its
 * HTML, everything is checked at once (there is no later task).
 */
export function useCheckedCard(model: unknown): {
  check: CardModelCheck
  parsed: ParseResult<RenderIntent> | null | typeof CHECKING
} {
  const fromServer = useFromServer()
  const whole = checkedModel(model, fromServer)
  const intent = whole.model.intent
  const now =
    intent === undefined
      ? null
      : intent === null || typeof intent !== 'object'
        ? parseIntent(intent)
        : check(intent, fromServer)
  const pending = whole.pending ?? (now instanceof Promise ? now : undefined)
  const [, setDone] = useState(0)
  useEffect(() => {
    if (!pending) return
    let live = true
    pending.then(() => {
      if (live) setDone((n) => n + 1)
    })
    return () => {
      live = false
    }
  }, [pending])
  return { check: whole, parsed: pending ? CHECKING : (now as ParseResult<RenderIntent> | null) }
}

/** The card's frame while its intent is checked: the header at once, the body when the check is done. */
export function CheckingCard({ model }: { model: CardModel }) {
  const t = useTexts()
  const raw = (model.intent as { card?: unknown } | null)?.card
  const kind = typeof raw === 'string' && isCardKind(raw) ? raw : 'generic'
  return (
    <CardFrame model={model} kind={kind} title={model.toolName} data-checking="">
      <p className="tc-checking" role="status">
        {t.text('checkingIntent')}
      </p>
    </CardFrame>
  )
}
