import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { readModel } from '../../../stories/fixtures/read'
import { globListing, searchModel } from '../../../stories/fixtures/search'
import type { CardModel, TerminalIntent } from '../../protocol'
import { CardRenderer } from '../CardRenderer'
import { ToolcardsProvider } from '../host'
import { LABELS_ZH_CN } from '../labels-zh-cn'

afterEach(() => cleanup())

const intent = (output: string, exitCode?: number): TerminalIntent => ({
  card: 'terminal',
  command: 'make',
  output,
  ...(exitCode !== undefined ? { exitCode } : {}),
})
const model = (
  status: CardModel['status'],
  i: TerminalIntent,
  extra: Partial<CardModel> = {},
): CardModel => ({
  id: 'm',
  toolName: 'run',
  args: {},
  status,
  intent: i,
  ...extra,
})
const region = (c: HTMLElement) => c.querySelector('[data-slot="card-announcement"]')!

describe('header actions say which card they act on', () => {
  it('each card copy and toggle button is described by its card title (a list of buttons is not "Copy" twenty times)', () => {
    render(
      <>
        <CardRenderer model={searchModel('a', globListing)} />
        <CardRenderer model={readModel('b', { card: 'read', path: 'src/app.ts', content: 'x\n' })} />
      </>,
    )
    const [glob, read] = screen.getAllByRole('button', { name: /^Copy/ })
    expect(glob).toHaveAccessibleDescription('Find files src/**/*.css')
    expect(read).toHaveAccessibleDescription('src/app.ts')
    expect(screen.getByRole('button', { name: 'Wrap' })).toHaveAccessibleDescription('src/app.ts')
  })
})

describe('the outcome is announced once, politely, when a card finishes while mounted', () => {
  it('a card that mounts finished (a replay, a restored page) says nothing', () => {
    const { container } = render(<CardRenderer model={model('completed', intent('ok\n', 0))} />)
    expect(region(container)).toHaveAttribute('aria-live', 'polite')
    expect(region(container).textContent).toBe('')
  })

  it('streamed chunks say nothing; the end says the title and the outcome, once', () => {
    const { container, rerender } = render(<CardRenderer model={model('running', intent('a\n'))} />)
    for (let i = 0; i < 5; i++)
      rerender(<CardRenderer model={model('running', intent('a\n'.repeat(i + 2)))} />)
    expect(region(container).textContent).toBe('')
    rerender(<CardRenderer model={model('completed', intent('done\n', 0))} />)
    expect(region(container).textContent).toBe('$ make: Completed')
    // later renders (a parent re-rendering, the same end again) do not repeat or change it
    rerender(<CardRenderer model={model('completed', intent('done\n', 0), { durationMs: 10 })} />)
    expect(region(container).textContent).toBe('$ make: Completed')
  })

  it('a title of two parts (a verb and a query or path) is announced with a space between them', () => {
    const running = searchModel('g', { ...globListing, matches: [] }, { status: 'running' })
    const { container, rerender } = render(<CardRenderer model={running} />)
    rerender(<CardRenderer model={searchModel('g', globListing)} />)
    const title = container.querySelector('[data-slot="card-title"]')!
    const [verb, query] = [...title.children].map((e) => e.textContent)
    expect(region(container).textContent).toBe(`${verb} ${query}: Completed`)
    expect(verb).toBe('Find files')
  })

  it('a failure is announced with its detail', () => {
    const { container, rerender } = render(<CardRenderer model={model('running', intent(''))} />)
    rerender(<CardRenderer model={model('completed', intent('error\n', 2))} />)
    expect(region(container).textContent).toBe('$ make: Failed (exit 2)')
  })

  it('in the host’s language', () => {
    const { container, rerender } = render(
      <ToolcardsProvider labels={LABELS_ZH_CN} locale="zh-CN">
        <CardRenderer model={model('running', intent(''))} />
      </ToolcardsProvider>,
    )
    rerender(
      <ToolcardsProvider labels={LABELS_ZH_CN} locale="zh-CN">
        <CardRenderer model={model('failed', intent('', 1))} />
      </ToolcardsProvider>,
    )
    expect(region(container).textContent).toBe('$ make：失败（退出码 1）')
  })

  it('keeps English labels when only the locale is given', () => {
    const { container, rerender } = render(
      <ToolcardsProvider locale="zh-CN">
        <CardRenderer model={model('running', intent(''))} />
      </ToolcardsProvider>,
    )
    rerender(
      <ToolcardsProvider locale="zh-CN">
        <CardRenderer model={model('failed', intent('', 1))} />
      </ToolcardsProvider>,
    )
    expect(region(container).textContent).toBe('$ make: Failed (exit 1)')
  })
})

