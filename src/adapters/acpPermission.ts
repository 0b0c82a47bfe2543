import type { ApprovalRequestEvent, DecisionEvent } from '../protocol'
import { clean, isObj, type Obj, obj, str } from './util'

/**
 * ACP approvals (schema v1): the agent asks the client with a JSON-RPC request
 * `session/request_permission` whose params are `{sessionId, toolCall: ToolCallUpdate, options:
 * PermissionOption[]}` (`PermissionOption`: `optionId`, `name`, `kind`: allow_once | allow_always |
 * reject_once | reject_always); the client answers with the same JSON-RPC `id` and
 * `result: {outcome: {outcome: "selected", optionId} | {outcome: "cancelled"}}`.
 *
 * `fromAcp` reads the request's `toolCall` like a `tool_call_update` (it may carry the diff or command
 * about to run, and may be the first the log says of the call), then this module turns the request into an
 * `approval` event (option `name` becomes the label) and the answer into a `decision` (selected) or a
 * `cancelled` result. Options are passed on as they are: malformed ones are the fold's to report.
 */
export class AcpPermissions {
  /**
   * JSON-RPC request ids of permission requests → the tool call they ask about. Answered ones stay: a
   * second answer to the same request becomes a second decision, which the fold reports.
   */
  private readonly requests = new Map<string, { callId: string; options: unknown[] }>()
  /** Calls a reject option ended: the agent's later `failed` update for them is not a second end. */
  private readonly rejected = new Set<string>()

  /** A `session/request_permission` request: its `toolCall`, to be read as a tool_call_update. */
  request(message: unknown): Obj | undefined {
    const m = obj(message)
    if (m.method !== 'session/request_permission') return undefined
    const toolCall = obj(obj(m.params).toolCall)
    return str(toolCall.toolCallId) ? { ...toolCall, sessionUpdate: 'tool_call_update' } : undefined
  }

  /** After the request's tool call was read: the approval event, and the request remembered by its id. */
  asked(message: unknown, callId: string): ApprovalRequestEvent {
    const m = obj(message)
    const params = obj(m.params)
    const options = Array.isArray(params.options) ? params.options : []
    const rpcId = rpcIdOf(m)
    if (rpcId !== undefined) this.requests.set(rpcId, { callId, options })
    return {
      type: 'approval',
      id: callId,
      // `name` is ACP's label; anything else is passed on for the fold to judge.
      options: options.map((o) => {
        const option = obj(o)
        return clean({ optionId: option.optionId, kind: option.kind, label: option.name }) as never
      }),
    }
  }

  /**
   * A JSON-RPC response to a pending permission request: the events it means (a decision, or the call
   * cancelled), else `undefined` (not such a response).
   */
  answered(
    message: unknown,
  ): Array<DecisionEvent | { type: 'result'; id: string; status: 'cancelled' }> | undefined {
    const m = obj(message)
    if ('method' in m) return undefined
    const rpcId = rpcIdOf(m)
    const asked = rpcId === undefined ? undefined : this.requests.get(rpcId)
    // Both sides number their own requests: only an answer shaped like a permission outcome is one.
    const outcome = obj(obj(m.result).outcome)
    if (asked === undefined || typeof outcome.outcome !== 'string') return undefined
    if (outcome.outcome === 'cancelled') return [{ type: 'result', id: asked.callId, status: 'cancelled' }]
    const optionId = str(outcome.optionId)
    if (outcome.outcome !== 'selected' || optionId === undefined) return []
    const chosen = asked.options.find((o) => isObj(o) && o.optionId === optionId)
    const kind = str(obj(chosen).kind)
    if (kind === 'reject_once' || kind === 'reject_always') this.rejected.add(asked.callId)
    const decision: DecisionEvent = { type: 'decision', id: asked.callId, optionId }
    return [decision]
  }

  /** True for a call a reject option ended: later updates of it are the agent's epilogue, not news. */
  isRejected(callId: string): boolean {
    return this.rejected.has(callId)
  }
}

function rpcIdOf(m: Obj): string | undefined {
  return typeof m.id === 'number' || typeof m.id === 'string' ? `${typeof m.id}:${m.id}` : undefined
}
