import { render, screen } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import type { CardModel } from '../../../protocol'
import { CardRenderer } from '../../CardRenderer'

// The default highlighter's languages' table is a chunk of its own: one that cannot load (offline, a CSP
// that refuses it) counts as an empty table, so a card says "Plain text" rather than waiting for ever.
vi.mock('../../../text/highlight/languageTable', () => {
  throw new Error('offline')
})

it('a table that cannot load leaves the card plain, said so', async () => {
  const model: CardModel = {
    id: 'r',
    toolName: 'tool',
    status: 'completed',
    args: {},
    intent: { card: 'read', path: 'src/add.ts', content: 'export const add = (a: number) => a\n' },
  }
  const { container } = render(<CardRenderer model={model} />)
  expect(await screen.findByText('Plain text')).toHaveAttribute('data-slot', 'read-language')
  expect(container.textContent).toContain('export const add')
  expect(container.querySelector('[data-tk]')).toBeNull()
})
