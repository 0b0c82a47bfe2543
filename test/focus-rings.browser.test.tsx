// Found by the keyboard sweep at 320/450/1,280 px (2026-12-06): a control at the edge of a box that
// scrolls or is cut at a height (a generic card's JSON tree, capped) showed its focus ring cut off by the
// box, because the ring was drawn 1 px outside the control.
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import '../src/styles.css'
import { CardRenderer } from '../src/cards/CardRenderer'
import type { CardModel } from '../src/protocol'
import { afterFrame as frame } from './helpers/frame'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

let cleanup: (() => void) | undefined
afterEach(() => cleanup?.())

/** How far the focus ring reaches outside the element's border box (px; negative: inside it). */
function ringReach(el: Element): number {
  const s = getComputedStyle(el)
  if (s.outlineStyle === 'none') return Number.NEGATIVE_INFINITY
  return Number.parseFloat(s.outlineOffset) + Number.parseFloat(s.outlineWidth)
}

test('a focused control at the edge of a capped JSON tree shows its whole focus ring', async () => {
  const output: Record<string, unknown> = {}
  for (let i = 0; i < 60; i++) output[`key_${i}`] = { nested: { value: i, text: `item ${i}` } }
  const model: CardModel = {
    id: 'g',
    toolName: 'dump_state',
    args: {},
    status: 'completed',
    intent: { card: 'generic', output },
  }
  const host = document.createElement('div')
  host.style.width = '450px'
  document.body.append(host)
  const root = createRoot(host)
  act(() => root.render(<CardRenderer model={model} />))
  for (let i = 0; i < 6; i++) await act(() => frame())
  cleanup = () => {
    act(() => root.unmount())
    host.remove()
  }
  const box = host.querySelector<HTMLElement>('.tc-heightcap[data-state="capped"] .tc-heightcap-content')
  expect(box).not.toBeNull()
  // Tab to the first control inside the capped box
  let el: Element | null = null
  for (let i = 0; i < 20; i++) {
    await userEvent.keyboard('{Tab}')
    // a control inside the box (the box itself is a focusable scroll area)
    if (box!.contains(document.activeElement) && document.activeElement !== box) {
      el = document.activeElement
      break
    }
  }
  expect(el).not.toBeNull()
  expect(el!.matches(':focus-visible')).toBe(true)
  const reach = ringReach(el!)
  const r = el!.getBoundingClientRect()
  const b = box!.getBoundingClientRect()
  // the box clips at its padding edge (inside its border)
  const clip = {
    left: b.left + box!.clientLeft,
    top: b.top + box!.clientTop,
    right: b.left + box!.clientLeft + box!.clientWidth,
  }
  expect(r.left - reach).toBeGreaterThanOrEqual(clip.left - 0.5)
  expect(r.top - reach).toBeGreaterThanOrEqual(clip.top - 0.5)
  expect(r.right + reach).toBeLessThanOrEqual(clip.right + 0.5)
})
