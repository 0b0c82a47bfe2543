'use client'
import { type ComponentProps, useCallback, useMemo, useRef } from 'react'
import { AI_SDK_OPTION_IDS, type AiSdkOptions, aiSdkToolParts, fromAiSdk } from '../adapters/aiSdk'
import { CardRenderer } from '../cards/CardRenderer'
import { ToolcardsProvider, useHost } from '../cards/host'
import { useSessionTexts } from '../cards/session/texts'
import { cx } from '../cards/shared/format'
import { VisibleText } from '../cards/shared/VisibleText'
import { type FoldOptions, foldSession, type SessionState } from '../session'

/**
 * The `presentCall` of each tool that has one, by tool name: what `fromAiSdk`'s `presentCall` option takes.
 * The projections are pure, so the page can hold the same tool definitions as the server (or just these).
 */
export function presentCallsOf(
  definitions: ReadonlyArray<{ readonly name: string; presentCall?(args: never): unknown }>,
): Record<string, (input: never) => unknown> {
  const out: Record<string, (input: never) => unknown> = {}
  for (const d of definitions) {
    const present = d.presentCall
    if (typeof present === 'function')
      Object.defineProperty(out, d.name, {
        value: (input: never) => present.call(d, input),
        enumerable: true,
      })
  }
  return out
}

/** An AI SDK UI message as far as the kit reads it (`UIMessage` from `ai` fits). */
export interface AiSdkMessageLike {
  id?: string
  role?: string
  parts: readonly unknown[]
}

/** `useChat().addToolApprovalResponse` (or anything with its shape). */
export type AddToolApprovalResponse = (response: {
  id: string
  approved: boolean
  reason?: string
}) => void | PromiseLike<void>

export interface UseAiSdkSessionOptions extends AiSdkOptions {
  /** Where decisions go: `useChat().addToolApprovalResponse`. Without it the cards offer no buttons. */
  addToolApprovalResponse?: AddToolApprovalResponse
  /** Limits for checking the events (see `foldSession`). */
  foldOptions?: FoldOptions
}

export interface AiSdkSession {
  /** The cards of every tool part of the messages, with the problems found in them. */
  state: SessionState
  /**
   * Hands a card's decision to `addToolApprovalResponse` (for `ToolcardsProvider onDecision`); `undefined`
   * when there is nowhere to send one. Answers each AI SDK approval request at most once; a decision for a
   * call that awaits none throws (the card reports it).
   */
  onDecision: ((callId: string, optionId: string) => Promise<void>) | undefined
}

/**
 * The AI SDK messages of a chat as a toolcards session: `fromAiSdk` then `foldSession`, recomputed when
 * `messages` changes (`useChat` gives a new array on every update). Give `state` to `SessionView` and
 * `onDecision` to `ToolcardsProvider`.
 */
export function useAiSdkSession(
  messages: readonly AiSdkMessageLike[] | AiSdkMessageLike,
  options: UseAiSdkSessionOptions = {},
): AiSdkSession {
  const { addToolApprovalResponse, foldOptions, presentCall, approvalLabels } = options
  const state = useMemo(
    () =>
      foldSession(
        fromAiSdk(messages, {
          ...(presentCall ? { presentCall } : {}),
          ...(approvalLabels ? { approvalLabels } : {}),
        }),
        foldOptions,
      ),
    [messages, presentCall, approvalLabels, foldOptions],
  )
  const latest = useRef(messages)
  latest.current = messages
  const decide = useCallback(
    async (callId: string, optionId: string) => {
      if (!addToolApprovalResponse) throw new Error('nothing receives decisions')
      const approvalId = pendingApprovalId(latest.current, callId)
      if (approvalId === undefined) throw new Error(`call ${JSON.stringify(callId)} awaits no decision`)
      if (optionId !== AI_SDK_OPTION_IDS.allow && optionId !== AI_SDK_OPTION_IDS.reject)
        throw new Error(`unknown option ${JSON.stringify(optionId)}`)
      const answered = answeredBy(addToolApprovalResponse)
      if (answered.has(approvalId)) return // Sent already (by this card or another): one answer per request.
      answered.add(approvalId)
      try {
        await addToolApprovalResponse({ id: approvalId, approved: optionId === AI_SDK_OPTION_IDS.allow })
      } catch (error) {
        answered.delete(approvalId)
        throw error
      }
    },
    [addToolApprovalResponse],
  )
  return { state, onDecision: addToolApprovalResponse ? decide : undefined }
}

/**
 * The approval requests answered through each `addToolApprovalResponse` (one per chat: useChat keeps it
 * stable), so that no card, even one mounted again, answers a request twice.
 */
const ANSWERED = new WeakMap<AddToolApprovalResponse, Set<string>>()

function answeredBy(respond: AddToolApprovalResponse): Set<string> {
  const known = ANSWERED.get(respond)
  if (known) return known
  const set = new Set<string>()
  ANSWERED.set(respond, set)
  return set
}

/** The AI SDK approval id of a call whose part is in state `approval-requested`. */
function pendingApprovalId(
  messages: readonly AiSdkMessageLike[] | AiSdkMessageLike,
  callId: string,
): string | undefined {
  // by the card's id, as fromAiSdk gives it (a call id used again in a later message is `id~2`)
  for (const part of aiSdkToolParts(messages)) {
    if (part.toolCallId !== callId || part.state !== 'approval-requested') continue
    const id = (part.approval as { id?: unknown } | undefined)?.id
    return typeof id === 'string' ? id : undefined
  }
  return undefined
}

export interface AiSdkToolPartsProps
  extends Omit<ComponentProps<'div'>, 'children'>,
    Omit<UseAiSdkSessionOptions, 'foldOptions'> {
  /** One UI message: its tool parts become cards, in order (text parts are the page's to show). */
  message: AiSdkMessageLike
}

/**
 * A message's tool parts as cards, under the page's `ToolcardsProvider` (its callbacks apply), with
 * approval decisions sent back through `addToolApprovalResponse`. Problems found in the parts (an unknown
 * state, a part without a call id) are listed after the cards.
 */
export function AiSdkToolParts({
  message,
  addToolApprovalResponse,
  presentCall,
  approvalLabels,
  className,
  ...props
}: AiSdkToolPartsProps) {
  const { state, onDecision } = useAiSdkSession(message, {
    ...(addToolApprovalResponse ? { addToolApprovalResponse } : {}),
    ...(presentCall ? { presentCall } : {}),
    ...(approvalLabels ? { approvalLabels } : {}),
  })
  const host = useHost()
  const t = useSessionTexts()
  if (state.cards.length === 0 && state.problemCount === 0) return null
  return (
    <div {...props} className={cx('tc-ai-sdk-parts', className)} data-slot="ai-sdk-parts">
      <ToolcardsProvider {...host} onDecision={onDecision}>
        {state.cards.map((card) => (
          <CardRenderer key={card.id} model={card} />
        ))}
      </ToolcardsProvider>
      {state.problemCount > 0 ? (
        <details className="tc-session-problems" data-slot="ai-sdk-problems">
          <summary>{t.count('toolPartProblems', state.problemCount)}</summary>
          <ul>
            {state.problems.map((p) => (
              <li key={`${p.index}:${p.path}:${p.message}`}>
                {p.id !== undefined ? (
                  <code>
                    <VisibleText text={p.id} />
                  </code>
                ) : null}{' '}
                {p.path}: <VisibleText text={p.message} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  )
}
