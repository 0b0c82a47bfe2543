import { type ComponentProps, memo } from 'react'
import { hasInvisible, type InvisibleMark, splitInvisible } from '../../text/invisible'
import { useTexts } from '../host'

export interface VisibleTextProps extends Omit<ComponentProps<'span'>, 'children'> {
  text: string
}

/** Marker elements one text renders; past them, markers are written as plain text (see `splitInvisible`). */
const MAX_MARKER_ELEMENTS = 500

/**
 * Text with bidi controls, zero-width and control characters replaced by visible markers such as
 * `<U+202E>`. The raw character never reaches the DOM; copy handlers should use the original string.
 */
export const VisibleText = memo(function VisibleText({ text, ...props }: VisibleTextProps) {
  if (!hasInvisible(text)) return props.className ? <span {...props}>{text}</span> : text
  return (
    <span {...props}>
      {splitInvisible(text, MAX_MARKER_ELEMENTS).map((part, i) =>
        typeof part === 'string' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of an immutable string, in order
          <span key={i}>{part}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of an immutable string, in order
          <Marker key={i} mark={part} />
        ),
      )}
    </span>
  )
})

function Marker({ mark }: { mark: InvisibleMark }) {
  const t = useTexts()
  return (
    <span
      className="tc-invisible"
      data-slot="invisible-marker"
      data-bidi={mark.bidi ? '' : undefined}
      title={t.text(mark.bidi ? 'invisibleBidiTitle' : 'invisibleTitle', {
        code: mark.code,
        name: mark.name,
      })}
    >
      {`<${mark.code}>`}
    </span>
  )
}

/** A notice for cards whose text holds bidi controls (Trojan Source). */
export function BidiWarning({ className, ...props }: ComponentProps<'p'>) {
  const t = useTexts()
  return (
    <p
      role="note"
      className={['tc-notice', className].filter(Boolean).join(' ')}
      data-kind="warning"
      data-slot="bidi-warning"
      {...props}
    >
      {t.text('bidiWarning')}
    </p>
  )
}
