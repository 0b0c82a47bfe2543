import { simulateReadableStream } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'

// The model interface's own types, read off the test model (no import of the transitive @ai-sdk/provider).
type CallOptions = Parameters<MockLanguageModelV4['doStream']>[0]
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never

/**
 * The example's model: the AI SDK's test model (`MockLanguageModelV4` from `ai/test`) playing a fixed
 * script, so the chat runs with no network and no key, and the same way every time. Each step reads what
 * the tools answered since the last user message and streams the next move: a few words and one tool call
 * whose input arrives in pieces (so the page sees `input-streaming`), or the closing words.
 *
 * The script: list `src` (shell), read a file that does not exist (an error), read the right one, search
 * for `greet`, then ask to edit it (the edit needs approval). Rejected: it says so and asks for a smaller
 * edit. Allowed: it reports the change.
 */
export interface ScriptedModelOptions {
  /** Milliseconds between streamed pieces (0 for tests). Default 30. */
  delayMs?: number
}

type Prompt = CallOptions['prompt']
type Result = { toolName: string; outcome: 'ok' | 'error' | 'denied' }
type Move = { text?: string; call?: { toolName: string; input: Record<string, unknown> } }

export const FIRST_EDIT = {
  path: 'src/greet.ts',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the file's own text holds a template literal
  oldString: 'return format(`Hello, ${name}!`)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the file's own text holds a template literal
  newString: 'return format(`Hi, ${name}! Nice to see you.`)',
}
export const SECOND_EDIT = { path: 'src/greet.ts', oldString: 'Hello', newString: 'Hi' }

/** The next move of the script, from the prompt so far. Pure. */
export function nextMove(prompt: Prompt): Move {
  const results = resultsSinceLastUser(prompt)
  const last = results.at(-1)
  if (!last)
    return {
      text: "I'll look at the project first.",
      call: { toolName: 'shell', input: { command: 'ls src' } },
    }
  switch (last.toolName) {
    case 'shell':
      return { call: { toolName: 'read_file', input: { path: 'src/greeting.ts' } } }
    case 'read_file':
      return last.outcome === 'error'
        ? {
            text: 'No such file; the greeting must live in greet.ts.',
            call: { toolName: 'read_file', input: { path: 'src/greet.ts' } },
          }
        : { call: { toolName: 'search', input: { query: 'greet', path: 'src' } } }
    case 'search':
      return {
        text: 'I will make the greeting friendlier.',
        call: { toolName: 'edit_file', input: FIRST_EDIT },
      }
    case 'edit_file': {
      const edits = results.filter((r) => r.toolName === 'edit_file')
      if (last.outcome === 'denied' && edits.length === 1)
        return {
          text: 'You rejected that edit, so src/greet.ts is unchanged. A smaller change, then: only the word.',
          call: { toolName: 'edit_file', input: SECOND_EDIT },
        }
      if (last.outcome === 'denied')
        return { text: 'You rejected this edit too; I leave src/greet.ts as it is.' }
      if (last.outcome === 'error') return { text: 'The edit failed; src/greet.ts is unchanged.' }
      return { text: 'Done: src/greet.ts now says Hi. Run `npm test` to check it.' }
    }
    default:
      return { text: 'Done.' }
  }
}

function resultsSinceLastUser(prompt: Prompt): Result[] {
  let from = 0
  prompt.forEach((m, i) => {
    if (m.role === 'user') from = i + 1
  })
  const out: Result[] = []
  for (const m of prompt.slice(from)) {
    if (m.role !== 'tool') continue
    for (const part of m.content) {
      if (part.type !== 'tool-result') continue
      const type = part.output.type
      const outcome =
        type === 'execution-denied'
          ? 'denied'
          : type === 'error-text' || type === 'error-json'
            ? 'error'
            : 'ok'
      out.push({ toolName: part.toolName, outcome })
    }
  }
  return out
}

/** The number of tool calls the prompt holds (for the next call's id). */
function callsSoFar(prompt: Prompt): number {
  let n = 0
  for (const m of prompt)
    if (m.role === 'assistant') for (const part of m.content) if (part.type === 'tool-call') n++
  return n
}

const USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
}

/** The stream parts of a move: words one by one, then the call's input in four pieces. */
export function moveParts(move: Move, callId: string): StreamPart[] {
  const parts: StreamPart[] = [{ type: 'stream-start', warnings: [] }]
  if (move.text) {
    parts.push({ type: 'text-start', id: 'text' })
    for (const word of move.text.split(/(?<= )/)) parts.push({ type: 'text-delta', id: 'text', delta: word })
    parts.push({ type: 'text-end', id: 'text' })
  }
  if (move.call) {
    const json = JSON.stringify(move.call.input)
    const size = Math.ceil(json.length / 4)
    parts.push({ type: 'tool-input-start', id: callId, toolName: move.call.toolName })
    for (let i = 0; i < json.length; i += size)
      parts.push({ type: 'tool-input-delta', id: callId, delta: json.slice(i, i + size) })
    parts.push({ type: 'tool-input-end', id: callId })
    parts.push({ type: 'tool-call', toolCallId: callId, toolName: move.call.toolName, input: json })
  }
  parts.push({
    type: 'finish',
    usage: USAGE,
    finishReason: { unified: move.call ? 'tool-calls' : 'stop', raw: undefined },
  })
  return parts
}

export function scriptedModel(options: ScriptedModelOptions = {}): MockLanguageModelV4 {
  const delay = options.delayMs ?? 30
  return new MockLanguageModelV4({
    provider: 'toolcards-example',
    modelId: 'scripted',
    doStream: async ({ prompt }) => ({
      stream: simulateReadableStream({
        chunks: moveParts(nextMove(prompt), `call_${callsSoFar(prompt) + 1}`),
        initialDelayInMs: delay,
        chunkDelayInMs: delay,
      }),
    }),
  })
}
