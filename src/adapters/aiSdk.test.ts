// @vitest-environment node
import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { foldSession } from '../session'
import { fromAiSdk, isToolcardsOutput } from './aiSdk'
import { detectFormat, fromAny } from './detect'

// Parts shaped as `ai` 7 declares them (node_modules/ai/dist/index.d.ts: UIToolInvocation, DynamicToolUIPart).
const message = (...parts: unknown[]) => ({ id: 'm1', role: 'assistant', parts })
const shell = (state: string, extra: object = {}) => ({
  type: 'tool-shell',
  toolCallId: 'c1',
  state,
  input: { command: 'npm test' },
  ...extra,
})
const presentCall = {
  shell: (input: { command: string }) => ({ card: 'terminal', command: input.command }),
}

describe('fromAiSdk', () => {
  it('maps a static tool part through its states; the call card comes from presentCall', () => {
    const cards = (part: unknown) => foldSession(fromAiSdk([message(part)], { presentCall })).cards
    expect(cards(shell('input-streaming', { input: { command: 'npm t' } }))[0]).toMatchObject({
      id: 'c1',
      toolName: 'shell',
      status: 'pending',
      args: { command: 'npm t' },
      intent: { card: 'terminal', command: 'npm t' },
    })
    expect(cards(shell('input-available'))[0]).toMatchObject({ status: 'running' })
    expect(cards(shell('output-error', { errorText: 'boom' }))[0]).toMatchObject({
      status: 'failed',
      error: 'boom',
    })
    expect(cards(shell('output-available', { output: { exitCode: 0 } }))[0]).toMatchObject({
      status: 'completed',
      // Not a toolcards output: the generic card with the input and the output.
      intent: { card: 'generic', input: { command: 'npm test' }, output: { exitCode: 0 } },
    })
  })

  it('takes the intent of a toolcards output (toAiSdkTool) as the card', () => {
    const output = {
      toolcards: 1,
      value: { ok: true },
      intent: { card: 'terminal', command: 'npm test', exitCode: 0 },
    }
    expect(isToolcardsOutput(output)).toBe(true)
    expect(isToolcardsOutput({ toolcards: 2, value: 1, intent: {} })).toBe(false)
    const [card] = foldSession(fromAiSdk([message(shell('output-available', { output }))])).cards
    expect(card!.intent).toEqual(output.intent)
  })

  it('a preliminary output updates the card; the call has not ended', () => {
    const output = {
      toolcards: 1,
      value: null,
      intent: { card: 'terminal', command: 'npm test', output: 'half' },
    }
    const [card] = foldSession(
      fromAiSdk([message(shell('output-available', { output, preliminary: true }))]),
    ).cards
    expect(card).toMatchObject({ status: 'running', intent: { output: 'half' } })
  })

  it('approvals: requested, responded (yes and no, by a policy), denied; the reason is shown', () => {
    const approval = { id: 'ap1', requestReason: 'Runs a command' }
    const fold = (part: unknown) => foldSession(fromAiSdk([message(part)])).cards[0]!
    expect(fold(shell('approval-requested', { approval }))).toMatchObject({
      status: 'awaiting-approval',
      approval: {
        reason: 'Runs a command',
        options: [
          { optionId: 'allow', kind: 'allow_once', label: 'Allow once' },
          { optionId: 'reject', kind: 'reject_once', label: 'Reject' },
        ],
      },
    })
    expect(fold(shell('approval-responded', { approval: { ...approval, approved: true } }))).toMatchObject({
      status: 'running',
      approval: { decision: { optionId: 'allow' } },
    })
    expect(
      fold(
        shell('approval-responded', {
          approval: { ...approval, approved: false, isAutomatic: true, reason: 'rule 4' },
        }),
      ),
    ).toMatchObject({
      status: 'rejected',
      approval: { decision: { optionId: 'reject', by: 'automatic', reason: 'rule 4' } },
    })
    expect(fold(shell('output-denied', { approval: { ...approval, approved: false } }))).toMatchObject({
      status: 'rejected',
    })
    expect(
      fold(shell('output-available', { output: 1, approval: { ...approval, approved: true } })),
    ).toMatchObject({ status: 'completed', approval: { decision: { optionId: 'allow' } } })
  })

  it('labels the two options as the host asks', () => {
    const events = fromAiSdk([message(shell('approval-requested', { approval: { id: 'a' } }))], {
      approvalLabels: { allow: 'Oui, une fois', reject: 'Non' },
    })
    expect(events[1]).toMatchObject({ options: [{ label: 'Oui, une fois' }, { label: 'Non' }] })
  })

  it('reads dynamic-tool parts by their toolName, and skips parts that are not tools', () => {
    const events = fromAiSdk([
      message(
        { type: 'text', text: 'hi' },
        { type: 'step-start' },
        {
          type: 'dynamic-tool',
          toolName: 'mcp__fs__read',
          toolCallId: 'd1',
          state: 'input-available',
          input: { p: 1 },
        },
      ),
      { id: 'm2', role: 'user', parts: [{ type: 'text', text: 'ok' }] },
    ])
    expect(events).toEqual([
      { type: 'call', id: 'd1', toolName: 'mcp__fs__read', args: { p: 1 }, status: 'running' },
    ])
  })

  it('a presenter that throws on a partial input, or gives a bad intent while streaming, leaves the generic card', () => {
    const events = fromAiSdk([message(shell('input-streaming', { input: {} }))], {
      presentCall: {
        shell: (input: { command?: string }) => {
          if (!input.command) throw new Error('no command yet')
          return { card: 'terminal', command: input.command }
        },
      },
    })
    expect(events[0]).not.toHaveProperty('intent')
    const bad = fromAiSdk([message(shell('input-streaming', { input: {} }))], {
      presentCall: { shell: () => ({ card: 'terminal' }) },
    })
    expect(bad[0]).not.toHaveProperty('intent')
  })

  it('reports an unknown state and a part without a call id, and changes nothing else', () => {
    const state = foldSession(
      fromAiSdk([
        message(
          shell('input-available'),
          shell('output-paused', { toolCallId: 'c2' }),
          { type: 'tool-shell', state: 'input-available', input: {} },
          shell(undefined as never, { toolCallId: 'c3' }),
        ),
      ]),
    )
    expect(state.cards.map((c) => [c.id, c.status])).toEqual([
      ['c1', 'running'],
      ['c2', 'running'],
      ['c3', 'running'],
    ])
    expect(state.problems.map((p) => [p.kind, p.id, p.path, p.message])).toEqual([
      ['invalid-event', 'c2', '$.status', 'expected "pending" or "running", got "output-paused"'],
      ['invalid-event', undefined, '$.id', 'is required (string)'],
      ['invalid-event', 'c3', '$.status', 'expected "pending" or "running", got null'],
    ])
    // No card offers a decision: nothing awaits one.
    expect(state.cards.some((c) => c.status === 'awaiting-approval')).toBe(false)
  })

  test.prop([fc.anything({ maxDepth: 4 })], { numRuns: 300 })(
    'never throws, whatever it is given',
    (input) => {
      const events = fromAiSdk(input)
      expect(Array.isArray(events)).toBe(true)
      foldSession(events)
    },
  )

  const state = fc.constantFrom(
    'input-streaming',
    'input-available',
    'approval-requested',
    'approval-responded',
    'output-available',
    'output-error',
    'output-denied',
    'odd',
  )
  const part = fc.record({
    type: fc.constantFrom('tool-shell', 'tool-read', 'dynamic-tool'),
    toolName: fc.constantFrom('x', '__proto__'),
    toolCallId: fc.constantFrom('a', 'b', 'c', ''),
    state,
    input: fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
    output: fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
    approval: fc.option(
      fc.record({ id: fc.string(), approved: fc.option(fc.boolean(), { nil: undefined }) }),
      {
        nil: undefined,
      },
    ),
  })
  test.prop([fc.array(fc.array(part, { maxLength: 5 }), { maxLength: 4 })], { numRuns: 300 })(
    'every call id of each message gives one card; no card awaits a decision unless its part asks',
    (messages) => {
      const list = messages.map((parts, i) => ({ id: `m${i}`, role: 'assistant', parts }))
      const folded = foldSession(fromAiSdk(list))
      // a call id used again in a later message is another call (a provider that numbers calls per turn)
      const calls = new Set(
        list.flatMap((m) => m.parts.filter((p) => p.toolCallId !== '').map((p) => `${m.id} ${p.toolCallId}`)),
      )
      expect(folded.cards).toHaveLength(calls.size)
      const ids = new Set(list.flatMap((m) => m.parts.map((p) => p.toolCallId)).filter((id) => id !== ''))
      expect(new Set(folded.cards.map((c) => c.id.replace(/~\d+$/, '')))).toEqual(ids)
      for (const card of folded.cards) {
        if (card.status !== 'awaiting-approval') continue
        const parts = list
          .flatMap((m) => m.parts)
          .filter((p) => p.toolCallId === card.id.replace(/~\d+$/, ''))
        const asks = parts.some(
          (p) =>
            p.state === 'approval-requested' ||
            (p.approval !== undefined && p.approval.approved === undefined),
        )
        expect(asks).toBe(true)
      }
    },
  )
})

