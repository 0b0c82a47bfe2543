/// <reference types="vite/client" />
// Every story's cards at 320, 420 and 1280 px of width, in Chromium with the kit's styles: the title keeps
// at least 40% of the header at 320 px, no two header items overlap, and none sticks out of the header.
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import '../src/styles.css'
import { CardRenderer } from '../src/cards/CardRenderer'
import { ToolcardsProvider } from '../src/cards/host'
import type { CardModel } from '../src/protocol'

const files = import.meta.glob<Record<string, unknown>>('../stories/**/*.stories.tsx', { eager: true })

function isModel(v: unknown): v is CardModel {
  return (
    v !== null &&
    typeof v === 'object' &&
    typeof (v as CardModel).id === 'string' &&
    typeof (v as CardModel).toolName === 'string' &&
    typeof (v as CardModel).status === 'string'
  )
}

/** The models a story renders: `args.models`, or `args.model` (+ `args.intent` for a card rendered alone). */
function modelsOf(story: unknown): CardModel[] {
  const args = (story as { args?: Record<string, unknown> })?.args
  if (!args) return []
  const out: CardModel[] = []
  if (isModel(args.model))
    out.push(args.intent !== undefined ? { ...args.model, intent: args.intent } : args.model)
  if (Array.isArray(args.models)) out.push(...args.models.filter(isModel))
  return out
}

const stories: Array<[string, CardModel[], Record<string, unknown>]> = []
for (const [file, mod] of Object.entries(files)) {
  for (const [name, story] of Object.entries(mod)) {
    if (name === 'default') continue
    const models = modelsOf(story)
    const args = (story as { args?: Record<string, unknown> }).args ?? {}
    const host = { locale: args.locale, labels: args.labels } as Record<string, unknown>
    if (models.length > 0) stories.push([`${file.replace('../stories/', '')} > ${name}`, models, host])
  }
}

/** The boxes that must not overlap: the header's leaves, as a user sees them. */
const ITEMS = [
  '[data-slot="chevron"]',
  '[data-slot="card-icon"]',
  '[data-slot="card-title"]',
  '[data-slot="card-status"]',
  '[data-slot="card-summary"]',
  '[data-slot="card-details"] .tc-badge',
  '[data-slot="card-detail"]',
  '[data-slot="card-duration"]',
  '[data-slot="card-actions"] button',
].join(', ')

interface Finding {
  card: string
  problem: string
}

function box(el: Element) {
  const r = el.getBoundingClientRect()
  return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height }
}

function measure(root: HTMLElement, width: number): { findings: Finding[]; headers: number } {
  const findings: Finding[] = []
  const headers = [...root.querySelectorAll<HTMLElement>('article > [data-slot="card-header"]')]
  for (const header of headers) {
    const card = `${header.parentElement?.getAttribute('data-card')}: ${header.querySelector('[data-slot="card-title"]')?.textContent?.slice(0, 60)}`
    const h = box(header)
    const title = header.querySelector('[data-slot="card-title"]')
    if (!title) {
      findings.push({ card, problem: 'no title' })
      continue
    }
    const t = box(title)
    if (width === 320 && t.width < 0.4 * h.width)
      findings.push({ card, problem: `title ${t.width.toFixed(0)} px of a ${h.width.toFixed(0)} px header` })
    // nested items (a badge inside the summary) are one item: keep the outermost
    const all = [...header.querySelectorAll(ITEMS)]
    const items = all
      .filter((el) => !all.some((other) => other !== el && other.contains(el)))
      .map((el) => ({ el, b: box(el) }))
      .filter((x) => x.b.width > 0 && x.b.height > 0)
    for (const { el, b } of items) {
      if (b.left < h.left - 0.5 || b.right > h.right + 0.5)
        findings.push({
          card,
          problem: `${nameOf(el)} sticks out of the header (${b.left}-${b.right} of ${h.left}-${h.right})`,
        })
    }
    for (let i = 0; i < items.length; i++) {
      for (let j = i + 1; j < items.length; j++) {
        const a = items[i]!.b
        const b = items[j]!.b
        const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left)
        const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
        if (overlapX > 0.5 && overlapY > 0.5)
          findings.push({ card, problem: `${nameOf(items[i]!.el)} overlaps ${nameOf(items[j]!.el)}` })
      }
    }
  }
  return { findings, headers: headers.length }
}

function nameOf(el: Element): string {
  return `${el.getAttribute('data-slot') ?? el.className}${el.textContent ? ` "${el.textContent.slice(0, 30)}"` : ''}`
}

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

afterEach(() => cleanup())

describe('card headers at 320, 420 and 1280 px', () => {
  it('finds the stories', () => {
    expect(stories.length).toBeGreaterThan(60)
  })

  it.each(stories)('%s', async (_name, models, host) => {
    for (const width of [320, 420, 1280]) {
      const { container, unmount } = render(
        <div style={{ width, boxSizing: 'border-box' }} className="tc-root" data-theme="light">
          <ToolcardsProvider
            highlighter={null}
            {...(typeof host.locale === 'string' ? { locale: host.locale } : {})}
          >
            {models.map((m) => (
              <CardRenderer key={m.id} model={m} />
            ))}
          </ToolcardsProvider>
        </div>,
      )
      await act(frame)
      await act(frame)
      const { findings, headers } = measure(container, width)
      expect(headers).toBeGreaterThan(0)
      expect(findings, `at ${width} px`).toEqual([])
      unmount()
    }
  })
})
