import { type ApprovalOption, type JsonValue, parseIntent, type SessionEvent } from '../protocol'
import { genericIntent, guard, isObj, type Obj, obj, str } from './util'

/**
 * AI SDK UI messages (`ai` 7, what `useChat` holds): `{id, role, parts[]}`; a tool call is a part of type
 * `tool-NAME` (a static tool) or `dynamic-tool` (with `toolName`), carrying `toolCallId`, `state`, `input`
 * (partial while `input-streaming`), `output`, `errorText` and `approval` (`{id, approved?, reason?,
 * isAutomatic?}`). States: `input-streaming`, `input-available`, `approval-requested`,
 * `approval-responded`, `output-available` (with `preliminary: true` while a tool streams), `output-error`,
 * `output-denied`.
 */
export type AiSdkToolState =
  | 'input-streaming'
  | 'input-available'
  | 'approval-requested'
  | 'approval-responded'
  | 'output-available'
  | 'output-error'
  | 'output-denied'

export const AI_SDK_TOOL_STATES = [
  'input-streaming',
  'input-available',
  'approval-requested',
  'approval-responded',
  'output-available',
  'output-error',
  'output-denied',
] as const satisfies readonly AiSdkToolState[]

/**
 * The UI output of a tool made with `toAiSdkTool` (`toolcards/ai-sdk/server`): the canonical value and
 * the render intent of the tool's own `presentResult`, tagged so the client can tell it from any output.
 */
export interface ToolcardsOutput {
  toolcards: 1
  value: JsonValue
  intent: unknown
}

/** The AI SDK answers an approval with yes or no: two options, their ids fixed, their labels the host's. */
export const AI_SDK_OPTION_IDS = { allow: 'allow', reject: 'reject' } as const

export interface AiSdkOptions {
  /**
   * The card a call shows before it has an output, by tool name: usually each tool's own `presentCall`
   * (pure, so it can run in the browser). Called with the partial input while it streams; a throw or a
   * bad intent just leaves the generic card (tool name and raw arguments). Without it every call shows the
   * generic card until its output arrives.
   */
  presentCall?: Readonly<Record<string, (input: never) => unknown>>
  /**
   * Labels of the two options the AI SDK offers. Default "Allow once" and "Reject".
   * @default "Allow once"
   */
  approvalLabels?: { allow?: string; reject?: string }
}

/**
 * AI SDK UI messages → session events, one call per tool part, in message and part order. Pure: the same
 * messages give the same events, so a page that re-runs it on every `useChat` update (live) and a log of
 * the messages (replay) fold to the same cards. Bad input is passed on for the fold to report rather than
 * dropped: a part without a usable `toolCallId` gives a `call` the fold refuses (`invalid-event`), a part in
 * a state this version does not know gives an `update` whose `status` the fold refuses, so the card stays as
 * it was and the problem is in `state.problems`.
 */
export function fromAiSdk(messages: unknown, options: AiSdkOptions = {}): SessionEvent[] {
  return guard(() => {
    const out: SessionEvent[] = []
    for (const tool of aiSdkToolParts(messages)) out.push(...partEvents(tool, options))
    return out
  })
}

/**
 * The tool parts of messages, in order, each with its tool's name and the id of its card as `toolCallId`.
 * A provider may number its calls per turn (`functions.bash:0` in each message): a call id seen in an
 * earlier message is another call there, `id~2`. Stable as the chat grows (earlier messages keep theirs);
 * the same message given twice (same message id) keeps its ids, for the fold to report.
 */
export function aiSdkToolParts(messages: unknown): Array<Obj & { toolName: string }> {
  const list = Array.isArray(messages) ? messages : isObj(messages) ? [messages] : []
  const out: Array<Obj & { toolName: string }> = []
  const assigned = new Map<string, string>() // `${call id}\u0000${message key}` → the card's id
  const messagesOf = new Map<string, number>() // call id → how many messages used it
  list.forEach((message, m) => {
    const parts = obj(message).parts
    if (!Array.isArray(parts)) return
    const key = str(obj(message).id) ?? `#${m}`
    for (const part of parts) {
      const tool = toolPart(part)
      if (!tool) continue
      const id = tool.toolCallId
      if (typeof id === 'string' && id !== '') {
        const slot = `${id}\u0000${key}`
        let card = assigned.get(slot)
        if (card === undefined) {
          const n = (messagesOf.get(id) ?? 0) + 1
          messagesOf.set(id, n)
          card = n === 1 ? id : `${id}~${n}`
          assigned.set(slot, card)
        }
        tool.toolCallId = card
      }
      out.push(tool)
    }
  })
  return out
}