// Found by driving `ai` 7.0.173's own stream (MockLanguageModel -> toUIMessageStream -> readUIMessageStream)
// through two turns: a provider that numbers its calls per turn (`functions.bash:0`, as Kimi does behind some
// gateways) gives the same id in each message; the second call was lost (a duplicate-call problem).
describe('fromAiSdk on parts the SDK allows', () => {
  const bash = (command: string, extra: object = {}) => ({
    type: 'tool-bash',
    toolCallId: 'functions.bash:0',
    state: 'output-available',
    input: { command },
    output: { stdout: command },
    ...extra,
  })
  it('a call id used again in a later message is another card, the same as the chat grows', () => {
    const first = { id: 'a1', role: 'assistant', parts: [bash('ls')] }
    const second = { id: 'a2', role: 'assistant', parts: [bash('pwd')] }
    const two = foldSession(fromAiSdk([first, { id: 'u', role: 'user', parts: [] }, second]))
    expect(two.problems).toEqual([])
    expect(two.cards.map((c) => [c.id, (c.args as { command: string }).command])).toEqual([
      ['functions.bash:0', 'ls'],
      ['functions.bash:0~2', 'pwd'],
    ])
    const third = { id: 'a3', role: 'assistant', parts: [bash('whoami')] }
    expect(foldSession(fromAiSdk([first, second, third])).cards.map((c) => c.id)).toEqual([
      'functions.bash:0',
      'functions.bash:0~2',
      'functions.bash:0~3',
    ])
  })

  it('shows rawInput where the input is missing (a failed call of ai 5 and 6, text still streaming)', () => {
    const failed = foldSession(
      fromAiSdk([
        message(
          shell('output-error', { input: undefined, rawInput: '{"command": 1', errorText: 'Invalid input' }),
        ),
      ]),
    ).cards[0]
    expect(failed).toMatchObject({ status: 'failed', args: '{"command": 1', error: 'Invalid input' })
  })

  it("names the generic card by the part's title", () => {
    const part = {
      type: 'dynamic-tool',
      toolName: 'mcp__github__create_issue',
      title: 'Create GitHub issue',
      toolCallId: 'g1',
      state: 'output-available',
      input: { title: 'Bug' },
      output: { number: 7 },
    }
    const [card] = foldSession(fromAiSdk([message(part)])).cards
    expect(card?.intent).toEqual({
      card: 'generic',
      title: 'Create GitHub issue',
      input: { title: 'Bug' },
      output: { number: 7 },
    })
    const [running] = foldSession(fromAiSdk([message({ ...part, state: 'input-available' })])).cards
    expect(running?.intent).toMatchObject({ card: 'generic', title: 'Create GitHub issue' })
  })
})

describe('detectFormat and fromAny know AI SDK messages', () => {
  const messages = [
    { id: 'u', role: 'user', parts: [{ type: 'text', text: 'go' }] },
    message(shell('output-error', { errorText: 'nope' })),
  ]
  it('a JSON array of messages, an object with messages, JSONL', () => {
    for (const text of [
      JSON.stringify(messages),
      JSON.stringify({ id: 'chat', messages }),
      messages.map((m) => JSON.stringify(m)).join('\n'),
    ]) {
      expect(detectFormat(text)).toBe('ai-sdk')
      const { format, events } = fromAny(text)
      expect(format).toBe('ai-sdk')
      expect(foldSession(events).cards).toMatchObject([{ id: 'c1', status: 'failed', error: 'nope' }])
    }
  })
})
