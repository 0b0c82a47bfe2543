'use client'
import { memo, useMemo, useState } from 'react'
import type { CardModel, WebIntent, WebResult } from '../../protocol'
import { judgeUrl } from '../../text/url'
import {
  describeOutcome,
  EXCERPT_COLLAPSE_CHARS,
  formatBytes,
  MARKDOWN_MAX_CHARS,
  parseContentType,
  type WebOutcome,
} from '../../text/web'
import { CardFrame } from '../frame/CardFrame'
import { cx, plural } from '../shared/format'
import { LazyMarkdown } from '../shared/LazyMarkdown'
import { SafeLink } from '../shared/SafeLink'
import { VirtualLines } from '../shared/VirtualLines'
import { VisibleText } from '../shared/VisibleText'

export interface WebCardProps {
  model: CardModel
  intent: WebIntent
}

/**
 * A fetched page (URL with the host as the URL parser gives it, status and its meaning, type, size,
 * title, excerpt as text or safely rendered markdown) or a web search (query and results as safe links).
 * Errors keep the URL visible. No page text becomes markup: raw HTML in markdown shows as text, only
 * http/https/mailto links survive, and remote images load only when the host allows them.
 */
export function WebCard({ model, intent }: WebCardProps) {
  const isSearch = intent.query !== undefined || intent.results !== undefined
  const outcome = describeOutcome({
    status: intent.status,
    statusText: intent.statusText,
    error: intent.error,
  })
  const type = intent.contentType ? parseContentType(intent.contentType) : undefined
  const target = judgeUrl(intent.url)
  const results = intent.results ?? []

  const summaryParts: string[] = []
  if (isSearch) summaryParts.push(plural(results.length, 'result'))
  else if (!target.ok && intent.url) summaryParts.push(intent.url.slice(0, 200))
  else if (target.ok) summaryParts.push(hostOf(target.origin))
  if (outcome && (outcome.failed || !isSearch)) summaryParts.push(outcome.label)

  const copyText = () =>
    [
      intent.query !== undefined ? `Search: ${intent.query}` : '',
      intent.url,
      intent.pageTitle ?? '',
      ...results.map((r) => `${r.title}\n${r.url}${r.snippet ? `\n${r.snippet}` : ''}`),
      intent.excerpt ?? '',
      intent.error ?? '',
    ]
      .filter(Boolean)
      .join('\n\n')

  return (
    <CardFrame
      model={model}
      kind="web"
      data-outcome={outcome?.kind}
      title={
        isSearch ? (
          <>
            <span>{intent.title ?? 'Web search'}</span>{' '}
            {intent.query !== undefined ? (
              <code className="tc-web-query" data-slot="web-query">
                <VisibleText text={intent.query} />
              </code>
            ) : null}
          </>
        ) : (
          <span>{intent.title ? <VisibleText text={intent.title} /> : 'Fetch'}</span>
        )
      }
      summary={summaryParts.join(' · ')}
      badges={
        <>
          {type ? <span className="tc-badge">{type.label}</span> : null}
          {intent.bytes !== undefined ? <span className="tc-badge">{formatBytes(intent.bytes)}</span> : null}
        </>
      }
      copyText={copyText}
      truncated={intent.truncated}
      spill={intent.spill}
      errorShown={Boolean(model.error && !intent.error)}
      notices={
        outcome?.failed || (model.error && !intent.error) ? (
          <ErrorNotice outcome={outcome} error={intent.error ?? model.error} />
        ) : null
      }
    >
      <div className="tc-web" data-view={isSearch ? 'search' : 'page'}>
        {intent.url ? (
          <dl className="tc-web-facts">
            <div className="tc-web-fact">
              <dt>{isSearch ? 'Search URL' : 'URL'}</dt>
              <dd>
                <UrlView url={intent.url} />
              </dd>
            </div>
            {intent.finalUrl && intent.finalUrl !== intent.url ? (
              <div className="tc-web-fact">
                <dt>Redirected to</dt>
                <dd>
                  <UrlView url={intent.finalUrl} />
                </dd>
              </div>
            ) : null}
            {outcome && intent.status !== undefined ? (
              <div className="tc-web-fact">
                <dt>Status</dt>
                <dd>
                  <span
                    className="tc-web-status"
                    data-kind={outcome.kind}
                    data-failed={outcome.failed ? '' : undefined}
                  >
                    {outcome.label}
                  </span>{' '}
                  <span className="tc-web-meaning">{outcome.meaning}</span>
                </dd>
              </div>
            ) : null}
            {type || intent.bytes !== undefined ? (
              <div className="tc-web-fact">
                <dt>Content</dt>
                <dd>
                  {[
                    type ? `${type.essence || type.label}${type.charset ? ` (${type.charset})` : ''}` : '',
                    intent.bytes !== undefined ? `${formatBytes(intent.bytes)} (${intent.bytes} bytes)` : '',
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        {intent.pageTitle ? (
          <p className="tc-web-title" data-slot="web-title">
            <VisibleText text={intent.pageTitle} />
          </p>
        ) : null}
        {isSearch ? <ResultList results={results} busy={model.status === 'running'} /> : null}
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
    </CardFrame>
  )
}

function hostOf(origin: string): string {
  return origin.replace(/^[a-z]+:\/\//, '')
}

function ErrorNotice({ outcome, error }: { outcome: WebOutcome | undefined; error: string | undefined }) {
  return (
    <div className="tc-notice tc-web-error" data-kind="error" data-slot="web-error">
      <p>
        <strong>{outcome?.label ?? 'Failed'}</strong>
        {outcome ? ` — ${outcome.meaning}` : null}
      </p>
      {error ? (
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
  const j = judgeUrl(url)
  if (!j.ok) {
    return (
      <span className={cx('tc-web-url', className)} data-refused="">
        <VisibleText className="tc-web-url-raw" text={url.length > 2000 ? `${url.slice(0, 2000)}…` : url} />{' '}
        <span className="tc-web-url-note">(not a link: {j.reason})</span>
      </span>
    )
  }
  const userInfo = j.origin.includes('@')
  return (
    <span className={cx('tc-web-url', className)}>
      <SafeLink url={j.href} className="tc-web-url-link">
        <span className="tc-web-origin">{j.origin}</span>
        <span className="tc-web-rest">{j.rest}</span>
      </SafeLink>
      {j.suspiciousHost ? (
        <span
          className="tc-web-flag"
          data-slot="web-host-flag"
          title={
            userInfo
              ? `The part before "@" is a user name; the host is ${hostOf(j.origin).split('@').pop()}`
              : 'The host has internationalized labels, shown in punycode: it may imitate another host'
          }
        >
          {userInfo ? 'user name before the host' : 'internationalized host'}
        </span>
      ) : null}
    </span>
  )
}

const ResultList = memo(function ResultList({ results, busy }: { results: WebResult[]; busy: boolean }) {
  if (results.length === 0) {
    return <p className="tc-web-empty">{busy ? 'Searching…' : 'No results.'}</p>
  }
  return (
    <ol className="tc-web-results" data-slot="web-results">
      {results.map((r, i) => (
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
  )
})

/** The URL as text under a result: origin then the rest dimmed (not a second link). */
function UrlText({ url }: { url: string }) {
  const j = judgeUrl(url)
  if (!j.ok) {
    return (
      <span className="tc-web-result-url" data-refused="">
        <VisibleText text={url.slice(0, 500)} /> (not a link: {j.reason})
      </span>
    )
  }
  return (
    <span className="tc-web-result-url">
      <span className="tc-web-origin">{j.origin}</span>
      <span className="tc-web-rest">{j.rest.length > 200 ? `${j.rest.slice(0, 200)}…` : j.rest}</span>
      {j.suspiciousHost ? (
        <span className="tc-web-flag" data-slot="web-host-flag">
          {j.origin.includes('@') ? 'user name before the host' : 'internationalized host'}
        </span>
      ) : null}
    </span>
  )
}

/** The page excerpt: collapsed when long; markdown rendered safely up to a size, else plain text. */
function Excerpt({ text, markdown }: { text: string; markdown: boolean }) {
  const long = text.length > EXCERPT_COLLAPSE_CHARS
  const [open, setOpen] = useState(!long)
  const shown = open ? text : text.slice(0, EXCERPT_COLLAPSE_CHARS)
  const asMarkdown = markdown && shown.length <= MARKDOWN_MAX_CHARS
  return (
    <div className="tc-web-excerpt" data-state={open ? 'expanded' : 'collapsed'}>
      {asMarkdown ? (
        <LazyMarkdown text={shown} fallback={<PlainText text={shown} />} />
      ) : (
        <PlainText text={shown} />
      )}
      {long ? (
        <p className="tc-web-more">
          {open ? null : (
            <span>
              Showing {plural(EXCERPT_COLLAPSE_CHARS, 'character')} of {plural(text.length, 'character')}
              {markdown && text.length > MARKDOWN_MAX_CHARS ? ' (the whole excerpt shows as plain text)' : ''}
              .{' '}
            </span>
          )}
          <button type="button" className="tc-button tc-button-inline" onClick={() => setOpen(!open)}>
            {open ? 'Show less' : 'Show all'}
          </button>
        </p>
      ) : null}
    </div>
  )
}

function PlainText({ text }: { text: string }) {
  const lines = useMemo(() => text.split(/\r?\n/), [text])
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
      aria-label={`Excerpt, ${plural(lines.length, 'line')}`}
      count={lines.length}
      renderRow={(i) => <VisibleText className="tc-web-line" text={cut(lines[i] ?? '') || ' '} />}
    />
  )
}

function cut(line: string): string {
  return line.length > 2000 ? `${line.slice(0, 2000)} … (${plural(line.length, 'character')})` : line
}
