import { fc, test } from '@fast-check/vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { DiffIntent } from '../../protocol'
import { formatUnifiedDiff } from '../../text/diff/format'
import { buildFileViews } from '../../text/diff/view'
import { CardRenderer } from '../CardRenderer'
import { ToolcardsProvider } from '../host'
import { DIFF_FIRST_READ, DIFF_PENDING_NAMED, DIFF_SLICE_MS, DIFF_SLICE_READ } from './constants'
import { namedCount } from './DiffFiles'
import { done, placeholder, readFirst, readMore } from './useFileViews'

type Input = DiffIntent['files'][number]

/** A git-style patch of `n` changed lines for `path`. */
function patchOf(path: string, n: number, kind: 'modified' | 'added' | 'deleted' = 'modified'): string {
  const body: string[] = []
  for (let i = 0; i < n; i++) {
    if (kind !== 'added') body.push(`-  const v${i} = old(${i}) // ${path}`)
    if (kind !== 'deleted') body.push(`+  const v${i} = next(${i}) // ${path}`)
  }
  const a = kind === 'added' ? '/dev/null' : `a/${path}`
  const b = kind === 'deleted' ? '/dev/null' : `b/${path}`
  const oldN = kind === 'added' ? 0 : n
  const newN = kind === 'deleted' ? 0 : n
  return `--- ${a}\n+++ ${b}\n@@ -${oldN ? 1 : 0},${oldN} +${newN ? 1 : 0},${newN} @@\n${body.join('\n')}\n`
}

/** `n` files of `lines` changed lines each, named `src/m0.ts`, `src/m1.ts`, … */
const srcFiles = (n: number, lines = 250) =>
  Array.from({ length: n }, (_, i) => ({ path: `src/m${i}.ts`, patch: patchOf(`src/m${i}.ts`, lines) }))

/** A completed diff card of `files`. */
const diffCardOf = (id: string, files: DiffIntent['files']) => (
  <CardRenderer
    model={{ id, toolName: 'edit', args: {}, status: 'completed', intent: { card: 'diff', files } }}
  />
)

/** Files not read yet: each named one, and those waiting in the one box (it says how many). */
function unread(container: HTMLElement): number {
  const named = container.querySelectorAll('[data-slot="diff-pending"]').length
  const group = container.querySelector<HTMLElement>('[data-slot="diff-pending-files"]')
  return named + Number(group?.dataset.files ?? 0)
}

/** Reads `files` the way the card does: the first pass, then slices until done. */

function readAll(files: Input[]) {
  let p = readFirst(files)
  const passes = [p]
  while (!done(p)) {
    p = readMore(p)
    passes.push(p)
  }
  return { views: p.read.flatMap((r) => r ?? []), passes }
}

const input: fc.Arbitrary<Input> = fc.oneof(
  fc
    .record({
      path: fc.stringMatching(/^[a-z]{1,8}\/[a-z]{1,8}\.ts$/),
      lines: fc.integer({ min: 0, max: 3_000 }),
      kind: fc.constantFrom('modified' as const, 'added' as const, 'deleted' as const),
    })
    .map(({ path, lines, kind }) => ({
      path,
      patch: patchOf(path, lines, kind),
      ...(kind !== 'modified' ? { status: kind } : {}),
    })),
  fc.record({
    path: fc.constant('notes.txt'),
    oldText: fc.oneof(fc.constant(null), fc.string({ maxLength: 200 })),
    newText: fc.string({ maxLength: 200 }),
  }),
  // a patch that is not one (shown raw), and two files in one patch
  fc.constant<Input>({ path: 'x.bin', patch: 'permission denied' }),
  fc.constant<Input>({ path: 'pair', patch: patchOf('one.ts', 3) + patchOf('two.ts', 2) }),
)