describe('the header says each thing once', () => {
  it('a duration that rounds to 0 ms is not shown; others are', () => {
    const { container, rerender } = render(
      <CardRenderer model={model('completed', intent('x\n', 0), { durationMs: 0.2 })} />,
    )
    expect(container.querySelector('[data-slot="card-duration"]')).toBeNull()
    rerender(<CardRenderer model={model('completed', intent('x\n', 0), { durationMs: 1 })} />)
    expect(container.querySelector('[data-slot="card-duration"]')).toHaveTextContent('1 ms')
  })

  it('a collapsed card keeps no body-only toggle; Copy and Open stay', async () => {
    const { container } = render(
      <ToolcardsProvider onOpenPath={() => {}}>
        <CardRenderer
          model={{
            id: 'r',
            toolName: 'read',
            args: {},
            status: 'completed',
            intent: { card: 'read', path: 'a.ts', content: 'x\n' },
          }}
        />
      </ToolcardsProvider>,
    )
    expect(screen.getByRole('button', { name: 'Wrap' })).toBeInTheDocument()
    await act(async () => fireEvent.click(container.querySelector('.tc-card-toggle')!))
    expect(container.querySelector('article')).toHaveAttribute('data-state', 'collapsed')
    expect(screen.queryByRole('button', { name: 'Wrap' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument()
  })

  it('toggles expose their state; words stay the accessible name when they show as icons', () => {
    render(<CardRenderer model={model('completed', intent('x\n', 0))} />)
    const wrap = screen.getByRole('button', { name: 'Wrap' })
    expect(wrap).toHaveAttribute('aria-pressed', 'false')
    expect(wrap.querySelector('[data-glyph="wrap"]')).not.toBeNull()
    fireEvent.click(wrap)
    expect(wrap).toHaveAttribute('aria-pressed', 'true')
  })
})

describe("a card's title is a heading", () => {
  it('each card is a heading, level 2 by default, holding its toggle: heading keys move card to card', () => {
    render(
      <>
        <CardRenderer model={searchModel('a', globListing)} />
        <CardRenderer model={readModel('b', { card: 'read', path: 'src/app.ts', content: 'x\n' })} />
      </>,
    )
    const headings = screen.getAllByRole('heading')
    expect(headings.map((h) => h.getAttribute('aria-level'))).toEqual(['2', '2'])
    expect(headings[1]).toHaveAccessibleName(/src\/app\.ts/)
    const toggle = headings[1]!.querySelector('button')!
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    // only the toggle: the status, details and actions are not part of the heading
    expect(headings[1]!.children).toHaveLength(1)
  })

  it("a card's sections are headings one level below its title, never skipping one", () => {
    const generic: CardModel = {
      id: 'g',
      toolName: 'mcp__x__y',
      args: { a: 1 },
      status: 'completed',
      intent: { card: 'generic', output: 'ok' },
    }
    const levels = () =>
      screen.getAllByRole('heading').map((h) => Number(h.getAttribute('aria-level') ?? h.tagName.slice(1)))
    const { unmount } = render(<CardRenderer model={generic} />)
    expect(levels()).toEqual([2, 3, 3])
    unmount()
    render(
      <ToolcardsProvider headingLevel={4}>
        <CardRenderer model={generic} />
      </ToolcardsProvider>,
    )
    expect(levels()).toEqual([4, 5, 5])
    expect(screen.getByRole('heading', { level: 5, name: 'Input' }).tagName).toBe('H5')
  })

  it.each([
    [4, '4'],
    [1, '1'],
    [0, '2'],
    [7, '2'],
    [2.5, '2'],
    [Number.NaN, '2'],
    ['3' as unknown as number, '2'],
  ])('headingLevel %s gives aria-level %s', (level, expected) => {
    render(
      <ToolcardsProvider headingLevel={level}>
        <CardRenderer model={model('completed', intent('ok\n', 0))} />
      </ToolcardsProvider>,
    )
    expect(screen.getByRole('heading')).toHaveAttribute('aria-level', expected)
  })
})

describe('rejected and cancelled calls', () => {
  it('share a tone but not an icon: where a narrow card hides the word, the icon still tells them apart', () => {
    const { container } = render(
      <>
        <CardRenderer model={model('cancelled', intent('', undefined), { id: 'c' })} />
        <CardRenderer model={model('rejected', intent('', undefined), { id: 'r' })} />
      </>,
    )
    const statuses = [...container.querySelectorAll('[data-slot="card-status"]')]
    expect(statuses.map((s) => s.getAttribute('data-tone'))).toEqual(['cancelled', 'cancelled'])
    expect(statuses.map((s) => s.textContent)).toEqual(['Cancelled', 'Rejected'])
    const glyphs = statuses.map((s) => s.querySelector('[data-slot="glyph"]'))
    expect(glyphs.map((g) => g?.getAttribute('data-glyph'))).toEqual(['cancelled', 'rejected'])
    expect(glyphs[0]!.innerHTML).not.toBe(glyphs[1]!.innerHTML)
  })
})
