'use client'
import { memo, useState } from 'react'
import type { CardModel, WebIntent, WebResult } from '../../protocol'
import { judgeUrl } from '../../text/url'
import {
  describeFetchError,
  describeOutcome,
  EXCERPT_COLLAPSE_CHARS,
  isKnownStatus,
  MARKDOWN_MAX_CHARS,
  parseContentType,
  type WebOutcome,
} from '../../text/web'
import { CardFrame } from '../frame/CardFrame'
import type { OutcomeFacts } from '../frame/outcome'
import type { FetchErrorKind } from '../labels'
import { cx, type Texts } from '../shared/format'
import { LazyMarkdown } from '../shared/LazyMarkdown'
import { SafeLink } from '../shared/SafeLink'
import { ShowMore } from '../shared/ShowMore'
import { useLines } from '../shared/useLines'
import { VirtualLines } from '../shared/VirtualLines'
import { VisibleText } from '../shared/VisibleText'
import { WEB_LABELS_EN } from './texts'
import { useWebTexts } from './useWebTexts'

export interface WebCardProps {
  model: CardModel
  intent: WebIntent
}

/** An outcome in the labels' words: the status line (`404 Not Found`) or the error kind, and a meaning. */
export interface WebOutcomeText {
  kind: WebOutcome['kind']
  label: string
  meaning: string
  failed: boolean
}

const ERROR_KINDS: ReadonlySet<string> = new Set<FetchErrorKind>([
  'dns',
  'timeout',
  'refused',
  'tls',
  'network',
  'unknown',
])

/** The web engine's outcome, with its words from the labels table (HTTP reason phrases stay standard). */
export function webOutcome(intent: WebIntent, t: Texts): WebOutcomeText | undefined {
  const o = describeOutcome({ status: intent.status, statusText: intent.statusText, error: intent.error })
  if (!o) return undefined
  // describeOutcome prefers a classified error, then the status, then an unclassified error
  const fromStatus =
    typeof intent.status === 'number' &&
    !(
      typeof intent.error === 'string' &&
      intent.error.trim() &&
      describeFetchError(intent.error).kind !== 'unknown'
    )
  if (fromStatus) {
    // the host's (or locale's) meaning of the status, else of its kind when the engine knows only its
    // class; else the engine's English (the labels' defaults are the engine's, not loaded twice)
    const status = intent.status as number
    const meaning =
      t.labels.httpMeaning[String(status)] ??
      (isKnownStatus(status) ? undefined : t.labels.outcomeMeaning[o.kind]) ??
      o.meaning
    return { kind: o.kind, label: o.label, meaning, failed: o.failed }
  }
  const kind = ERROR_KINDS.has(o.kind) ? (o.kind as FetchErrorKind) : 'unknown'
  return {
    kind,
    label: t.labels.outcome[kind] ?? WEB_LABELS_EN.outcome[kind],
    meaning: t.labels.outcomeMeaning[kind] ?? o.meaning,
    failed: true,
  }
}

/**
 * What the header shows of the outcome, once: a failed fetch or an HTTP status other than 2xx as the
 * detail (`404 Not Found`, `DNS failure`, `301 Moved Permanently`); 200 OK is not news.
 */
export function webOutcomeFacts(outcome: WebOutcomeText | undefined, hasModelError: boolean): OutcomeFacts {
  if (!outcome) return hasModelError ? { failed: true } : {}
  if (outcome.failed) return { failed: true, detail: outcome.label }
  if (outcome.kind === 'ok') return {}
  return { detail: outcome.label }
}

/**
 * A fetched page (URL as the URL parser gives it, the outcome once, type and size, title, and the page's
 * text fenced off as the page's, as text or safely rendered markdown) or a web search (query and results
 * as safe links). Errors keep the URL visible. No page text becomes markup: raw HTML in markdown shows as
 * text, only http/https/mailto links survive, and remote images load only when the host allows them.
 */
