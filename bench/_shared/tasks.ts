// Every main-thread task of a page within a window, from a Chromium trace: the long-task API reports only
// tasks over 50 ms, and a goal such as "the longest task <= 0.1x the <pre>'s first paint" can be under
// 50 ms. The page marks the window with `performance.mark(START_MARK)` and `performance.mark(END_MARK)`.
import type { Page } from 'playwright'

export const START_MARK = 'tc-bench-start'
export const END_MARK = 'tc-bench-end'

interface TraceEvent {
  name: string
  cat: string
  ph: string
  tid: number
  ts: number
  dur?: number
  /** Thread (CPU) time of the event, in µs. */
  tdur?: number
}

export interface Task {
  /** Wall time in ms: what the page feels. */
  ms: number
  /**
   * Thread time in ms: the CPU the main thread used. Below `ms` when the thread waited for a core (on
   * 2 cores it shares them with the highlighter's worker, raster and the GPU process).
   */
  cpuMs: number
}

/**
 * Runs `action` while Chromium traces the page, and returns every task the page's main thread ran
 * between the two marks (a task that straddles a mark counts whole), in order: its wall and CPU time.
 * Also when each frame left the main thread: the end of each `Commit` (the main thread hands the frame's
 * layers to the compositor, which draws them) after the start mark, in ms from that mark.
 */
export async function tasksDuring<T>(
  page: Page,
  action: () => Promise<T>,
): Promise<{ value: T; tasks: Task[]; commits: number[] }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Tracing.start', {
    // RunTask (one event per task run by a thread) and the page's marks; nothing else, to keep it light.
    categories: 'disabled-by-default-devtools.timeline,blink.user_timing',
    // The trace stays in the browser until the end and is read then: streamed to this process as it is
    // recorded ('ReportEvents'), the browser serialized and this process parsed it while the page ran,
    // taking CPU from the page's threads on a 2-core machine.
    transferMode: 'ReturnAsStream',
  })
  let value: T
  let stream: string | undefined
  try {
    value = await action()
  } finally {
    const complete = new Promise<{ stream?: string }>((resolve) =>
      cdp.once('Tracing.tracingComplete', resolve),
    )
    await cdp.send('Tracing.end')
    stream = (await complete).stream
  }
  if (!stream) throw new Error('the trace came back without a stream')
  let text = ''
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 22 })
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data
    if (chunk.eof) break
  }
  await cdp.send('IO.close', { handle: stream })
  await cdp.detach()
  const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] }
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents
  const start = events.find((e) => e.name === START_MARK && e.cat.includes('blink.user_timing'))
  const end = events.find((e) => e.name === END_MARK && e.cat.includes('blink.user_timing'))
  if (!start || !end) throw new Error(`the trace has no ${START_MARK} / ${END_MARK} marks`)
  const tasks = events
    .filter(
      (e) =>
        e.name === 'RunTask' &&
        e.ph === 'X' &&
        e.tid === start.tid &&
        e.dur !== undefined &&
        e.ts + e.dur > start.ts &&
        e.ts < end.ts,
    )
    .sort((a, b) => a.ts - b.ts)
    .map((e) => ({ ms: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? e.dur ?? 0) / 1000 }))
  const commits = events
    .filter((e) => e.name === 'Commit' && e.ph === 'X' && e.tid === start.tid && e.ts > start.ts)
    .map((e) => (e.ts + (e.dur ?? 0) - start.ts) / 1000)
    .sort((a, b) => a - b)
  return { value, tasks, commits }
}
