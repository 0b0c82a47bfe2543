'use client'
import { type ComponentProps, memo, type ReactNode, useState } from 'react'
import type { CardModel, TerminalIntent } from '../../protocol'
import type { TerminalLine, TerminalScreen } from '../../text/terminal'
import { CardFrame } from '../frame/CardFrame'
import type { OutcomeFacts } from '../frame/outcome'
import { useTexts } from '../host'
import { FixedRows } from '../shared/FixedRows'
import { cx, type Texts } from '../shared/format'
import { PathText } from '../shared/PathText'
import { SafeLink } from '../shared/SafeLink'
import { SectionHeading } from '../shared/SectionHeading'
import { VIRTUALIZE_ABOVE, VirtualLines } from '../shared/VirtualLines'
import { VisibleText } from '../shared/VisibleText'
import { findUrls } from './linkify'
import { runLook } from './runStyle'
import { useTerminalScreen } from './useTerminalScreen'

/** Lines shown while the output is collapsed (the last ones: that is where errors are). */
export const TERMINAL_PREVIEW_LINES = 12
/** Outputs up to this many lines are shown whole; longer ones start collapsed to the preview. */
export const TERMINAL_COLLAPSE_ABOVE = 24
/** Characters of one line rendered; the rest is cut with a marker (copy output still gives all). */
export const TERMINAL_LINE_LIMIT = 5_000
/** Past this many characters a command is shown in full in the body, not only in the header. */
const LONG_COMMAND = 80

export interface TerminalCardProps {
  model: CardModel
  intent: TerminalIntent
}

/**
 * What the terminal card knows of how the command ended: a non-zero exit, a signal or a timeout is a
 * failure, an interruption a cancel; exit 0 is not news. The facts make one detail: `exit 2`,
 * `exit 143 · SIGTERM`, `timed out`.
 */
export function terminalOutcome(intent: TerminalIntent, t: Texts): OutcomeFacts {
  const parts: string[] = []
  const code = intent.exitCode
  const badExit = typeof code === 'number' && code !== 0
  if (badExit) parts.push(t.text('exitCode', { code }))
  if (intent.signal) parts.push(intent.signal)
  if (intent.timedOut) parts.push(t.text('timedOut'))
  else if (intent.interrupted && !badExit && !intent.signal) parts.push(t.text('interrupted'))
  const failed = badExit || Boolean(intent.signal) || intent.timedOut === true
  const cancelled = !failed && intent.interrupted === true
  const detail = parts.join(' · ')
  return { ...(failed ? { failed } : {}), ...(cancelled ? { cancelled } : {}), ...(detail ? { detail } : {}) }
}

/**
 * A command and its output as a terminal shows it: colours, progress bars redrawn in place, safe
 * links (OSC 8 and plain http/https URLs). Header: the command (cut at the end where narrow), the cwd,
 * the outcome once (`exit 2 · SIGTERM` as one detail; exit 0 says nothing), duration. Long output is
 * collapsed to its last lines and virtualized when shown in full; while the command runs, appended
 * output is parsed alone and the view follows the end unless scrolled up.
 */
