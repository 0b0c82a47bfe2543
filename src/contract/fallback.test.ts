import { describe, expect, it, vi } from 'vitest'

// The generic card a call falls back to is checked against the wire limits (`genericCard`), which costs
// a walk of the whole value: only when the call falls back, never for a tool whose presentResult works.
const checked: string[] = []
vi.mock('../protocol', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../protocol')>()
  return {
    ...actual,
    parseIntent: (raw: unknown, ...rest: unknown[]) => {
      checked.push(String((raw as { card?: unknown } | null)?.card))
      return (actual.parseIntent as (...a: unknown[]) => ReturnType<typeof actual.parseIntent>)(raw, ...rest)
    },
  }
})

const { createToolRegistry, defineTool } = await import('./index')

describe('the generic fallback is made only when a call falls back', () => {
  const words = Array.from({ length: 1000 }, (_, i) => `w${i}`)
  const tool = (presentResult?: () => unknown) =>
    defineTool<{ q: string }, string[]>({
      name: 'list',
      output: { schema: true, render: (_a, v) => [{ type: 'text', text: v.join(' ') }] },
      execute: () => words,
      ...(presentResult ? { presentResult: presentResult as never } : {}),
    })

  it('a working presentResult: its intent is checked, no generic card is', async () => {
    checked.length = 0
    const r = await createToolRegistry({
      tools: [tool(() => ({ card: 'terminal', command: 'ls', output: 'x' }))],
    }).run({ id: 'c1', name: 'list', args: { q: 'a' } })
    expect(r.intent).toMatchObject({ card: 'terminal' })
    expect(checked.filter((c) => c === 'generic')).toEqual([])
    expect(checked.filter((c) => c === 'terminal').length).toBeGreaterThan(0)
  })

  it('an invalid presentResult or none: the generic card, checked', async () => {
    checked.length = 0
    const r = await createToolRegistry({
      tools: [tool(() => ({ card: 'nope' }))],
      logger: { warn() {} },
    }).run({
      id: 'c1',
      name: 'list',
      args: { q: 'a' },
    })
    expect(r.intent).toMatchObject({ card: 'generic', output: words })
    expect(checked).toContain('generic')
  })
})
