'use client'
import type { CardKind, CardModel } from '../../protocol'
import { JsonTree } from '../generic/JsonTree'
import { LATER_LABELS_EN, useEnglish } from '../shared/englishTexts'
import { SectionHeading } from '../shared/SectionHeading'
import { VisibleText } from '../shared/VisibleText'
import { CardFrame } from './CardFrame'

export interface CrashedCardProps {
  model: CardModel
  kind: CardKind
  error: unknown
  message: string
}

/** The card that failed: its header through `CardFrame`, its raw arguments, the error, a copy button. */
export function CrashedCard({ model, kind, error, message }: CrashedCardProps) {
  const t = useEnglish(LATER_LABELS_EN)
  return (
    <CardFrame
      model={model}
      kind={kind}
      className="tc-card-crashed"
      data-crashed=""
      title={<VisibleText text={model.toolName} />}
      summary={t.text('renderFailedSummary')}
      copyText={() => crashReport(model, kind, error, message)}
      copyLabel={t.text('copyError')}
      notices={
        <div className="tc-notice" data-kind="error" role="alert" data-slot="card-crash">
          <p>
            <strong>{t.text('renderFailed')}</strong> (id <code>{model.id}</code>):
          </p>
          {/* A long message scrolls: reachable by keyboard. */}
          <pre className="tc-pre" tabIndex={0} role="group" aria-label={t.text('renderErrorLabel')}>
            <VisibleText text={message} />
          </pre>
        </div>
      }
    >
      {model.args !== null ? (
        <div className="tc-generic-section">
          <SectionHeading className="tc-section-label">{t.text('input')}</SectionHeading>
          <JsonTree value={model.args} />
        </div>
      ) : null}
    </CardFrame>
  )
}

/** What "Copy error" copies: enough for a bug report. */
function crashReport(model: CardModel, kind: CardKind, error: unknown, message: string): string {
  let args: string
  try {
    args = JSON.stringify(model.args, null, 2) ?? 'null'
  } catch {
    args = '(could not be written as JSON)'
  }
  let stack = ''
  try {
    const s = (error as { stack?: unknown } | null)?.stack
    if (typeof s === 'string') stack = s.slice(0, 8000)
  } catch {
    // A stack getter that throws: no stack.
  }
  return [
    `A ${kind} card failed to render: ${message}`,
    `Card id: ${model.id}; tool: ${model.toolName}; status: ${model.status}`,
    `Arguments:\n${args}`,
    ...(stack ? [`Stack:\n${stack}`] : []),
  ].join('\n\n')
}
