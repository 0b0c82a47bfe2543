import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import {
  binaryLooking,
  corpusIntents,
  hostileLanguage,
  middleRange,
  readModel,
  smallTs,
  tenThousand,
  trojanSource,
} from '../../../stories/fixtures/read'
import { CardRenderer } from '../CardRenderer'
import { ToolcardsProvider } from '../host'
import { describeRange, looksBinary, READ_PREVIEW_LINES, splitLines } from './ReadCard'

describe('helpers', () => {
  it.each([
    [undefined, 15, undefined, '15 lines'],
    [undefined, 1, undefined, '1 line'],
    [1, 15, 15, '15 lines'],
    [120, 61, 2400, 'lines 120–180 of 2,400'],
    [1, 40, 50_000, 'lines 1–40 of 50,000'],
    [2_000, 5, undefined, 'lines 2,000–2,004'],
  ] as const)('describeRange(%s, %s, %s) = %s', (start, shown, total, text) => {
    expect(describeRange(start, shown, total)).toBe(text)
  })

  it('splitLines: a final newline ends the last line, it does not add one', () => {
    expect(splitLines('a\nb\n')).toEqual(['a', 'b'])
    expect(splitLines('a\r\nb')).toEqual(['a', 'b'])
    expect(splitLines('a\n\n')).toEqual(['a', ''])
    expect(splitLines('')).toEqual([''])
    expect(splitLines('x\ry')).toEqual(['x\ry'])
  })

  it('looksBinary', () => {
    expect(looksBinary(binaryLooking.content)).toBe(true)
    expect(looksBinary(smallTs.content)).toBe(false)
    expect(looksBinary(trojanSource.content)).toBe(false)
    expect(looksBinary('')).toBe(false)
  })
})

interface TestHost {
  onOpenPath?: () => void
  onCopy?: () => void
  highlighter?: null
}

/** Renders one read card. Tests that do not look at colour pass `highlighter: null` (no async work). */
function renderCard(intent: Parameters<typeof readModel>[1], host: TestHost = {}) {
  return render(
    <ToolcardsProvider {...host}>
      <CardRenderer model={readModel('r', intent)} />
    </ToolcardsProvider>,
  )
}

