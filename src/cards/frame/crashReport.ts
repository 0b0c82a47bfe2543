import type { CardKind, CardModel } from '../../protocol'

/** What "Copy error" copies: enough for a bug report. */
export function crashReport(model: CardModel, kind: CardKind, error: unknown, message: string): string {
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
