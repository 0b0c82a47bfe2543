import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react'
import { flushSync } from 'react-dom'

/**
 * Work that changes what is on screen, one piece per animation frame: a file of a diff coming near the
 * viewport, a block of colour arriving from the highlighter, word marks. When several arrive together (a
 * big diff read in slices, ten colour replies after a grammar loads), each frame lays out and paints one
 * of them, not all at once in one long frame.
 */
const waiting: Array<() => void> = []
let pumping = false

function next(): void {
  waiting.shift()?.()
  if (waiting.length > 0) requestAnimationFrame(next)
  else pumping = false
}

/**
 * Runs `fn` in its turn, one per animation frame, in the order queued. At once where there is no layout
 * to pace (no ResizeObserver: server render, jsdom), so that everything renders there as before. A
 * component that unmounts before its turn only costs the turn: setting its state then does nothing.
 */
export function inFrameTurn(fn: () => void): void {
  if (typeof ResizeObserver === 'undefined') {
    fn()
    return
  }
  waiting.push(fn)
  if (!pumping) {
    pumping = true
    requestAnimationFrame(next)
  }
}

/**
 * False in a component's first frame, true from its frame turn after it mounted (while `on`): what can
 * wait a frame (overscan rows, the names of a diff's file list) renders then, in its turn.
 */
export function useAfterFirstFrame(on = true): boolean {
  const [after, setAfter] = useState(false)
  useEffect(() => {
    if (on) inFrameTurn(() => setAfter(true))
  }, [on])
  return after
}

const noSubscribe = () => () => {}
const onClient = () => false
const onServer = () => true

/**
 * True where a component renders everything in its first pass: on a server and while hydrating server
 * HTML (which has it all), kept for the component's life. `useSyncExternalStore` tells a hydrating
 * render from a client one.
 */
export function useFromServer(): boolean {
  const server = useSyncExternalStore(noSubscribe, onClient, onServer)
  const [fromServer] = useState(server)
  return fromServer
}

/** Work can wait for later tasks and frames: a client render (not hydrating) with layout (not jsdom). */
export function usePaced(): boolean {
  return !useFromServer() && typeof ResizeObserver !== 'undefined'
}

/**
 * False in a component's first render (while `on`), true from the next task: what renders then is built
 * and, in a new renderer process, compiled in a task of its own, not in the task of the first render. True
 * at once where there is no layout (server render, jsdom) and when hydrating server HTML (which has it all).
 * `frame`: should a frame come before that task (a first task long enough to pass a vsync, as in a new
 * renderer process), render it in that frame's animation-frame callback instead, so that the frame shows
 * it; for small work only (a screen of rows), as it lengthens that frame.
 */
export function useNextTask(on = true, frame = false): boolean {
  const fromServer = useFromServer()
  const [next, setNext] = useState(!on || typeof ResizeObserver === 'undefined')
  // biome-ignore lint/correctness/useExhaustiveDependencies: `frame` is fixed per call site
  useEffect(() => {
    if (next) return
    const go = () => setNext(true)
    const timer = setTimeout(go, 0)
    const f = frame ? requestAnimationFrame(() => flushSync(go)) : 0
    return () => {
      clearTimeout(timer)
      cancelAnimationFrame(f)
    }
  }, [next])
  return next || fromServer
}

/** More rows than this in a card's first render go to the next task (`useRowsNow`): about a screen of them. */
export const ROWS_IN_FIRST_TASK = 20

/**
 * Whether a card mounted now may leave its rows to the next task (`useRowsNow`). A list that mounts cards
 * inside a frame (while scrolling) sets `current` to false once its first cards are shown, so that a card
 * scrolled into view has its rows in that frame, not a frame later. An object read once per card, not a
 * value, so that changing it re-renders nothing.
 */
export const RowsLaterContext = createContext<{ current: boolean }>({ current: true })

/**
 * False in the first render of a card body that holds more than `ROWS_IN_FIRST_TASK` rows, true from the
 * next task (`useNextTask`): the card's first task builds its frame and a box as high as the rows, the
 * next builds the rows, and both run before the frame that shows them (diff, same tab, 16 runs: longest
 * task 10.0 ms median / 11.8 ms worst against 11.1 / 17.1 ms, first paint the same). Where a frame comes
 * between the two tasks (a new tab, whose first task compiles), the rows render in that frame's
 * animation-frame callback, so no frame shows the box without its rows (diff, new tab, 12 runs: first
 * paint 38.8 ms median against 56.3 ms, which had that frame in 8 runs). True at once for fewer rows, where
 * `RowsLaterContext` says so, and where `useNextTask` is true at once (server render, hydration, jsdom).
 */
export function useRowsNow(rows: number): boolean {
  const later = useContext(RowsLaterContext)
  const [defer] = useState(() => rows > ROWS_IN_FIRST_TASK && later.current)
  return useNextTask(defer, true)
}

/**
 * How many of `count` pieces to render: the first at once, then one more in each frame turn (a long
 * page of markdown parsed a piece per frame). All at once where there is no layout (server render, jsdom)
 * and when hydrating server HTML (which has them all). Pieces added later (a growing `count`) come the
 * same way, one per frame turn.
 */
export function usePiecesShown(count: number): number {
  const all = !usePaced()
  const [shown, setShown] = useState(1)
  const behind = !all && shown < count
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` re-arms the effect after each piece
  useEffect(() => {
    if (!behind) return
    let live = true
    inFrameTurn(() => {
      if (live) setShown((n) => n + 1)
    })
    return () => {
      live = false
    }
  }, [behind, shown])
  return all ? count : Math.min(count, Math.max(1, shown))
}

/** Pieces waiting for their turn (tests wait for 0 before comparing screens). */
export function frameTurnsWaiting(): number {
  return waiting.length
}

/**
 * Runs `fn` in a task after the next frame, so that it does not hold back the first paint: a task queued
 * during a render may otherwise run before that render's frame. Where there are no frames (a DOM without
 * `requestAnimationFrame`, such as a bare jsdom), in the next task. Returns a function that cancels it.
 */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(fn, 0)
    return () => clearTimeout(timer)
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/**
 * Resolves in an idle period of the page (`requestIdleCallback`) with `room` ms or more left in it, asking
 * again until one comes, at the latest after `timeout` ms; at once where there is no `requestIdleCallback`
 * (Safari, jsdom).
 */
export function whenIdle(timeout: number, room = 0): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback !== 'function') return resolve()
    const end = performance.now() + timeout
    const ask = (wait: number) =>
      requestIdleCallback(
        (d) =>
          d.didTimeout || d.timeRemaining() >= room ? resolve() : ask(Math.max(1, end - performance.now())),
        { timeout: wait },
      )
    ask(timeout)
  })
}

/** The page's first idle period of 30 ms or more (at most 2 s after the first card asked): one wait per page. */
let pageIdle: Promise<unknown> | undefined
let pageWasIdle = false

/**
 * False until the page has been idle (a period of 30 ms or more, at most 2 s after the first card asked),
 * true from then on: what is on screen renders and gets colour first, what is beyond it (a diff's files
 * below the screen, colour for rows around the view) waits for it, so that the first second's work is the
 * screen's. True at once where work is not paced (server render, hydrating, jsdom).
 */
export function usePageIdle(): boolean {
  const paced = usePaced()
  const [idle, setIdle] = useState(pageWasIdle || !paced)
  useEffect(() => {
    if (idle) return
    let live = true
    pageIdle ??= whenIdle(2000, 30).then(() => {
      pageWasIdle = true
    })
    pageIdle.then(() => live && setIdle(true))
    return () => {
      live = false
    }
  }, [idle])
  return idle
}
