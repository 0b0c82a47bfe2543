'use client'
import { type ComponentProps, useEffect, useState, useSyncExternalStore } from 'react'
import { ToolcardsProvider, type ToolcardsProviderProps } from '../cards/host'
import { SessionView, type SessionViewProps } from '../cards/session'
import { useSessionTexts } from '../cards/session/texts'
import { cx } from '../cards/shared/format'
import { VisibleText } from '../cards/shared/VisibleText'
import { UiStateProvider } from '../cards/ui-state'
import { type BridgeInfo, createWebviewBridge, type WebviewBridge, type WebviewBridgeOptions } from './bridge'

type SessionListProps = Omit<SessionViewProps, 'events' | 'store' | 'state' | 'foldOptions'>

export interface VsCodeSessionProps extends WebviewBridgeOptions, Omit<ComponentProps<'div'>, 'children'> {
  /** A bridge made by the caller (`createWebviewBridge`); by default one is made from the options. */
  bridge?: WebviewBridge
  /** Passed to `ToolcardsProvider` (the host callbacks themselves come from the bridge). */
  highlighter?: ToolcardsProviderProps['highlighter']
  allowRemoteImages?: boolean
  /** Passed to `SessionView`. */
  sessionProps?: SessionListProps
}

/**
 * A whole webview page: the session the extension sends (`replace`, `append`), the cards' actions sent
 * back as messages (`openPath`, `openUrl`, `copy`), and the UI state (expanded cards, diff views, scroll
 * position) kept with the page's `setState`, so a panel rebuilt after being hidden looks as it was.
 * Messages the page ignored are counted above the cards.
 *
 * ```tsx
 * import { VsCodeSession } from 'toolcards/webview'
 * import 'toolcards/styles.css'
 * createRoot(document.getElementById('root')!).render(<VsCodeSession />)
 * ```
 */
export function VsCodeSession({
  bridge: given,
  api,
  target,
  limits,
  foldOptions,
  onProblem,
  onOtherMessage,
  highlighter,
  allowRemoteImages,
  sessionProps,
  className,
  ...props
}: VsCodeSessionProps) {
  const [own] = useState(() =>
    given ? null : createWebviewBridge({ api, target, limits, foldOptions, onProblem, onOtherMessage }),
  )
  const bridge = given ?? own!
  useEffect(() => {
    bridge.start()
    return () => bridge.dispose()
  }, [bridge])
  const info = useSyncExternalStore(bridge.subscribe, bridge.getInfo, bridge.getInfo)
  return (
    <ToolcardsProvider
      {...bridge.host}
      {...(highlighter !== undefined ? { highlighter } : {})}
      {...(allowRemoteImages !== undefined ? { allowRemoteImages } : {})}
    >
      <UiStateProvider store={bridge.uiState}>
        <div {...props} className={cx('tc-webview', className)} data-slot="webview">
          <WebviewHeader info={info} />
          <TitledSession title={info.title} sessionProps={sessionProps} store={bridge.store} />
        </div>
      </UiStateProvider>
    </ToolcardsProvider>
  )
}

/** The session's list, named after the session (inside the provider, so in the host's labels). */
function TitledSession({
  title,
  sessionProps,
  store,
}: {
  title: string | undefined
  sessionProps: VsCodeSessionProps['sessionProps']
  store: WebviewBridge['store']
}) {
  const t = useSessionTexts()
  return (
    <SessionView
      label={title ? t.text('toolCallsIn', { title }) : t.text('toolCallsLabel')}
      {...sessionProps}
      store={store}
    />
  )
}

function WebviewHeader({ info }: { info: BridgeInfo }) {
  const t = useSessionTexts()
  if (info.title === undefined && info.problemCount === 0) return null
  return (
    <header className="tc-webview-header" data-slot="webview-header">
      {info.title !== undefined ? (
        <p className="tc-webview-title" data-slot="webview-title">
          <VisibleText text={info.title} />
        </p>
      ) : null}
      {info.problemCount > 0 ? (
        <details className="tc-session-problems" data-slot="webview-problems">
          <summary>{t.count('messagesIgnored', info.problemCount)}</summary>
          <ul>
            {info.problems.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: problems are only ever appended
              <li key={i}>{p}</li>
            ))}
          </ul>
          {info.problemCount > info.problems.length ? (
            <p>{t.count('moreNotListed', info.problemCount - info.problems.length)}</p>
          ) : null}
        </details>
      ) : null}
    </header>
  )
}