describe('reading a diff in slices', () => {
  test.prop([fc.array(input, { maxLength: 30 })], { numRuns: 60 })(
    'ends with exactly the views of reading it in one go, and no slice reads much more than its budget',
    (files) => {
      const { views, passes } = readAll(files)
      expect(views).toEqual(buildFileViews(files))
      // each pass after the first reads one input, or several that fit in its budget together
      for (let k = 1; k < passes.length; k++) {
        const before = passes[k - 1]!.read
        const after = passes[k]!.read
        const newly = after
          .map((r, i) => (r !== undefined && before[i] === undefined ? (files[i]?.patch?.length ?? 0) : -1))
          .filter((n) => n >= 0)
        if (newly.length > 1) expect(newly.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(DIFF_SLICE_READ)
      }
    },
  )

  test.prop([fc.array(input, { minLength: 1, maxLength: 30 })], { numRuns: 60 })(
    'a file not read yet has the key its first view will have (its section keeps its state)',
    (files) => {
      const { views } = readAll(files)
      files.forEach((f, i) => {
        const key = placeholder(f, i).key
        expect(views.some((v) => v.key === key)).toBe(true)
      })
    },
  )

  it('the first pass reads about the first screen: files up to DIFF_FIRST_READ characters', () => {
    const files = Array.from({ length: 20 }, (_, i) => ({
      path: `f${i}.ts`,
      patch: patchOf(`f${i}.ts`, 250),
    }))
    const size = files[0]!.patch.length
    const first = readFirst(files)
    const read = first.read.filter((r) => r !== undefined).length
    expect(read).toBe(Math.max(1, Math.floor(DIFF_FIRST_READ / size)))
    expect(read).toBeLessThan(20)
  })

  it('one patch longer than DIFF_FIRST_READ: its head first (whole lines), all of it next', () => {
    const long = patchOf('big.ts', 5_000)
    expect(long.length).toBeGreaterThan(DIFF_FIRST_READ)
    const first = readFirst([{ path: 'big.ts', patch: long }])
    expect(first.reading?.index).toBe(0)
    const head = first.read[0]![0]!
    const whole = buildFileViews([{ path: 'big.ts', patch: long }])[0]!
    expect(head.additions).toBeGreaterThan(0)
    expect(head.additions).toBeLessThan(whole.additions)
    // a clock that moves 10 ms a look: each slice does one step of the reading
    const slices = readSlices(first)
    expect(slices.length).toBeGreaterThan(2)
    const last = slices[slices.length - 1]!
    expect(done(last)).toBe(true)
    expect(last.read[0]).toEqual([whole])
    // until then, each slice shows nothing new: the head stays
    for (const p of slices.slice(0, -1)) {
      expect(done(p)).toBe(false)
      expect(p.read).toBe(first.read)
    }
  })

  it('a long input after others is read in steps too, after the others are shown', () => {
    const long = patchOf('big.ts', 5_000)
    const files = [
      { path: 'a.ts', patch: patchOf('a.ts', 3) },
      { path: 'big.ts', patch: long },
    ]
    const first = readFirst(files)
    expect(first.read[0]).toBeDefined()
    expect(first.read[1]).toBeUndefined()
    const slices = readSlices(first)
    expect(slices.length).toBeGreaterThan(2)
    expect(slices[0]!.read[1]).toBeUndefined()
    expect(slices[slices.length - 1]!.read.flatMap((r) => r ?? [])).toEqual(buildFileViews(files))
  })
})

/** `readMore` until done, with a clock that moves 10 ms each time it is read (one step per slice). */
function readSlices(first: ReturnType<typeof readFirst>) {
  let t = 0
  const clock = vi.spyOn(performance, 'now').mockImplementation(() => (t += DIFF_SLICE_MS + 2))
  try {
    const out = []
    let p = first
    while (!done(p)) {
      p = readMore(p)
      out.push(p)
      if (out.length > 1_000) throw new Error('never done')
    }
    return out
  } finally {
    clock.mockRestore()
  }
}

describe('DiffCard reading a 20-file diff', () => {
  it('paints the first files with rows and the rest by name, then fills them in', async () => {
    const files = srcFiles(20)
    const { container } = render(diffCardOf('d', files))
    const card = container.querySelector('.tc-diff')!
    expect(card).toHaveAttribute('aria-busy', 'true')
    // The first files have sections from the first paint on; the next DIFF_PENDING_NAMED being read are
    // named, with a box for their rows; the rest wait in one box that counts them.
    const sections = container.querySelectorAll('[data-slot="diff-file"]').length
    const pendingNow = container.querySelectorAll('[data-slot="diff-pending"]').length
    expect(pendingNow).toBe(DIFF_PENDING_NAMED)
    expect(screen.getAllByText('Reading the patch…').length).toBe(pendingNow)
    const group = container.querySelector('[data-slot="diff-pending-files"]')!
    expect(group).toHaveTextContent(`Reading ${20 - sections} more files…`)
    expect(unread(container)).toBe(pendingNow + 20 - sections)
    expect(container.querySelector('[data-slot="diff-line"]')).not.toBeNull()
    // (a slice a frame: on a loaded machine reading all 20 takes more than waitFor's default second)
    await waitFor(() => expect(card).not.toHaveAttribute('aria-busy'), { timeout: 10_000 })
    expect(unread(container)).toBe(0)
    expect(container.querySelector('[data-slot="diff-pending-files"]')).toBeNull()
    expect(container.querySelectorAll('[data-slot="diff-file"]')).toHaveLength(20)
    expect(screen.getByText('5,000 added, 5,000 removed')).toBeInTheDocument()
  })

  it('reads the rest after the first frame: a task queued by the first render does not hold that frame back', async () => {
    vi.useFakeTimers()
    try {
      const files = srcFiles(20)
      const { container } = render(diffCardOf('d', files))
      const pending = () => unread(container)
      const before = pending()
      expect(before).toBeGreaterThan(0)
      // Tasks due now run (a 0 ms timer fires at 1 ms here); no frame has come: nothing more is read.
      await act(async () => {
        vi.advanceTimersByTime(1)
      })
      expect(pending()).toBe(before)
      // A frame, then the task it queued: the first slice.
      await act(async () => {
        vi.advanceTimersToNextFrame()
        vi.advanceTimersByTime(1)
      })
      expect(pending()).toBeLessThan(before)
    } finally {
      vi.useRealTimers()
    }
  })

  it('Copy while the rest is being read gives the whole patch', async () => {
    const files = srcFiles(20)
    const onCopy = vi.fn()
    const { container } = render(
      <ToolcardsProvider onCopy={onCopy}>{diffCardOf('c', files)}</ToolcardsProvider>,
    )
    expect(container.querySelector('.tc-diff')).toHaveAttribute('aria-busy', 'true')
    act(() => screen.getByRole('button', { name: 'Copy diff' }).click())
    // the formatter loads on the first Copy; what is copied is what was there at the click
    await waitFor(() => expect(onCopy).toHaveBeenCalledTimes(1), { timeout: 10_000 })
    const copied = onCopy.mock.calls[0]![0] as string
    expect(copied).toBe(formatUnifiedDiff(buildFileViews(files)))
    expect(copied.match(/^\+\+\+ /gm)).toHaveLength(20)
    await waitFor(() => expect(container.querySelector('.tc-diff')).not.toHaveAttribute('aria-busy'), {
      timeout: 10_000,
    })
  })

  it('shows one slice per frame, and reads the next after that frame', async () => {
    vi.useFakeTimers()
    // With a ResizeObserver, frame turns pace screen work (jsdom has none: then everything runs at once).
    const had = globalThis.ResizeObserver
    globalThis.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver
    try {
      const files = srcFiles(8)
      const { container } = render(diffCardOf('d', files))
      const pending = () => unread(container)
      // (frames come every 16 ms of fake time: two of these fit between two frames)
      const tasks = () => act(async () => void vi.advanceTimersByTime(5))
      const frame = () => act(async () => void vi.advanceTimersToNextFrame())
      // the files' sections come in the task after the first render
      await tasks()
      const start = pending()
      expect(start).toBeGreaterThanOrEqual(2)
      // The first frame, then tasks and no frame: the first slice is read, and waits for its frame turn.
      await frame()
      await tasks()
      expect(pending()).toBe(start)
      const seen = [start]
      for (let i = 0; i < 50 && pending() > 0; i++) {
        await frame()
        await tasks()
        const shown = pending()
        // more tasks, no frame: nothing more is shown
        await tasks()
        expect(pending()).toBe(shown)
        seen.push(shown)
      }
      expect(pending()).toBe(0)
      // every slice in a frame of its own: at least two frames showed files
      expect(seen.filter((n, i) => i > 0 && n < seen[i - 1]!).length).toBeGreaterThanOrEqual(2)
    } finally {
      globalThis.ResizeObserver = had
      vi.useRealTimers()
    }
  })

  it('a file still waiting in the box gets its section when the file list goes to it', async () => {
    vi.useFakeTimers()
    try {
      const files = srcFiles(20)
      const { container } = render(diffCardOf('j', files))
      const sections = () => [...container.querySelectorAll<HTMLElement>('[data-slot="diff-file"]')]
      expect(container.querySelector('[data-slot="diff-pending-files"]')).not.toBeNull()
      expect(sections().some((s) => s.textContent?.includes('src/m15.ts'))).toBe(false)
      act(() => screen.getByTitle('Go to src/m15.ts').click())
      // every file up to it has its section now; it is open, named, its rows still to be read
      expect(sections()).toHaveLength(16)
      const target = sections()[15]!
      expect(target).toHaveTextContent('src/m15.ts')
      expect(target).toHaveAttribute('data-state', 'expanded')
      expect(target.querySelector('[data-slot="diff-pending"]')).not.toBeNull()
      await act(async () => void vi.advanceTimersToNextFrame())
      expect(document.activeElement).toBe(target)
      // and the rest still wait in the box
      expect(container.querySelector('[data-slot="diff-pending-files"]')).toHaveAttribute('data-files', '4')
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('namedCount: which files get a section while the diff is being read', () => {
  const views = (n: number) => Array.from({ length: n }, (_, i) => placeholder({ path: `f${i}` }, i))
  test.prop([fc.array(fc.boolean(), { maxLength: 30 }), fc.integer({ min: -1, max: 35 })])(
    'the files without one are all being read, and the first DIFF_PENDING_NAMED being read (and any gone to) have one',
    (flags, reach) => {
      const v = views(flags.length)
      const pending = new Set(v.filter((_, i) => flags[i]).map((f) => f.key))
      const named = namedCount(v, pending, reach)
      expect(named).toBeLessThanOrEqual(v.length)
      expect(named).toBeGreaterThanOrEqual(Math.min(v.length, reach + 1))
      for (let i = named; i < v.length; i++) expect(flags[i]).toBe(true)
      const firstPending = flags.indexOf(true)
      if (firstPending < 0) expect(named).toBe(v.length)
      else expect(named).toBeGreaterThanOrEqual(Math.min(v.length, firstPending + DIFF_PENDING_NAMED))
      // only as many as that: the box takes the rest when they are all being read
      const suffix = firstPending >= 0 && flags.slice(firstPending).every(Boolean)
      if (suffix)
        expect(named).toBe(Math.min(v.length, Math.max(firstPending + DIFF_PENDING_NAMED, reach + 1)))
    },
  )
})
