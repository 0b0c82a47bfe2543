import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { fromAcp } from '../src/adapters/acp'
import { fromClaudeCode } from '../src/adapters/claudeCode'
import { fromCodex } from '../src/adapters/codex'
import { fromMcpInterview } from '../src/adapters/mcp'
import { fromOpenHands } from '../src/adapters/openhands'
import { fromResponses } from '../src/adapters/responses'
import { fromSweAgent } from '../src/adapters/sweAgent'
import { CardRenderer } from '../src/cards/CardRenderer'
import claudeSubagent from '../test/fixtures/corpus/claude-code/subagent.jsonl?raw'
import claudeToolHeavy from '../test/fixtures/corpus/claude-code/tool_heavy.jsonl?raw'
import codexLog from '../test/fixtures/corpus/codex/binary-size-log.events.jsonl?raw'
import mcpInterview from '../test/fixtures/corpus/mcp/mcp-interview.json?raw'
import openhandsGui from '../test/fixtures/corpus/openhands/basic_gui_mode.json?raw'
import sweTraj from '../test/fixtures/corpus/swe-agent/pydicom__pydicom-1458.traj?raw'
import { inLight, lightPane } from './_shared/panes'
import { AgentSession, SessionFileDrop } from './_shared/SessionFileDrop'
import { ACP_SAMPLE } from './fixtures/acp-sample'
import { CORPUS_TEXT, corpusCard, corpusEvents } from './fixtures/adapter-corpus'

/** Real sessions from each agent (the corpus in test/fixtures/corpus), through the adapters, as cards. */
const meta = {
  title: 'Adapters/Real sessions',
  component: AgentSession,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof AgentSession>

export default meta
type Story = StoryObj<typeof meta>

async function cardsShown(canvasElement: HTMLElement, min: number) {
  const pane = canvasElement.querySelector<HTMLElement>('[data-theme="light"]') ?? canvasElement
  await waitFor(() => expect(pane.querySelectorAll('[data-card]').length).toBeGreaterThanOrEqual(min))
}

export const ClaudeCode: Story = {
  name: 'Claude Code: web, search, read, terminal',
  args: { events: fromClaudeCode(claudeToolHeavy), label: 'Claude Code session tool_heavy.jsonl' },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 6),
}

export const ClaudeCodeSubagent: Story = {
  name: 'Claude Code: a sub-agent (sidechain) and web search',
  args: { events: fromClaudeCode(claudeSubagent), label: 'Claude Code session subagent.jsonl' },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 3),
}

export const Codex: Story = {
  name: 'Codex: commands, approvals, a patch',
  args: { events: fromCodex(codexLog), label: 'Codex log binary-size-log' },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 3),
}

export const OpenHands: Story = {
  name: 'OpenHands: a Vue app built in four calls',
  args: { events: fromOpenHands(JSON.parse(openhandsGui)), label: 'OpenHands basic_gui_mode.json' },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 4),
}

export const SweAgent: Story = {
  name: 'SWE-agent: a pydicom fix with refused edits',
  args: { events: fromSweAgent(JSON.parse(sweTraj)), label: 'SWE-agent pydicom__pydicom-1458.traj' },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 3),
}

export const Mcp: Story = {
  name: 'MCP: the reference server, 20 results',
  args: { events: fromMcpInterview(JSON.parse(mcpInterview)), label: 'MCP interview, everything server' },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 3),
}

export const Acp: Story = {
  name: 'ACP: a prompt turn (schema v1 shapes)',
  args: { events: fromAcp(ACP_SAMPLE), label: 'ACP session/update messages' },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 3),
}

export const ClaudeCode1098: Story = {
  name: 'Claude Code 1.0.98: failed reads and edits keep their cards; to-do lists as checklists',
  args: {
    events: corpusEvents('claude-code/fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl'),
    label: 'Claude Code 1.0.98 session',
  },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 3),
}

export const CodexRollout: Story = {
  name: 'Codex rollout (CLI 0.39): shell calls, plans, patches',
  args: { events: corpusEvents('codex/rollout-0.39-vibe-coding-tracker.jsonl'), label: 'Codex rollout 0.39' },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 3),
}

