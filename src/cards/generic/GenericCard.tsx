'use client'
import { type ReactNode, useMemo, useState } from 'react'
import { type CardModel, type GenericIntent, keysOf, type Problem } from '../../protocol'
import { type CardAction, CardFrame } from '../frame/CardFrame'
import type { OutcomeFacts } from '../frame/outcome'
import { useTexts } from '../host'
import { HeightCap } from '../shared/HeightCap'
import { LazyMarkdown } from '../shared/LazyMarkdown'
import { ProblemList } from '../shared/ProblemList'
import { SectionHeading } from '../shared/SectionHeading'
import { useLines } from '../shared/useLines'
import { VirtualLines } from '../shared/VirtualLines'
import { VisibleText } from '../shared/VisibleText'
import { Checklist } from './Checklist'
import { ContentBlocks, isContentBlocks } from './ContentBlocks'
import { JsonTree } from './JsonTree'
import { looksLikeMarkdown } from './markdown'
import { argsSummary } from './summary'

/** Characters of one output line rendered; the rest is cut with a marker (copy still gives all). */
export const GENERIC_LINE_LIMIT = 2000
/** Height in px of input and output sections before they scroll, with "Show all". */
export const GENERIC_SECTION_HEIGHT = 360

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

/** An MCP-style result that says it is an error (`{ isError: true, content: [...] }`) failed. */
export function genericOutcome(output: unknown): OutcomeFacts {
  return output !== null && typeof output === 'object' && (output as { isError?: unknown }).isError === true
    ? { failed: true }
    : {}
}

/** The output as one text, when it is one (a string, or content blocks of text only). */
function outputText(output: unknown): string | undefined {
  if (typeof output === 'string') return output
  const blocks = isContentBlocks(output)
    ? output
    : output !== null &&
        typeof output === 'object' &&
        isContentBlocks((output as { content?: unknown }).content)
      ? ((output as { content: unknown[] }).content as Array<Record<string, unknown>>)
      : undefined
  if (!blocks?.every((b) => b.type === 'text' && typeof b.text === 'string')) return undefined
  return blocks.map((b) => b.text as string).join('\n')
}

/**
 * The fallback card: the tool name as title and a short summary of the arguments (so that calls of one
 * tool differ when collapsed), the raw arguments as a JSON tree, the output as text, markdown (rendered
 * safely), content blocks or a JSON tree, capped in height with "Show all", and the error of a failed call
 * said once (an output that only repeats the error is not shown again).
 */
export function GenericCard({ model, intent, problems, notices, note }: GenericCardProps) {
  const t = useTexts()
  const input = intent?.input !== undefined ? intent.input : model.args
  const output = intent?.output
  const title = intent?.title ?? model.toolName
  const [raw, setRaw] = useState(false)
  const text = useMemo(() => outputText(output), [output])
  const markdown = useMemo(() => text !== undefined && looksLikeMarkdown(text), [text])
  const error = model.error?.trim() ? model.error : undefined
  // the output is the error message (many agents return the error as the result): say it once
  const outputIsError = error !== undefined && text !== undefined && sameText(text, error)
  const summary = useMemo(() => argsSummary(input), [input])
  const copyText = () => {
    const parts = [stringify(input, t.text('notJson', { message: '{message}' }))]
    if (output !== undefined) parts.push(typeof output === 'string' ? output : stringify(output, ''))
    if (model.error && !outputIsError) parts.push(model.error)
    return parts.join('\n\n')
  }
  const hasInput = input !== undefined && !(isEmptyObject(input) && output !== undefined)
  const actions: CardAction[] =
    markdown && !outputIsError
      ? [{ label: t.text('markdown'), icon: 'text', pressed: !raw, onSelect: () => setRaw(!raw) }]
      : []
  return (
    <CardFrame
      model={model}
      kind="generic"
      title={<VisibleText className="tc-card-title-text" text={title} />}
      summary={problems?.length ? t.text('invalidIntent') : summary || undefined}
      outcome={genericOutcome(output)}
      actions={actions}
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
          {problems?.length ? <ProblemList title={t.text('invalidIntent')} problems={problems} /> : null}
          {notices?.length ? (
            <ProblemList title={t.text('shortened')} problems={notices} kind="info" />
          ) : null}
        </>
      }
    >
      <div className="tc-generic">
        {intent?.checklist ? <Checklist checklist={intent.checklist} /> : null}
        {hasInput && !intent?.checklist ? (
          <div className="tc-generic-section">
            <SectionHeading className="tc-section-label">{t.text('input')}</SectionHeading>
            <HeightCap max={GENERIC_SECTION_HEIGHT} label={t.text('input')}>
              <JsonTree value={input} />
            </HeightCap>
          </div>
        ) : null}
        {output !== undefined && !outputIsError ? (
          <div className="tc-generic-section">
            <SectionHeading className="tc-section-label">{t.text('output')}</SectionHeading>
            {markdown && !raw && text !== undefined ? (
              <HeightCap max={GENERIC_SECTION_HEIGHT} label={t.text('output')}>
                <LazyMarkdown
                  text={text}
                  label={t.text('outputText')}
                  className="tc-generic-md"
                  fallback={<OutputView output={output} />}
                />
              </HeightCap>
            ) : (
              <OutputView output={output} />
            )}
          </div>
        ) : null}
      </div>
    </CardFrame>
  )
}

