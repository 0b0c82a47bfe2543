'use client'
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { CardKind, CardModel, CardStatus, Spill, Truncation } from '../../protocol'
import { CardProblemContext, useCardActions } from '../host'
import { cx, formatBytes, formatCount, formatDuration } from '../shared/format'
import { CardIcon, Chevron } from '../shared/icons'
import { VisibleText } from '../shared/VisibleText'
import { useCardUiState } from '../ui-state'
import { Approval } from './Approval'
import { EnvelopeNotice } from './EnvelopeNotice'

/** Label and look of each status; a new status does not compile until it has both. */
export const STATUS_INFO: Record<CardStatus, { label: string; busy: boolean }> = {
  pending: { label: 'Pending', busy: true },
  running: { label: 'Running', busy: true },
  'awaiting-approval': { label: 'Awaiting approval', busy: false },
  completed: { label: 'Completed', busy: false },
  failed: { label: 'Failed', busy: false },
  cancelled: { label: 'Cancelled', busy: false },
  rejected: { label: 'Rejected', busy: false },
  unknown: { label: 'Unknown', busy: false },
}

/**
 * Expand or collapse every card below it at once (SessionView's "expand all"). Each change of
 * `generation` applies `expanded` to every card; between changes each card keeps its own state.
 */
export const CardExpansionContext = createContext<{ expanded: boolean; generation: number } | null>(null)

export interface CardAction {
  label: string
  onSelect: () => void
  /** Pressed state for toggles (wrap, view mode). */
  pressed?: boolean
}

export interface CardFrameProps extends Omit<ComponentProps<'article'>, 'title'> {
  model: CardModel
  kind: CardKind
  /** The header title. */
  title: ReactNode
  /** One line after the title (e.g. "37 matches in 12 files"). */
  summary?: ReactNode
  /** Extra items at the header's end (exit code, language...). */
  badges?: ReactNode
  /** Buttons in the header: toggles and the like. */
  actions?: CardAction[]
  /** Text for the Copy button; no button when absent. */
  copyText?: () => string
  copyLabel?: string
  /** Truncation and spill notices come from the intent. */
  truncated?: Truncation | undefined
  spill?: Spill | undefined
  /** Notices above the body. */
  notices?: ReactNode
  /** The card shows `model.error` itself; otherwise the frame shows it at the top of the body. */
  errorShown?: boolean
  /** Start expanded (default true). */
  defaultExpanded?: boolean
  /** Controlled expansion. */
  expanded?: boolean
  onExpandedChange?: (expanded: boolean) => void
  children?: ReactNode
}

/**
 * The frame every card shares: a header (icon, title, summary, status, duration, actions) that toggles a
 * collapsible body with Enter or Space, truncation and spill notices, and a place where failed host
 * callbacks are reported. State is exposed as `data-card`, `data-status`, `data-state`.
 */
export function CardFrame({
  model,
  kind,
  title,
  summary,
  badges,
  actions,
  copyText,
  copyLabel = 'Copy',
  truncated,
  spill,
  notices,
  errorShown = false,
  defaultExpanded = true,
  expanded: expandedProp,
  onExpandedChange,
  className,
  children,
  ...props
}: CardFrameProps) {
  const [saved, save] = useCardUiState(model.id)
  const [ownExpanded, setOwnExpanded] = useState(saved?.expanded ?? defaultExpanded)
  const expanded = expandedProp ?? ownExpanded
  const setExpanded = useCallback(
    (next: boolean) => {
      if (expandedProp === undefined) setOwnExpanded(next)
      save({ expanded: next })
      onExpandedChange?.(next)
    },
    [expandedProp, onExpandedChange, save],
  )
  const all = useContext(CardExpansionContext)
  const lastGeneration = useRef(all?.generation ?? 0)
  useEffect(() => {
    if (all && all.generation !== lastGeneration.current) {
      lastGeneration.current = all.generation
      setExpanded(all.expanded)
    }
  }, [all, setExpanded])

  const [problems, setProblems] = useState<string[]>([])
  const report = useCallback((message: string) => setProblems((p) => [...p.slice(-4), message]), [])

  const id = useId()
  const titleId = `${id}-title`
  const bodyId = `${id}-body`
  const status = STATUS_INFO[model.status] ?? STATUS_INFO.unknown
  const duration = model.durationMs !== undefined ? formatDuration(model.durationMs) : ''

  return (
    <CardProblemContext.Provider value={report}>
      <article
        {...props}
        className={cx('tc-card', className)}
        data-card={kind}
        data-status={model.status}
        data-state={expanded ? 'expanded' : 'collapsed'}
        data-sidechain={model.sidechain !== undefined ? '' : undefined}
        aria-labelledby={titleId}
      >
        <header className="tc-card-header" data-slot="card-header">
          <button
            type="button"
            className="tc-card-toggle"
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={() => setExpanded(!expanded)}
          >
            <Chevron className="tc-chevron" />
            <CardIcon kind={kind} className="tc-card-icon" />
            <span className="tc-card-title" id={titleId} data-slot="card-title">
              {title}
            </span>
            {summary !== undefined && summary !== null && summary !== '' ? (
              <span className="tc-card-summary" data-slot="card-summary">
                {summary}
              </span>
            ) : null}
          </button>
          <span className="tc-card-meta">
            {model.sidechain !== undefined ? (
              <span className="tc-badge" title="Run by a sub-agent">
                <VisibleText text={model.sidechain || 'sub-agent'} />
              </span>
            ) : null}
            {badges}
            <StatusBadge status={model.status} label={status.label} busy={status.busy} />
            {duration ? (
              <span className="tc-card-duration" title="Duration">
                {duration}
              </span>
            ) : null}
            {actions?.map((a) => (
              <button
                key={a.label}
                type="button"
                className="tc-button"
                aria-pressed={a.pressed}
                onClick={() => a.onSelect()}
              >
                {a.label}
              </button>
            ))}
            {copyText ? <CopyButton getText={copyText} label={copyLabel} /> : null}
          </span>
        </header>
        <div className="tc-card-body" id={bodyId} hidden={!expanded} data-slot="card-body">
          {problems.length > 0 ? (
            <div className="tc-notice" data-kind="error" role="alert">
              {problems.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: append-only messages
                <p key={i}>{p}</p>
              ))}
            </div>
          ) : null}
          <EnvelopeNotice />
          {model.error && !errorShown ? <ErrorText text={model.error} /> : null}
          <CutNotice truncated={truncated} spill={spill} />
          {notices}
          {expanded ? children : null}
        </div>
        <Approval model={model} />
      </article>
    </CardProblemContext.Provider>
  )
}

