'use client'
import { type CSSProperties, memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { utf8Bytes } from '../../format'
import type { CardModel, ReadIntent } from '../../protocol'
import { languageName } from '../../text/highlight/languages'
import type { TokenLine } from '../../text/highlight/types'
import { hasBidi } from '../../text/invisible'
import { CardFrame } from '../frame/CardFrame'
import { useCardActions, useTexts } from '../host'
import { DEFAULT_TEXTS, type Texts } from '../shared/format'
import { useRowsNow } from '../shared/frameTurn'
import { HighlightedLine, useHighlightedLines } from '../shared/highlight'
import { lineKeyProps } from '../shared/lineKeys'
import { PathText } from '../shared/PathText'
import { useLines } from '../shared/useLines'
import { VIRTUALIZE_ABOVE, VirtualLines } from '../shared/VirtualLines'
import { BidiWarning, VisibleText } from '../shared/VisibleText'

/** Reads longer than this many lines open as a preview of `READ_PREVIEW_LINES` with "Show all". */
export const READ_PREVIEW_ABOVE = 80
export const READ_PREVIEW_LINES = 24
/** Characters of one line put in the page; the rest is cut with a note (Copy gives all). */
export const READ_LINE_LIMIT = 10_000
/** Lines highlighted beyond the rendered ones, on each side. */
const HIGHLIGHT_MARGIN = 80

export interface ReadCardProps {
  model: CardModel
  intent: ReadIntent
}

/** Splits file content into lines; a final newline does not make an extra empty line. */
export function splitLines(content: string): string[] {
  const lines = content.split(/\r?\n/)
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop()
  return lines
}

/** `lines 120–180 of 2,400`, `lines 1–40 of 2,400`, `2,400 lines`. */
export function describeRange(
  startLine: number | undefined,
  shown: number,
  totalLines: number | undefined,
  t: Texts = DEFAULT_TEXTS,
): string {
  const start = startLine ?? 1
  const end = start + Math.max(shown, 1) - 1
  const partial = startLine !== undefined && startLine > 1
  const range = { start: t.number(start), end: t.number(end) }
  if (totalLines !== undefined && (partial || totalLines !== shown)) {
    return t.text('readRangeOf', { ...range, total: t.number(totalLines) })
  }
  if (partial) return t.text('readRange', range)
  return t.count('lines', shown)
}

/**
 * Binary-looking content: NUL bytes, or many control characters / replacement characters in the first
 * 8 KB. Shown as "binary, N bytes" with a button to see it as text anyway.
 */
export function looksBinary(content: string): boolean {
  const head = content.slice(0, 8192)
  if (head.includes('\u0000')) return true
  // control characters other than tab, line feed, form feed and carriage return, and U+FFFD: counted by
  // the regular expression engine (native), not a loop (interpreted in a page's first render: 2 ms)
  const odd = head.match(/[\u0001-\u0008\u000b\u000e-\u001f\ufffd]/g)?.length ?? 0
  return head.length > 0 && odd / head.length > 0.1
}

/** Every line break is CR LF (a Windows file): said once in the header, no marker on each line. */
export function isCrlf(content: string): boolean {
  // a line feed, each after a carriage return (one regular expression scan, native)
  return content.includes('\n') && !/(?:^|[^\r])\n/.test(content)
}

/**
 * A file, or a range of it, as the agent read it: the path in the header (cut in the middle where
 * narrow), language and range; real line numbers from `startLine` (each opens the file at that line
 * through the host); highlighted content, virtualized when long, with wrap, Copy (the original text) and
 * a preview for long reads. An empty file says so; binary-looking content shows its size and stays
 * hidden until asked for; a failed read shows its error and no body.
 */
export function ReadCard({ model, intent }: ReadCardProps) {
  const t = useTexts()
  const { path, content, startLine, totalLines, language: explicitLanguage } = intent
  // a long file is split a slice per task (`useLines`); colour waits for the whole
  const { lines, reading } = useLines(content, true)
  const binary = useMemo(() => looksBinary(content), [content])
  const crlf = useMemo(() => !binary && isCrlf(content), [binary, content])
  const bidi = useMemo(() => hasBidi(content), [content])
  const [wrap, setWrap] = useState(false)
  const [showAll, setShowAll] = useState(false)
  const [asText, setAsText] = useState(false)
  const long = lines.length > READ_PREVIEW_ABOVE
  const view: 'all' | 'preview' = long && !showAll ? 'preview' : 'all'
  const count = view === 'preview' ? READ_PREVIEW_LINES : lines.length
  const [visible, setVisible] = useState<{ start: number; end: number }>({ start: 0, end: 120 })
  const onVisible = useCallback(
    (r: { start: number; end: number }) =>
      setVisible((v) => (v.start === r.start && v.end === r.end ? v : r)),
    [],
  )
  const range = view === 'preview' ? { start: 0, end: READ_PREVIEW_LINES } : visible
  const { tokens, language, languagePending, notice } = useHighlightedLines(lines, {
    path,
    ...(explicitLanguage !== undefined ? { language: explicitLanguage } : {}),
    visible: range,
    disabled: binary || reading,
    partial: startLine !== undefined && startLine > 1,
  })
  const { canOpenPath, openPath } = useCardActions()
  const first = startLine ?? 1
  const empty = content === ''
  const failed = model.status === 'failed' || Boolean(model.error?.trim())
  // the content is the error message (some agents put it there): say it once
  const contentIsError = failed && (empty || content.trim() === model.error?.trim())
  const hidden = binary && !asText
  const showBody = !empty && !contentIsError && !hidden
  const rangeText = describeRange(startLine, lines.length, totalLines, t)
  const open = canOpenPath
    ? [
        {
          label: t.text('open'),
          icon: 'open' as const,
          persistent: true,
          description: t.text('openAtLine', { path, line: first }),
          onSelect: () => openPath(path, first),
        },
      ]
    : []

  return (
    <CardFrame
      model={model}
      kind="read"
      title={
        intent.title !== undefined ? (
          <VisibleText text={intent.title} className="tc-read-path" />
        ) : (
          <PathText path={path} className="tc-read-path" />
        )
      }
      summary={contentIsError ? undefined : empty ? t.text('emptyFile') : rangeText}
      badges={
        showBody ? (
          <>
            {/* no language while it is looked up (or the lines are read): not "Plain text" first */}
            {binary || !(languagePending || reading) ? (
              <span className="tc-badge" data-slot="read-language" title={t.text('language')}>
                {binary ? t.text('binary') : languageName(language)}
              </span>
            ) : null}
            {crlf ? (
              <span className="tc-badge" data-slot="crlf" title={t.text('crlfTitle')}>
                {t.text('crlf')}
              </span>
            ) : null}
          </>
        ) : null
      }
      actions={
        showBody
          ? [
              ...open,
              { label: t.text('wrap'), icon: 'wrap', pressed: wrap, onSelect: () => setWrap((w) => !w) },
            ]
          : open
      }
      copyText={showBody || hidden ? () => content : undefined}
      truncated={intent.truncated}
      spill={intent.spill}
      notices={
        <>
          {bidi && showBody ? <BidiWarning /> : null}
          {hidden ? (
            <p className="tc-notice" data-kind="info" role="note" data-slot="read-binary">
              {t.text('binaryContent', { size: t.bytes(utf8Bytes(content)) })}{' '}
              <button type="button" className="tc-button tc-button-inline" onClick={() => setAsText(true)}>
                {t.text('showAsText')}
              </button>
            </p>
          ) : null}
          {notice && showBody ? (
            <p className="tc-notice tc-read-quiet" data-kind="info" role="note" data-slot="highlight-notice">
              {notice}
            </p>
          ) : null}
        </>
      }
    >
      {showBody ? (
        <ReadBody
          lines={lines}
          tokens={tokens}
          count={count}
          first={first}
          path={path}
          wrap={wrap}
          view={view}
          label={t.text('contentsOf', { label: `${path}, ${rangeText}` })}
          canOpenPath={canOpenPath}
          openPath={openPath}
          onVisible={onVisible}
          onShowAll={() => setShowAll(true)}
        />
      ) : null}
    </CardFrame>
  )
}

interface ReadBodyProps {
  lines: readonly string[]
  tokens: ReadonlyArray<TokenLine | null | undefined>
  count: number
  first: number
  path: string
  wrap: boolean
  view: 'all' | 'preview'
  label: string
  canOpenPath: boolean
  openPath: (path: string, line?: number) => void
  onVisible: (range: { start: number; end: number }) => void
  onShowAll: () => void
}

function ReadBody({
  lines,
  tokens,
  count,
  first,
  path,
  wrap,
  view,
  label,
  canOpenPath,
  openPath,
  onVisible,
  onShowAll,
}: ReadBodyProps) {
  const t = useTexts()
  const shown = Math.min(count, lines.length)
  // More than a box of rows come in the next task: the first builds the card's frame and their box.
  const rowsNow = useRowsNow(shown)
  const ref = useRef<HTMLDivElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const lastNumber = first + lines.length - 1
  const gutterStyle = { '--tc-read-gutter-ch': String(String(lastNumber).length) } as CSSProperties

  // Which rows are in the DOM (the virtualizer renders the viewport plus overscan): highlight those.
  const measure = useCallback(() => {
    timer.current = null
    const rows = ref.current?.querySelectorAll<HTMLElement>('.tc-vrow[data-index]')
    if (!rows || rows.length === 0) return
    const a = Number(rows[0]?.dataset.index ?? 0)
    const b = Number(rows[rows.length - 1]?.dataset.index ?? 0)
    const start = Math.max(0, Math.min(a, b) - HIGHLIGHT_MARGIN)
    const end = Math.max(a, b) + 1 + HIGHLIGHT_MARGIN
    onVisible({ start: start - (start % 40), end: end + (40 - (end % 40)) })
  }, [onVisible])
  const onScroll = useCallback(() => {
    if (timer.current === null) timer.current = setTimeout(measure, 50)
  }, [measure])
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the rows come (`rowsNow`)
  useLayoutEffect(() => {
    measure()
    return () => {
      if (timer.current !== null) clearTimeout(timer.current)
    }
  }, [measure, rowsNow])

  const renderRow = (i: number) => (
    <ReadLine
      index={i}
      number={first + i}
      text={lines[i] ?? ''}
      tokens={tokens[i]}
      path={path}
      canOpenPath={canOpenPath}
      openPath={openPath}
    />
  )

  return (
    <div
      ref={ref}
      className="tc-read"
      data-slot="read-content"
      data-view={view}
      data-wrap={wrap ? '' : undefined}
      style={gutterStyle}
      onScrollCapture={onScroll}
    >
      {view === 'preview' || !rowsNow ? (
        <>
          <div
            className="tc-read-lines"
            role="group"
            aria-label={label}
            tabIndex={0}
            {...(canOpenPath ? lineKeyProps : null)}
            // the rows' box, until they come in the next task
            style={rowsNow ? undefined : { height: `calc(${shown} * var(--tc-line-height))` }}
            data-slot={rowsNow ? undefined : 'read-later'}
          >
            {Array.from({ length: rowsNow ? shown : 0 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines do not move (not `first + i`: past 2^53 two line numbers are one number)
              <div key={i} className="tc-vrow" data-index={i}>
                {renderRow(i)}
              </div>
            ))}
          </div>
          {view === 'preview' ? (
            <div className="tc-read-more">
              <button type="button" className="tc-button" onClick={onShowAll}>
                {t.count('showAllLines', lines.length)}
              </button>
            </div>
          ) : null}
        </>
      ) : (
        <VirtualLines
          className="tc-read-lines"
          role="group"
          aria-label={label}
          {...(canOpenPath ? lineKeyProps : null)}
          count={lines.length}
          measure={wrap}
          forceVirtual={lines.length > VIRTUALIZE_ABOVE}
          renderRow={renderRow}
        />
      )}
    </div>
  )
}

interface ReadLineProps {
  index: number
  number: number
  text: string
  tokens: TokenLine | null | undefined
  path: string
  canOpenPath: boolean
  openPath: (path: string, line?: number) => void
}

const ReadLine = memo(function ReadLine({
  number,
  text,
  tokens,
  path,
  canOpenPath,
  openPath,
}: ReadLineProps) {
  const t = useTexts()
  const cut = text.length > READ_LINE_LIMIT
  return (
    <div className="tc-read-row" data-line={number}>
      {canOpenPath ? (
        <button
          type="button"
          className="tc-read-gutter"
          data-slot="line-number"
          tabIndex={-1}
          aria-label={t.text('openAtLine', { path, line: number })}
          onClick={() => openPath(path, number)}
        >
          {number}
        </button>
      ) : (
        <span className="tc-read-gutter" data-slot="line-number">
          {number}
        </span>
      )}
      {cut ? (
        <span className="tc-read-text tc-read-text-cut">
          <HighlightedLine text={text.slice(0, READ_LINE_LIMIT)} />
          <span className="tc-line-cut">{t.count('lineCutCopy', text.length)}</span>
        </span>
      ) : (
        <HighlightedLine className="tc-read-text" text={text || ''} tokens={tokens} />
      )}
    </div>
  )
})
