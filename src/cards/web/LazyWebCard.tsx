'use client'
import { CardFrame } from '../frame/CardFrame'
import { GenericCard } from '../generic/GenericCard'
import { useTexts } from '../host'
import { lazyModule, useLazyModule } from '../shared/lazyModule'
import { VisibleText } from '../shared/VisibleText'
import type { WebCardProps } from './WebCard'

const webCardModule = lazyModule(() => import('./WebCard'))

/**
 * Loads the web card (once); resolves when `WebCard` renders the page at once. A host that renders on
 * the server, or wants no loading frame for a web card, awaits it first.
 */
export function loadWebCard(): Promise<typeof import('./WebCard')> {
  return webCardModule.load()
}

/**
 * A fetched page or a web search (the card itself is in `WebCard.tsx`). It loads on first use, so a page
 * that renders cards carries neither it nor its URL and content-type code until a web card shows: about
 * 10 KB minified, 3.5 KB gzip out of the first load. Until then (a few milliseconds from a local bundle)
 * its frame shows with the title and the URL or query, and the status; once loaded it renders in the
 * first pass (no suspense, the same on the server).
 */
export function WebCard(props: WebCardProps) {
  const t = useTexts()
  const module = useLazyModule(webCardModule)
  // a chunk that cannot load (offline, a CSP that refuses it): the generic card, nothing lost
  if (module instanceof Error)
    return (
      <GenericCard
        model={props.model}
        intent={{ card: 'generic', input: props.model.args, output: props.intent }}
        note={t.text('webCardLoadFailed', { message: module.message })}
      />
    )
  return module ? <module.WebCard {...props} /> : <WebCardLoading {...props} />
}

/** The web card's frame while its code loads: title, URL or query, status. */
export function WebCardLoading({ model, intent }: WebCardProps) {
  const t = useTexts()
  const isSearch = intent.query !== undefined || intent.results !== undefined
  const full = isSearch ? intent.query : (intent.finalUrl ?? intent.url)
  // as the card's own title: a URL or query of any length shows its first 500 characters
  const what = full && full.length > 500 ? `${full.slice(0, 500)}…` : full
  return (
    <CardFrame
      model={model}
      kind="web"
      data-loading=""
      title={
        <>
          <span data-keep="">
            {intent.title !== undefined ? (
              <VisibleText text={intent.title} />
            ) : (
              t.text(isSearch ? 'webSearch' : 'fetch')
            )}
          </span>{' '}
          {what ? (
            <code className="tc-web-query">
              <VisibleText text={what} />
            </code>
          ) : null}
        </>
      }
    />
  )
}
