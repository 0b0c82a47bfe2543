'use client'
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { errorMessage } from '../protocol'
import type { Highlighter } from '../text/highlight/types'

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
   * The user chose an option of a call awaiting approval. Without it, a card lists the options but offers
   * no buttons (nobody would receive the decision). A card calls it at most once per request; a throw or a
   * rejection is reported in the card and the buttons come back.
   */
  onDecision?: (callId: string, optionId: string) => void | Promise<void>
}

const HostContext = createContext<ToolcardsHost>({})

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
  onDecision,
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
    ],
  )
  return <HostContext.Provider value={value}>{children}</HostContext.Provider>
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
  return useMemo<CardActions>(
    () => ({
      canOpenPath: typeof host.onOpenPath === 'function',
      openPath(path, line) {
        if (!host.onOpenPath) return
        guard(report, `Opening ${path}`, () => host.onOpenPath?.(path, line))
      },
      openUrl(url) {
        guard(report, 'Opening the link', () => {
          if (host.onOpenUrl) return host.onOpenUrl(url)
          if (typeof window !== 'undefined') window.open(url, '_blank', 'noopener,noreferrer')
        })
      },
      async copy(text) {
        try {
          if (host.onCopy) await host.onCopy(text)
          else if (typeof navigator !== 'undefined' && navigator.clipboard)
            await navigator.clipboard.writeText(text)
          else throw new Error('no clipboard is available')
          return true
        } catch (error) {
          report(`Copy failed: ${errorMessage(error)}`)
          return false
        }
      },
      canDecide: typeof host.onDecision === 'function',
      async decide(callId, optionId) {
        try {
          if (!host.onDecision) throw new Error('the host takes no decisions')
          await host.onDecision(callId, optionId)
          return true
        } catch (error) {
          report(`Sending the decision failed: ${errorMessage(error)}`)
          return false
        }
      },
    }),
    [host, report],
  )
}

function guard(report: ReportProblem, what: string, fn: () => unknown): void {
  try {
    const r = fn()
    if (r && typeof (r as Promise<unknown>).then === 'function') {
      ;(r as Promise<unknown>).then(undefined, (error: unknown) =>
        report(`${what} failed: ${errorMessage(error)}`),
      )
    }
  } catch (error) {
    report(`${what} failed: ${errorMessage(error)}`)
  }
}
