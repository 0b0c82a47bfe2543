import { render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { CardModel } from '../../protocol'
import { ToolcardsProvider } from '../host'
import { LABELS_EN, LABELS_EN_BASE } from '../labels'
import { LABELS_ZH_CN } from '../labels-zh-cn'
import { LATER_LABELS_EN } from '../shared/englishTexts'
import { CardErrorBoundary, loadCrashedCard } from './CardErrorBoundary'

// The error card's and the approval buttons' texts load with them: the cards' default table leaves them
// empty, LABELS_EN (the table a translation starts from) has them, and both copies say the same.

const model: CardModel = { id: 'c1', toolName: 'apply_patch', args: {}, status: 'failed' }

function Thrower(): never {
  throw new Error('boom')
}

describe('the texts of the parts loaded later', () => {
  it('are empty in the default table and the same in LABELS_EN as in the parts’ own copy', () => {
    const keys = Object.keys(LATER_LABELS_EN) as Array<keyof typeof LATER_LABELS_EN>
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) {
      expect(LABELS_EN_BASE[key], key).toBe('')
      expect(LABELS_EN[key], key).toBe(LATER_LABELS_EN[key])
      expect(LABELS_ZH_CN[key], key).not.toBe('')
    }
  })

  it('the error card shows a translation’s texts, and a host’s override over English for the rest', async () => {
    vi.mocked(console.error).mockImplementation(() => {})
    await loadCrashedCard()
    const zh = render(
      <ToolcardsProvider labels={LABELS_ZH_CN} locale="zh-CN">
        <CardErrorBoundary cardId={model.id} label={model.toolName} model={model} kind="generic">
          <Thrower />
        </CardErrorBoundary>
      </ToolcardsProvider>,
    )
    expect(within(zh.getByRole('alert')).getByText(LABELS_ZH_CN.renderFailed)).toBeInTheDocument()
    zh.unmount()
    render(
      <ToolcardsProvider labels={{ copyError: 'Copy the report' }}>
        <CardErrorBoundary cardId={model.id} label={model.toolName} model={model} kind="generic">
          <Thrower />
        </CardErrorBoundary>
      </ToolcardsProvider>,
    )
    expect(screen.getByRole('button', { name: 'Copy the report' })).toBeInTheDocument()
    expect(within(screen.getByRole('alert')).getByText('This card failed to render')).toBeInTheDocument()
  })
})
