import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { CardModel } from '../../protocol'
import { ToolcardsProvider } from '../host'
import { CardErrorBoundary, loadCrashedCard } from './CardErrorBoundary'

const model: CardModel = {
  id: 'call_7',
  toolName: 'apply_patch',
  args: { path: 'src/app.ts', dryRun: false },
  status: 'failed',
  error: 'exit 2',
  durationMs: 1200,
}

function Thrower({ error }: { error: unknown }): never {
  throw error
}

/** React logs what a boundary catches with console.error; the unit setup fails on it unless muted. */
function muteReact() {
  return vi.mocked(console.error).mockImplementation(() => {})
}

describe("CardErrorBoundary before the error card's code has loaded (it loads when a card first fails)", () => {
  it('says at once what failed as plain text, then shows the error card', async () => {
    const mute = muteReact()
    render(
      <CardErrorBoundary cardId={model.id} label={model.toolName} model={model} kind="diff">
        <Thrower error={new Error('boom')} />
      </CardErrorBoundary>,
    )
    const plain = screen.getByRole('article', { name: 'Card failed' })
    expect(plain).toHaveAttribute('data-crashed', '')
    expect(within(plain).getByRole('alert')).toHaveTextContent(
      'This card failed to render (apply_patch, id call_7): boom',
    )
    const card = await screen.findByRole('article', { name: 'apply_patch' })
    expect(card).toHaveAttribute('data-crashed', '')
    expect(within(card).getByRole('alert')).toHaveTextContent('boom')
    mute.mockRestore()
  })
})

describe('CardErrorBoundary fallback', () => {
  beforeAll(async () => {
    await loadCrashedCard()
  })

  it('shows the header (title, status, duration), the raw arguments, the error and a copy button', async () => {
    const mute = muteReact()
    const onCopy = vi.fn()
    render(
      <ToolcardsProvider onCopy={onCopy}>
        <CardErrorBoundary cardId={model.id} label={model.toolName} model={model} kind="diff">
          <Thrower error={new TypeError("Cannot read properties of undefined (reading 'hunks')")} />
        </CardErrorBoundary>
      </ToolcardsProvider>,
    )
    const card = screen.getByRole('article', { name: 'apply_patch' })
    expect(card).toHaveAttribute('data-crashed', '')
    expect(card).toHaveAttribute('data-card', 'diff')
    expect(card).toHaveAttribute('data-status', 'failed')
    expect(within(card).getByText('Failed')).toBeInTheDocument()
    expect(within(card).getByText('1.2 s')).toBeInTheDocument()
    expect(within(card).getByText('card failed to render')).toBeInTheDocument()
    expect(within(card).getByRole('alert')).toHaveTextContent(
      "This card failed to render (id call_7):Cannot read properties of undefined (reading 'hunks')",
    )
    // The raw arguments, as a JSON tree, and the call's own error text.
    expect(within(card).getByText('Input')).toBeInTheDocument()
    expect(within(card).getByText('"src/app.ts"')).toBeInTheDocument()
    expect(within(card).getByText('exit 2')).toBeInTheDocument()
    await userEvent.click(within(card).getByRole('button', { name: 'Copy error' }))
    // what it copies loads on the first click
    await waitFor(() => expect(onCopy).toHaveBeenCalledTimes(1))
    const copied = onCopy.mock.calls[0]?.[0] as string
    expect(copied).toContain(
      "A diff card failed to render: Cannot read properties of undefined (reading 'hunks')",
    )
    expect(copied).toContain('Card id: call_7; tool: apply_patch; status: failed')
    expect(copied).toContain('"path": "src/app.ts"')
    expect(copied).toMatch(/Stack:\nTypeError/)
    mute.mockRestore()
  })

  it('reports the error to onError with the card id; an onError that throws changes nothing', () => {
    const mute = muteReact()
    const onError = vi.fn(() => {
      throw new Error('logger down')
    })
    render(
      <CardErrorBoundary cardId="c1" label="tool" onError={onError}>
        <Thrower error={new Error('bad')} />
      </CardErrorBoundary>,
    )
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'bad' }), 'c1')
    expect(screen.getByRole('alert')).toHaveTextContent('bad')
    mute.mockRestore()
  })

  it('without a model: the header is made from cardId and label, the status reads as unknown', () => {
    const mute = muteReact()
    render(
      <CardErrorBoundary cardId="c2" label="search_web">
        <Thrower error="plain string thrown" />
      </CardErrorBoundary>,
    )
    const card = screen.getByRole('article', { name: 'search_web' })
    expect(card).toHaveAttribute('data-status', 'unknown')
    expect(within(card).getByText('Unknown')).toBeInTheDocument()
    expect(within(card).getByRole('alert')).toHaveTextContent('plain string thrown')
    mute.mockRestore()
  })

  it.each<[string, unknown, string]>([
    // (A thrown Proxy whose `get` throws is out of reach: React itself reads `.then` of what is thrown.)
    ['an object whose toString throws', { toString: throwing }, '{}'],
    ['null', null, 'null'],
    ['a huge message', new Error('m'.repeat(50_000)), '… (40,000 more characters)'],
  ])('whatever is thrown (%s), the fallback renders', (_name, thrown, text) => {
    const mute = muteReact()
    render(
      <CardErrorBoundary cardId="c3" label="t" model={{ ...model, id: 'c3' }}>
        <Thrower error={thrown} />
      </CardErrorBoundary>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent(text)
    mute.mockRestore()
  })

  it('props of the wrong type from a caller without types: still a fallback, never a throw', () => {
    const mute = muteReact()
    const props = { cardId: { id: 1 }, label: 42, model: 'not a model', kind: 'hologram' } as never as {
      cardId: string
      label: string
    }
    render(
      <CardErrorBoundary {...props}>
        <Thrower error={new Error('x')} />
      </CardErrorBoundary>,
    )
    const card = screen.getByRole('article', { name: '(unnamed tool)' })
    expect(card).toHaveAttribute('data-card', 'generic')
    mute.mockRestore()
  })

  it('a new resetKey tries the children again', () => {
    const mute = muteReact()
    const { rerender } = render(
      <CardErrorBoundary cardId="c4" label="t" resetKey={1}>
        <Thrower error={new Error('first')} />
      </CardErrorBoundary>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('first')
    act(() =>
      rerender(
        <CardErrorBoundary cardId="c4" label="t" resetKey={2}>
          <p>recovered</p>
        </CardErrorBoundary>,
      ),
    )
    expect(screen.getByText('recovered')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
    mute.mockRestore()
  })
})

function throwing(): never {
  throw new Error('toString')
}
