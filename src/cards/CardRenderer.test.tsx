import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { failedModel, hostileModel, largeModel, smallModel } from '../../stories/fixtures/generic'
import { type CardModel, LIMITS } from '../protocol'
import { CardRenderer } from './CardRenderer'
import { CardExpansionContext, CardFrame } from './frame/CardFrame'
import { ToolcardsProvider, useCardActions } from './host'

const base: CardModel = { id: 'c1', toolName: 'custom_tool', args: { q: 'x' }, status: 'completed' }

describe('CardRenderer fallback', () => {
  it('no intent: generic card titled with the tool name, raw arguments as input', () => {
    render(<CardRenderer model={{ ...base, args: { path: 'src/a.ts', lines: 20 } }} />)
    const card = screen.getByRole('article', { name: 'custom_tool' })
    expect(card).toHaveAttribute('data-card', 'generic')
    expect(within(card).getByText('"src/a.ts"', { exact: false })).toBeInTheDocument()
    expect(within(card).getByText('20')).toBeInTheDocument()
  })

  it('invalid intent: generic card with readable problems and JSON paths', () => {
    render(
      <CardRenderer model={{ ...base, intent: { card: 'read', path: 9, content: 'x', startLine: -3 } }} />,
    )
    const card = screen.getByRole('article', { name: 'custom_tool' })
    expect(within(card).getByText('Invalid render intent:')).toBeInTheDocument()
    expect(within(card).getByText('$.path')).toBeInTheDocument()
    expect(within(card).getByText('$.startLine')).toBeInTheDocument()
    expect(card.textContent).toMatch(/expected string, got number/)
  })

  it('unknown card: names the card and lists the known ones', () => {
    render(<CardRenderer model={{ ...base, intent: { card: 'hologram' } }} />)
    expect(
      screen.getByText(/unknown card "hologram"; expected one of generic, terminal, diff, read, search, web/),
    ).toBeInTheDocument()
  })

  it('truncated JSON text as intent: "is not valid JSON"', () => {
    render(<CardRenderer model={{ ...base, intent: '{"card":"web","url":"htt' }} />)
    expect(screen.getByText(/is not valid JSON/)).toBeInTheDocument()
  })

  it('a failed call shows its error text and a failed status', () => {
    render(<CardRenderer model={failedModel} />)
    const card = screen.getByRole('article', { name: 'deploy_service' })
    expect(card).toHaveAttribute('data-status', 'failed')
    expect(within(card).getByText(/permission denied/)).toBeInTheDocument()
    expect(within(card).getByText('Failed')).toBeInTheDocument()
    expect(within(card).getByText('12 s')).toBeInTheDocument()
  })
})

describe('error boundary per card (BAD-INPUTS 23)', () => {
  it('a card that throws (and whose error card throws too) is reported in its place; neighbours render', () => {
    const spy = vi.mocked(console.error).mockImplementation(() => {})
    // Checked envelopes and intents leave a card no bad value to throw on, so a card is made to throw by
    // a host's expansion context whose value explodes when a card frame reads it: the card's own frame
    // and the error card's frame both throw, and the boundary's last fallback (plain text) shows.
    const exploding = {
      expanded: true,
      get generation(): number {
        throw new Error('context exploded')
      },
    }
    const onCardError = vi.fn()
    render(
      <div>
        <CardRenderer model={{ ...base, id: 'a', toolName: 'before' }} />
        <CardExpansionContext.Provider value={exploding}>
          <CardRenderer
            model={{ ...base, id: 'bad', toolName: 'broken', args: { path: 'src/x.ts' } }}
            onCardError={onCardError}
          />
        </CardExpansionContext.Provider>
        <CardRenderer model={{ ...base, id: 'b', toolName: 'after' }} />
      </div>,
    )
    expect(screen.getByRole('article', { name: 'before' })).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'after' })).toBeInTheDocument()
    const crashed = screen.getByRole('article', { name: 'Card failed' })
    expect(crashed).toHaveAttribute('data-crashed', '')
    expect(within(crashed).getByRole('alert')).toHaveTextContent(
      'This card failed to render (broken, id bad): context exploded',
    )
    expect(onCardError).toHaveBeenCalledWith(expect.objectContaining({ message: 'context exploded' }), 'bad')
    spy.mockRestore()
  })
})