function sameText(a: string, b: string): boolean {
  const x = a.replace(/\s+/g, ' ').trim()
  const y = b.replace(/\s+/g, ' ').trim()
  return x === y || (y.length >= 8 && x.length <= y.length * 2 + 40 && x.includes(y))
}

/** Text as text, content blocks as blocks (plus any other fields as JSON), anything else as a JSON tree. */
function OutputView({ output }: { output: unknown }) {
  const t = useTexts()
  if (typeof output === 'string') return <TextOutput text={output} />
  const renderText = (text: string) => <TextOutput text={text} />
  const label = t.text('output')
  if (isContentBlocks(output))
    return (
      <HeightCap max={GENERIC_SECTION_HEIGHT} label={label}>
        <ContentBlocks blocks={output} renderText={renderText} />
      </HeightCap>
    )
  if (
    output !== null &&
    typeof output === 'object' &&
    isContentBlocks((output as { content?: unknown }).content)
  ) {
    // (the other fields copied only here: an object of 200,000 keys copied on each render took 100 ms)
    const { content, ...rest } = output as { content: Parameters<typeof ContentBlocks>[0]['blocks'] }
    return (
      <HeightCap max={GENERIC_SECTION_HEIGHT} label={label}>
        <ContentBlocks blocks={content} renderText={renderText} />
        {Object.keys(rest).length > 0 ? <JsonTree value={rest} /> : null}
      </HeightCap>
    )
  }
  return (
    <HeightCap max={GENERIC_SECTION_HEIGHT} label={label}>
      <JsonTree value={output} />
    </HeightCap>
  )
}

/** Plain text output: lines, virtualized when long, each line cut at `GENERIC_LINE_LIMIT` characters. */
export function TextOutput({ text, label }: { text: string; label?: string }) {
  const t = useTexts()
  const { lines } = useLines(text)
  if (text === '') return <p className="tc-empty">{t.text('emptyText')}</p>
  return (
    <VirtualLines
      className="tc-text-output"
      aria-label={t.count('outputLines', lines.length, { label: label ?? t.text('outputText') })}
      role="group"
      count={lines.length}
      maxHeight={GENERIC_SECTION_HEIGHT}
      renderRow={(i) => <OutputLine text={lines[i] ?? ''} />}
    />
  )
}

function OutputLine({ text }: { text: string }) {
  const t = useTexts()
  if (text.length <= GENERIC_LINE_LIMIT) return <VisibleText text={text || ' '} className="tc-line" />
  return (
    <span className="tc-line">
      <VisibleText text={text.slice(0, GENERIC_LINE_LIMIT)} />
      <span className="tc-line-cut">{t.count('lineCutCopy', text.length)}</span>
    </span>
  )
}

function stringify(value: unknown, failed: string): string {
  try {
    return JSON.stringify(value, null, 2) ?? ''
  } catch (error) {
    return failed.replace('{message}', error instanceof Error ? error.message : 'unknown error')
  }
}

function isEmptyObject(v: unknown): boolean {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && keysOf(v).length === 0
}