export function TerminalCard({ model, intent }: TerminalCardProps) {
  const t = useTexts()
  const [wrap, setWrap] = useState(false)
  const outputFeed = useTerminalScreen(intent.output ?? '')
  const stderrFeed = useTerminalScreen(intent.stderr ?? '')
  const output = outputFeed.screen
  const stderr = stderrFeed.screen
  const running = model.status === 'running' || model.status === 'pending'
  const command = intent.command
  const firstLine = command.split('\n', 1)[0] ?? ''
  const multiline = firstLine.length !== command.length
  const title = intent.title ?? `$ ${firstLine}${multiline ? ' …' : ''}`
  const hasStderr = Boolean(intent.stderr)
  const noStdout = output.lineCount === 0

  const copyOutput = () => {
    // A big output may still be parsing (a slice per task): Copy gives all of it.
    outputFeed.finish()
    stderrFeed.finish()
    const out = output.toPlainText()
    const err = stderr.toPlainText()
    return err ? (out ? `${out}\n${err}` : err) : out
  }

  return (
    <CardFrame
      model={model}
      kind="terminal"
      className="tc-terminal-card"
      title={
        <code className="tc-terminal-title" data-slot="terminal-command">
          <VisibleText text={title} />
        </code>
      }
      summary={intent.cwd ? <PathText path={intent.cwd} className="tc-terminal-cwd" /> : undefined}
      badges={
        intent.background ? (
          <span className="tc-badge tc-terminal-flag" data-slot="terminal-background">
            {running ? t.text('inBackground') : t.text('background')}
          </span>
        ) : null
      }
      outcome={terminalOutcome(intent, t)}
      actions={[{ label: t.text('wrap'), icon: 'wrap', pressed: wrap, onSelect: () => setWrap(!wrap) }]}
      copyText={copyOutput}
      copyLabel={t.text('copyOutput')}
      extraCopies={[{ label: t.text('copyCommand'), getText: () => command, icon: 'prompt' }]}
      truncated={intent.truncated}
      spill={intent.spill}
      data-wrap={wrap ? '' : undefined}
    >
      {multiline || command.length > LONG_COMMAND ? <FullCommand command={command} /> : null}
      {noStdout && hasStderr && !running ? null : (
        <TerminalOutput
          screen={output}
          version={output.version}
          reading={outputFeed.reading}
          wrap={wrap}
          running={running}
          label={t.text('output')}
          empty={running ? t.text('waitingForOutput') : t.text('noOutput')}
        />
      )}
      {hasStderr ? (
        <TerminalOutput
          screen={stderr}
          version={stderr.version}
          reading={stderrFeed.reading}
          wrap={wrap}
          running={running}
          label={t.text('stderr')}
          heading={t.text('stderrHeading')}
          empty={t.text('noOutput')}
        />
      ) : null}
    </CardFrame>
  )
}

/** A long or multi-line command in full (the header shows its first line, cut). */
function FullCommand({ command }: { command: string }) {
  const t = useTexts()
  return (
    // A long command scrolls (max 12 lines): the scroll area must be reachable by keyboard.
    <pre
      className="tc-terminal-command"
      data-slot="terminal-full-command"
      tabIndex={0}
      role="group"
      aria-label={t.text('fullCommand')}
    >
      <span aria-hidden="true">$ </span>
      <VisibleText text={command} />
    </pre>
  )
}

interface TerminalOutputProps {
  screen: TerminalScreen
  /** The screen's version: a new one re-renders (the screen object itself stays the same). */
  version: number
  /** Still parsing (a slice per task): the lines so far are shown, marked busy. */
  reading: boolean
  wrap: boolean
  running: boolean
  label: string
  heading?: string
  empty: string
}

/** One output stream: a preview of its last lines, or all of them (virtualized when long). */
function TerminalOutput({ screen, reading, wrap, running, label, heading, empty }: TerminalOutputProps) {
  const t = useTexts()
  const [all, setAll] = useState(false)
  const lines = screen.lineCount
  const dropped = screen.droppedLines
  const rows = lines + (dropped > 0 ? 1 : 0)
  const previewing = !all && rows > TERMINAL_COLLAPSE_ABOVE
  const first = previewing ? rows - TERMINAL_PREVIEW_LINES : 0
  const renderRow = (row: number) => <Row screen={screen} row={row} />

  let body: ReactNode
  if (lines === 0 && reading) {
    // nothing parsed yet (a big output starts in the next task): no "no output" for output to come
    body = null
  } else if (lines === 0) {
    body = (
      <p className="tc-terminal-empty" data-slot="terminal-empty">
        {empty}
      </p>
    )
  } else if (previewing) {
    const items: ReactNode[] = []
    for (let r = first; r < rows; r++) {
      items.push(
        <div key={r} className="tc-vrow">
          {renderRow(r)}
        </div>,
      )
    }
    body = (
      <div
        className="tc-terminal-lines tc-virtual-lines"
        data-slot="terminal-preview"
        // a scroll area (long lines scroll sideways) must be reachable by keyboard
        tabIndex={0}
        role="group"
        aria-label={t.count('outputLastLines', rows - first, { label })}
      >
        {items}
      </div>
    )
  } else {
    const common = {
      className: 'tc-terminal-lines',
      count: rows,
      renderRow,
      followEnd: running,
      // start at the end (continuing the preview); a short list that follows the end already does
      startAtEnd: all && (!running || rows > VIRTUALIZE_ABOVE),
      // a name needs a role: without one the scroll area's name was dropped (axe: aria-prohibited-attr)
      role: 'group',
      'aria-label': t.count('outputLines', lines, { label }),
      'data-slot': 'terminal-lines',
    }
    // wrapped lines have varying heights (measured); unwrapped ones a fixed height (cheapest to follow)
    body = wrap ? <VirtualLines {...common} measure /> : <FixedRows {...common} measureRowHeight />
  }

  return (
    <div
      role="group"
      className="tc-terminal-output"
      aria-label={label}
      data-slot="terminal-output"
      data-state={previewing ? 'preview' : 'full'}
      data-wrap={wrap ? '' : undefined}
      aria-busy={reading || undefined}
    >
      {heading ? <SectionHeading className="tc-terminal-heading">{heading}</SectionHeading> : null}
      {previewing || (all && rows > TERMINAL_COLLAPSE_ABOVE) ? (
        <div className="tc-terminal-more" data-slot="terminal-more">
          {previewing ? <span>{t.count('earlierLinesHidden', first)}</span> : null}
          {/* one button for both (the same element): pressing it keeps focus on it */}
          <button type="button" className="tc-button" onClick={() => setAll(previewing)}>
            {previewing ? t.count('showAllLines', lines) : t.count('showLastLines', TERMINAL_PREVIEW_LINES)}
          </button>
        </div>
      ) : null}
      {body}
      {dropped > 0 ? (
        <p className="tc-notice" data-kind="info" role="note" data-slot="terminal-dropped">
          {t.count('linesDropped', dropped)}
        </p>
      ) : null}
    </div>
  )
}

