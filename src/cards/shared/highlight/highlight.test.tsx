import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HighlightDocument, Highlighter, TokenLine } from '../../../text/highlight/types'
import { ToolcardsProvider } from '../../host'
import { LABELS_EN } from '../../labels'
import { HighlightedLine, tokenSpanProps } from './TokenLine'
import { FIRST_REQUEST_IDLE_MS, useHighlightedLines } from './useHighlightedLines'

describe('HighlightedLine', () => {
  it('renders default-theme tokens as data-tk spans with no inline style', () => {
    const tokens: TokenLine = [
      { content: 'const', light: 'var(--tc-syntax-keyword)', dark: 'var(--tc-syntax-keyword)' },
      { content: ' a = ' },
      { content: '"x"', light: 'var(--tc-syntax-string)', dark: 'var(--tc-syntax-string)', fontStyle: 1 },
    ]
    const { container } = render(<HighlightedLine text={'const a = "x"'} tokens={tokens} />)
    const line = container.querySelector('[data-slot="code-line"]')
    expect(line).toHaveAttribute('data-highlighted', '')
    expect(line?.textContent).toBe('const a = "x"')
    expect(container.querySelector('[data-tk="keyword"]')?.textContent).toBe('const')
    expect(container.querySelector('[data-tk="string"]')).toHaveClass('tc-token-italic')
    expect(container.querySelector('[style]')).toBeNull()
  })

  it('puts a host theme pair into two custom properties', () => {
    const { container } = render(
      <HighlightedLine text="if" tokens={[{ content: 'if', light: '#d73a49', dark: '#f97583' }]} />,
    )
    const span = container.querySelector('[data-tk="custom"]') as HTMLElement
    expect(span.style.getPropertyValue('--tc-tk-light')).toBe('#d73a49')
    expect(span.style.getPropertyValue('--tc-tk-dark')).toBe('#f97583')
  })

  it('drops colours that are not colours', () => {
    expect(tokenSpanProps({ content: 'x', light: 'url(https://evil.example/x.png)' })).toEqual({})
    expect(tokenSpanProps({ content: 'x', light: 'red; background: url(x)' })).toEqual({})
    expect(tokenSpanProps({ content: 'x', light: 'expression(alert(1))' })).toEqual({})
    // an unknown kind is not a data-tk value; it stays an ordinary (custom) colour
    expect(tokenSpanProps({ content: 'x', light: 'var(--tc-syntax-constructor)' })['data-tk']).toBe('custom')
  })

  it('shows bidi controls inside a token as markers; the raw character never reaches the DOM', () => {
    const text = 'x = "\u202E// admin"'
    const tokens: TokenLine = [
      { content: 'x = ' },
      { content: '"\u202E// admin"', light: 'var(--tc-syntax-string)', dark: 'var(--tc-syntax-string)' },
    ]
    const { container } = render(<HighlightedLine text={text} tokens={tokens} />)
    expect(container.textContent).not.toContain('\u202E')
    expect(container.textContent).toContain('<U+202E>')
    expect(container.querySelector('[data-slot="invisible-marker"][data-bidi]')).not.toBeNull()
  })

  it('writes uncoloured pieces as bare text, one element per coloured token only', () => {
    const tokens: TokenLine = [
      { content: '  ' },
      { content: 'return', light: 'var(--tc-syntax-keyword)', dark: 'var(--tc-syntax-keyword)' },
      { content: ' a ' },
      { content: '+', fontStyle: 2 },
      { content: ' \u200Bb' },
    ]
    const { container } = render(<HighlightedLine text={'  return a + \u200Bb'} tokens={tokens} />)
    const line = container.querySelector('[data-slot="code-line"]') as HTMLElement
    // keyword, the bold '+', and the marker's own wrapper for the zero-width space: no span for '  ' or ' a '
    expect([...line.children].map((c) => c.getAttribute('data-tk') ?? c.className)).toEqual([
      'keyword',
      'tc-token-bold',
      '',
    ])
    expect(line.firstChild?.nodeType).toBe(Node.TEXT_NODE)
    expect(line.textContent).toBe('  return a + <U+200B>b')
    expect(line.querySelector('[data-slot="invisible-marker"]')).not.toBeNull()
  })

  it('falls back to the plain text when the tokens are not those of the line', () => {
    const { container } = render(<HighlightedLine text="abc" tokens={[{ content: 'abd', light: '#000' }]} />)
    expect(container.textContent).toBe('abc')
    expect(container.querySelector('[data-tk]')).toBeNull()
  })
})

function Probe({ lines, path, language }: { lines: string[]; path?: string; language?: string }) {
  const {
    tokens,
    language: lang,
    languagePending,
    notice,
  } = useHighlightedLines(lines, {
    ...(path !== undefined ? { path } : {}),
    ...(language !== undefined ? { language } : {}),
  })
  return (
    <div data-language={languagePending ? 'pending' : (lang ?? 'plain')}>
      {lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed test lines
        <HighlightedLine key={i} text={l} tokens={tokens[i]} />
      ))}
      {notice ? <p>{notice}</p> : null}
    </div>
  )
}