describe('ReadCard', () => {
  it('shows path, language, range; numbers from startLine open the file at that line', async () => {
    const onOpenPath = vi.fn()
    const { container } = renderCard(middleRange, { onOpenPath, highlighter: null })
    expect(container.querySelector('[data-slot="card-title"]')).toHaveTextContent('src/server/handlers.ts')
    // the file name stays whole where the path is cut; the whole path is the tooltip
    expect(container.querySelector('.tc-pathtext-name')).toHaveTextContent(/^handlers\.ts$/)
    expect(container.querySelector('[data-slot="path"]')).toHaveAttribute('title', 'src/server/handlers.ts')
    expect(screen.getByText('lines 120–180 of 2,400')).toBeInTheDocument()
    const numbers = [...container.querySelectorAll('[data-slot="line-number"]')].map((n) => n.textContent)
    // 61 lines: virtualized (jsdom, no layout: the first rows that fit), numbered on from 120
    expect(numbers.slice(0, 3)).toEqual(['120', '121', '122'])
    expect(numbers).toEqual(numbers.map((_, i) => String(120 + i)))
    await userEvent.click(screen.getByRole('button', { name: 'Open src/server/handlers.ts at line 150' }))
    expect(onOpenPath).toHaveBeenCalledWith('src/server/handlers.ts', 150)
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    expect(onOpenPath).toHaveBeenLastCalledWith('src/server/handlers.ts', 120)
  })

  it('a line is three elements before colour: the row, its number (the button that opens it), its code', () => {
    // Each element more per line is paid 24 times in the first render and layout of a preview.
    for (const onOpenPath of [undefined, vi.fn()]) {
      const { container, unmount } = renderCard(smallTs, { onOpenPath, highlighter: null })
      const row = container.querySelector('.tc-read-row')!
      expect([...row.children].map((c) => c.getAttribute('data-slot'))).toEqual(['line-number', 'code-line'])
      expect(row.querySelector('[data-slot="line-number"]')!.children).toHaveLength(0)
      expect(row.querySelector('[data-slot="line-number"]')!.tagName).toBe(onOpenPath ? 'BUTTON' : 'SPAN')
      unmount()
    }
  })

  it('paints plain text at once, then colours', async () => {
    const { container } = renderCard(smallTs)
    expect(container.textContent).toContain('export async function retry<T>')
    // no language until the default highlighter's table has loaded: never "Plain text" first
    expect(screen.queryByText('Plain text')).toBeNull()
    expect(await screen.findByText('TypeScript')).toHaveAttribute('data-slot', 'read-language')
    expect(container.querySelector('[data-tk]')).toBeNull()
    await waitFor(() => expect(container.querySelector('[data-tk="keyword"]')).not.toBeNull(), {
      timeout: 10_000,
    })
    const line4 = container.querySelector('[data-line="4"] [data-slot="code-line"]')
    expect(line4?.textContent).toBe(smallTs.content.split('\n')[3])
  })

  it('Trojan Source: markers in the page, a warning, the original text on copy', async () => {
    const onCopy = vi.fn()
    const { container } = renderCard(trojanSource, { onCopy })
    await waitFor(() => expect(container.querySelector('[data-tk]')).not.toBeNull(), { timeout: 10_000 })
    expect(screen.getByText(/bidirectional control characters/)).toBeInTheDocument()
    expect(container.textContent).toContain('<U+202E>')
    expect(container.textContent).toContain('<U+2066>')
    expect(container.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B]/)
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }))
    expect(onCopy).toHaveBeenCalledWith(trojanSource.content)
  })

  it('hostile language and path: plain text, no error', () => {
    const { container } = renderCard(hostileLanguage, { highlighter: null })
    expect(screen.getByText('Plain text')).toBeInTheDocument()
    expect(container.textContent).toContain('constructor.prototype.polluted = true')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('a 5 MB line is cut in the page (copy still gives all), and is not highlighted', async () => {
    const onCopy = vi.fn()
    const content = `const x = "${'y'.repeat(5 * 1024 * 1024)}"`
    const { container } = renderCard({ card: 'read', path: 'big.ts', content }, { onCopy, highlighter: null })
    expect(container.textContent?.length).toBeLessThan(20_000)
    expect(screen.getByText(/line cut: 5,242,892 characters/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }))
    expect(onCopy.mock.calls[0]?.[0]).toHaveLength(content.length)
  })

  it('long reads open as a preview; "Show all" shows a virtualized list', async () => {
    const { container } = renderCard(tenThousand(), { highlighter: null })
    expect(screen.getByText('10,000 lines')).toBeInTheDocument()
    expect(container.querySelectorAll('.tc-read-row')).toHaveLength(READ_PREVIEW_LINES)
    await userEvent.click(screen.getByRole('button', { name: 'Show all 10,000 lines' }))
    const content = container.querySelector('[data-slot="read-content"]')
    expect(content).toHaveAttribute('data-view', 'all')
    // jsdom has no layout: the virtualizer keeps at most a first window (Chromium: see the story)
    expect(container.querySelectorAll('.tc-read-row').length).toBeLessThan(100)
    expect(
      within(content as HTMLElement).getByRole('group', { name: /Contents of src\/generated\/handlers.ts/ }),
    ).toBeInTheDocument()
  })

  it('wrap toggles data-wrap', async () => {
    const { container } = renderCard(smallTs, { highlighter: null })
    const wrap = screen.getByRole('button', { name: 'Wrap' })
    expect(container.querySelector('[data-slot="read-content"]')).not.toHaveAttribute('data-wrap')
    await userEvent.click(wrap)
    expect(wrap).toHaveAttribute('aria-pressed', 'true')
    expect(container.querySelector('[data-slot="read-content"]')).toHaveAttribute('data-wrap', '')
  })

  it('without a host onOpenPath, numbers are plain text', () => {
    renderCard(smallTs, { highlighter: null })
    expect(screen.queryByRole('button', { name: /at line/ })).toBeNull()
  })

  it('binary-looking content: "binary, N bytes", no wall of markers; shown as text on request', async () => {
    const { container } = renderCard(binaryLooking)
    const notice = container.querySelector('[data-slot="read-binary"]')!
    expect(notice.textContent).toMatch(/^Binary data, [\d.,]+ (B|KB): not shown\./)
    expect(container.querySelector('[data-slot="invisible-marker"]')).toBeNull()
    expect(container.querySelector('[data-slot="read-content"]')).toBeNull()
    expect(container.querySelector('[data-slot="read-language"]')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Show as text' }))
    expect(container.querySelector('[data-slot="read-content"]')).not.toBeNull()
    expect(screen.getByText('Binary')).toBeInTheDocument()
    expect(container.querySelectorAll('[data-slot="invisible-marker"]').length).toBeGreaterThan(0)
    expect(container.textContent).not.toContain('\u0000')
  })

  it('renders on the server as plain text, with no raw control characters', () => {
    const html = renderToString(<CardRenderer model={readModel('ssr', trojanSource)} />)
    expect(html).toContain('src/auth/check.js')
    expect(html).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/)
    expect(html).not.toContain('data-tk')
  })

  it('real reads from the corpus render with their real line numbers', () => {
    for (const intent of corpusIntents) {
      const { container, unmount } = renderCard(intent, { highlighter: null })
      const first = container.querySelector('[data-slot="line-number"]')?.textContent
      expect(first).toBe(String(intent.startLine))
      unmount()
    }
  })
})
