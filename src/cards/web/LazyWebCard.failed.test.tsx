// The web card's code cannot load (offline, a CSP that refuses the chunk): the generic card shows the call
// and the whole intent as data, and says why; nothing throws into the page.
import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { docsPage, webModel } from '../../../stories/fixtures/web'
import { CardRenderer } from '../CardRenderer'
import { loadWebCard } from '.'

vi.mock('./WebCard', () => {
  throw new Error('chunk refused')
})

describe('a web card whose code cannot load', () => {
  it('falls back to the generic card with the intent as data and a note', async () => {
    await expect(loadWebCard()).rejects.toThrow()
    const { container } = render(<CardRenderer model={webModel('w', docsPage)} />)
    expect(await screen.findByText(/The web card could not be loaded/)).toBeInTheDocument()
    const card = container.querySelector('[data-card]')
    expect(card).toHaveAttribute('data-card', 'generic')
    // the page's data is still there, as data
    expect(container.textContent).toContain('useDeferredValue – React')
    expect(container.textContent).toContain(docsPage.url)
  })
})