export const ClaudeCode2027: Story = {
  name: 'Claude Code 2.0.27: edits, reads, searches and a failed test run',
  args: {
    events: corpusEvents('claude-code/agentcmd-full-session-four-2.0.27.jsonl'),
    label: 'Claude Code 2.0.27 session',
  },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 3),
}

/** That session's failed test run alone: its error line (the first of vitest's coloured output). */
export const ClaudeCode2027FailedRun: Story = {
  name: 'Claude Code 2.0.27: a failed test run, its error line without colour codes',
  args: { events: [], label: '' },
  render: () => (
    <CardRenderer
      model={corpusCard(
        'claude-code/agentcmd-full-session-four-2.0.27.jsonl',
        'toolu_014AvpKjF3DqduwTCfYMxBas',
      )}
    />
  ),
  play: async ({ canvasElement }) => {
    const card = lightPane(canvasElement).querySelector<HTMLElement>(
      '[data-card="terminal"][data-status="failed"]',
    )
    expect(card).toBeTruthy()
    // shown as <U+001B>[31m⎯⎯⎯⎯⎯⎯⎯<U+001B>[39m… before the fix
    await waitFor(() => expect(card!.textContent).toContain('⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯'))
    expect(card!.textContent).not.toContain('<U+001B>')
  },
}

export const ClaudeCode2139Web: Story = {
  name: 'Claude Code 2.1.39 sub-agent: web searches and fetched pages',
  args: {
    events: corpusEvents('claude-code/agent-aac57f5-2.1.39-web.jsonl'),
    label: 'Claude Code 2.1.39 sub-agent',
  },
  play: async ({ canvasElement }) => {
    await cardsShown(canvasElement, 3)
    const pane = canvasElement.querySelector<HTMLElement>('[data-theme="light"]') ?? canvasElement
    await waitFor(() => expect(pane.querySelectorAll('[data-card="web"]').length).toBeGreaterThan(2))
  },
}

export const CodexRollout040: Story = {
  name: "Codex rollout (CLI 0.40): sed -n 'A,Bp' file reads as read cards",
  args: { events: corpusEvents('codex/rollout-0.40-agentcmd.jsonl'), label: 'Codex rollout 0.40' },
  play: async ({ canvasElement }) => {
    await cardsShown(canvasElement, 3)
    const pane = canvasElement.querySelector<HTMLElement>('[data-theme="light"]') ?? canvasElement
    await waitFor(() => expect(pane.querySelectorAll('[data-card="read"]').length).toBeGreaterThan(0))
  },
}

export const CodexRollout125: Story = {
  name: 'Codex rollout (CLI 0.125): unified exec sessions, write_stdin reads, web searches',
  args: { events: corpusEvents('codex/rollout-0.125-codemie-code.jsonl'), label: 'Codex rollout 0.125' },
  play: async ({ canvasElement }) => {
    await cardsShown(canvasElement, 3)
    // an exec_command's exit code comes in its exec_command_end: the failed ones show failed (all showed
    // completed, with no output, before the fix)
    const pane = canvasElement.querySelector<HTMLElement>('[data-theme="light"]') ?? canvasElement
    await waitFor(() =>
      expect(pane.querySelectorAll('[data-card="terminal"][data-status="failed"]').length).toBeGreaterThan(0),
    )
  },
}

export const OpenHandsV1: Story = {
  name: 'OpenHands V1 (software-agent-sdk): terminal calls, a result whose action is not in the log',
  args: {
    events: corpusEvents('openhands/software-agent-sdk-goal-events.jsonl'),
    label: 'OpenHands V1 event stream',
  },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 3),
}

/** The rollout's `response_item` payloads alone are OpenAI Responses API items (one a line). */
const responseItems = CORPUS_TEXT['codex/rollout-0.39-vibe-coding-tracker.jsonl']!.split('\n')
  .filter((l) => l.includes('"type":"response_item"'))
  .map((l) => (JSON.parse(l) as { payload: unknown }).payload)

