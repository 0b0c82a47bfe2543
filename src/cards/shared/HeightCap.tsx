import { type ReactNode, useLayoutEffect, useRef, useState } from 'react'
import { useTexts } from '../host'

export interface HeightCapProps {
  /** Height in px above which the content scrolls, with "Show all". @default 360 */
  max?: number
  /** Name of the capped region for assistive technology (it is focusable while it scrolls). */
  label: string
  children?: ReactNode
}

/**
 * Caps tall content (a big JSON tree, long markdown) at `max` px, scrolling inside, with a "Show all"
 * button that lifts the cap; the button appears only when the content is taller (measured; no layout
 * means no cap).
 */
export function HeightCap({ max = 360, label, children }: HeightCapProps) {
  const t = useTexts()
  const ref = useRef<HTMLDivElement>(null)
  const [tall, setTall] = useState(false)
  const [all, setAll] = useState(false)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const check = () => setTall(el.scrollHeight > max + 24)
    check()
    const observer = new ResizeObserver(check)
    observer.observe(el)
    if (el.firstElementChild) observer.observe(el.firstElementChild)
    return () => observer.disconnect()
  }, [max])
  const capped = tall && !all
  return (
    <div className="tc-heightcap" data-state={capped ? 'capped' : 'full'} data-slot="height-cap">
      <div
        ref={ref}
        className="tc-heightcap-content"
        style={capped ? { maxHeight: max } : undefined}
        {...(capped ? { tabIndex: 0, role: 'group', 'aria-label': label } : {})}
      >
        {children}
      </div>
      {tall ? (
        <button type="button" className="tc-button tc-heightcap-toggle" onClick={() => setAll(!all)}>
          {all ? t.text('showLess') : t.text('showAll')}
        </button>
      ) : null}
    </div>
  )
}