/** Row `row` of a screen: a line, or the dropped-lines marker between head and tail. */
function Row({ screen, row }: { screen: TerminalScreen; row: number }) {
  const t = useTexts()
  const dropped = screen.droppedLines
  if (dropped > 0) {
    const at = screen.droppedAt
    if (row === at) {
      return (
        <div className="tc-terminal-line" data-slot="terminal-gap">
          <span className="tc-terminal-gap">{t.count('droppedMarker', dropped)}</span>
        </div>
      )
    }
    if (row > at) return <Line line={screen.line(row - 1)} />
  }
  return <Line line={screen.line(row)} />
}

/** One line as styled runs. Memoized on the line object, which the screen keeps until the line changes. */
const Line = memo(function Line({ line }: { line: TerminalLine }) {
  const cut = line.text.length > TERMINAL_LINE_LIMIT
  const parts: ReactNode[] = []
  let used = 0
  for (let i = 0; i < line.runs.length && used < TERMINAL_LINE_LIMIT; i++) {
    const run = line.runs[i]!
    const text =
      used + run.text.length > TERMINAL_LINE_LIMIT ? run.text.slice(0, TERMINAL_LINE_LIMIT - used) : run.text
    used += text.length
    const { style, attrs } = runLook(run.style)
    const content = run.link ? <VisibleText text={text} /> : <Linked text={text} />
    parts.push(
      run.link ? (
        <SafeLink key={i} url={run.link.href} className="tc-terminal-run" style={style} {...attrs}>
          {content}
        </SafeLink>
      ) : style || Object.keys(attrs).length > 0 ? (
        <span key={i} className="tc-terminal-run" style={style} {...attrs}>
          {content}
        </span>
      ) : (
        <Linked key={i} text={text} />
      ),
    )
  }
  return (
    <div className="tc-terminal-line" data-slot="terminal-line">
      {parts}
      {cut ? <LineCut more={line.text.length - TERMINAL_LINE_LIMIT} /> : null}
    </div>
  )
})

function LineCut({ more, className, ...props }: ComponentProps<'span'> & { more: number }) {
  const t = useTexts()
  return (
    <span {...props} className={cx('tc-terminal-linecut', className)} data-slot="terminal-linecut">
      {t.count('terminalLineCut', more)}
    </span>
  )
}

/** Text with its plain http/https URLs as safe links (the URL is judged again by SafeLink). */
function Linked({ text }: { text: string }) {
  const urls = findUrls(text)
  if (urls.length === 0) return <VisibleText text={text} />
  const out: ReactNode[] = []
  let at = 0
  for (const [start, end] of urls) {
    if (start > at) out.push(<VisibleText key={`t${at}`} text={text.slice(at, start)} />)
    const url = text.slice(start, end)
    out.push(
      <SafeLink key={`u${start}`} url={url} className="tc-terminal-url" data-slot="terminal-url">
        <VisibleText text={url} />
      </SafeLink>,
    )
    at = end
  }
  if (at < text.length) out.push(<VisibleText key={`t${at}`} text={text.slice(at)} />)
  return <>{out}</>
}
