import type { ComponentProps } from 'react'
import { cx } from './format'
import { VisibleText } from './VisibleText'

/** `src/cards/Card.tsx` -> [`src/cards/`, `Card.tsx`]; a trailing slash stays with the last name. */
export function splitPath(path: string): [dir: string, name: string] {
  const end = path.length > 1 && /[/\\]$/.test(path) ? path.length - 1 : path.length
  const cut = Math.max(path.lastIndexOf('/', end - 1), path.lastIndexOf('\\', end - 1))
  if (cut < 0 || cut + 1 >= path.length) return ['', path]
  return [path.slice(0, cut + 1), path.slice(cut + 1)]
}

export interface PathTextProps extends Omit<ComponentProps<'span'>, 'children'> {
  path: string
}

/**
 * A path that, where it does not fit, is cut in the middle: the directories shrink to an ellipsis first
 * and the file name, the part that matters, stays whole as long as it fits. The full path is the
 * element's text (screen readers read all of it) and its tooltip.
 */
export function PathText({ path, className, ...props }: PathTextProps) {
  const [dir, name] = splitPath(path)
  return (
    <span
      {...props}
      className={cx('tc-pathtext', className)}
      title={path.length > 4000 ? `${path.slice(0, 4000)}…` : path}
      data-slot="path"
    >
      {dir ? (
        <span className="tc-pathtext-dir">
          <VisibleText text={dir} />
        </span>
      ) : null}
      <span className="tc-pathtext-name">
        <VisibleText text={name} />
      </span>
    </span>
  )
}
