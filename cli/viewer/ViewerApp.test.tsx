import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ViewerLayout } from './ViewerApp'

describe('the viewer page', () => {
  it('shows what the adapters could not read above the cards', () => {
    render(
      <ViewerLayout
        load={{
          state: 'ready',
          session: {
            file: 'rollout.jsonl',
            formatName: 'Codex log (JSONL)',
            events: [],
            report: {
              problem:
                'Read as Codex log (JSONL), but none of the 2 things that look like tool calls could be read.',
            },
          },
        }}
      />,
    )
    expect(screen.getByRole('status')).toHaveTextContent(
      'Read as Codex log (JSONL), but none of the 2 things that look like tool calls could be read.',
    )
  })

  it('shows no notice when everything was read', () => {
    render(
      <ViewerLayout
        load={{
          state: 'ready',
          session: { file: 'a.jsonl', formatName: 'Claude Code session (JSONL)', events: [], report: {} },
        }}
      />,
    )
    expect(document.querySelector('[data-slot="read-report"]')).toBeNull()
  })
})
