'use client'
import { useEffect, useState } from 'react'
import {
  type CardModel,
  isCardKind,
  type ParseResult,
  parseIntent,
  parseIntentInSlices,
  type RenderIntent,
} from '../../protocol'
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
 * `parseIntent` for a card, without a long task: a small intent is checked at once (in the first ~8 ms
 * slice, during render); a big one (100,000 matches) is checked in slices between frames, and the hook
 * returns `CHECKING` until it is done, then re-renders with the result. `null` when there is no intent.
 * On a server, and when hydrating its HTML, every intent is checked at once (there is no later task).
 */
export function useCheckedIntent(intent: unknown): ParseResult<RenderIntent> | null | typeof CHECKING {
  const [, setDone] = useState(0)
  const fromServer = useFromServer()
  const now =
    intent === undefined
      ? null
      : intent === null || typeof intent !== 'object'
        ? parseIntent(intent)
        : check(intent, fromServer)
  const pending = now instanceof Promise ? now : null
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
  return pending ? CHECKING : (now as ParseResult<RenderIntent> | null)
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