/** A tool part (static or dynamic) with its tool's name, else `undefined`. */
export function toolPart(part: unknown): (Obj & { toolName: string }) | undefined {
  if (!isObj(part) || typeof part.type !== 'string') return undefined
  if (part.type === 'dynamic-tool') return { ...part, toolName: str(part.toolName) ?? '' }
  if (part.type.startsWith('tool-')) return { ...part, toolName: part.type.slice(5) }
  return undefined
}

/** The session events one tool part stands for, from its start to the state it is in. */
export function partEvents(part: Obj & { toolName: string }, options: AiSdkOptions = {}): SessionEvent[] {
  const id = part.toolCallId as string
  const state = part.state
  // `rawInput`: the input as the model sent it, on a part whose input was not valid (ai 5 and 6 saved it on
  // `output-error`), or text still streaming
  const given = part.input !== undefined ? part.input : part.rawInput
  const input = given === undefined ? null : (given as JsonValue)
  const title = str(part.title)
  const events: SessionEvent[] = []
  const call: SessionEvent = {
    type: 'call',
    id,
    toolName: part.toolName,
    args: input,
    status: state === 'input-streaming' ? 'pending' : 'running',
  }
  const preview = presentCall(options, part.toolName, part.input)
  // While the input streams, a presenter may not read a half-made input yet: only a valid intent is used.
  if (preview !== undefined && (state !== 'input-streaming' || parseIntent(preview).ok)) call.intent = preview
  // the tool's title (`title`, ai 7: "Create GitHub issue") names the generic card, not its raw name
  else if (title) call.intent = genericIntent(input, undefined, { title })
  events.push(call)
  if (typeof state !== 'string' || !(AI_SDK_TOOL_STATES as readonly string[]).includes(state)) {
    // Not a state this version knows: the fold refuses the status (and says which), the card stays.
    events.push({ type: 'update', id, status: (state ?? null) as never })
    return events
  }
  const approval = obj(part.approval)
  const asked = isObj(part.approval) || state === 'approval-requested' || state === 'output-denied'
  if (asked) {
    const reason = str(approval.requestReason)
    events.push({ type: 'approval', id, options: approvalOptions(options), ...(reason ? { reason } : {}) })
  }
  const approved =
    typeof approval.approved === 'boolean'
      ? approval.approved
      : state === 'output-denied'
        ? false
        : state === 'output-available' || state === 'output-error'
          ? true
          : undefined
  if (asked && approved !== undefined) {
    const reason = str(approval.reason)
    events.push({
      type: 'decision',
      id,
      optionId: approved ? AI_SDK_OPTION_IDS.allow : AI_SDK_OPTION_IDS.reject,
      ...(approval.isAutomatic === true ? { by: 'automatic' } : {}),
      ...(reason ? { reason } : {}),
    })
  }
  if (state === 'output-available') {
    const intent = outputIntent(part.input, part.output, title)
    if (part.preliminary === true) events.push({ type: 'update', id, intent })
    else events.push({ type: 'result', id, status: 'completed', intent })
  } else if (state === 'output-error') {
    events.push({ type: 'result', id, status: 'failed', error: str(part.errorText) ?? 'the tool failed' })
  }
  return events
}

function approvalOptions(options: AiSdkOptions): ApprovalOption[] {
  return [
    {
      optionId: AI_SDK_OPTION_IDS.allow,
      kind: 'allow_once',
      label: options.approvalLabels?.allow ?? 'Allow once',
    },
    {
      optionId: AI_SDK_OPTION_IDS.reject,
      kind: 'reject_once',
      label: options.approvalLabels?.reject ?? 'Reject',
    },
  ]
}

function presentCall(options: AiSdkOptions, toolName: string, input: unknown): unknown {
  const present = options.presentCall
  if (!present || !Object.hasOwn(present, toolName)) return undefined
  try {
    return (present[toolName] as (input: unknown) => unknown)(input)
  } catch {
    return undefined // Partial input a presenter cannot read yet: the generic card until it can.
  }
}

/** True for the UI output of a tool made with `toAiSdkTool`. */
export function isToolcardsOutput(output: unknown): output is ToolcardsOutput {
  return isObj(output) && output.toolcards === 1 && 'value' in output && isObj(output.intent)
}

/** The card of an output: the tool's own intent when it made one, else the generic card. */
function outputIntent(input: unknown, output: unknown, title?: string): unknown {
  if (isToolcardsOutput(output)) return output.intent
  return genericIntent(input ?? null, (output ?? null) as JsonValue, title ? { title } : {})
}

/** True for a value shaped like an AI SDK UI message (for `detectFormat`). */
export function isAiSdkMessage(v: unknown): boolean {
  return isObj(v) && typeof v.role === 'string' && Array.isArray(v.parts)
}
