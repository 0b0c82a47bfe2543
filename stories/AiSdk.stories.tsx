import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import {
  createReadFileTool,
  createScanSearchTool,
  createShellTool,
  demoFiles,
  fakeShellRunner,
  memoryFiles,
} from '../examples/tools'
import { createEditFileTool } from '../examples/web-chat/edit-file'
import { type AiSdkMessageLike, AiSdkToolParts, presentCallsOf } from '../src/ai-sdk'
import snapshots from '../test/fixtures/ai-sdk/web-chat.json'
import { inLight, lightPane } from './_shared/panes'

// The tool parts of AI SDK messages recorded from the example chat (test/fixtures/ai-sdk/web-chat.json)
// as `AiSdkToolParts` renders them: while the model streams, at the approval, after it, and with a part
// in a state this version does not know.

const SNAPSHOTS = snapshots as unknown as AiSdkMessageLike[][]
const presentCall = presentCallsOf([
  createShellTool(fakeShellRunner()),
  createReadFileTool(memoryFiles()),
  createScanSearchTool(demoFiles),
  createEditFileTool({}),
])
const assistant = (snapshot: AiSdkMessageLike[]) => snapshot.findLast((m) => m.role === 'assistant')!
const stateOf = (part: unknown) => (part as { state?: string }).state
const firstWith = (state: string) =>
  assistant(SNAPSHOTS.find((s) => s.some((m) => m.parts.some((p) => stateOf(p) === state)))!)

const meta = {
  title: 'AI SDK/Tool parts',
  component: AiSdkToolParts,
  parameters: { layout: 'padded' },
  args: { presentCall },
} satisfies Meta<typeof AiSdkToolParts>

export default meta
type Story = StoryObj<typeof meta>

const statuses = (canvasElement: HTMLElement) =>
  [...lightPane(canvasElement).querySelectorAll('article')].map(
    (a) => `${a.dataset.card}:${a.dataset.status}`,
  )

/** The first call's input streaming in: the generic card (tool name, the input so far). */
export const Streaming: Story = {
  args: { message: firstWith('input-streaming') },
  play: async ({ canvasElement }) => {
    await expect(statuses(canvasElement)).toEqual(['generic:pending'])
  },
}

/** The edit asks: its diff and the two options; Reject sends `approved: false` once. */
export const AwaitingApproval: Story = {
  args: { message: firstWith('approval-requested'), addToolApprovalResponse: fn() },
  play: async ({ canvasElement, args }) => {
    await expect(statuses(canvasElement)).toEqual([
      'terminal:completed',
      'read:failed',
      'read:completed',
      'search:completed',
      'diff:awaiting-approval',
    ])
    const canvas = inLight(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Reject' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Reject' }))
    await expect(args.addToolApprovalResponse).toHaveBeenCalledTimes(1)
    await expect(args.addToolApprovalResponse).toHaveBeenCalledWith({
      id: expect.any(String),
      approved: false,
    })
  },
}

/** The end of the chat: the rejected edit and the allowed one, with their decisions. */
export const Decided: Story = {
  args: { message: assistant(SNAPSHOTS.at(-1)!), addToolApprovalResponse: fn() },
  play: async ({ canvasElement }) => {
    await expect(statuses(canvasElement).slice(4)).toEqual(['diff:rejected', 'diff:completed'])
    await expect(lightPane(canvasElement).querySelectorAll('.tc-approval button')).toHaveLength(0)
  },
}

/** A part in a state this version does not know: listed under the cards; its card stays as it was. */
export const UnknownState: Story = {
  args: {
    message: {
      ...firstWith('approval-requested'),
      parts: firstWith('approval-requested').parts.map((p) =>
        stateOf(p) === 'approval-requested' ? { ...(p as object), state: 'approval-expired' } : p,
      ),
    },
    addToolApprovalResponse: fn(),
  },
  play: async ({ canvasElement }) => {
    await expect(statuses(canvasElement).at(-1)).toBe('diff:running')
    await expect(lightPane(canvasElement).querySelectorAll('.tc-approval')).toHaveLength(0)
    await expect(lightPane(canvasElement).querySelector('[data-slot="ai-sdk-problems"]')).toHaveTextContent(
      '1 problem in the tool parts',
    )
  },
}
