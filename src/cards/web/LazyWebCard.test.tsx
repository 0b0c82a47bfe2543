// The web card loads on first use (LazyWebCard.tsx). This file loads nothing first: each test file runs in
// a module registry of its own, so the first render here is the one a page's first web card gets.
import { render, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { docsPage, webModel, webSearch } from '../../../stories/fixtures/web'
import { CardRenderer } from '../CardRenderer'
import { LABELS_EN } from '../labels'
import { loadWebCard } from '.'
import { WebCardLoading } from './LazyWebCard'

describe('the web card, loaded on first use', () => {
  it('shows its frame (title, URL, status) until its code has loaded, then the page, and nothing is lost', async () => {
    const serverBefore = renderToString(<CardRenderer model={webModel('s', docsPage)} />)
    const { container } = render(<CardRenderer model={webModel('w', docsPage)} />)
    const card = container.querySelector('[data-card="web"]')
    expect(card).not.toBeNull()
    expect(card).toHaveAttribute('data-loading')
    expect(card?.textContent).toContain(docsPage.url)
    expect(card).toHaveAttribute('data-status', 'completed')
    expect(card?.textContent).toContain(LABELS_EN.status.completed)
    // the page's own text is not there yet
    expect(screen.queryByText('useDeferredValue – React')).toBeNull()
    // on the server, before the code loaded: the same frame
    expect(serverBefore).toContain('data-loading')
    expect(serverBefore).not.toContain('useDeferredValue – React')

    expect(await screen.findByText('useDeferredValue – React')).toBeInTheDocument()
    await waitFor(() =>
      expect(container.querySelector('[data-card="web"]')).not.toHaveAttribute('data-loading'),
    )
    expect(container.querySelector('[data-card="web"]')).toHaveAttribute('data-outcome', 'ok')
  })

  it('shows the first 500 characters of a URL of a megabyte in its frame (BAD-INPUTS: huge strings)', () => {
    const url = `https://example.com/${'a'.repeat(1_000_000)}`
    const intent = { card: 'web' as const, url }
    const { container } = render(<WebCardLoading model={webModel('huge', intent)} intent={intent} />)
    const code = container.querySelector('[data-card="web"][data-loading] .tc-web-query')
    expect(code?.textContent).toBe(`${url.slice(0, 500)}…`)
  })

  it('once loaded, renders a web card in the first pass, on the client and on the server', async () => {
    await loadWebCard()
    const html = renderToString(<CardRenderer model={webModel('s', webSearch)} />)
    expect(html).not.toContain('data-loading')
    expect(html).toContain('TanStack Virtual')
    const { container } = render(<CardRenderer model={webModel('w', webSearch)} />)
    // synchronously, without waiting
    expect(container.querySelector('[data-card="web"]')).not.toHaveAttribute('data-loading')
    expect(screen.getByRole('link', { name: 'TanStack Virtual' })).toBeInTheDocument()
  })
})
