// The host's own app, rendered once at page load (bench/scenarios, bench/session): a host renders its
// React tree before any card arrives, so React's first render of the page (and, in a new renderer
// process, the compiling of React's own render code) is the host's, not inside a card's window.
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'

function AppShell() {
  return (
    <header className="bench-shell" style={{ display: 'flex', gap: 8, alignItems: 'center', height: 32 }}>
      <h1 style={{ fontSize: 14, margin: 0 }}>Agent chat</h1>
      <nav style={{ display: 'flex', gap: 4 }}>
        {['Sessions', 'Settings', 'Help'].map((label) => (
          <button key={label} type="button">
            {label}
          </button>
        ))}
      </nav>
    </header>
  )
}

/** Renders the host's shell above `before` (the element the cards go into). */
export function renderAppShell(before: Element): void {
  const host = document.createElement('div')
  before.before(host)
  flushSync(() => createRoot(host).render(<AppShell />))
}
