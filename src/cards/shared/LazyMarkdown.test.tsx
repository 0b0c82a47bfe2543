import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ToolcardsProvider } from '../host'
import { LazyMarkdown } from './LazyMarkdown'

describe('LazyMarkdown', () => {
  it('shows the fallback at once, then the markdown when the renderer has loaded', async () => {
    const { container } = render(
      <ToolcardsProvider>
        <LazyMarkdown
          label="Page excerpt"
          text={'# Title\n\nSome **bold** text'}
          fallback={<pre data-testid="plain">plain</pre>}
        />
      </ToolcardsProvider>,
    )
    expect(screen.getByTestId('plain')).toBeInTheDocument()
    expect(container.querySelector('strong')).toBeNull()
    expect(await screen.findByText('bold', { selector: 'strong' })).toBeInTheDocument()
    expect(screen.queryByTestId('plain')).toBeNull()
    // a page's heading becomes a bold paragraph, not a heading of the host page
    expect(container.querySelector('h1')).toBeNull()
  })

  it('renders markdown in the first pass once loaded', () => {
    const { container } = render(
      <ToolcardsProvider>
        <LazyMarkdown label="Page excerpt" text="*x*" fallback={<span data-testid="plain" />} />
      </ToolcardsProvider>,
    )
    expect(screen.queryByTestId('plain')).toBeNull()
    expect(container.querySelector('em')?.textContent).toBe('x')
  })
})

describe('SafeMarkdown code blocks', () => {
  it('a code block is a keyboard-reachable scroll area (it scrolls sideways in a narrow panel)', async () => {
    const { container } = render(
      <ToolcardsProvider>
        <LazyMarkdown label="Answer" text={'```\nconst x = 1\n```\n\ntext'} fallback={null} />
      </ToolcardsProvider>,
    )
    await screen.findByText('text')
    const pre = container.querySelector('pre')
    expect(pre).not.toBeNull()
    expect(pre).toHaveAttribute('tabindex', '0')
    expect(pre?.textContent).toBe('const x = 1\n')
  })
})
