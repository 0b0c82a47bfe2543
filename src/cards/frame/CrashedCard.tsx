'use client'
import type { CardKind, CardModel } from '../../protocol'
import { JsonTree } from '../generic/JsonTree'
import { useTexts } from '../host'
import { VisibleText } from '../shared/VisibleText'
import { CardFrame } from './CardFrame'
import { crashReport } from './crashReport'

export interface CrashedCardProps {
  model: CardModel
  kind: CardKind
  error: unknown
  message: string
}

/** The card that failed: its header through `CardFrame`, its raw arguments, the error, a copy button. */
export function CrashedCard({ model, kind, error, message }: CrashedCardProps) {
  const t = useTexts()
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
          <h4 className="tc-section-label">{t.text('input')}</h4>
          <JsonTree value={model.args} />
        </div>
      ) : null}
    </CardFrame>
  )
}