describe('useHighlightedLines', () => {
  const lines = ['export function add(a: number, b: number) {', '  return a + b // sum', '}']

  it('paints plain text first, then colours from the default shiki service', async () => {
    const { container } = render(<Probe lines={lines} path="src/add.ts" />)
    // the page's first lookup: the languages' table loads (import()), the lines show plain meanwhile
    expect(container.firstElementChild).toHaveAttribute('data-language', 'pending')
    expect(container.textContent).toBe(lines.join(''))
    await waitFor(() => expect(container.firstElementChild).toHaveAttribute('data-language', 'typescript'))
    expect(container.querySelector('[data-tk]')).toBeNull()
    expect(container.textContent).toContain('return a + b // sum')
    await waitFor(() => expect(container.querySelector('[data-tk="keyword"]')).not.toBeNull(), {
      timeout: 10_000,
    })
    expect(screen.getByText('// sum')).toHaveAttribute('data-tk', 'comment')
    expect(container.textContent).toBe(lines.join(''))
  })

  it('hostile or unknown languages stay plain', async () => {
    const { container } = render(<Probe lines={['constructor()']} path="../x" language="__proto__" />)
    await waitFor(() => expect(container.firstElementChild).toHaveAttribute('data-language', 'plain'))
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50))
    })
    expect(container.querySelector('[data-tk]')).toBeNull()
  })

  it('highlighter: null in the provider turns highlighting off', async () => {
    const { container } = render(
      <ToolcardsProvider highlighter={null}>
        <Probe lines={lines} path="a.ts" />
      </ToolcardsProvider>,
    )
    expect(container.firstElementChild).toHaveAttribute('data-language', 'plain')
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50))
    })
    expect(container.querySelector('[data-tk]')).toBeNull()
  })

  it('uses the host highlighter, asking only for what is needed, and shows its notice', async () => {
    const asked: Array<[number, number]> = []
    const host: Highlighter = {
      resolveLanguage: (hint) => (hint.path?.endsWith('.upper') ? 'upper' : null),
      async highlight(doc: HighlightDocument, start: number, end: number) {
        asked.push([start, end])
        return doc.lines
          .slice(start, end)
          .map((l) => (l.length > 10 ? null : [{ content: l, light: '#123456' }]))
      },
      notice: () => ({ reason: 'line-too-long', message: 'Long lines stay plain.' }),
    }
    const { container } = render(
      <ToolcardsProvider highlighter={host}>
        <Probe lines={['short', 'a much longer line']} path="x.upper" />
      </ToolcardsProvider>,
    )
    // a notice of a known reason is worded by the labels table (translatable), not by the highlighter
    expect(await screen.findByText(LABELS_EN.highlightLongLines)).toBeInTheDocument()
    expect(screen.queryByText('Long lines stay plain.')).toBeNull()
    expect(container.querySelectorAll('[data-tk="custom"]')).toHaveLength(1)
    expect(asked).toEqual([[0, 2]])
  })

  describe('where the page has idle callbacks', () => {
    afterEach(() => {
      vi.unstubAllGlobals()
    })

    it('asks for the first colour once the page is idle (or the wait is over), not before', async () => {
      const idle: Array<{ run: IdleRequestCallback; timeout: number | undefined }> = []
      vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback, options?: { timeout?: number }) => {
        idle.push({ run, timeout: options?.timeout })
        return idle.length
      })
      const asked: Array<[number, number]> = []
      const host: Highlighter = {
        resolveLanguage: () => 'x',
        async highlight(doc: HighlightDocument, start: number, end: number) {
          asked.push([start, end])
          return doc.lines.slice(start, end).map((l) => [{ content: l, light: '#123456' }])
        },
      }
      const { container } = render(
        <ToolcardsProvider highlighter={host}>
          <Probe lines={['a', 'b']} path="a.x" />
        </ToolcardsProvider>,
      )
      await waitFor(() => expect(idle).toHaveLength(1))
      await act(async () => {
        await new Promise((r) => setTimeout(r, 30))
      })
      expect(asked).toEqual([])
      expect(idle[0]?.timeout).toBe(FIRST_REQUEST_IDLE_MS)
      expect(FIRST_REQUEST_IDLE_MS).toBeLessThanOrEqual(500)
      act(() => idle[0]?.run({ didTimeout: false, timeRemaining: () => 5 }))
      await waitFor(() => expect(container.querySelectorAll('[data-tk="custom"]')).toHaveLength(2))
      expect(asked).toEqual([[0, 2]])
    })
  })

  it('a host highlighter that throws or rejects leaves plain text and no error', async () => {
    const host: Highlighter = {
      resolveLanguage: () => 'x',
      highlight: () => Promise.reject(new Error('boom')),
    }
    const { container } = render(
      <ToolcardsProvider highlighter={host}>
        <Probe lines={['a']} path="a.x" />
      </ToolcardsProvider>,
    )
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20))
    })
    expect(container.textContent).toBe('a')
  })
})
