'use client'
import {
  type ComponentProps,
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { CardKind, CardModel, Spill, Truncation } from '../../protocol'
import { CardProblemContext, useCardActions, useHeadingLevel, useTexts } from '../host'
import type { Tone } from '../labels'
import { cx, type Texts } from '../shared/format'
import { CardIcon, Chevron, Glyph, type GlyphName } from '../shared/icons'
import { VisibleText } from '../shared/VisibleText'
import { useCardUiState } from '../ui-state'
import { Approval } from './Approval'
import { EnvelopeNotice } from './EnvelopeNotice'
import { type CardOutcome, deriveOutcome, type OutcomeFacts } from './outcome'

export type { CardOutcome, OutcomeFacts } from './outcome'
export { deriveOutcome, STATUS_INFO } from './outcome'

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
  /** The icon that stands for the label where the header is narrow (the label stays the accessible name). */
  icon?: GlyphName
  /** Keep the button while the card is collapsed (by default actions act on the body and hide with it). */
  persistent?: boolean
  /** Shown on hover (and read after the label). */
  description?: string
  /** A stable name for styles and tests: the button's `data-action`. */
  name?: string
}

export interface CardFrameProps extends Omit<ComponentProps<'article'>, 'title'> {
  model: CardModel
  kind: CardKind
  /** The header title: the command, path, query or URL. It keeps at least 40% of a 320 px header. */
  title: ReactNode
  /** One line after the title (e.g. "37 matches in 12 files"); below the title where the card is narrow. */
  summary?: ReactNode
  /** Extra items in the header (language, size...). */
  badges?: ReactNode
  /** Buttons in the header: toggles and the like; icons only where the card is narrow. */
  actions?: CardAction[]
  /** Text for the Copy button; no button when absent. */
  copyText?: () => string | Promise<string>
  /** @default labels.copy */
  copyLabel?: string
  /** More copy buttons after the main one (e.g. the terminal's command), each with its own icon. */
  extraCopies?: Array<{ label: string; getText: () => string; icon?: GlyphName }>
  /** Truncation and spill notices come from the intent. */
  truncated?: Truncation | undefined
  spill?: Spill | undefined
  /** Notices above the body. */
  notices?: ReactNode
  /**
   * The card shows `model.error` itself; otherwise the frame shows it at the top of the body.
   * @default false
   */
  errorShown?: boolean
  /**
   * What the card knows of how the call ended (exit code, signal, timeout, HTTP status): with the call's
   * status it gives the one outcome the header shows.
   */
  outcome?: OutcomeFacts
  /** Start expanded. @default true */
  defaultExpanded?: boolean
  /** Controlled expansion. */
  expanded?: boolean
  onExpandedChange?: (expanded: boolean) => void
  children?: ReactNode
}

/** Glyph of each tone. */
const TONE_GLYPH: Record<Tone, GlyphName | null> = {
  success: 'success',
  failure: 'failure',
  cancelled: 'cancelled',
  busy: null,
  waiting: 'waiting',
  unknown: 'unknown',
}

/**
 * The frame every card shares: a header (chevron, icon, title; summary, badges, duration, actions; the
 * outcome) that toggles a collapsible body, truncation and spill notices, and a place where failed host
 * callbacks are reported. Below 500 px of card width the header takes two rows: the title and the
 * outcome's icon, then the rest, with actions as icons. State is exposed as `data-card`, `data-status`,
 * `data-tone` and `data-state`. A card that finishes while mounted announces its outcome once.
 */
