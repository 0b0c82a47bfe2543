/**
 * Plays recorded events back with their original timing (the `time` field), faster or slower: for demos,
 * for watching a log as it happened, and for tests of live views. Events without `time` follow the one
 * before at once. No DOM: it needs only `setTimeout`.
 */
export interface SessionPlayerOptions {
  /**
   * Playback speed: 2 plays twice as fast.
   * @default 1
   */
  speed?: number
  /**
   * Longest wait between two events, in ms of playback (after `speed`).
   * @default 1500
   */
  maxGapMs?: number
  /** Called with the events that are due, in order (those due together come in one batch). */
  onEvents: (events: readonly unknown[]) => void
  /** Called once, after the last event. */
  onEnd?: () => void
}

export interface SessionPlayer {
  /** Events played so far. */
  readonly position: number
  readonly playing: boolean
  setSpeed(speed: number): void
  pause(): void
  resume(): void
  /** Stops for good (no more callbacks). */
  stop(): void
}

export function playSession(events: readonly unknown[], options: SessionPlayerOptions): SessionPlayer {
  let speed = validSpeed(options.speed ?? 1)
  const maxGapMs = options.maxGapMs ?? 1500
  let position = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let playing = true
  let stopped = false

  function timeOf(i: number): number | undefined {
    const e = events[i]
    if (e === null || typeof e !== 'object') return undefined
    const t = (e as { time?: unknown }).time
    return typeof t === 'number' && Number.isFinite(t) ? t : undefined
  }

  // The time of the last played event that had one.
  let lastTime: number | undefined

  function gapBefore(i: number): number {
    const b = timeOf(i)
    if (lastTime === undefined || b === undefined || b <= lastTime) return 0
    return Math.min(maxGapMs, (b - lastTime) / speed)
  }

  function tick() {
    timer = undefined
    if (!playing || stopped) return
    const batch: unknown[] = []
    do {
      batch.push(events[position])
      lastTime = timeOf(position) ?? lastTime
      position++
    } while (position < events.length && gapBefore(position) < 1)
    options.onEvents(batch)
    schedule()
  }

  function schedule() {
    if (stopped || !playing) return
    if (position >= events.length) {
      stopped = true
      options.onEnd?.()
      return
    }
    timer = setTimeout(tick, gapBefore(position))
  }

  schedule()

  return {
    get position() {
      return position
    },
    get playing() {
      return playing && !stopped
    },
    setSpeed(next) {
      speed = validSpeed(next)
      if (timer !== undefined) {
        clearTimeout(timer)
        timer = undefined
        schedule()
      }
    },
    pause() {
      playing = false
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
    },
    resume() {
      if (stopped || playing) return
      playing = true
      schedule()
    },
    stop() {
      stopped = true
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
    },
  }
}

function validSpeed(speed: number): number {
  return Number.isFinite(speed) && speed > 0 ? speed : 1
}