export const ResponsesApi: Story = {
  name: 'OpenAI Responses API items: function calls and their outputs',
  args: { events: fromResponses(responseItems), label: 'Responses API items' },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 3),
}

export const OpenHandsResolver: Story = {
  name: 'OpenHands resolver output: flattened history, IPython file viewer',
  args: { events: corpusEvents('openhands/resolver-output.jsonl'), label: 'OpenHands resolver output.jsonl' },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 3),
}

export const SweAgentClassic: Story = {
  name: 'SWE-agent demonstration: open, find_file, edit, submit',
  args: {
    events: corpusEvents('swe-agent/marshmallow-1867-default.traj'),
    label: 'SWE-agent marshmallow-1867',
  },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 3),
}

export const SweAgentFunctionCalling: Story = {
  name: 'SWE-agent function calling: insert, edit by text',
  args: {
    events: corpusEvents('swe-agent/marshmallow-1867-function-calling-replace.traj'),
    label: 'SWE-agent marshmallow-1867, function calling',
  },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 3),
}

export const GeminiCli: Story = {
  name: 'Gemini CLI session (JSONL): reads, a write, a replace',
  args: { events: corpusEvents('gemini-cli/session-vibe-coding-tracker.jsonl'), label: 'Gemini CLI session' },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 3),
}

export const GeminiCliJson: Story = {
  name: 'Gemini CLI session (one JSON object)',
  args: {
    events: corpusEvents('gemini-cli/session-vibe-coding-tracker.json'),
    label: 'Gemini CLI session (JSON)',
  },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 3),
}

/** A damaged Claude Code log: a line that is not JSON, a result whose call was cut off, a call that never
 * ended, a command with a bidi override, a spilled result. Every call still gets a card. */
const damaged = [
  '{"type":"assistant","timestamp":"2026-01-01T00:00:00Z","message":{"content":[{"type":"tool_use","id":"d1","name":"Bash","input":{"command":"echo \\u202egnp.exe"}}]}}',
  'this line is not JSON {',
  '{"type":"user","timestamp":"2026-01-01T00:00:02Z","message":{"content":[{"type":"tool_result","tool_use_id":"d1","content":"ok"}]},"toolUseResult":{"stdout":"ok","stderr":"","interrupted":false}}',
  '{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"lost","content":"a result whose call is not in the log"}]}}',
  '{"type":"assistant","message":{"content":[{"type":"tool_use","id":"d2","name":"Bash","input":{"command":"npx vitest run"}}]}}',
  '{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"d2","content":"<persisted-output>\\nOutput too large (141KB). Full output saved to: /tmp/tool-results/d2.txt\\n\\nPreview (first 2KB):\\n RUN  v4.0.18\\n ✓ test/a.test.js (4 tests)\\n...\\n</persisted-output>"}]}}',
  '{"type":"assistant","message":{"content":[{"type":"tool_use","id":"d3","name":"Grep","input":{"pattern":"TODO","output_mode":"files_with_matches"}}]}}',
].join('\n')

export const DamagedLog: Story = {
  name: 'Claude Code: a damaged log (bad line, lost call, unfinished call, bidi, spill)',
  args: { events: fromClaudeCode(damaged), label: 'A damaged Claude Code log' },
  play: async ({ canvasElement }) => cardsShown(canvasElement, 4),
}

/** Drop a session file (or choose one) and see it rendered; the file never leaves the page. */
export const DropASessionFile: StoryObj = {
  name: 'Drop a session file',
  render: () => <SessionFileDrop />,
  play: async ({ canvasElement }) => {
    const canvas = inLight(canvasElement)
    const input = canvas.getByLabelText(/Drop a session file here/)
    await userEvent.upload(
      input,
      new File([claudeToolHeavy], 'tool_heavy.jsonl', { type: 'application/jsonl' }),
    )
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'tool_heavy.jsonl: Claude Code session (JSONL), 6 tool calls',
    )
    await cardsShown(canvasElement, 6)
    await userEvent.upload(input, new File(['just some text'], 'notes.txt', { type: 'text/plain' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'notes.txt: This is not a session log toolcards knows.',
    )
  },
}
