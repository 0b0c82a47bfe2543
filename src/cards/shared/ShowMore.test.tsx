import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CardModel } from '../../protocol'
import { CardRenderer } from '../CardRenderer'
import { CHECKLIST_PAGE_SIZE } from '../generic/Checklist'
import { loadWebCard } from '../web'
import { WEB_RESULTS_PAGE_SIZE } from '../web/WebCard'

// Long lists that a host can send whole: a plan of 100,000 items, a web search of 10,000 results (found
// by a hostile-input sweep: 12 s and 2 s of rendering, 21 MB of server HTML). A page at first, then more
// on demand; the count of what is shown is said.

beforeAll(() => loadWebCard())

const model = (intent: unknown): CardModel =>
  ({ id: 'm', toolName: 'tool', args: {}, status: 'completed', intent }) as CardModel

describe('a long list shows a page, then more on demand', () => {
  it('a plan of 100,000 items', async () => {
    const items = Array.from({ length: 100_000 }, (_, i) => ({ text: `step ${i}`, status: 'pending' }))
    const { container } = render(<CardRenderer model={model({ card: 'generic', checklist: { items } })} />)
    const rows = () => container.querySelectorAll('.tc-checklist-item').length
    // (a big intent is checked in slices first)
    await waitFor(() => expect(rows()).toBe(CHECKLIST_PAGE_SIZE), { timeout: 5_000 })
    expect(screen.getByText(/100 of 100,000 shown\./)).toBeTruthy()
    // the heading still counts every item
    expect(container.textContent).toContain('0 of 100,000 done')
    fireEvent.click(screen.getByRole('button', { name: `Show ${CHECKLIST_PAGE_SIZE} more` }))
    expect(rows()).toBe(2 * CHECKLIST_PAGE_SIZE)
    fireEvent.click(screen.getByRole('button', { name: 'Show 1,000 more' }))
    expect(rows()).toBe(12 * CHECKLIST_PAGE_SIZE)
    expect(
      renderToString(<CardRenderer model={model({ card: 'generic', checklist: { items } })} />).length,
    ).toBeLessThan(200_000)
  })

  it('a web search of 10,000 results', async () => {
    const results = Array.from({ length: 10_000 }, (_, i) => ({
      url: `https://example.com/${i}`,
      title: `Result ${i}`,
    }))
    const { container } = render(
      <CardRenderer
        model={model({ card: 'web', url: 'https://search.example/?q=q', query: 'q', results })}
      />,
    )
    const links = () => container.querySelectorAll('.tc-web-result').length
    await waitFor(() => expect(links()).toBe(WEB_RESULTS_PAGE_SIZE), { timeout: 5_000 })
    expect(screen.getByText(/50 of 10,000 shown\./)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: `Show ${WEB_RESULTS_PAGE_SIZE} more` }))
    expect(links()).toBe(2 * WEB_RESULTS_PAGE_SIZE)
    // the header counts every result
    expect(container.textContent).toContain('10,000 results')
  })

  it('a short list shows whole, with no button', () => {
    const items = Array.from({ length: CHECKLIST_PAGE_SIZE }, (_, i) => ({
      text: `s${i}`,
      status: 'completed',
    }))
    const { container } = render(<CardRenderer model={model({ card: 'generic', checklist: { items } })} />)
    expect(container.querySelectorAll('.tc-checklist-item')).toHaveLength(CHECKLIST_PAGE_SIZE)
    expect(container.querySelector('.tc-show-more')).toBeNull()
  })
})
