import { fc, test } from '@fast-check/vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { DiffIntent } from '../../protocol'
import { formatUnifiedDiff } from '../../text/diff/format'
import { buildFileViews } from '../../text/diff/view'
import { CardRenderer } from '../CardRenderer'
import { ToolcardsProvider } from '../host'
import { DIFF_FIRST_READ, DIFF_SLICE_READ } from './constants'
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
    expect(first.cut).toBe(true)
    const head = first.read[0]![0]!
    const whole = buildFileViews([{ path: 'big.ts', patch: long }])[0]!
    expect(head.additions).toBeGreaterThan(0)
    expect(head.additions).toBeLessThan(whole.additions)
    const next = readMore(first)
    expect(done(next)).toBe(true)
    expect(next.read[0]).toEqual([whole])
  })
})

describe('DiffCard reading a 20-file diff', () => {
  it('paints the first files with rows and the rest by name, then fills them in', async () => {
    const files = srcFiles(20)
    const { container } = render(diffCardOf('d', files))
    const card = container.querySelector('.tc-diff')!
    expect(card).toHaveAttribute('aria-busy', 'true')
    // every file is named from the first paint on; the later ones are being read
    expect(container.querySelectorAll('[data-slot="diff-file"]')).toHaveLength(20)
    const pendingNow = container.querySelectorAll('[data-slot="diff-pending"]').length
    expect(pendingNow).toBeGreaterThan(0)
    expect(screen.getAllByText('Reading the patch…').length).toBe(pendingNow)
    expect(container.querySelector('[data-slot="diff-line"]')).not.toBeNull()
    await waitFor(() => expect(card).not.toHaveAttribute('aria-busy'))
    expect(container.querySelectorAll('[data-slot="diff-pending"]')).toHaveLength(0)
    expect(screen.getByText('5,000 added, 5,000 removed')).toBeInTheDocument()
  })

  it('reads the rest after the first frame: a task queued by the first render does not hold that frame back', async () => {
    vi.useFakeTimers()
    try {
      const files = srcFiles(20)
      const { container } = render(diffCardOf('d', files))
      const pending = () => container.querySelectorAll('[data-slot="diff-pending"]').length
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
    expect(onCopy).toHaveBeenCalledTimes(1)
    const copied = onCopy.mock.calls[0]![0] as string
    expect(copied).toBe(formatUnifiedDiff(buildFileViews(files)))
    expect(copied.match(/^\+\+\+ /gm)).toHaveLength(20)
    await waitFor(() => expect(container.querySelector('.tc-diff')).not.toHaveAttribute('aria-busy'))
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
      const pending = () => container.querySelectorAll('[data-slot="diff-pending"]').length
      // (frames come every 16 ms of fake time: two of these fit between two frames)
      const tasks = () => act(async () => void vi.advanceTimersByTime(5))
      const frame = () => act(async () => void vi.advanceTimersToNextFrame())
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
})
