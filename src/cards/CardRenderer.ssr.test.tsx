// @vitest-environment node
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { failedModel, hostileModel, largeModel, smallModel } from '../../stories/fixtures/generic'
import type { CardModel } from '../protocol'
import { CardRenderer } from './CardRenderer'

const base: CardModel = { id: 'c1', toolName: 'custom_tool', args: { q: 'x' }, status: 'completed' }

it('runs without a DOM', () => {
  expect(typeof document).toBe('undefined')
  expect(typeof window).toBe('undefined')
})

describe('server rendering in Node', () => {
  it('renderToString works for every fixture model', () => {
    const models: CardModel[] = [
      smallModel,
      failedModel,
      hostileModel,
      largeModel(),
      { ...base, intent: { card: 'hologram' } },
      { ...base, intent: '{"card":' },
      { ...base, intent: { card: 'terminal', command: 'ls' } },
      { ...base, intent: { card: 'diff', files: [{ path: 'a', patch: '' }] } },
      { ...base, intent: { card: 'read', path: 'a', content: 'x' } },
      { ...base, intent: { card: 'search', query: 'q', mode: 'files', matches: [] } },
      { ...base, intent: { card: 'web', url: 'https://example.com' } },
    ]
    for (const model of models) {
      const html = renderToString(<CardRenderer model={model} />)
      expect(html).toContain('data-card=')
      expect(html).not.toMatch(/<script|<img|<iframe|<style/)
    }
  })
})
