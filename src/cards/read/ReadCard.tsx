'use client'
import { type CSSProperties, memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { CardModel, ReadIntent } from '../../protocol'
import { languageName } from '../../text/highlight/languages'
import type { TokenLine } from '../../text/highlight/types'
import { hasBidi } from '../../text/invisible'
import { CardFrame } from '../frame/CardFrame'
import { useCardActions } from '../host'
import { cx, formatCount, plural } from '../shared/format'
import { HighlightedLine, useHighlightedLines } from '../shared/highlight'
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
): string {
  const start = startLine ?? 1
  const end = start + Math.max(shown, 1) - 1
  const partial = startLine !== undefined && startLine > 1
  if (totalLines !== undefined && (partial || totalLines !== shown)) {
    return `lines ${formatCount(start)}–${formatCount(end)} of ${formatCount(totalLines)}`
  }
  if (partial) return `lines ${formatCount(start)}–${formatCount(end)}`
  return plural(shown, 'line')
}

/**
 * Binary-looking content: NUL bytes, or many control characters / replacement characters in the first
 * 8 KB. Shown as text with markers, without highlighting, under a notice.
 */
export function looksBinary(content: string): boolean {
  const head = content.slice(0, 8192)
  if (head.includes('\u0000')) return true
  let odd = 0
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i)
    if ((c < 0x20 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 0xfffd) odd++
  }
  return head.length > 0 && odd / head.length > 0.1
}

/**
 * A file, or a range of it, as the agent read it: path, language and range in the header; real line
 * numbers from `startLine` (each opens the file at that line through the host); highlighted content,
 * virtualized when long, with a wrap toggle, Copy (the original text) and a preview for long reads.
 */
export function ReadCard({ model, intent }: ReadCardProps) {
  const { path, content, startLine, totalLines, language: explicitLanguage } = intent
  const lines = useMemo(() => splitLines(content), [content])
  const binary = useMemo(() => looksBinary(content), [content])
  const bidi = useMemo(() => hasBidi(content), [content])
  const [wrap, setWrap] = useState(false)
  const [showAll, setShowAll] = useState(false)
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
  const { tokens, language, notice } = useHighlightedLines(lines, {
    path,
    ...(explicitLanguage !== undefined ? { language: explicitLanguage } : {}),
    visible: range,
    disabled: binary,
    partial: startLine !== undefined && startLine > 1,
  })
  const { canOpenPath, openPath } = useCardActions()
  const first = startLine ?? 1
  const empty = content === ''
  const label = `${path}, ${describeRange(startLine, lines.length, totalLines)}`

  return (
    <CardFrame
      model={model}
      kind="read"
      title={<VisibleText text={intent.title ?? path} className="tc-read-path" />}
      summary={empty ? 'empty' : describeRange(startLine, lines.length, totalLines)}
      badges={
        <span className="tc-badge" data-slot="read-language" title="Language">
          {binary ? 'Binary' : languageName(language)}
        </span>
      }
      actions={[
        ...(canOpenPath ? [{ label: 'Open', onSelect: () => openPath(path, first) }] : []),
        { label: 'Wrap', pressed: wrap, onSelect: () => setWrap((w) => !w) },
      ]}
      copyText={() => content}
      truncated={intent.truncated}
      spill={intent.spill}
      notices={
        <>
          {bidi ? <BidiWarning /> : null}
          {binary ? (
            <p className="tc-notice" data-kind="info" role="note" data-slot="read-binary">
              This looks like binary data; shown as text with control characters marked, not highlighted.
            </p>
          ) : null}
          {notice ? (
            <p className="tc-notice tc-read-quiet" data-kind="info" role="note" data-slot="highlight-notice">
              {notice}
            </p>
          ) : null}
        </>
      }
    >
      {empty ? (
        <p className="tc-empty tc-read-empty">(empty)</p>
      ) : (
        <ReadBody
          lines={lines}
          tokens={tokens}
          count={count}
          first={first}
          path={path}
          wrap={wrap}
          view={view}
          label={`Contents of ${label}`}
          canOpenPath={canOpenPath}
          openPath={openPath}
          onVisible={onVisible}
          onShowAll={() => setShowAll(true)}
        />
      )}
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
  useLayoutEffect(() => {
    measure()
    return () => {
      if (timer.current !== null) clearTimeout(timer.current)
    }
  }, [measure])

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
      {view === 'preview' ? (
        <>
          <div className="tc-read-lines" role="group" aria-label={label} tabIndex={0}>
            {Array.from({ length: Math.min(count, lines.length) }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines do not move (not `first + i`: past 2^53 two line numbers are one number)
              <div key={i} className="tc-vrow" data-index={i}>
                {renderRow(i)}
              </div>
            ))}
          </div>
          <div className="tc-read-more">
            <button type="button" className="tc-button" onClick={onShowAll}>
              Show all {formatCount(lines.length)} lines
            </button>
          </div>
        </>
      ) : (
        <VirtualLines
          className="tc-read-lines"
          role="group"
          aria-label={label}
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
  const cut = text.length > READ_LINE_LIMIT
  return (
    <div className="tc-read-row" data-line={number}>
      <span className="tc-read-gutter" data-slot="line-number">
        {canOpenPath ? (
          <button
            type="button"
            className="tc-read-number"
            aria-label={`Open ${path} at line ${number}`}
            onClick={() => openPath(path, number)}
          >
            {number}
          </button>
        ) : (
          <span className="tc-read-number">{number}</span>
        )}
      </span>
      <span className={cx('tc-read-text', cut && 'tc-read-text-cut')}>
        {cut ? (
          <>
            <HighlightedLine text={text.slice(0, READ_LINE_LIMIT)} />
            <span className="tc-line-cut">
              {' '}
              … line cut: {plural(text.length, 'character')} (Copy gives all)
            </span>
          </>
        ) : (
          <HighlightedLine text={text || ''} tokens={tokens} />
        )}
      </span>
    </div>
  )
})
