import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { showcaseModels } from '../../stories/fixtures/showcase'
import type { CardModel } from '../protocol'
import { CardRenderer } from './CardRenderer'
import { ToolcardsProvider, type ToolcardsProviderProps } from './host'
import { fill, LABELS_EN, type Labels, mergeLabels, type Plural } from './labels'
import { LABELS_ZH_CN } from './labels-zh-cn'
import { CheckingCard } from './shared/checkedIntent'
import { createTexts } from './shared/format'

afterEach(() => cleanup())

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
const isPlural = (v: unknown): v is Plural => typeof v === 'object' && v !== null && 'other' in v

describe('the labels table', () => {
  it('English and Simplified Chinese have the same keys, and each text the same placeholders', () => {
    const check = (en: Record<string, unknown>, zh: Record<string, unknown>, path: string) => {
      expect(Object.keys(zh).sort(), path).toEqual(Object.keys(en).sort())
      for (const key of Object.keys(en)) {
        const a = en[key]
        const b = zh[key]
        const at = `${path}.${key}`
        if (typeof a === 'string') {
          expect(typeof b, at).toBe('string')
          expect((b as string).trim(), at).not.toBe('')
          expect(placeholders(b as string), at).toEqual(placeholders(a))
        } else if (isPlural(a)) {
          expect(isPlural(b), at).toBe(true)
          // every form of either language uses only the placeholders of the English `other` form
          const allowed = placeholders(a.other)
          for (const form of [...Object.values(a), ...Object.values(b as Plural)])
            for (const p of placeholders(form)) expect(allowed, `${at}: {${p}}`).toContain(p)
          expect(placeholders((b as Plural).other), at).toEqual(allowed)
        } else {
          check(a as Record<string, unknown>, b as Record<string, unknown>, at)
        }
      }
    }
    check(
      LABELS_EN as unknown as Record<string, unknown>,
      LABELS_ZH_CN as unknown as Record<string, unknown>,
      '$',
    )
  })

  it('the Chinese table is Chinese: every text but the few kept as-is holds a CJK character', () => {
    const same = new Set(['URL', 'CRLF', 'stderr', '{code} {name}', '{n} ms'])
    const walk = (v: unknown, at: string): void => {
      if (typeof v === 'string') {
        const words = v.replace(/\{\w+\}/g, '')
        if (!same.has(v) && /[A-Za-z]/.test(words)) expect(v, at).toMatch(/[\u3000-\u9fff\uff00-\uffef]/)
      } else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${at}.${k}`)
    }
    walk(LABELS_ZH_CN, '$')
  })

  it('fills placeholders and leaves unknown ones as written', () => {
    expect(fill('Open {path} at line {line}', { path: 'a.ts', line: 3 })).toBe('Open a.ts at line 3')
    expect(fill('{a}{b}', { a: '{b}', b: 'x' })).toBe('{b}x')
    expect(fill('keep {this}', {})).toBe('keep {this}')
  })

  it('picks the plural form of the locale; zh has one form', () => {
    const en = createTexts('en-US', LABELS_EN)
    expect(en.count('showAllLines', 1)).toBe('Show all 1 line')
    expect(en.count('showAllLines', 12_408)).toBe('Show all 12,408 lines')
    const zh = createTexts('zh-CN', LABELS_ZH_CN)
    expect(zh.count('showAllLines', 1)).toBe('显示全部 1 行')
    expect(zh.count('showAllLines', 12_408)).toBe('显示全部 12,408 行')
    const de = createTexts('de-DE', LABELS_EN)
    expect(de.count('showAllLines', 12_408)).toBe('Show all 12.408 lines')
    expect(de.bytes(1536)).toBe('1,5 KB')
  })

  it('formats durations with the labels and the locale', () => {
    const en = createTexts('en-US', LABELS_EN)
    expect([320, 4210, 65_000, 7_380_000, -1].map((ms) => en.duration(ms))).toEqual([
      '320 ms',
      '4.2 s',
      '1 min 05 s',
      '2 h 03 min',
      '',
    ])
    const zh = createTexts('zh-CN', LABELS_ZH_CN)
    expect(zh.duration(4210)).toBe('4.2 秒')
  })

  it('merges a host’s overrides, taking only well-formed values', () => {
    const merged = mergeLabels(LABELS_EN, {
      copy: 'Copier',
      status: { completed: 'Fait' },
      lines: { one: 'une ligne', other: '{n} lignes' },
      // what a host might pass by mistake
      wrap: 42 as unknown as string,
      showAllLines: { one: 'x' } as unknown as Plural,
      emptySession: { other: 'x' } as unknown as string,
      ['__proto__' as keyof Labels]: { polluted: true } as never,
    })
    expect(merged.copy).toBe('Copier')
    expect(merged.status.completed).toBe('Fait')
    expect(merged.status.failed).toBe('Failed')
    expect(merged.lines.other).toBe('{n} lignes')
    expect(merged.wrap).toBe('Wrap')
    expect(merged.showAllLines).toBe(LABELS_EN.showAllLines)
    expect(merged.emptySession).toBe('No tool calls yet.')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(mergeLabels(LABELS_EN, null)).toBe(LABELS_EN)
  })
})

/** Literal pieces of the English table (between placeholders), long enough to be unmistakable. */
function englishPieces(): string[] {
  const zhTexts = new Set<string>()
  const collect = (v: unknown, into: (s: string) => void): void => {
    if (typeof v === 'string') into(v)
    else if (v && typeof v === 'object') for (const x of Object.values(v)) collect(x, into)
  }
  collect(LABELS_ZH_CN, (s) => zhTexts.add(s))
  const pieces = new Set<string>()
  collect(LABELS_EN, (s) => {
    if (zhTexts.has(s)) return
    for (const piece of s.split(/\{\w+\}/)) {
      const p = piece.trim()
      // whole words of at least 7 letters: "Completed", "Copy output", "Show all"
      if (p.length >= 7 && /^[A-Za-z]/.test(p)) pieces.add(p)
    }
  })
  return [...pieces]
}

function renderAll(models: CardModel[], host: Omit<ToolcardsProviderProps, 'children'>) {
  return render(
    <ToolcardsProvider highlighter={null} {...host}>
      {models.map((m) => (
        <CardRenderer key={m.id} model={m} />
      ))}
    </ToolcardsProvider>,
  )
}

describe('every UI string comes from the table', () => {
  const failed: CardModel = {
    id: 'f',
    toolName: 'deploy',
    args: { env: 'prod' },
    status: 'failed',
    error: 'denied',
    durationMs: 65_000,
    intent: {
      card: 'terminal',
      command: 'deploy',
      output: '',
      stderr: 'denied\n',
      exitCode: 1,
      signal: 'SIGTERM',
    },
  }
  const models = [...showcaseModels, failed]

  it('with the Chinese labels and locale zh-CN no English words of the kit show: not in text, titles or labels', () => {
    const { container } = renderAll(models, { labels: LABELS_ZH_CN, locale: 'zh-CN', onOpenPath: () => {} })
    const said = [
      container.textContent ?? '',
      ...[...container.querySelectorAll('[title]')].map((e) => e.getAttribute('title') ?? ''),
      ...[...container.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label') ?? ''),
      ...[...container.querySelectorAll('[placeholder]')].map((e) => e.getAttribute('placeholder') ?? ''),
    ].join('\n')
    const leaks = englishPieces().filter((p) => said.includes(p))
    expect(leaks).toEqual([])
    expect(screen.getAllByText('失败').length).toBeGreaterThan(0)
    expect(screen.getByText('1 分 05 秒')).toBeInTheDocument()
  })

  it('a plan (checklist) and a big intent being checked read in Chinese too', () => {
    const plan: CardModel = {
      id: 'plan',
      toolName: 'checklist_tool',
      args: {},
      status: 'completed',
      intent: {
        card: 'generic',
        checklist: {
          items: [
            { text: 'a', status: 'completed' },
            { text: 'b', status: 'in_progress' },
            { text: 'c', status: 'pending' },
          ],
        },
      },
    }
    const empty: CardModel = { ...plan, id: 'empty', intent: { card: 'generic', checklist: { items: [] } } }
    const { container } = renderAll([plan, empty], { labels: LABELS_ZH_CN, locale: 'zh-CN' })
    expect(screen.getByRole('list', { name: '计划, 已完成 1/3' })).toBeInTheDocument()
    expect(container.textContent).toContain('进行中')
    expect(container.textContent).toContain('（无条目）')
    expect(container.textContent).not.toMatch(/Plan|done|no items|in progress|to do/)
    cleanup()
    // in English, the same card as before the labels took it
    renderAll([plan], {})
    expect(screen.getByRole('list', { name: 'Plan, 1 of 3 done' })).toBeInTheDocument()
  })

  it('a card whose big intent is being checked says so in the labels', () => {
    render(
      <ToolcardsProvider labels={LABELS_ZH_CN} locale="zh-CN">
        <CheckingCard
          model={{
            id: 'c',
            toolName: 'search_tool',
            args: {},
            status: 'completed',
            intent: { card: 'search' },
          }}
        />
      </ToolcardsProvider>,
    )
    expect(screen.getByRole('status')).toHaveTextContent(LABELS_ZH_CN.checkingIntent)
    expect(LABELS_ZH_CN.checkingIntent).not.toBe(LABELS_EN.checkingIntent)
  })

  it('the same check finds English when the locale is English (the check can fail)', () => {
    const { container } = renderAll(models, {})
    const leaks = englishPieces().filter((p) => (container.textContent ?? '').includes(p))
    expect(leaks.length).toBeGreaterThan(3)
  })

  it('a host replaces one label and the rest stay', () => {
    renderAll([failed], { labels: { copyOutput: 'Copy log', status: { failed: 'Broken' } } })
    expect(screen.getByRole('button', { name: 'Copy log' })).toBeInTheDocument()
    expect(screen.getByText('Broken')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy command' })).toBeInTheDocument()
  })

  it('an invalid locale falls back to en-US numbers, never the machine’s', () => {
    renderAll([{ ...failed, durationMs: 1_234_567 }], { locale: 'not-a-locale!!' })
    expect(screen.getByText('20 min 35 s')).toBeInTheDocument()
  })
})
