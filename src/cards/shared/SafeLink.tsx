import type { ComponentProps, MouseEvent, ReactNode } from 'react'
import { judgeUrl } from '../../text/url'
import { useCardActions, useTexts } from '../host'

export interface SafeLinkProps extends Omit<ComponentProps<'a'>, 'href' | 'children'> {
  /** Untrusted URL. Only http, https and mailto become links, judged on the parsed URL. */
  url: string
  /** What to show; defaults to the URL. */
  children?: ReactNode
}

/**
 * A link to an untrusted URL. A refused URL renders its label as plain text. The real target is always
 * visible on hover (title), opening goes through the host's `onOpenUrl` when given, else a new tab with
 * `noopener noreferrer`.
 */
export function SafeLink({ url, children, className, onClick, ...props }: SafeLinkProps) {
  const { openUrl } = useCardActions()
  const t = useTexts()
  const judged = judgeUrl(url)
  if (!judged.ok) {
    return (
      <span
        className={['tc-unlinked', className].filter(Boolean).join(' ')}
        title={t.text('notALink', { reason: judged.reason })}
      >
        {children ?? url}
      </span>
    )
  }
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented) return
    event.preventDefault()
    openUrl(judged.href)
  }
  return (
    <a
      {...props}
      className={['tc-link', className].filter(Boolean).join(' ')}
      href={judged.href}
      target="_blank"
      rel="noopener noreferrer"
      title={judged.href}
      data-suspicious-host={judged.suspiciousHost ? '' : undefined}
      onClick={handle}
    >
      {children ?? url}
      {judged.suspiciousHost ? (
        <span className="tc-link-flag" data-slot="link-host-flag">
          {' '}
          ({t.text('internationalizedHost')})
        </span>
      ) : null}
    </a>
  )
}
