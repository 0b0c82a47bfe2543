'use client'
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { errorMessage } from '../protocol'
import type { Highlighter } from '../text/highlight/types'
import { LABELS_EN_BASE, type LabelOverrides, mergeLabels } from './labels'
import { createTexts, DEFAULT_TEXTS, type Texts } from './shared/format'

/**
 * What the host application lets cards do. Every callback is optional; without one the kit falls back
 * to a sensible default (open URLs in a new tab with noopener, copy with the Clipboard API) or hides the
 * action (open a path). A VS Code webview forwards these with `postMessage`.
 */
export interface ToolcardsHost {
  /** Open a file, optionally at a 1-based line. Without it, paths are not clickable. */
  onOpenPath?: (path: string, line?: number) => void
  /** Open a URL that passed `judgeUrl`. Without it, links open in a new tab (`noopener noreferrer`). */
  onOpenUrl?: (url: string) => void
  /** Copy text. Without it, `navigator.clipboard.writeText` is used. */
  onCopy?: (text: string) => void | Promise<void>
  /** A highlighter to use instead of the default shiki service; `null` turns highlighting off. */
  highlighter?: Highlighter | null
  /** Let web cards load remote images (off by default: no request leaves the page unless allowed). */
  allowRemoteImages?: boolean
  /** Remember the diff view per card; called when the user toggles it. */
  onDiffViewChange?: (view: 'unified' | 'split', cardId: string) => void
  /** The diff view cards start in. */
  defaultDiffView?: 'unified' | 'split'
  /**
   * Replacement texts for any UI string (status labels, buttons, notices, counts): a whole table such as
   * the kit's `LABELS_ZH_CN`, or any part of one; the rest stay English (`LABELS_EN` lists every key).
   * @default LABELS_EN
   */
  labels?: LabelOverrides
  /**
   * The locale (BCP 47, e.g. `zh-CN`) numbers, sizes and durations are formatted in, and plurals chosen
   * by. Never the machine's. It does not translate by itself: pass `labels` too (`LABELS_ZH_CN`).
   * @default 'en-US'
   */
  locale?: string
  /**
   * The user chose an option of a call awaiting approval. Without it, a card lists the options but offers
   * no buttons (nobody would receive the decision). A card calls it at most once per request; a throw or a
   * rejection is reported in the card and the buttons come back.
   */
  onDecision?: (callId: string, optionId: string) => void | Promise<void>
  /**
   * The level of each card's title as a heading (1-6), so that a screen reader's heading keys move from
   * card to card: one below the host's own heading over the cards (a page's `h1`, by default). Anything
   * else than a whole number from 1 to 6 counts as the default.
   * @default 2
   */
  headingLevel?: number
}

const HostContext = createContext<ToolcardsHost>({})
const TextsContext = createContext<Texts>(DEFAULT_TEXTS)

/** The level of the cards' title headings (`headingLevel`: a whole number from 1 to 6, else 2). */
export function useHeadingLevel(): number {
  const asked = useContext(HostContext).headingLevel
  return Number.isInteger(asked) && asked! >= 1 && asked! <= 6 ? asked! : 2
}

export interface ToolcardsProviderProps extends ToolcardsHost {
  children?: ReactNode
}

/** Gives every card below it the host's callbacks and services. */
export function ToolcardsProvider({
  children,
  onOpenPath,
  onOpenUrl,
  onCopy,
  highlighter,
  allowRemoteImages,
  onDiffViewChange,
  defaultDiffView,
  labels,
  locale,
  onDecision,
  headingLevel,
}: ToolcardsProviderProps) {
  const value = useMemo<ToolcardsHost>(
    () => ({
      onOpenPath,
      onOpenUrl,
      onCopy,
      highlighter,
      allowRemoteImages,
      onDiffViewChange,
      defaultDiffView,
      onDecision,
      headingLevel,
    }),
    [
      onOpenPath,
      onOpenUrl,
      onCopy,
      highlighter,
      allowRemoteImages,
      onDiffViewChange,
      defaultDiffView,
      onDecision,
      headingLevel,
    ],
  )
  // Keyed by content: a host that writes `labels={{ ... }}` inline does not re-render every card each time.
  const labelsKey = labels === undefined ? '' : contentKey(labels)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `labelsKey` stands for `labels`
  const texts = useMemo(() => {
    if (labels === undefined && locale === undefined) return DEFAULT_TEXTS
    const tag = locale ?? 'en-US'
    return createTexts(tag, mergeLabels(LABELS_EN_BASE, labels))
  }, [labelsKey, locale])
  return (
    <HostContext.Provider value={value}>
      <TextsContext.Provider value={texts}>{children}</TextsContext.Provider>
    </HostContext.Provider>
  )
}

