'use client'
import { type ReactNode, useMemo } from 'react'
import type { CardModel, GenericIntent, Problem } from '../../protocol'
import { CardFrame } from '../frame/CardFrame'
import { plural } from '../shared/format'
import { VirtualLines } from '../shared/VirtualLines'
import { VisibleText } from '../shared/VisibleText'
import { Checklist } from './Checklist'
import { ContentBlocks, isContentBlocks } from './ContentBlocks'
import { JsonTree } from './JsonTree'

/** Characters of one output line rendered; the rest is cut with a marker (copy still gives all). */
export const GENERIC_LINE_LIMIT = 2000

export interface GenericCardProps {
  model: CardModel
  /** A valid generic intent; absent when falling back. */
  intent?: GenericIntent
  /** Why the intent could not be used (invalid intent): shown readable, with JSON paths. */
  problems?: Problem[]
  /** Non-fatal notices from validation (e.g. a string cut to the size limit). */
  notices?: Problem[]
  /** A note above the body (e.g. "this card is not built yet"). */
  note?: ReactNode
}

/**
 * The fallback card: the tool name as title, the raw arguments as a JSON tree, the output as text or a
 * JSON tree, and the error of a failed call.
 */
export function GenericCard({ model, intent, problems, notices, note }: GenericCardProps) {
  const input = intent?.input !== undefined ? intent.input : model.args
  const output = intent?.output
  const title = intent?.title ?? model.toolName
  const copyText = () => {
    const parts = [stringify(input)]
    if (output !== undefined) parts.push(typeof output === 'string' ? output : stringify(output))
    if (model.error) parts.push(model.error)
    return parts.join('\n\n')
  }
  const hasInput = input !== undefined && !(isEmptyObject(input) && output !== undefined)
  return (
    <CardFrame
      model={model}
      kind="generic"
      title={<VisibleText text={title} />}
      summary={problems?.length ? 'invalid render intent' : undefined}
      copyText={copyText}
      truncated={intent?.truncated}
      spill={intent?.spill}
      notices={
        <>
          {note ? (
            <div className="tc-notice" data-kind="info" role="note">
              {note}
            </div>
          ) : null}
          {problems?.length ? <ProblemList title="Invalid render intent" problems={problems} /> : null}
          {notices?.length ? <ProblemList title="Shortened" problems={notices} kind="info" /> : null}
        </>
      }
    >
      <div className="tc-generic">
        {intent?.checklist ? <Checklist checklist={intent.checklist} /> : null}
        {hasInput && !intent?.checklist ? (
          <div className="tc-generic-section">
            <h4 className="tc-section-label">Input</h4>
            <JsonTree value={input} />
          </div>
        ) : null}
        {output !== undefined ? (
          <div className="tc-generic-section">
            <h4 className="tc-section-label">Output</h4>
            <OutputView output={output} />
          </div>
        ) : null}
      </div>
    </CardFrame>
  )
}

/** Text as text, content blocks as blocks (plus any other fields as JSON), anything else as a JSON tree. */
function OutputView({ output }: { output: unknown }) {
  if (typeof output === 'string') return <TextOutput text={output} />
  const renderText = (text: string) => <TextOutput text={text} />
  if (isContentBlocks(output)) return <ContentBlocks blocks={output} renderText={renderText} />
  if (output !== null && typeof output === 'object' && !Array.isArray(output)) {
    const { content, ...rest } = output as Record<string, unknown>
    if (isContentBlocks(content)) {
      return (
        <>
          <ContentBlocks blocks={content} renderText={renderText} />
          {Object.keys(rest).length > 0 ? <JsonTree value={rest} /> : null}
        </>
      )
    }
  }
  return <JsonTree value={output} />
}

/** Problems as a readable list: `$.files[2].path: expected string, got number`. */
export function ProblemList({
  title,
  problems,
  kind = 'error',
}: {
  title: string
  problems: Problem[]
  kind?: 'error' | 'info'
}) {
  return (
    <div className="tc-notice tc-problems" data-kind={kind} data-slot="problems">
      <p>{title}:</p>
      <ul>
        {problems.map((p) => (
          <li key={`${p.path}:${p.message}`}>
            <code>
              <VisibleText text={p.path} />
            </code>
            : <VisibleText text={p.message} />
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Plain text output: lines, virtualized when long, each line cut at `GENERIC_LINE_LIMIT` characters. */
export function TextOutput({ text, label = 'Output text' }: { text: string; label?: string }) {
  const lines = useMemo(() => text.split(/\r?\n/), [text])
  if (text === '') return <p className="tc-empty">(empty)</p>
  return (
    <VirtualLines
      className="tc-text-output"
      aria-label={`${label}, ${plural(lines.length, 'line')}`}
      role="group"
      count={lines.length}
      renderRow={(i) => <OutputLine text={lines[i] ?? ''} />}
    />
  )
}

function OutputLine({ text }: { text: string }) {
  if (text.length <= GENERIC_LINE_LIMIT) return <VisibleText text={text || ' '} className="tc-line" />
  return (
    <span className="tc-line">
      <VisibleText text={text.slice(0, GENERIC_LINE_LIMIT)} />
      <span className="tc-line-cut"> … line cut: {plural(text.length, 'character')} (Copy gives all)</span>
    </span>
  )
}

function stringify(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? ''
  } catch (error) {
    return `(could not be written as JSON: ${error instanceof Error ? error.message : 'unknown error'})`
  }
}

function isEmptyObject(v: unknown): boolean {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0
}
