import type { RenderIntent, SearchMatch, Spill, WebResult } from '../protocol'
import { contentText, cutUtf8, utf8Bytes } from './content'
import { errorMessage, type Outcome, type Report } from './steps'
import type { ContentBlock, SpillStore } from './types'

export const SPILL_DEFAULTS = { maxBytes: 100_000, previewBytes: 2_000, cardPreviewBytes: 65_536 } as const

const n = (x: number) => x.toLocaleString('en-US')

/** The spill settings of a registry, defaults filled in. */
export interface SpillSettings {
  store: SpillStore
  maxBytes: number
  previewBytes: number
  cardPreviewBytes: number
}

/**
 * Step: a result whose text is over `maxBytes` is written to the store; the model gets a notice, the path and
 * a preview, the card a `spill` notice and a cut body. When the store fails the result is cut instead and
 * says so. Changes `outcome` in place; returns the notice when the result was spilled.
 */
export async function spillOutcome(
  outcome: Outcome,
  spill: SpillSettings,
  call: { callId: string; toolName: string; report: Report },
): Promise<Spill | undefined> {
  const { callId, toolName } = call
  const whole = contentText(outcome.content)
  const totalBytes = utf8Bytes(whole)
  if (totalBytes <= spill.maxBytes) return undefined
  // never longer than what is spilled (a host's `previewBytes` over its `maxBytes`)
  const preview = cutUtf8(whole, Math.min(spill.previewBytes, spill.maxBytes))
  let path: string | undefined
  try {
    const written = await spill.store.write({ callId, toolName, text: whole, bytes: totalBytes })
    if (typeof written !== 'string' || written === '') throw new Error('the store returned no path')
    path = written
  } catch (error) {
    call.report({
      kind: 'spill',
      callId,
      toolName,
      message: `the spill store failed (${errorMessage(error)}); the result is cut to ${preview.bytes} bytes instead`,
    })
  }
  const trimmed = trimIntent(outcome.intent, spill.cardPreviewBytes)
  if (path === undefined) {
    outcome.content = truncatedContent(outcome.content, preview.text, preview.bytes, totalBytes)
    outcome.intent = {
      ...trimmed.intent,
      truncated: {
        totalBytes,
        ...(trimmed.previewBytes !== undefined ? { shownBytes: trimmed.previewBytes } : {}),
        reason: 'too large for the context, and the spill store failed',
      },
    }
    return undefined
  }
  outcome.content = spilledContent(outcome.content, preview.text, preview.bytes, totalBytes, path)
  const notice: Spill = { path, totalBytes }
  if (trimmed.previewBytes !== undefined) notice.previewBytes = trimmed.previewBytes
  outcome.intent = { ...trimmed.intent, spill: notice }
  return notice
}

/**
 * The model's content after a spill: one text block (a notice, the path, then the preview), followed by the
 * blocks that carry no text (images, audio, links, binary resources), which the size rule does not count.
 */
export function spilledContent(
  content: readonly ContentBlock[],
  preview: string,
  previewBytes: number,
  totalBytes: number,
  path: string,
): ContentBlock[] {
  const notice =
    `Output too large for the context (${n(totalBytes)} bytes). The whole output is saved at: ${path}\n` +
    `Preview (first ${n(previewBytes)} bytes):\n${preview}`
  const rest = content.filter((b) => b.type !== 'text' && !(b.type === 'resource' && 'text' in b.resource))
  return [{ type: 'text', text: notice }, ...rest]
}

/** The model's content when the store failed: the preview and a notice that the rest is gone. */
export function truncatedContent(
  content: readonly ContentBlock[],
  preview: string,
  previewBytes: number,
  totalBytes: number,
): ContentBlock[] {
  const notice =
    `Output too large for the context (${n(totalBytes)} bytes) and it could not be saved. ` +
    `Only the first ${n(previewBytes)} bytes are kept:\n${preview}`
  const rest = content.filter((b) => b.type !== 'text' && !(b.type === 'resource' && 'text' in b.resource))
  return [{ type: 'text', text: notice }, ...rest]
}

/**
 * Cuts the bulky field of a card's intent to `budget` UTF-8 bytes, so a spilled 50 MB result does not travel
 * to the UI either. Returns the new intent and the size of the preview it carries (`undefined` for a card
 * whose body cannot be cut without breaking it: `diff`).
 */
export function trimIntent(
  intent: RenderIntent,
  budget: number,
): { intent: RenderIntent; previewBytes?: number } {
  switch (intent.card) {
    case 'terminal': {
      const out = cutLines(intent.output ?? '', budget)
      const err = cutLines(intent.stderr ?? '', budget - out.bytes)
      const next = { ...intent }
      if (intent.output !== undefined) next.output = out.text
      if (intent.stderr !== undefined) next.stderr = err.text
      return { intent: next, previewBytes: out.bytes + err.bytes }
    }
    case 'read': {
      const whole = intent.content
      const cut = cutLines(whole, budget)
      const next = { ...intent, content: cut.text }
      if (cut.text.length < whole.length && intent.totalLines === undefined) {
        next.totalLines = (intent.startLine ?? 1) - 1 + countLines(whole)
      }
      return { intent: next, previewBytes: cut.bytes }
    }
    case 'generic': {
      if (intent.output === undefined) return { intent, previewBytes: 0 }
      const whole = typeof intent.output === 'string' ? intent.output : (JSON.stringify(intent.output) ?? '')
      const cut = cutUtf8(whole, budget)
      if (cut.text.length === whole.length) return { intent, previewBytes: cut.bytes }
      return { intent: { ...intent, output: cut.text }, previewBytes: cut.bytes }
    }
    case 'search': {
      let used = 0
      const kept: SearchMatch[] = []
      for (const m of intent.matches) {
        const size = utf8Bytes(m.path) + utf8Bytes(m.text ?? '')
        if (used + size > budget) break
        used += size
        kept.push(m)
      }
      const next = { ...intent, matches: kept }
      if (kept.length < intent.matches.length && intent.totalMatches === undefined) {
        next.totalMatches = intent.matches.filter((m) => !m.context).length
      }
      return { intent: next, previewBytes: used }
    }
    case 'web': {
      const excerpt = cutUtf8(intent.excerpt ?? '', budget)
      let used = excerpt.bytes
      const next = { ...intent }
      if (intent.excerpt !== undefined) next.excerpt = excerpt.text
      if (intent.results !== undefined) {
        const kept: WebResult[] = []
        for (const r of intent.results) {
          const size = utf8Bytes(r.url) + utf8Bytes(r.title) + utf8Bytes(r.snippet ?? '')
          if (used + size > budget) break
          used += size
          kept.push(r)
        }
        next.results = kept
      }
      return { intent: next, previewBytes: used }
    }
    case 'diff':
      return { intent }
    default:
      return intent satisfies never
  }
}

/** Like `cutUtf8`, but ends on a line break when the cut text holds at least one. */
function cutLines(s: string, budget: number): { text: string; bytes: number } {
  const cut = cutUtf8(s, budget)
  if (cut.text.length === s.length) return cut
  const nl = cut.text.lastIndexOf('\n')
  if (nl < 0) return cut
  const text = cut.text.slice(0, nl + 1)
  return { text, bytes: utf8Bytes(text) }
}

function countLines(s: string): number {
  if (s === '') return 0
  let lines = 1
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 10) lines++
  return s.endsWith('\n') ? lines - 1 : lines
}