describe('host callbacks (BAD-INPUTS 24)', () => {
  it('a throwing onCopy is caught and reported in the card', async () => {
    const onCopy = vi.fn((_text: string) => {
      throw new Error('clipboard locked')
    })
    render(
      <ToolcardsProvider onCopy={onCopy}>
        <CardRenderer model={smallModel} />
      </ToolcardsProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }))
    expect(onCopy).toHaveBeenCalledTimes(1)
    expect(onCopy.mock.calls[0]?.[0]).toContain('"city": "Lisbon"')
    expect(await screen.findByRole('alert')).toHaveTextContent('Copy failed: clipboard locked')
  })

  it('a rejecting onOpenPath and a throwing onOpenUrl are reported, not thrown', async () => {
    render(
      <ToolcardsProvider
        onOpenPath={() => Promise.reject(new Error('no editor'))}
        onOpenUrl={() => {
          throw new Error('blocked')
        }}
      >
        <CardFrame model={base} kind="generic" title="t">
          <Buttons />
        </CardFrame>
      </ToolcardsProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'open url' }))
    expect(await screen.findByText('Opening the link failed: blocked')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'open path' }))
    expect(await screen.findByText('Opening src/a.ts failed: no editor')).toBeInTheDocument()
  })
})

function Buttons() {
  const { openPath, openUrl } = useCardActions()
  return (
    <>
      <button type="button" onClick={() => openPath('src/a.ts', 3)}>
        open path
      </button>
      <button type="button" onClick={() => openUrl('https://example.com/')}>
        open url
      </button>
    </>
  )
}