export function CardFrame({
  model,
  kind,
  title,
  summary,
  badges,
  actions,
  copyText,
  copyLabel,
  extraCopies,
  truncated,
  spill,
  notices,
  errorShown = false,
  outcome: facts,
  defaultExpanded = true,
  expanded: expandedProp,
  onExpandedChange,
  className,
  children,
  ...props
}: CardFrameProps) {
  const t = useTexts()
  const level = useHeadingLevel()
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
  const outcome = deriveOutcome(model.status, facts, model.error, t.labels)
  // A duration that rounds to 0 ms is not news.
  const duration =
    typeof model.durationMs === 'number' && model.durationMs >= 0.5 ? t.duration(model.durationMs) : ''
  const announcement = useFinishAnnouncement(outcome, titleId, t)
  const shownActions = expanded ? actions : actions?.filter((a) => a.persistent)

  return (
    <CardProblemContext.Provider value={report}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: it watches the clicks of the card's buttons (a key press on a button is a click), it is no control */}
      <article
        {...props}
        className={cx('tc-card', className)}
        data-card={kind}
        data-status={model.status}
        data-tone={outcome.tone}
        data-state={expanded ? 'expanded' : 'collapsed'}
        data-sidechain={model.sidechain !== undefined ? '' : undefined}
        aria-labelledby={titleId}
        onClick={keepFocus}
      >
        <header className="tc-card-header" data-slot="card-header">
          {/* the title is a heading (no box of its own: the toggle stays the header's flex item) */}
          <div className="tc-card-heading" role="heading" aria-level={level}>
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
                {typeof title === 'string' ? (
                  <VisibleText className="tc-card-title-text" text={title} />
                ) : (
                  title
                )}
              </span>
            </button>
          </div>
          <StatusBadge outcome={outcome} rejected={model.status === 'rejected'} />
          <span className="tc-card-details" data-slot="card-details">
            {summary !== undefined && summary !== null && summary !== '' ? (
              <span className="tc-card-summary" data-slot="card-summary">
                {typeof summary === 'string' ? <VisibleText text={summary} /> : summary}
              </span>
            ) : null}
            {model.sidechain !== undefined ? (
              <span className="tc-badge" title={t.text('subAgentTitle')} data-slot="card-badge">
                <VisibleText text={model.sidechain || t.text('subAgent')} />
              </span>
            ) : null}
            {badges}
            {outcome.detail ? (
              <span className="tc-badge tc-card-detail" data-tone={outcome.tone} data-slot="card-detail">
                {outcome.detail}
              </span>
            ) : null}
            {duration ? (
              <span className="tc-card-duration" title={t.text('durationTitle')} data-slot="card-duration">
                {duration}
              </span>
            ) : null}
            {shownActions?.length || copyText || extraCopies?.length ? (
              <span className="tc-card-actions" data-slot="card-actions">
                {shownActions?.map((a) => (
                  <ActionButton key={a.label} action={a} of={titleId} />
                ))}
                {copyText ? (
                  <CopyButton getText={copyText} label={copyLabel ?? t.text('copy')} of={titleId} />
                ) : null}
                {extraCopies?.map((c) => (
                  <CopyButton key={c.label} getText={c.getText} label={c.label} icon={c.icon} of={titleId} />
                ))}
              </span>
            ) : null}
          </span>
        </header>
        <span className="tc-sr-only" aria-live="polite" aria-atomic="true" data-slot="card-announcement">
          {announcement}
        </span>
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

/**
 * A button of the card that goes when pressed ("Show all lines", the last "Show more") would leave focus
 * on the page's `<body>`, and the next Tab at the top of the page. Focus goes instead to what took its
 * place: the first control of the card's body at or below where it was (the first file that came), else
 * the last one above it (the lines it showed), else the card's toggle.
 */
function keepFocus(event: MouseEvent<HTMLElement>) {
  const pressed = event.target as Element
  const card = event.currentTarget
  const top = pressed.getBoundingClientRect().top
  setTimeout(() => {
    if (pressed.isConnected || document.activeElement !== document.body) return
    const all = [...card.querySelectorAll<HTMLElement>('.tc-card-body :is(button,a,input,[tabindex="0"])')]
    ;(
      all.find((e) => e.getBoundingClientRect().top >= top) ??
      all.pop() ??
      card.querySelector('button')
    )?.focus()
  })
}

/**
 * The words to put in the card's polite live region: empty at first (a replayed or restored card says
 * nothing), then "title: outcome" once when the call goes from busy or waiting to an end while mounted.
 * Streamed output never changes it.
 */
function useFinishAnnouncement(outcome: CardOutcome, titleId: string, t: Texts): string {
  const [text, setText] = useState('')
  const previous = useRef(outcome.tone)
  useEffect(() => {
    const before = previous.current
    previous.current = outcome.tone
    const wasOpen = before === 'busy' || before === 'waiting'
    const ended = outcome.tone !== 'busy' && outcome.tone !== 'waiting'
    if (!wasOpen || !ended) return
    // the title's parts (a verb and a path, each an element) with a space between: its textContent
    // glued them ("Find filessrc/**/*.css")
    const parts = document.getElementById(titleId)?.childNodes ?? []
    const title = Array.from(parts, (n) => n.textContent?.trim())
      .filter(Boolean)
      .join(' ')
    const words = outcome.detail
      ? t.text('statusWithDetail', { status: outcome.label, detail: outcome.detail })
      : outcome.label
    setText(t.text('announceFinished', { title: title.slice(0, 200), status: words }))
  }, [outcome.tone, outcome.label, outcome.detail, titleId, t])
  return text
}

function StatusBadge({ outcome, rejected }: { outcome: CardOutcome; rejected: boolean }) {
  const t = useTexts()
  // rejected and cancelled share a tone; where the label is hidden (a narrow card) the icon tells them apart
  const glyph = rejected && outcome.tone === 'cancelled' ? 'rejected' : TONE_GLYPH[outcome.tone]
  return (
    <span
      className="tc-status"
      data-tone={outcome.tone}
      data-slot="card-status"
      title={
        outcome.detail
          ? t.text('statusWithDetail', { status: outcome.label, detail: outcome.detail })
          : outcome.label
      }
    >
      {outcome.busy || !glyph ? (
        <span className="tc-spinner" aria-hidden="true" />
      ) : (
        <Glyph name={glyph} className="tc-status-icon" />
      )}
      <span className="tc-status-label">{outcome.label}</span>
    </span>
  )
}

/**
 * A header action. `of`: the id of the card's title, its description (a session's buttons read "Copy,
 * <title>" in a screen reader's list of buttons, not twenty times "Copy").
 */
function ActionButton({ action, of }: { action: CardAction; of: string }) {
  return (
    <button
      type="button"
      className="tc-button tc-action"
      aria-describedby={of}
      aria-pressed={action.pressed}
      title={action.description ?? action.label}
      data-slot="card-action"
      data-icon={action.icon ? '' : undefined}
      data-action={action.name}
      onClick={() => action.onSelect()}
    >
      {action.icon ? <Glyph name={action.icon} className="tc-action-icon" /> : null}
      <span className="tc-action-label">{action.label}</span>
    </button>
  )
}

/** Characters of an error shown before "Show all". */
const ERROR_PREVIEW = 4000

/** An error text in the body: kept apart from the output, cut after `ERROR_PREVIEW` characters. */
export function ErrorText({ text }: { text: string }) {
  const t = useTexts()
  const [all, setAll] = useState(false)
  const long = text.length > ERROR_PREVIEW
  return (
    <div className="tc-notice tc-card-error" data-kind="error" data-slot="card-error">
      {/* A long error scrolls: the scroll area must be reachable by keyboard (axe scrollable-region-focusable). */}
      <pre className="tc-pre" tabIndex={0} role="group" aria-label={t.text('errorTextLabel')}>
        <VisibleText text={long && !all ? `${text.slice(0, ERROR_PREVIEW)}…` : text} />
      </pre>
      {long ? (
        <button type="button" className="tc-button tc-button-inline" onClick={() => setAll(!all)}>
          {all ? t.text('showLess') : t.count('showAllCharacters', text.length)}
        </button>
      ) : null}
    </div>
  )
}

function CopyButton({
  getText,
  label,
  icon = 'copy',
  of,
}: {
  getText: () => string | Promise<string>
  label: string
  icon?: GlyphName | undefined
  /** The id of the card's title (see `ActionButton`). */
  of: string
}) {
  const { copy } = useCardActions()
  const t = useTexts()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 1500)
    return () => clearTimeout(timer)
  }, [copied])
  const shown = copied ? t.text('copied') : label
  return (
    <button
      type="button"
      className="tc-button tc-action"
      aria-describedby={of}
      title={shown}
      data-slot="card-copy"
      data-icon=""
      onClick={async () => {
        let text: string
        try {
          // a text at hand is copied in the click's own task; one that loads first, after it
          const got = getText()
          text = typeof got === 'string' ? got : await got
        } catch {
          text = ''
        }
        if (await copy(text)) setCopied(true)
      }}
    >
      <Glyph name={copied ? 'success' : icon} className="tc-action-icon" />
      <span className="tc-action-label">{shown}</span>
    </button>
  )
}

