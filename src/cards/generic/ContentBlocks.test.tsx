// Many content blocks (an MCP result at the 500-block limit): a page of them renders, the rest on "Show
// more", so that 500 text blocks of 2,000 characters are not 500 lists of lines in the first render.
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CardModel } from '../../protocol'
import { CardRenderer } from '../CardRenderer'
import { BLOCKS_PAGE_SIZE } from './ContentBlocks'

afterEach(() => cleanup())

function blocksModel(n: number, repeat = 170): CardModel {
  const content = Array.from({ length: n }, (_, i) => ({
    type: 'text',
    text: `block ${i}: ${'lorem ipsum '.repeat(repeat)}`,
  }))
  return {
    id: 'c',
    toolName: 'mcp__server__tool',
    args: {},
    status: 'completed',
    intent: { card: 'generic', input: { q: 'x' }, output: { content } },
  }
}

const items = (c: HTMLElement) => c.querySelectorAll('.tc-blocks > li')

describe('content blocks', () => {
  it('500 blocks: the first page, then a page more on each "Show more", up to all of them', () => {
    const { container } = render(<CardRenderer model={blocksModel(500)} />)
    expect(items(container)).toHaveLength(BLOCKS_PAGE_SIZE)
    expect(container.textContent).toContain(`block ${BLOCKS_PAGE_SIZE - 1}:`)
    expect(container.textContent).not.toContain(`block ${BLOCKS_PAGE_SIZE}:`)
    expect(screen.getByText(`${BLOCKS_PAGE_SIZE} of 500 shown.`, { exact: false })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: `Show ${BLOCKS_PAGE_SIZE} more` }))
    expect(items(container)).toHaveLength(2 * BLOCKS_PAGE_SIZE)
    fireEvent.click(screen.getByRole('button', { name: `Show ${BLOCKS_PAGE_SIZE * 10} more` }))
    expect(items(container)).toHaveLength(12 * BLOCKS_PAGE_SIZE)
    while (screen.queryAllByRole('button', { name: /^Show \d+ more$/ }).length > 0)
      fireEvent.click(screen.getAllByRole('button', { name: /^Show \d+ more$/ })[0]!)
    expect(items(container)).toHaveLength(500)
    expect(container.textContent).toContain('block 499:')
  })

  it('10,000 blocks (an MCP result a sweep tried): the first page of them, not a collapsed JSON node', async () => {
    const { container } = render(<CardRenderer model={blocksModel(10_000, 8)} />)
    // (an intent this big is checked in slices first)
    expect(await screen.findByText(`${BLOCKS_PAGE_SIZE} of 10,000 shown.`, { exact: false })).toBeTruthy()
    expect(items(container)).toHaveLength(BLOCKS_PAGE_SIZE)
    expect(container.textContent).toContain('block 0:')
  })

  it('a page or fewer: every block, no "Show more"', () => {
    const { container } = render(<CardRenderer model={blocksModel(BLOCKS_PAGE_SIZE)} />)
    expect(items(container)).toHaveLength(BLOCKS_PAGE_SIZE)
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).toBeNull()
  })
})
