import { render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { mixedSessionEvents } from '../../../stories/fixtures/session'
import { ToolcardsProvider } from '../host'
import { LABELS_EN, LABELS_EN_BASE, SESSION_LABELS_EN } from '../labels'
import { LABELS_ZH_CN } from '../labels-zh-cn'
import { DEFAULT_TEXTS } from '../shared/format'
import { SessionView } from './SessionView'
import { withSessionLabels } from './texts'

// The cards' default table leaves the session views' texts empty (a page of cards only does not carry
// them); every session view fills them in English, and a host's table or overrides still win.

const events = mixedSessionEvents({ calls: 3, seed: 1 })

describe('the session views’ texts', () => {
  it('are left out of the cards’ default table, and every one of them is in LABELS_EN', () => {
    for (const key of Object.keys(SESSION_LABELS_EN) as Array<keyof typeof SESSION_LABELS_EN>) {
      const base = LABELS_EN_BASE[key]
      expect(typeof base === 'string' ? base : base.other, key).toBe('')
      const en = LABELS_EN[key]
      expect(typeof en === 'string' ? en : en.other, key).not.toBe('')
    }
  })

  it('show in English without a provider and with one that names no labels', () => {
    render(<SessionView events={events} />)
    expect(screen.getByRole('button', { name: 'Expand all' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Collapse all' })).toBeTruthy()
    expect(screen.getByText('3 tool calls')).toBeTruthy()
    expect(
      renderToString(
        <ToolcardsProvider>
          <SessionView events={[]} />
        </ToolcardsProvider>,
      ),
    ).toContain('No tool calls yet.')
  })

  it('show a translation’s own texts, and a host’s override over English for the rest', () => {
    const zh = render(
      <ToolcardsProvider labels={LABELS_ZH_CN} locale="zh-CN">
        <SessionView events={events} />
      </ToolcardsProvider>,
    )
    expect(zh.getByRole('button', { name: '全部展开' })).toBeTruthy()
    zh.unmount()
    render(
      <ToolcardsProvider labels={{ expandAll: 'Open every card' }}>
        <SessionView events={events} />
      </ToolcardsProvider>,
    )
    expect(screen.getByRole('button', { name: 'Open every card' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Collapse all' })).toBeTruthy()
  })

  it('withSessionLabels: the same texts object when none is empty, the cards’ own texts untouched', () => {
    const full = withSessionLabels(DEFAULT_TEXTS)
    expect(withSessionLabels(full)).toBe(full)
    expect(full.text('copy')).toBe(DEFAULT_TEXTS.text('copy'))
    expect(full.count('eventProblems', 2)).toBe('2 event problems')
    expect(full.count('eventProblems', 1)).toBe('1 event problem')
  })
})