const identities = new WeakMap<object, number>()
let lastIdentity = 0

function contentKey(value: object): string {
  try {
    return JSON.stringify(value) ?? ''
  } catch {
    // not JSON (a cycle, a getter that throws): keyed by identity instead
    let id = identities.get(value)
    if (id === undefined) {
      id = ++lastIdentity
      identities.set(value, id)
    }
    return `#${id}`
  }
}

/** The labels and the formatter of the host's locale (English in `en-US` outside a provider). */
export function useTexts(): Texts {
  return useContext(TextsContext)
}

/** The raw host (callbacks unwrapped). Cards should prefer `useCardActions`. */
export function useHost(): ToolcardsHost {
  return useContext(HostContext)
}

/** Reports a failed action to the card it happened in (set by `CardFrame`). */
export type ReportProblem = (message: string) => void
export const CardProblemContext = createContext<ReportProblem>(() => {})

export interface CardActions {
  /** True when the host can open paths. */
  canOpenPath: boolean
  openPath: (path: string, line?: number) => void
  /** Opens a URL; refuses (and reports) anything but http/https/mailto. The caller judged it already. */
  openUrl: (url: string) => void
  /** Copies text; resolves to true on success. */
  copy: (text: string) => Promise<boolean>
  /** True when the host receives approval decisions. */
  canDecide: boolean
  /** Sends a decision to the host; resolves to true when the host took it (did not throw or reject). */
  decide: (callId: string, optionId: string) => Promise<boolean>
}

/**
 * The host callbacks, wrapped so that a callback that throws (or rejects) is caught and reported in the
 * card it came from, never in the page.
 */
export function useCardActions(): CardActions {
  const host = useHost()
  const report = useContext(CardProblemContext)
  const t = useTexts()
  return useMemo<CardActions>(
    () => ({
      canOpenPath: typeof host.onOpenPath === 'function',
      openPath(path, line) {
        if (!host.onOpenPath) return
        guard(
          report,
          (message) => t.text('openPathFailed', { path, message }),
          () => host.onOpenPath?.(path, line),
        )
      },
      openUrl(url) {
        guard(
          report,
          (message) => t.text('openLinkFailed', { message }),
          () => {
            if (host.onOpenUrl) return host.onOpenUrl(url)
            if (typeof window !== 'undefined') window.open(url, '_blank', 'noopener,noreferrer')
          },
        )
      },
      async copy(text) {
        try {
          if (host.onCopy) await host.onCopy(text)
          else if (typeof navigator !== 'undefined' && navigator.clipboard)
            await navigator.clipboard.writeText(text)
          else throw new Error(t.text('noClipboard'))
          return true
        } catch (error) {
          report(t.text('copyFailed', { message: errorMessage(error) }))
          return false
        }
      },
      canDecide: typeof host.onDecision === 'function',
      async decide(callId, optionId) {
        try {
          if (!host.onDecision) throw new Error(t.text('noDecisions'))
          await host.onDecision(callId, optionId)
          return true
        } catch (error) {
          report(t.text('decisionFailed', { message: errorMessage(error) }))
          return false
        }
      },
    }),
    [host, report, t],
  )
}

function guard(report: ReportProblem, failed: (message: string) => string, fn: () => unknown): void {
  try {
    const r = fn()
    if (r && typeof (r as Promise<unknown>).then === 'function') {
      ;(r as Promise<unknown>).then(undefined, (error: unknown) => report(failed(errorMessage(error))))
    }
  } catch (error) {
    report(failed(errorMessage(error)))
  }
}
