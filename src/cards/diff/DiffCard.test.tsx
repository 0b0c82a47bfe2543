import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  acpShape,
  big10k,
  binaryFile,
  diffModel,
  hostile,
  malformed,
  notADiff,
  oneLineFix,
  streamingPatch,
  thousandFiles,
} from '../../../stories/fixtures/diff'
import type { DiffIntent } from '../../protocol'
import { parseUnifiedDiff } from '../../text/diff'
import { CardRenderer } from '../CardRenderer'
import { type ToolcardsHost, ToolcardsProvider } from '../host'
import { DIFF_FIRST_READ, DiffCard } from './DiffCard'

function show(intent: DiffIntent, host: ToolcardsHost = {}, status: 'completed' | 'running' = 'completed') {
  return render(
    <ToolcardsProvider highlighter={null} {...host}>
      <CardRenderer model={diffModel('t', intent, status)} />
    </ToolcardsProvider>,
  )
}

describe('DiffCard', () => {
  it('a failed edit shows its error text once, with the change it asked for', () => {
    const error = 'EACCES: permission denied, open src/clamp.ts'
    const { container } = render(
      <ToolcardsProvider highlighter={null}>
        <CardRenderer model={{ ...diffModel('f', oneLineFix, 'completed'), status: 'failed', error }} />
      </ToolcardsProvider>,
    )
    const text = container.textContent ?? ''
    expect(text.split(error).length - 1).toBe(1)
    expect(container.querySelector('[data-slot="diff-line"][data-kind="add"]')).not.toBeNull()
    expect(container.querySelector('article')).toHaveAttribute('data-tone', 'failure')
  })

  it('a one-line fix: counts, line numbers, signs, and the changed words marked', async () => {
    const { container } = show(oneLineFix)
    // word marks arrive one task after the first paint
    // (the word differ is a chunk of its own: its first import under a loaded CI took over a second)
    await waitFor(() => expect(container.querySelectorAll('mark').length).toBeGreaterThan(0), {
      timeout: 10_000,
    })
    expect(screen.getAllByText('1 added, 1 removed')[0]).toBeInTheDocument()
    const del = container.querySelector('[data-slot="diff-line"][data-kind="del"]')!
    const add = container.querySelector('[data-slot="diff-line"][data-kind="add"]')!
    expect(del.textContent).toContain('return Math.max(min, Math.min(max, value + 1))')
    expect(within(del as HTMLElement).getByText('13')).toBeInTheDocument()
    expect(within(add as HTMLElement).getByText('13')).toBeInTheDocument()
    expect([...del.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([' + 1'])
    expect(add.querySelectorAll('mark')).toHaveLength(0)
    // the hunk header, as text
    expect(container.querySelector('[data-slot="diff-hunk"]')!.textContent).toBe(
      '@@ -10,7 +10,7 @@ export function clamp(value: number, min: number, max: number) {',
    )
  })

  it('a screen reader tells removed from added lines: the sign is hidden, the text is a deletion or an insertion (both views)', () => {
    const { container } = show(oneLineFix)
    const check = () => {
      // the patch's own changed lines, as the parser reads them
      const lines = parseUnifiedDiff(oneLineFix.files[0]!.patch!).files[0]!.hunks.flatMap((h) => h.lines)
      const removed = lines.filter((l) => l.kind === 'del').map((l) => l.text)
      const added = lines.filter((l) => l.kind === 'add').map((l) => l.text)
      expect(removed.length + added.length).toBeGreaterThan(0)
      expect(screen.getAllByRole('deletion').map((e) => e.textContent)).toEqual(removed)
      expect(screen.getAllByRole('insertion').map((e) => e.textContent)).toEqual(added)
      // an unchanged line is neither
      const context = container.querySelector('[data-kind="context"] [data-slot="code-line"]')!
      expect(context).not.toHaveAttribute('role')
    }
    check()
    fireEvent.click(screen.getByRole('button', { name: 'Split' }))
    expect(container.querySelector('.tc-diff')).toHaveAttribute('data-view', 'split')
    check()
  })

  it('line numbers open the file at the line through the host', () => {
    const onOpenPath = vi.fn()
    show(oneLineFix, { onOpenPath })
    fireEvent.click(screen.getByRole('button', { name: 'Open src/math.ts at line 13' }))
    expect(onOpenPath).toHaveBeenCalledWith('src/math.ts', 13)
    fireEvent.click(screen.getByRole('button', { name: 'Open src/math.ts at line 10 (before the change)' }))
    expect(onOpenPath).toHaveBeenLastCalledWith('src/math.ts', 10)
  })

  it('without onOpenPath, line numbers are plain text', () => {
    show(oneLineFix)
    expect(screen.queryByRole('button', { name: /at line/ })).toBeNull()
  })

  it('toggles unified/split, tells the host, and starts in the host default', () => {
    const onDiffViewChange = vi.fn()
    const { container } = show(oneLineFix, { onDiffViewChange })
    expect(container.querySelector('.tc-diff')).toHaveAttribute('data-view', 'unified')
    fireEvent.click(screen.getByRole('button', { name: 'Split' }))
    expect(container.querySelector('.tc-diff')).toHaveAttribute('data-view', 'split')
    expect(onDiffViewChange).toHaveBeenCalledWith('split', 't')
    const halves = container.querySelectorAll(
      '.tc-diff-half[data-kind="del"], .tc-diff-half[data-kind="add"]',
    )
    expect(halves).toHaveLength(2)
    const { container: c2 } = show(oneLineFix, { defaultDiffView: 'split' })
    expect(c2.querySelector('.tc-diff')).toHaveAttribute('data-view', 'split')
  })

  it('hostile paths and hunk headers stay text; bidi characters become markers with a warning', () => {
    const { container } = show(hostile)
    expect(container.querySelector('svg[onload], img, script')).toBeNull()
    expect(screen.getAllByText('"><svg onload=alert(1)>.ts').length).toBeGreaterThan(0)
    expect(container.querySelector('[data-slot="diff-hunk"]')!.textContent).toContain(
      '<img src=x onerror=alert(1)>',
    )
    expect(container.querySelectorAll('[data-slot="invisible-marker"][data-bidi]').length).toBeGreaterThan(0)
    expect(container.textContent).not.toContain('\u202e')
    expect(screen.getByText(/bidirectional control characters/)).toBeInTheDocument()
  })

  it('a malformed patch: what could be read, a notice with the problems, and the raw text', () => {
    const { container } = show(malformed)
    expect(container.querySelectorAll('[data-slot="diff-line"]')).toHaveLength(5)
    const notice = container.querySelector('[data-slot="diff-problems"]')!
    expect(notice.textContent).toMatch(/line 7: unexpected line outside a hunk/)
    expect(container.querySelector('[data-slot="diff-raw"]')!.textContent).toContain(
      'this line is not part of any hunk',
    )
  })

  it('not a diff, and binary: a clear notice, never a blank card', () => {
    const { container } = show(notADiff)
    expect(screen.getByText('This patch could not be read; showing the raw text.')).toBeInTheDocument()
    expect(container.querySelector('[data-slot="diff-raw"]')!.textContent).toContain('permission denied')
    show(binaryFile)
    expect(screen.getByText('Binary file: its contents are not shown.')).toBeInTheDocument()
  })

  it('streaming: renders the lines it has and reports no cut-off hunk', () => {
    const { container } = show(streamingPatch, {}, 'running')
    expect(container.querySelectorAll('[data-slot="diff-line"]')).toHaveLength(5)
    expect(container.querySelector('[data-slot="diff-problems"]')).toBeNull()
  })

  it('whole texts: unchanged regions collapse and expand', () => {
    const { container } = show(acpShape)
    const before = container.querySelectorAll('[data-slot="diff-line"]').length
    fireEvent.click(screen.getByRole('button', { name: 'Expand 16 unchanged lines' }))
    expect(container.querySelectorAll('[data-slot="diff-line"]').length).toBe(before + 16)
  })

  it('1,000 files: 50 shown, then 50 more on request; the file list is one capped, virtualized list', async () => {
    const { container } = show(thousandFiles)
    expect(container.querySelectorAll('[data-slot="diff-file"]')).toHaveLength(50)
    const list = container.querySelector<HTMLElement>('[data-slot="diff-filelist"]')!
    expect(list).toHaveAttribute('role', 'list')
    expect(list.style.maxHeight).toBe(`${24 * 12 + 8}px`)
    // a window of rows, in a space sized for all 1,000
    expect(list.querySelectorAll('.tc-diff-filelist-jump').length).toBeLessThan(60)
    expect(list.querySelector<HTMLElement>('.tc-vspace')!.style.height).toBe(`${1000 * 24}px`)
    fireEvent.click(screen.getByRole('button', { name: /Show 50 more files \(950 not shown\)/ }))
    expect(container.querySelectorAll('[data-slot="diff-file"]')).toHaveLength(100)
    // the totals are whole once every file is read (a slice per task; a loaded CI machine takes seconds)
    expect(
      (await screen.findAllByText('1,000 added, 1,000 removed', undefined, { timeout: 20_000 }))[0],
    ).toBeInTheDocument()
  })

  it('a one-file diff has no file header of its own: the card header names the file and counts once', () => {
    const { container } = show(oneLineFix)
    expect(container.querySelector('[data-slot="diff-file-header"]')).toBeNull()
    expect(container.querySelector('[data-slot="card-title"]')).toHaveTextContent('Edit src/math.ts')
    expect(container.querySelectorAll('[data-slot="diff-counts"]')).toHaveLength(1)
    expect(container.textContent?.match(/src\/math\.ts/g)).toHaveLength(1)
  })

  it('a file in the list jumps to its section and opens it', async () => {
    const { container } = show({ ...thousandFiles, files: thousandFiles.files.slice(0, 20) })
    const section = container.querySelectorAll<HTMLElement>('[data-slot="diff-file"]')[10]!
    expect(section).toHaveAttribute('data-state', 'collapsed')
    const jump = container.querySelectorAll<HTMLButtonElement>('.tc-diff-filelist-jump')[10]!
    fireEvent.click(jump)
    expect(section).toHaveAttribute('data-state', 'expanded')
    await waitFor(() => expect(document.activeElement).toBe(section))
  })

  it('files collapse and expand from their header', () => {
    const { container } = show(thousandFiles)
    const toggle = container.querySelector<HTMLButtonElement>('.tc-diff-file-toggle')!
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const section = toggle.closest<HTMLElement>('[data-slot="diff-file"]')!
    expect(section.querySelectorAll('[data-slot="diff-line"]').length).toBeGreaterThan(0)
    fireEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(section.querySelectorAll('[data-slot="diff-line"]')).toHaveLength(0)
  })

  it('a 10,000-line diff of whole texts (2.2 MB) is diffed after the first paint, then renders a window of rows', async () => {
    vi.useFakeTimers()
    try {
      const { container } = show(big10k)
      // the first paint: the file's name, no rows yet (aligning 2 x 20,000 lines is left to the next tasks)
      expect(container.querySelector('.tc-diff')).toHaveAttribute('data-reading', '')
      expect(container.querySelector('header')).toHaveTextContent('src/generated/table.ts')
      expect(container.querySelectorAll('[data-slot="diff-line"]')).toHaveLength(0)
      await act(async () => {
        vi.runAllTimers()
      })
      expect(container.querySelector('.tc-diff')).not.toHaveAttribute('data-reading')
      const rows = container.querySelectorAll('[data-slot="diff-line"]').length
      expect(rows).toBeGreaterThan(0)
      expect(rows).toBeLessThan(120)
      // the scroll area is sized for all 30,000 rows: 10,000 removed, 10,000 added, 10,000 unchanged between
      const space = container.querySelector<HTMLElement>('.tc-diff-body [data-virtual] .tc-vspace')!
      expect(space.style.height).toBe(`${30_000 * 20}px`)
    } finally {
      vi.useRealTimers()
    }
  })

  it('a new file given whole (1 MB) shows its head at once, all of it after', async () => {
    vi.useFakeTimers()
    try {
      const lines = Array.from(
        { length: 20_000 },
        (_, i) => `export const v${i} = ${i} // a line of the new file`,
      )
      const intent: DiffIntent = {
        card: 'diff',
        files: [{ path: 'src/new.ts', oldText: null, newText: `${lines.join('\n')}\n` }],
      }
      const { container } = show(intent)
      expect(container.querySelector('.tc-diff')).toHaveAttribute('data-reading', '')
      const first = [...container.querySelectorAll('[data-slot="diff-line"]')].map((r) => r.textContent)
      expect(first.length).toBeGreaterThan(0)
      expect(first[0]).toContain('export const v0 = 0')
      await act(async () => {
        vi.runAllTimers()
      })
      expect(container.querySelector('.tc-diff')).not.toHaveAttribute('data-reading')
      expect(container.querySelector('header')).toHaveTextContent('20,000 added, 0 removed')
      const space = container.querySelector<HTMLElement>('.tc-diff-body [data-virtual] .tc-vspace')!
      expect(space.style.height).toBe(`${20_000 * 20}px`)
    } finally {
      vi.useRealTimers()
    }
  })

  it('a long patch is read in two steps: the first screen at once, the rest in the next task', async () => {
    vi.useFakeTimers()
    try {
      const body: string[] = []
      for (let i = 0; i < 5000; i++) body.push(` context line ${i}`, `-old ${i}`, `+new ${i}`)
      const patch = `--- a/x\n+++ b/x\n@@ -1,10000 +1,10000 @@\n${body.join('\n')}\n`
      expect(patch.length).toBeGreaterThan(DIFF_FIRST_READ)
      const intent: DiffIntent = { card: 'diff', files: [{ path: 'x', patch }] }
      const { container } = render(
        <ToolcardsProvider highlighter={null}>
          <DiffCard model={diffModel('p', intent)} intent={intent} />
        </ToolcardsProvider>,
      )
      expect(container.querySelector('.tc-diff')).toHaveAttribute('data-reading', '')
      expect(container.querySelector('[data-slot="diff-problems"]')).toBeNull()
      await act(async () => {
        vi.runAllTimers()
      })
      expect(container.querySelector('.tc-diff')).not.toHaveAttribute('data-reading')
      expect(screen.getAllByText('5,000 added, 5,000 removed')[0]).toBeInTheDocument()
    } finally {
      vi.useRealTimers()
    }
  })

  it('Copy diff gives a patch that reads back to the same files', async () => {
    const onCopy = vi.fn()
    show(oneLineFix, { onCopy })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy diff' }))
    })
    // the formatter loads on the first Copy
    await waitFor(() => expect(onCopy).toHaveBeenCalledTimes(1), { timeout: 10_000 })
    const text = onCopy.mock.calls[0]![0] as string
    const back = parseUnifiedDiff(text)
    expect(back.problems).toEqual([])
    expect(back.files.map((f) => [f.newPath, f.additions, f.deletions])).toEqual([['src/math.ts', 1, 1]])
  })
})