describe('card frame', () => {
  it('toggles with Enter and Space, exposing aria-expanded and data-state', async () => {
    render(<CardRenderer model={smallModel} />)
    const toggle = screen.getByRole('button', { name: /lookup_weather/ })
    const card = screen.getByRole('article')
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    toggle.focus()
    await userEvent.keyboard('{Enter}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(card).toHaveAttribute('data-state', 'collapsed')
    await userEvent.keyboard(' ')
    expect(card).toHaveAttribute('data-state', 'expanded')
  })

  it('shows truncation and spill notices, with Open through the host', async () => {
    const onOpenPath = vi.fn()
    render(
      <ToolcardsProvider onOpenPath={onOpenPath}>
        <CardRenderer
          model={{
            ...base,
            intent: {
              card: 'generic',
              output: 'preview…',
              spill: { path: '/tmp/tool-results/abc.txt', totalBytes: 144_694, previewBytes: 2048 },
            },
          }}
        />
      </ToolcardsProvider>,
    )
    expect(screen.getByText('Output cut: showing 2 KB of 141 KB.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    expect(onOpenPath).toHaveBeenCalledWith('/tmp/tool-results/abc.txt', undefined)
  })
})

describe('a string over the size limit (BAD-INPUTS 4, promise 6)', () => {
  // one field of 17 MB: the check cuts it to 16 MB and every card, not only the generic one, says so
  const big = 'x'.repeat(LIMITS.maxStringSize + 1024 * 1024)
  it.each([
    ['terminal', { card: 'terminal', command: 'cat big.log', output: big }, '$.output'],
    ['read', { card: 'read', path: 'big.txt', content: big }, '$.content'],
    [
      'diff',
      { card: 'diff', files: [{ path: 'big.txt', newText: big, oldText: null }] },
      '$.files[0].newText',
    ],
    [
      'search',
      { card: 'search', query: 'x', mode: 'content', matches: [{ path: 'a', line: 1, text: big }] },
      '$.matches[0].text',
    ],
    ['web', { card: 'web', url: 'https://example.com/', excerpt: big }, '$.excerpt'],
    ['generic', { card: 'generic', output: big }, '$.output'],
  ])('%s: the card says which field was cut, from what size to what', (_, intent, path) => {
    const { container } = render(
      <ToolcardsProvider highlighter={null}>
        <CardRenderer model={{ ...base, intent: intent as CardModel['intent'] }} />
      </ToolcardsProvider>,
    )
    const card = container.querySelector('[data-card]') as HTMLElement
    expect(card).not.toBeNull()
    expect(within(card).getByText(path)).toBeInTheDocument()
    expect(card.textContent).toContain('string of 17 MB cut to the first 16 MB')
  })
})

describe('JSON tree (BAD-INPUTS 22)', () => {
  it('a 1,000,000-item array renders one page and grows by pages', async () => {
    const { container } = render(<CardRenderer model={largeModel()} />)
    // the 1,000,000 items are checked in slices first
    expect(await screen.findByText('[ 1,000,000 items ]', undefined, { timeout: 20_000 })).toBeInTheDocument()
    expect(screen.getByText('100 of 1,000,000 shown.')).toBeInTheDocument()
    const before = container.querySelectorAll('li').length
    expect(before).toBeLessThan(300)
    fireEvent.click(screen.getAllByRole('button', { name: 'Show 1,000 more' })[1]!)
    expect(screen.getByText('1,100 of 1,000,000 shown.')).toBeInTheDocument()
  })

  it('a 10,000-key object renders 100 keys at first', async () => {
    render(<CardRenderer model={largeModel()} />)
    expect(
      (await screen.findAllByText('{ 10,000 keys }', undefined, { timeout: 20_000 })).length,
    ).toBeGreaterThan(0)
    expect(screen.getByText('100 of 10,000 shown.')).toBeInTheDocument()
  })

  it('long strings are cut with "show all"', async () => {
    render(<CardRenderer model={{ ...base, args: { text: 'a'.repeat(5000) } }} />)
    const button = screen.getByRole('button', { name: 'Show all 5,000 characters' })
    await userEvent.click(button)
    expect(screen.getByRole('button', { name: 'Show less' })).toBeInTheDocument()
  })
})

describe('no tool-provided string reaches HTML parsing', () => {
  it('XSS payloads in tool name, arguments and output render as text only', () => {
    const { container } = render(<CardRenderer model={hostileModel} />)
    expect(container.querySelector('img, script, iframe, style, a')).toBeNull()
    expect(container.querySelectorAll('svg').length).toBe(container.querySelectorAll('svg[data-slot]').length)
    for (const el of container.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) {
        expect(attr.startsWith('on')).toBe(false)
        expect(el.getAttribute(attr) ?? '').not.toMatch(/javascript:|onerror|onload/i)
      }
    }
    expect(screen.getByText('<img src=x onerror="alert(1)">')).toBeInTheDocument()
    expect(container.textContent).toContain('<svg onload=alert(3)></svg>')
  })

  it('control characters, NUL and lone surrogates become visible markers (BAD-INPUTS 6)', () => {
    const { container } = render(
      <CardRenderer
        model={{
          ...base,
          toolName: 'odd\u0000name',
          intent: { card: 'generic', output: 'a\u202Eb\ud800c\u0007' },
        }}
      />,
    )
    expect(container.textContent).not.toMatch(/[\u0000\u202E\u0007]/)
    expect(container.textContent).toContain('<U+202E>')
    expect(container.textContent).toContain('<U+D800>')
    expect(container.textContent).toContain('<U+0000>')
  })
})

describe('streaming a model through states', () => {
  it('rerenders from pending to completed without remounting the frame', () => {
    const { rerender } = render(<CardRenderer model={{ ...base, status: 'pending' }} />)
    const card = screen.getByRole('article')
    expect(card).toHaveAttribute('data-status', 'pending')
    act(() => rerender(<CardRenderer model={{ ...base, status: 'completed', durationMs: 40 }} />))
    expect(screen.getByRole('article')).toHaveAttribute('data-status', 'completed')
    expect(screen.getByText('40 ms')).toBeInTheDocument()
  })
})