/** "Output cut: showing 30 KB of 141 KB. The whole result is kept at <path> [Open]." */
export function CutNotice({
  truncated,
  spill,
}: {
  truncated?: Truncation | undefined
  spill?: Spill | undefined
}) {
  const { canOpenPath, openPath } = useCardActions()
  const t = useTexts()
  const text = useMemo(() => describeCut(t, truncated, spill), [t, truncated, spill])
  if (!text) return null
  return (
    <div className="tc-notice" data-kind="info" data-slot="cut-notice" role="note">
      <span>{text}</span>
      {spill ? (
        <>
          {' '}
          <span>{t.text('spillKeptAt')} </span>
          <code className="tc-path">
            <VisibleText text={spill.path} />
          </code>
          {canOpenPath ? (
            <>
              {' '}
              <button
                type="button"
                className="tc-button tc-button-inline"
                onClick={() => openPath(spill.path)}
              >
                {t.text('open')}
              </button>
            </>
          ) : null}
        </>
      ) : null}
    </div>
  )
}

/** The words of a cut notice, or '' when nothing was cut. */
export function describeCut(t: Texts, truncated?: Truncation, spill?: Spill): string {
  if (!truncated && !spill) return ''
  const parts: string[] = []
  const shownBytes = truncated?.shownBytes ?? spill?.previewBytes
  const totalBytes = truncated?.totalBytes ?? spill?.totalBytes
  if (shownBytes !== undefined && totalBytes !== undefined)
    parts.push(t.text('cutShowingBytes', { shown: t.bytes(shownBytes), total: t.bytes(totalBytes) }))
  else if (totalBytes !== undefined) parts.push(t.text('cutTotalBytes', { total: t.bytes(totalBytes) }))
  if (truncated?.shownLines !== undefined && truncated.totalLines !== undefined) {
    parts.push(
      t.text('cutShownLines', {
        shown: t.number(truncated.shownLines),
        total: t.number(truncated.totalLines),
      }),
    )
  } else if (truncated?.totalLines !== undefined) parts.push(t.count('cutTotalLines', truncated.totalLines))
  const headline = truncated?.reason
    ? t.text('cutHeadlineReason', { reason: truncated.reason })
    : t.text('cutHeadline')
  return parts.length
    ? t.text('cutSentence', { headline, details: parts.join(t.text('listSeparator')) })
    : t.text('cutSentenceShort', { headline })
}