/** Characters of an error shown before "Show all". */
const ERROR_PREVIEW = 4000

function ErrorText({ text }: { text: string }) {
  const [all, setAll] = useState(false)
  const long = text.length > ERROR_PREVIEW
  return (
    <div className="tc-notice tc-card-error" data-kind="error" data-slot="card-error">
      {/* A long error scrolls: the scroll area must be reachable by keyboard (axe scrollable-region-focusable). */}
      <pre className="tc-pre" tabIndex={0} role="group" aria-label="Error text">
        <VisibleText text={long && !all ? `${text.slice(0, ERROR_PREVIEW)}…` : text} />
      </pre>
      {long ? (
        <button type="button" className="tc-button tc-button-inline" onClick={() => setAll(!all)}>
          {all ? 'Show less' : `Show all ${formatCount(text.length)} characters`}
        </button>
      ) : null}
    </div>
  )
}

function StatusBadge({ status, label, busy }: { status: CardStatus; label: string; busy: boolean }) {
  return (
    <span className="tc-status" data-status={status} data-slot="card-status">
      {busy ? (
        <span className="tc-spinner" aria-hidden="true" />
      ) : (
        <span className="tc-status-dot" aria-hidden="true" />
      )}
      <span className="tc-status-label">{label}</span>
    </span>
  )
}

function CopyButton({ getText, label }: { getText: () => string; label: string }) {
  const { copy } = useCardActions()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const t = setTimeout(() => setCopied(false), 1500)
    return () => clearTimeout(t)
  }, [copied])
  return (
    <button
      type="button"
      className="tc-button"
      onClick={async () => {
        let text: string
        try {
          text = getText()
        } catch {
          text = ''
        }
        if (await copy(text)) setCopied(true)
      }}
    >
      {copied ? 'Copied' : label}
    </button>
  )
}

/** "Output cut: showing 30.0 KB of 141.3 KB. The whole result is kept at <path> [Open]." */
export function CutNotice({
  truncated,
  spill,
}: {
  truncated?: Truncation | undefined
  spill?: Spill | undefined
}) {
  const { canOpenPath, openPath } = useCardActions()
  const text = useMemo(() => describeCut(truncated, spill), [truncated, spill])
  if (!text) return null
  return (
    <div className="tc-notice" data-kind="info" data-slot="cut-notice" role="note">
      <span>{text}</span>
      {spill ? (
        <>
          {' '}
          <span>The whole result is kept at </span>
          <code className="tc-path">{spill.path}</code>
          {canOpenPath ? (
            <>
              {' '}
              <button
                type="button"
                className="tc-button tc-button-inline"
                onClick={() => openPath(spill.path)}
              >
                Open
              </button>
            </>
          ) : null}
        </>
      ) : null}
    </div>
  )
}

function describeCut(truncated?: Truncation, spill?: Spill): string {
  if (!truncated && !spill) return ''
  const parts: string[] = []
  const shownBytes = truncated?.shownBytes ?? spill?.previewBytes
  const totalBytes = truncated?.totalBytes ?? spill?.totalBytes
  if (shownBytes !== undefined && totalBytes !== undefined)
    parts.push(`showing ${formatBytes(shownBytes)} of ${formatBytes(totalBytes)}`)
  else if (totalBytes !== undefined) parts.push(`${formatBytes(totalBytes)} in all`)
  if (truncated?.shownLines !== undefined && truncated.totalLines !== undefined) {
    parts.push(`${formatCount(truncated.shownLines)} of ${formatCount(truncated.totalLines)} lines`)
  } else if (truncated?.totalLines !== undefined)
    parts.push(`${formatCount(truncated.totalLines)} lines in all`)
  const reason = truncated?.reason ? ` (${truncated.reason})` : ''
  return `Output cut${reason}${parts.length ? `: ${parts.join(', ')}.` : '.'}`
}
