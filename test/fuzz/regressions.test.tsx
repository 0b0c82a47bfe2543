// Failures the fuzz tests (test/fuzz) found, each kept as a plain test. The unit setup fails on any console
// error or warning, so a React key clash or a render error fails here too.
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CardRenderer } from '../../src/cards/CardRenderer'
import type { CardModel } from '../../src/protocol'

const base: CardModel = { id: 'f1', toolName: 'read_file', args: null, status: 'completed' }

describe('found by the fuzz tests', () => {
  it('read: startLine near 2^53 (line numbers past 2^53 collide as numbers; keys must not)', () => {
    const intent = {
      card: 'read',
      path: 'a.txt',
      content: 'one\ntwo\nthree\nfour',
      startLine: Number.MAX_SAFE_INTEGER,
    }
    render(<CardRenderer model={{ ...base, intent }} />)
    expect(screen.getByRole('article')).toHaveAttribute('data-card', 'read')
    expect(screen.getByText('four')).toBeInTheDocument()
  })

  it('web: a result title of 2,000,000 bidi controls renders in linear time (marker elements are capped)', () => {
    const intent = {
      card: 'web',
      url: 'https://example.com/',
      results: [{ url: 'https://example.com/a', title: '\u202e'.repeat(2_000_000) }],
    }
    const started = performance.now()
    const { container } = render(<CardRenderer model={{ ...base, intent }} />)
    expect(performance.now() - started).toBeLessThan(20_000)
    expect(container.querySelectorAll('[data-slot="invisible-marker"]').length).toBeLessThanOrEqual(500)
    expect(container.textContent).not.toContain('\u202e')
  })
})
