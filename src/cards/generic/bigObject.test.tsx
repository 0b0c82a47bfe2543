// A big object as a generic card's output: its keys are enumerated once per render (by the JSON tree),
// not copied first. V8 enumerates an object of 200,000 keys in about 40 ms on the bench machine; the
// output view copied it (`{ content, ...rest }`) before looking for content blocks, and a 200,000-key
// output held the page 177-209 ms in Chromium (38-49 ms after).
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import type { CardModel, GenericIntent } from '../../protocol'
import { CardRenderer } from '../CardRenderer'
import { GenericCard } from './GenericCard'

afterEach(() => cleanup())

it('an object output: its keys are read once, by the tree, and no copy is made', () => {
  const target: Record<string, number> = {}
  for (let i = 0; i < 1000; i++) target[`key_${i}`] = i
  let enumerations = 0
  const output = new Proxy(target, {
    ownKeys(t) {
      enumerations++
      return Reflect.ownKeys(t)
    },
  })
  const intent: GenericIntent = { card: 'generic', input: { q: 1 }, output }
  const model: CardModel = { id: 'c', toolName: 'dump', args: { q: 1 }, status: 'completed', intent }
  const { container } = render(<GenericCard model={model} intent={intent} />)
  expect(container.textContent).toContain('key_0')
  expect(enumerations).toBe(1)
})

it('arguments of 200,000 keys, no intent: checked in slices with the frame shown meanwhile; their keys listed once', async () => {
  // V8 lists the keys of such an object in about 40 ms each time (Object.keys, for...in, even to read the
  // first): the check copied them in one task, then the card listed them three more times (is it empty,
  // the tree, the summary), 168-210 ms in one task in Chromium (2026-12-06)
  const args: Record<string, number> = {}
  for (let i = 0; i < 200_000; i++) args[`key_${i}`] = i
  const keys = Object.keys
  let listings = 0
  const spy = vi.spyOn(Object, 'keys').mockImplementation((o: object) => {
    const out = keys(o)
    if (out.length >= 200_000) listings++
    return out
  })
  try {
    const model: CardModel = { id: 'c', toolName: 'bulk_import', args, status: 'completed' }
    const { container } = render(<CardRenderer model={model} />)
    // the first render: the frame with the tool's name, the arguments still being checked
    expect(screen.getByRole('status')).toHaveTextContent('Checking the call…')
    expect(container.querySelector('[data-slot="card-title"]')?.textContent).toContain('bulk_import')
    // then the card, its summary and tree from the checked copy's remembered key list
    expect(await screen.findByText('{ 200,000 keys }', {}, { timeout: 10_000 })).toBeInTheDocument()
    expect(container.querySelector('[data-slot="card-header"]')?.textContent).toContain('0 · 1 · 2')
    expect(container.textContent).toContain('key_0')
    expect(screen.queryByRole('status')).toBeNull()
  } finally {
    spy.mockRestore()
  }
  expect(listings).toBe(1)
})
