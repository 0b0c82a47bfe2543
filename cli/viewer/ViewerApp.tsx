import { useEffect, useState } from 'react'
import { ToolcardsProvider } from '../../src/cards/host'
import { SessionView } from '../../src/cards/session'

export interface ViewerSession {
  file: string
  formatName: string
  events: unknown[]
  /** What the adapters could not read (from `fromAny`'s report), shown above the cards. */
  report?: { problem?: string }
}

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; session: ViewerSession }

/** The page `toolcards view` serves: fetches `/session.json` from the same server and shows its cards. */
export function ViewerApp({ src = './session.json' }: { src?: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  useEffect(() => {
    let live = true
    fetch(src, { credentials: 'same-origin' })
      .then((r) => {
        if (!r.ok) throw new Error(`the server answered ${r.status}`)
        return r.json() as Promise<ViewerSession>
      })
      .then((session) => {
        if (live) setLoad({ state: 'ready', session })
      })
      .catch((error: unknown) => {
        if (live) setLoad({ state: 'error', message: error instanceof Error ? error.message : String(error) })
      })
    return () => {
      live = false
    }
  }, [src])
  return <ViewerLayout load={load} />
}

export function ViewerLayout({ load }: { load: Load }) {
  return (
    <div className="tc-viewer" data-state={load.state}>
      <header className="tc-viewer-header">
        <h1 className="tc-viewer-title">{load.state === 'ready' ? load.session.file : 'toolcards'}</h1>
        {load.state === 'ready' ? <p className="tc-viewer-meta">{load.session.formatName}</p> : null}
      </header>
      <main className="tc-viewer-main">
        {load.state === 'loading' ? <p role="status">Loading the session…</p> : null}
        {load.state === 'error' ? (
          <p role="alert" className="tc-viewer-error">
            Could not load the session: {load.message}
          </p>
        ) : null}
        {load.state === 'ready' && load.session.report?.problem ? (
          <p role="status" className="tc-viewer-problem" data-slot="read-report">
            {load.session.report.problem}
          </p>
        ) : null}
        {load.state === 'ready' ? (
          <ToolcardsProvider>
            <SessionView
              events={load.session.events}
              followEnd={false}
              label={`Tool calls in ${load.session.file}`}
            />
          </ToolcardsProvider>
        ) : null}
      </main>
    </div>
  )
}