export function WebCard({ model, intent }: WebCardProps) {
  const t = useWebTexts()
  const isSearch = intent.query !== undefined || intent.results !== undefined
  const outcome = webOutcome(intent, t)
  const type = intent.contentType ? parseContentType(intent.contentType) : undefined
  const results = intent.results ?? []
  const failed = outcome?.failed === true
  const errorText = intent.error?.trim() ? intent.error : undefined
  // the call's own error, when it says something the fetch error does not
  const callError = model.error?.trim() && model.error.trim() !== errorText?.trim() ? model.error : undefined

  const copyText = () =>
    [
      intent.query !== undefined ? `${t.text('webSearch')}: ${intent.query}` : '',
      intent.url,
      intent.pageTitle ?? '',
      ...results.map((r) => `${r.title}\n${r.url}${r.snippet ? `\n${r.snippet}` : ''}`),
      intent.excerpt ?? '',
      intent.error ?? '',
    ]
      .filter(Boolean)
      .join('\n\n')

  const hasPageText = intent.pageTitle || (intent.excerpt !== undefined && intent.excerpt !== '')
  return (
    <CardFrame
      model={model}
      kind="web"
      data-outcome={outcome?.kind}
      outcome={webOutcomeFacts(outcome, Boolean(callError))}
      title={
        isSearch ? (
          <>
            <span data-keep="">{intent.title ?? t.text('webSearch')}</span>{' '}
            {intent.query !== undefined ? (
              <code className="tc-web-query" data-slot="web-query">
                <VisibleText text={intent.query} />
              </code>
            ) : null}
          </>
        ) : (
          <>
            <span data-keep="">
              {intent.title !== undefined ? <VisibleText text={intent.title} /> : t.text('fetch')}
            </span>{' '}
            {intent.url ? <UrlTitle url={intent.finalUrl ?? intent.url} /> : null}
          </>
        )
      }
      summary={isSearch && !failed ? t.count('results', results.length) : undefined}
      badges={
        <>
          {type ? (
            <span className="tc-badge" title={intent.contentType}>
              {type.label}
            </span>
          ) : null}
          {intent.bytes !== undefined ? (
            <span className="tc-badge" title={t.count('bytes', intent.bytes)}>
              {t.bytes(intent.bytes)}
            </span>
          ) : null}
        </>
      }
      copyText={copyText}
      truncated={intent.truncated}
      spill={intent.spill}
      errorShown={!callError}
      notices={failed || errorText ? <ErrorNotice outcome={outcome} error={errorText} /> : null}
    >
      <div className="tc-web" data-view={isSearch ? 'search' : 'page'}>
        {intent.url ? (
          <dl className="tc-web-facts">
            <div className="tc-web-fact">
              <dt>{isSearch ? t.text('searchUrl') : t.text('url')}</dt>
              <dd>
                <UrlView url={intent.url} />
              </dd>
            </div>
            {intent.finalUrl && intent.finalUrl !== intent.url ? (
              <div className="tc-web-fact">
                <dt>{t.text('redirectedTo')}</dt>
                <dd>
                  <UrlView url={intent.finalUrl} />
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        {isSearch ? <ResultList results={results} busy={model.status === 'running'} /> : null}
        {hasPageText ? (
          // a group, not a landmark: a session holds many pages
          <div className="tc-web-page" data-slot="web-page" role="group" aria-label={t.text('pageText')}>
            <p className="tc-web-page-caption" aria-hidden="true">
              {t.text('pageText')} <span className="tc-web-page-note">· {t.text('pageTextNote')}</span>
            </p>
            {intent.pageTitle ? (
              <p className="tc-web-title" data-slot="web-title">
                <VisibleText text={intent.pageTitle} />
              </p>
            ) : null}
            {intent.excerpt !== undefined && intent.excerpt !== '' ? (
              <Excerpt
                text={intent.excerpt}
                markdown={
                  intent.excerptFormat === 'markdown' ||
                  (intent.excerptFormat === undefined && type?.essence === 'text/markdown')
                }
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </CardFrame>
  )
}

function hostOf(origin: string): string {
  return origin.replace(/^[a-z]+:\/\//, '')
}

/** The URL in the title: host and path (no scheme), cut at the end where narrow; the whole URL on hover. */
function UrlTitle({ url }: { url: string }) {
  const j = judgeUrl(url)
  const text = j.ok ? `${hostOf(j.origin)}${j.rest}` : url
  return (
    <span className="tc-web-title-url" title={url.length > 2000 ? `${url.slice(0, 2000)}…` : url}>
      <VisibleText text={text.length > 500 ? `${text.slice(0, 500)}…` : text} />
    </span>
  )
}

/** What the failure means (the header already says which: `404 Not Found`, `DNS failure`) and its text. */
function ErrorNotice({ outcome, error }: { outcome: WebOutcomeText | undefined; error: string | undefined }) {
  return (
    <div className="tc-notice tc-web-error" data-kind="error" data-slot="web-error">
      {outcome ? (
        <p>
          <strong>{outcome.meaning}</strong>
        </p>
      ) : null}
      {error && error.trim() !== outcome?.label ? (
        <pre className="tc-web-error-text">
          <VisibleText text={error.length > 4000 ? `${error.slice(0, 4000)}…` : error} />
        </pre>
      ) : null}
    </div>
  )
}

/**
 * A URL as the URL parser gives it: the origin (host in punycode for internationalized names) and the
 * rest dimmed; a flag for hosts that may imitate another. A refused URL stays text, with the reason.
 */
export function UrlView({ url, className }: { url: string; className?: string }) {
  const t = useWebTexts()
  const j = judgeUrl(url)
  if (!j.ok) {
    return (
      <span className={cx('tc-web-url', className)} data-refused="">
        <VisibleText className="tc-web-url-raw" text={url.length > 2000 ? `${url.slice(0, 2000)}…` : url} />{' '}
        <span className="tc-web-url-note">{t.text('notALinkReason', { reason: j.reason })}</span>
      </span>
    )
  }
  return (
    <span className={cx('tc-web-url', className)}>
      <SafeLink url={j.href} className="tc-web-url-link">
        <span className="tc-web-origin">{j.origin}</span>
        <span className="tc-web-rest">{j.rest}</span>
      </SafeLink>
      {j.suspiciousHost ? <HostFlag origin={j.origin} /> : null}
    </span>
  )
}

function HostFlag({ origin }: { origin: string }) {
  const t = useWebTexts()
  const userInfo = origin.includes('@')
  return (
    <span
      className="tc-web-flag"
      data-slot="web-host-flag"
      title={
        userInfo
          ? t.text('userNameBeforeHostTitle', { host: hostOf(origin).split('@').pop() ?? '' })
          : t.text('internationalizedHostTitle')
      }
    >
      {userInfo ? t.text('userNameBeforeHost') : t.text('internationalizedHost')}
    </span>
  )
}

/** Results shown at first, and added by each "Show more" (10,000 results render 50). */
export const WEB_RESULTS_PAGE_SIZE = 50

const ResultList = memo(function ResultList({ results, busy }: { results: WebResult[]; busy: boolean }) {
  const t = useWebTexts()
  const [shown, setShown] = useState(WEB_RESULTS_PAGE_SIZE)
  if (results.length === 0) {
    return <p className="tc-web-empty">{busy ? t.text('searching') : t.text('noResults')}</p>
  }
  return (
    <>
      <ol className="tc-web-results" data-slot="web-results">
        {results.slice(0, shown).map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: results are immutable and may repeat a URL
          <li key={i} className="tc-web-result">
            <SafeLink url={r.url} className="tc-web-result-title">
              <VisibleText text={r.title || r.url} />
            </SafeLink>
            <UrlText url={r.url} />
            {r.snippet ? (
              <p className="tc-web-snippet">
                <VisibleText text={r.snippet} />
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {results.length > shown ? (
        <p className="tc-show-more">
          <ShowMore shown={shown} total={results.length} page={WEB_RESULTS_PAGE_SIZE} onMore={setShown} />
        </p>
      ) : null}
    </>
  )
})

/** The URL as text under a result: origin then the rest dimmed (not a second link). */
function UrlText({ url }: { url: string }) {
  const t = useWebTexts()
  const j = judgeUrl(url)
  if (!j.ok) {
    return (
      <span className="tc-web-result-url" data-refused="">
        <VisibleText text={url.slice(0, 500)} /> {t.text('notALinkReason', { reason: j.reason })}
      </span>
    )
  }
  return (
    <span className="tc-web-result-url">
      <span className="tc-web-origin">{j.origin}</span>
      <span className="tc-web-rest">{j.rest.length > 200 ? `${j.rest.slice(0, 200)}…` : j.rest}</span>
      {j.suspiciousHost ? <HostFlag origin={j.origin} /> : null}
    </span>
  )
}

/** The page excerpt: collapsed when long; markdown rendered safely up to a size, else plain text. */
function Excerpt({ text, markdown }: { text: string; markdown: boolean }) {
  const t = useWebTexts()
  const long = text.length > EXCERPT_COLLAPSE_CHARS
  const [open, setOpen] = useState(!long)
  const shown = open ? text : text.slice(0, EXCERPT_COLLAPSE_CHARS)
  const asMarkdown = markdown && shown.length <= MARKDOWN_MAX_CHARS
  return (
    <div className="tc-web-excerpt" data-state={open ? 'expanded' : 'collapsed'}>
      {asMarkdown ? (
        <LazyMarkdown text={shown} label={t.text('pageExcerpt')} fallback={<PlainText text={shown} />} />
      ) : (
        <PlainText text={shown} />
      )}
      {long ? (
        <p className="tc-web-more">
          {open ? null : (
            <span>
              {t.count('showingCharacters', text.length, { shown: t.number(EXCERPT_COLLAPSE_CHARS) })}{' '}
              {markdown && text.length > MARKDOWN_MAX_CHARS ? `${t.text('wholeExcerptPlain')} ` : ''}
            </span>
          )}
          <button type="button" className="tc-button tc-button-inline" onClick={() => setOpen(!open)}>
            {open ? t.text('showLess') : t.text('showAll')}
          </button>
        </p>
      ) : null}
    </div>
  )
}

function PlainText({ text }: { text: string }) {
  const t = useWebTexts()
  const { lines } = useLines(text)
  if (lines.length <= 200 && text.length <= EXCERPT_COLLAPSE_CHARS * 2) {
    return (
      <pre className="tc-web-text" data-slot="web-text" tabIndex={0}>
        <VisibleText text={text} />
      </pre>
    )
  }
  return (
    <VirtualLines
      className="tc-web-text"
      data-slot="web-text"
      role="group"
      aria-label={t.count('excerptLines', lines.length)}
      count={lines.length}
      renderRow={(i) => <VisibleText className="tc-web-line" text={cut(lines[i] ?? '', t) || ' '} />}
    />
  )
}

function cut(line: string, t: Texts): string {
  return line.length > 2000 ? `${line.slice(0, 2000)}${t.count('charactersInAll', line.length)}` : line
}
