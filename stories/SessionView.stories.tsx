import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useId, useMemo, useState } from 'react'
import { expect, waitFor } from 'storybook/test'
import { SessionView } from '../src/cards/session/SessionView'
import { createSessionStore, playSession } from '../src/session'
import { badSessionEvents, mixedSessionEvents } from './fixtures/session'
import { realSessionEvents, realSessionOf } from './fixtures/session-corpus'

const meta = {
  title: 'Session/SessionView',
  component: SessionView,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SessionView>
export default meta
type Story = StoryObj<typeof meta>

/** A real session (Claude Code corpus, 196 calls over 72 minutes) through `fromClaudeCode`. */
const real = realSessionEvents()
/** Hand-made: 60 calls of all six cards, terminal output streamed in chunks (`appendOutput`). */
const demo = mixedSessionEvents({ calls: 60, seed: 42 })
const SPEEDS = [1, 4, 16, 64] as const

function LivePlayer({ events, initialSpeed }: { events: readonly unknown[]; initialSpeed: number }) {
  const store = useMemo(() => createSessionStore(), [])
  const [speed, setSpeed] = useState(initialSpeed)
  const [run, setRun] = useState(0)
  const [done, setDone] = useState(false)
  const [player, setPlayer] = useState<ReturnType<typeof playSession> | null>(null)
  const speedId = useId()
  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` restarts the playback; speed changes go to setSpeed
  useEffect(() => {
    store.reset()
    setDone(false)
    const p = playSession(events, {
      speed,
      onEvents: (batch) => store.pushAll(batch),
      onEnd: () => setDone(true),
    })
    setPlayer(p)
    return () => p.stop()
  }, [events, store, run])
  useEffect(() => {
    player?.setSpeed(speed)
  }, [player, speed])
  return (
    <div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 8 }}>
        <label htmlFor={speedId}>Speed</label>
        <select id={speedId} value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
        <button type="button" className="tc-button" onClick={() => setRun((n) => n + 1)}>
          Restart
        </button>
        <output>{done ? 'Finished' : 'Streaming…'}</output>
      </div>
      <SessionView store={store} style={{ height: 520 }} />
    </div>
  )
}

/**
 * A real session streaming live with its original timing (gaps capped at 1.5 s), 16 times faster by
 * default: cards appear and end; the view follows the end unless you scroll up. Pick a speed.
 */
export const Live: Story = {
  args: { events: real },
  render: () => <LivePlayer events={real} initialSpeed={16} />,
  play: async ({ canvasElement }) => {
    const pane = canvasElement.querySelector<HTMLElement>('[data-theme="light"]')!
    await waitFor(() => expect(pane.querySelectorAll('[data-session-item]').length).toBeGreaterThan(0), {
      timeout: 5000,
    })
  },
}

/** The same real session replayed from its events at once: the cards it showed live. */
export const Replay: Story = {
  args: { events: real, style: { height: 520 } },
  play: async ({ canvasElement }) => {
    const pane = canvasElement.querySelector<HTMLElement>('[data-theme="light"]')!
    expect(pane.querySelector('.tc-session-count')?.textContent).toBe('196 tool calls')
    // Virtualized: only cards near the viewport are mounted.
    expect(pane.querySelectorAll('[data-session-item]').length).toBeLessThan(20)
  },
}

/** Hand-made events of all six cards, with terminal output streaming in chunks. */
export const LiveStreamingOutput: Story = {
  args: { events: demo },
  render: () => <LivePlayer events={demo} initialSpeed={4} />,
  play: async ({ canvasElement }) => {
    const pane = canvasElement.querySelector<HTMLElement>('[data-theme="light"]')!
    await waitFor(() => expect(pane.querySelectorAll('[data-session-item]').length).toBeGreaterThan(0), {
      timeout: 5000,
    })
  },
}

const big = realSessionOf(2000)

/** 2,000 mixed cards from real sessions (repeated with fresh ids): only those near the viewport are in the DOM. */
export const TwoThousandCards: Story = {
  args: { events: big, style: { height: 600 }, followEnd: false },
  play: async ({ canvasElement }) => {
    const pane = canvasElement.querySelector<HTMLElement>('[data-theme="light"]')!
    expect(pane.querySelector('.tc-session-count')?.textContent).toBe('2,000 tool calls')
    const mounted = pane.querySelectorAll('[data-session-item]').length
    expect(mounted).toBeGreaterThan(0)
    expect(mounted).toBeLessThan(30)
  },
}

/** Events the fold skips (unknown ids, duplicates, bad shapes) are listed; the good ones still render. */
export const BadEvents: Story = {
  args: { events: badSessionEvents(), style: { height: 420 } },
  play: async ({ canvasElement }) => {
    const pane = canvasElement.querySelector<HTMLElement>('[data-theme="light"]')!
    expect(pane.querySelector('[data-slot="session-problems"] summary')?.textContent).toBe('5 event problems')
    expect(pane.querySelectorAll('[data-session-item]').length).toBe(2)
  },
}

/** No calls yet: it says so, with no count of zero and no buttons over a blank area. */
export const Empty: Story = {
  args: { events: [], style: { height: 200 } },
  play: async ({ canvasElement }) => {
    const pane = canvasElement.querySelector<HTMLElement>('[data-theme="light"]')!
    await expect(pane.querySelector('[data-slot="session-count"]')).toHaveTextContent('No tool calls yet.')
    await expect(pane.querySelectorAll('[data-slot="session-toolbar"] button')).toHaveLength(0)
  },
}
