// @vitest-environment node
// The example chat's server half without a browser: streamText with the scripted model and the example
// tools, read as useChat reads it (readUIMessageStream, continuing the assistant message after each
// approval answer), then mapped to cards by fromAiSdk + foldSession.
import { convertToModelMessages, isStepCount, readUIMessageStream, streamText, type UIMessage } from 'ai'
import { describe, expect, it } from 'vitest'
import { fromAiSdk, presentCallsOf } from '../../src/ai-sdk'
import { foldSession } from '../../src/session'
import { FIRST_EDIT, nextMove, SECOND_EDIT, scriptedModel } from './model'
import { webChatTools } from './tools'

async function turn(
  messages: UIMessage[],
  tools: ReturnType<typeof webChatTools>['tools'],
): Promise<UIMessage> {
  const result = streamText({
    model: scriptedModel({ delayMs: 0 }),
    tools,
    messages: await convertToModelMessages(messages, { tools }),
    stopWhen: isStepCount(12),
  })
  const last = messages.at(-1)
  let message: UIMessage | undefined
  for await (const m of readUIMessageStream({
    stream: result.toUIMessageStream(),
    ...(last?.role === 'assistant' ? { message: last } : {}),
  }))
    message = m
  return message!
}

/** What addToolApprovalResponse does to the message: the part moves to approval-responded. */
function answer(message: UIMessage, approved: boolean): UIMessage {
  return {
    ...message,
    parts: message.parts.map((p) =>
      'state' in p && p.state === 'approval-requested'
        ? ({
            ...p,
            state: 'approval-responded',
            approval: { ...p.approval, approved },
          } as unknown as typeof p)
        : p,
    ),
  }
}

describe('the example chat, server side', () => {
  it('runs the script: four calls, an edit awaiting approval, rejected, a smaller edit allowed', async () => {
    const { tools, files, definitions } = webChatTools()
    const presentCall = presentCallsOf(definitions)
    const user: UIMessage = {
      id: 'u1',
      role: 'user',
      parts: [{ type: 'text', text: 'Please fix the greeting' }],
    }
    const cards = (m: UIMessage) => foldSession(fromAiSdk([user, m], { presentCall }))

    const first = await turn([user], tools)
    let state = cards(first)
    expect(state.problems).toEqual([])
    expect(
      state.cards.map((c) => `${c.toolName}:${(c.intent as { card: string }).card}:${c.status}`),
    ).toEqual([
      'shell:terminal:completed',
      'read_file:read:failed',
      'read_file:read:completed',
      'search:search:completed',
      'edit_file:diff:awaiting-approval',
    ])
    expect(state.cards[4]!.args).toEqual(FIRST_EDIT)

    const second = await turn([user, answer(first, false)], tools)
    state = cards(second)
    expect(state.cards.map((c) => c.status).slice(4)).toEqual(['rejected', 'awaiting-approval'])
    expect(state.cards[5]!.args).toEqual(SECOND_EDIT)
    const texts = second.parts.flatMap((p) => (p.type === 'text' ? [p.text] : []))
    expect(texts).toContain(
      'You rejected that edit, so src/greet.ts is unchanged. A smaller change, then: only the word.',
    )
    expect(files['src/greet.ts']).toContain('Hello')

    const third = await turn([user, answer(second, true)], tools)
    state = cards(third)
    expect(state.problems).toEqual([])
    expect(state.cards.map((c) => c.status).slice(4)).toEqual(['rejected', 'completed'])
    expect(third.parts.at(-1)).toMatchObject({
      type: 'text',
      text: 'Done: src/greet.ts now says Hi. Run `npm test` to check it.',
    })
    expect(files['src/greet.ts']).toContain('return format(`Hi, ')
  })

  it('the script reads the rejection from the prompt (an execution-denied tool result)', () => {
    const denied = nextMove([
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c5',
            toolName: 'edit_file',
            output: { type: 'execution-denied' },
          },
        ],
      },
    ])
    expect(denied.text).toMatch(/^You rejected that edit/)
    expect(denied.call).toEqual({ toolName: 'edit_file', input: SECOND_EDIT })
  })
})
