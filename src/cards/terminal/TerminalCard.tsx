'use client'
import { type ComponentProps, memo, type ReactNode, useState } from 'react'
import type { CardModel, TerminalIntent } from '../../protocol'
import type { TerminalLine, TerminalScreen } from '../../text/terminal'
import { CardFrame } from '../frame/CardFrame'
import { useCardActions } from '../host'
import { FixedRows } from '../shared/FixedRows'
import { cx, formatCount, plural } from '../shared/format'
import { SafeLink } from '../shared/SafeLink'
import { VIRTUALIZE_ABOVE, VirtualLines } from '../shared/VirtualLines'
import { VisibleText } from '../shared/VisibleText'
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
 * A command and its output as a terminal shows it: colours, progress bars redrawn in place, safe
 * links. Header: `$ command`, cwd, exit code (non-zero prominent, with the signal), duration, status.
 * Long output is collapsed to its last lines and virtualized when shown in full; while the command
 * runs, appended output is parsed alone and the view follows the end unless scrolled up.
 */
export function TerminalCard({ model, intent }: TerminalCardProps) {
  const [wrap, setWrap] = useState(false)
  const output = useTerminalScreen(intent.output ?? '')
  const stderr = useTerminalScreen(intent.stderr ?? '')
  const running = model.status === 'running' || model.status === 'pending'
  const command = intent.command
  const firstLine = command.split('\n', 1)[0] ?? ''
  const multiline = firstLine.length !== command.length
  const title = intent.title ?? `$ ${firstLine}${multiline ? ' …' : ''}`

  const copyOutput = () => {
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
      summary={intent.cwd ? <VisibleText text={intent.cwd} /> : undefined}
      badges={<ExitBadges intent={intent} running={running} />}
      actions={[{ label: 'Wrap', pressed: wrap, onSelect: () => setWrap(!wrap) }]}
      copyText={copyOutput}
      copyLabel="Copy output"
      truncated={intent.truncated}
      spill={intent.spill}
      data-wrap={wrap ? '' : undefined}
    >
      <CommandBar command={command} showFull={multiline || command.length > LONG_COMMAND} />
      <TerminalOutput
        screen={output}
        version={output.version}
        wrap={wrap}
        running={running}
        label="Output"
        empty={running ? 'Waiting for output…' : 'No output'}
      />
      {intent.stderr ? (
        <TerminalOutput
          screen={stderr}
          version={stderr.version}
          wrap={wrap}
          running={running}
          label="Standard error"
          heading="stderr"
          empty="No output"
        />
      ) : null}
    </CardFrame>
  )
}

function ExitBadges({ intent, running }: { intent: TerminalIntent; running: boolean }) {
  const parts: ReactNode[] = []
  const code = intent.exitCode
  if (typeof code === 'number') {
    parts.push(
      code === 0 ? (
        <span key="exit" className="tc-terminal-exit" data-exit="0" title="Exit code">
          exit 0
        </span>
      ) : (
        <span key="exit" className="tc-badge tc-terminal-exit" data-exit="error" title="Exit code">
          exit {code}
          {intent.signal ? ` (${intent.signal})` : ''}
        </span>
      ),
    )
  } else if (intent.signal) {
    parts.push(
      <span key="signal" className="tc-badge tc-terminal-exit" data-exit="error" title="Ended by a signal">
        {intent.signal}
      </span>,
    )
  }
  if (intent.timedOut) parts.push(<Flag key="timeout" text="timed out" kind="error" />)
  else if (intent.interrupted) parts.push(<Flag key="interrupted" text="interrupted" kind="error" />)
  if (intent.background) parts.push(<Flag key="bg" text={running ? 'in background' : 'background'} />)
  return <>{parts}</>
}

function Flag({ text, kind }: { text: string; kind?: 'error' }) {
  return (
    <span className="tc-badge tc-terminal-flag" data-kind={kind}>
      {text}
    </span>
  )
}

function CommandBar({ command, showFull }: { command: string; showFull: boolean }) {
  const { copy } = useCardActions()
  const [copied, setCopied] = useState(false)
  return (
    <div className="tc-terminal-commandbar" data-slot="terminal-commandbar">
      {showFull ? (
        // A long command scrolls (max 12 lines): the scroll area must be reachable by keyboard.
        <pre
          className="tc-terminal-command"
          data-slot="terminal-full-command"
          tabIndex={0}
          role="group"
          aria-label="Full command"
        >
          <span aria-hidden="true">$ </span>
          <VisibleText text={command} />
        </pre>
      ) : null}
      <button
        type="button"
        className="tc-button"
        onClick={async () => {
          if (await copy(command)) setCopied(true)
        }}
        onBlur={() => setCopied(false)}
      >
        {copied ? 'Copied' : 'Copy command'}
      </button>
    </div>
  )
}

interface TerminalOutputProps {
  screen: TerminalScreen
  /** The screen's version: a new one re-renders (the screen object itself stays the same). */
  version: number
  wrap: boolean
  running: boolean
  label: string
  heading?: string
  empty: string
}

/** One output stream: a preview of its last lines, or all of them (virtualized when long). */
function TerminalOutput({ screen, wrap, running, label, heading, empty }: TerminalOutputProps) {
  const [all, setAll] = useState(false)
  const lines = screen.lineCount
  const dropped = screen.droppedLines
  const rows = lines + (dropped > 0 ? 1 : 0)
  const previewing = !all && rows > TERMINAL_COLLAPSE_ABOVE
  const first = previewing ? rows - TERMINAL_PREVIEW_LINES : 0
  const renderRow = (row: number) => <Row screen={screen} row={row} />

  let body: ReactNode
  if (lines === 0) {
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
        aria-label={`${label}, last ${plural(rows - first, 'line')}`}
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
      'aria-label': `${label}, ${plural(lines, 'line')}`,
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
    >
      {heading ? <h3 className="tc-terminal-heading">{heading}</h3> : null}
      {previewing ? (
        <div className="tc-terminal-more" data-slot="terminal-more">
          <span>
            {formatCount(first)} earlier {first === 1 ? 'line' : 'lines'} hidden
          </span>
          <button type="button" className="tc-button" onClick={() => setAll(true)}>
            Show all {formatCount(lines)} lines
          </button>
        </div>
      ) : all && rows > TERMINAL_COLLAPSE_ABOVE ? (
        <div className="tc-terminal-more" data-slot="terminal-more">
          <button type="button" className="tc-button" onClick={() => setAll(false)}>
            Show the last {TERMINAL_PREVIEW_LINES} lines
          </button>
        </div>
      ) : null}
      {body}
      {dropped > 0 ? (
        <p className="tc-notice" data-kind="info" role="note" data-slot="terminal-dropped">
          {plural(dropped, 'line')} were dropped in the middle to keep the card responsive; copy output gives
          the rest.
        </p>
      ) : null}
    </div>
  )
}

/** Row `row` of a screen: a line, or the dropped-lines marker between head and tail. */
function Row({ screen, row }: { screen: TerminalScreen; row: number }) {
  const dropped = screen.droppedLines
  if (dropped > 0) {
    const at = screen.droppedAt
    if (row === at) {
      return (
        <div className="tc-terminal-line" data-slot="terminal-gap">
          <span className="tc-terminal-gap">… {plural(dropped, 'line')} dropped …</span>
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
    const content = <VisibleText text={text} />
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
        <VisibleText key={i} text={text} />
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
  return (
    <span {...props} className={cx('tc-terminal-linecut', className)} data-slot="terminal-linecut">
      {` … ${plural(more, 'more character')} (line cut for display; copy output gives all)`}
    </span>
  )
}
