import { useTexts } from '../host'

/**
 * "100 of 1,000,000 shown. [Show 100 more] [Show 1,000 more]": what a long list shows of itself, and
 * buttons that show the next `page` or ten pages (the second only when more than a page is left). The
 * caller wraps it (a list item, a paragraph) and keeps `shown`.
 */
export function ShowMore({
  shown,
  total,
  page,
  onMore,
}: {
  shown: number
  total: number
  page: number
  onMore: (shown: number) => void
}) {
  const t = useTexts()
  const left = total - shown
  const more = (n: number) => (
    <button type="button" className="tc-button tc-button-inline" onClick={() => onMore(shown + n)}>
      {t.count('showMore', Math.min(n, left))}
    </button>
  )
  return (
    <>
      <span>{t.text('jsonShown', { shown: t.number(shown), total: t.number(total) })} </span>
      {more(page)}
      {left > page ? <> {more(page * 10)}</> : null}
    </>
  )
}
