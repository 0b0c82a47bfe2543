import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CardRenderer } from '../cards/CardRenderer'
import { parseIntent } from '../protocol'
import { foldSession } from './fold'

// A clock set back gives a negative duration. It must not cost the call its result (the event) or its
// card (the intent): the result is kept, and the card says the duration is wrong instead of showing it.
describe('a negative duration', () => {
  it('in a result event: the result is applied, its output kept', () => {
    const state = foldSession([
      { type: 'call', id: 'a', toolName: 'Bash', args: { command: 'ls' } },
      {
        type: 'result',
        id: 'a',
        status: 'completed',
        durationMs: -3,
        intent: { card: 'terminal', command: 'ls', output: 'README.md\n', exitCode: 0 },
      },
    ])
    expect(state.problems).toEqual([])
    expect(state.cards[0]).toMatchObject({ status: 'completed', durationMs: -3 })
    render(<CardRenderer model={state.cards[0]!} />)
    expect(screen.getByText('README.md')).toBeTruthy()
    // the envelope check says so, and no "-3 ms" is shown
    expect(document.body.textContent).toContain('durationMs')
    expect(document.body.textContent).not.toMatch(/-3\s?ms/)
  })

  it('in a terminal or web intent: the intent is valid', () => {
    expect(parseIntent({ card: 'terminal', command: 'ls', durationMs: -3 }).ok).toBe(true)
    expect(parseIntent({ card: 'web', url: 'https://example.com', durationMs: -1e-9 }).ok).toBe(true)
    // not a number is still wrong
    const bad = parseIntent({ card: 'terminal', command: 'ls', durationMs: '3' })
    expect(bad.ok).toBe(false)
  })
})
