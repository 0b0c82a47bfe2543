import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import {
  buildLineIndex,
  createIndexSearchTool,
  createReadFileTool,
  createScanSearchTool,
  createShellTool,
  demoFiles,
  fakeShellRunner,
  memoryFiles,
  type ScanValue,
} from '../examples/tools'
import { defineTool, type PostToolPlugin, type SpillEntry } from '../src/contract'
import { ContractDemo, type Scenario } from './_shared/ContractDemo'
import { lightPane } from './_shared/panes'

/**
 * The host side of the contract, run in the browser: example tools (with in-memory fakes where Node APIs
 * are missing) go through `createToolRegistry`, and each stage is shown side by side.
 */
const meta = {
  title: 'Contract/Pipeline',
  component: ContractDemo,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ContractDemo>

export default meta
type Story = StoryObj<typeof meta>

const shell = createShellTool(fakeShellRunner())
const readFile = createReadFileTool(memoryFiles())
const scanSearch = createScanSearchTool(demoFiles)
const indexSearch = createIndexSearchTool(buildLineIndex(demoFiles))

async function cardOf(canvasElement: HTMLElement, card: string): Promise<HTMLElement> {
  const pane = lightPane(canvasElement)
  await waitFor(() => expect(pane.querySelector(`[data-card="${card}"]`)).not.toBeNull(), { timeout: 10_000 })
  return pane.querySelector<HTMLElement>(`[data-card="${card}"]`)!
}

/** A stage of the light pane's pipeline: `value`, `content` or `intent`. */
function region(canvasElement: HTMLElement, stage: 'value' | 'content' | 'intent'): HTMLElement {
  return lightPane(canvasElement).querySelector<HTMLElement>(`[data-stage="${stage}"]`)!
}

// --- Shell ----------------------------------------------------------------------------------------

const shellTests: Scenario = { tools: [shell], call: { name: 'shell', args: { command: 'npm test' } } }

export const ShellTerminalCard: Story = {
  args: { scenario: shellTests },
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement, 'terminal')
    await expect(card).toHaveAttribute('data-status', 'completed')
    await expect(region(canvasElement, 'content')).toHaveTextContent('[exit code 0]')
    await expect(region(canvasElement, 'value')).toHaveTextContent('"exitCode": 0')
  },
}

const shellMissing: Scenario = {
  tools: [shell],
  call: { name: 'shell', args: { command: 'cat missing.txt' } },
}

export const ShellNonZeroExit: Story = {
  args: { scenario: shellMissing },
  play: async ({ canvasElement }) => {
    await cardOf(canvasElement, 'terminal')
    await expect(region(canvasElement, 'content')).toHaveTextContent('[exit code 1]')
  },
}

// --- Read -----------------------------------------------------------------------------------------

const readRange: Scenario = {
  tools: [readFile],
  call: { name: 'read_file', args: { path: 'src/greet.ts', offset: 3, limit: 4 } },
}

export const ReadFileWithMeta: Story = {
  args: { scenario: readRange },
  play: async ({ canvasElement }) => {
    await cardOf(canvasElement, 'read')
    await expect(region(canvasElement, 'content')).toHaveTextContent('(lines 3-6 of 7)')
    await expect(region(canvasElement, 'intent')).toHaveTextContent('"language": "typescript"')
  },
}

const readMissing: Scenario = { tools: [readFile], call: { name: 'read_file', args: { path: 'nope.ts' } } }

export const ReadFileMissing: Story = {
  args: { scenario: readMissing },
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement, 'read')
    await expect(card).toHaveAttribute('data-status', 'failed')
    await expect(region(canvasElement, 'content')).toHaveTextContent('ENOENT')
  },
}

// --- Search: two providers, one card --------------------------------------------------------------

const searchArgs = { query: 'greet', path: 'src' }
const withScan: Scenario = { tools: [scanSearch], call: { name: 'search', args: searchArgs } }
const withIndex: Scenario = { tools: [indexSearch], call: { name: 'search', args: searchArgs } }

export const SearchScanProvider: Story = {
  args: { scenario: withScan },
  play: async ({ canvasElement }) => {
    await cardOf(canvasElement, 'search')
    await expect(region(canvasElement, 'content')).toHaveTextContent('src/greet.ts:4:export function greet')
  },
}

export const SearchIndexProvider: Story = {
  args: { scenario: withIndex },
  play: async ({ canvasElement }) => {
    await cardOf(canvasElement, 'search')
    await expect(region(canvasElement, 'content')).toHaveTextContent('7 matching lines in 2 files')
  },
}

/** Both providers, one above the other: different values and model texts, the same card. */
export const SearchProvidersSwapped: Story = {
  args: { scenario: withScan },
  render: () => (
    <div style={{ display: 'grid', gap: 'var(--tc-space-4)' }}>
      <div>
        <p>Provider 1: a scanner</p>
        <ContractDemo scenario={withScan} />
      </div>
      <div>
        <p>Provider 2: an index</p>
        <ContractDemo scenario={withIndex} />
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const pane = lightPane(canvasElement)
    await waitFor(() => expect(pane.querySelectorAll('[data-card="search"]')).toHaveLength(2), {
      timeout: 10_000,
    })
    const [a, b] = [...pane.querySelectorAll<HTMLElement>('[data-card="search"]')]
    const strip = (html: string) => html.replace(/_r_[0-9a-z]+_|«r[0-9a-z]+»|:r[0-9a-z]+:/gi, '<id>')
    await expect(strip(a!.outerHTML)).toBe(strip(b!.outerHTML))
  },
}

// --- Post-execute plugins -------------------------------------------------------------------------

/** Replaces the value: test files are dropped, and the content and card are recomputed from what is left. */
const hideTests: PostToolPlugin = {
  name: 'hide-test-files',
  afterExecute: ({ value }) => {
    const v = value as ScanValue
    const hits = v.hits.filter((h) => !h.file.endsWith('.test.ts'))
    const lines = new Set(hits.map((h) => `${h.file}:${h.line}`))
    const files = new Set(hits.map((h) => h.file))
    return { type: 'accept', value: { ...v, hits, matchedLines: lines.size, matchedFiles: files.size } }
  },
}

export const PluginReplacesValue: Story = {
  args: {
    scenario: { tools: [scanSearch], plugins: [hideTests], call: { name: 'search', args: searchArgs } },
  },
  play: async ({ canvasElement }) => {
    await cardOf(canvasElement, 'search')
    await expect(region(canvasElement, 'content')).not.toHaveTextContent('greet.test.ts')
    await expect(region(canvasElement, 'intent')).not.toHaveTextContent('greet.test.ts')
    await expect(region(canvasElement, 'value')).not.toHaveTextContent('greet.test.ts')
  },
}

/** Replaces the content: the model gets a summary; the value and the card keep every match. */
const summarise: PostToolPlugin = {
  name: 'summarise-for-model',
  afterExecute: ({ intent }) => ({
    type: 'accept',
    content: [
      {
        type: 'text',
        text: `${intent.card === 'search' ? intent.matches.length : 0} matches; the user sees them in the card.`,
      },
    ],
  }),
}

export const PluginReplacesContent: Story = {
  args: {
    scenario: { tools: [scanSearch], plugins: [summarise], call: { name: 'search', args: searchArgs } },
  },
  play: async ({ canvasElement }) => {
    await cardOf(canvasElement, 'search')
    await expect(region(canvasElement, 'content')).toHaveTextContent(
      '7 matches; the user sees them in the card.',
    )
    await expect(region(canvasElement, 'intent')).toHaveTextContent('greet.test.ts')
  },
}

/** Blocks: a result holding a key never reaches the model or the card. */
const noSecrets: PostToolPlugin = {
  name: 'no-secrets',
  afterExecute: ({ content }) =>
    content.some((b) => b.type === 'text' && /API_KEY=/.test(b.text))
      ? {
          type: 'block',
          feedback: 'The file holds an API key; it was not shown. Ask the user before reading it.',
        }
      : undefined,
}

export const PluginBlocks: Story = {
  args: {
    scenario: {
      tools: [readFile],
      plugins: [noSecrets],
      call: { name: 'read_file', args: { path: 'config/secrets.txt' } },
    },
  },
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement, 'read')
    await expect(card).toHaveAttribute('data-status', 'failed')
    await expect(region(canvasElement, 'content')).toHaveTextContent('The file holds an API key')
    await expect(lightPane(canvasElement)).not.toHaveTextContent('demo-not-a-real-key')
  },
}

// --- Spill ----------------------------------------------------------------------------------------

const spilled = new Map<string, SpillEntry>()
const spillScenario: Scenario = {
  tools: [shell],
  call: { name: 'shell', args: { command: 'seq 1 20000' } },
  spill: {
    maxBytes: 20_000,
    previewBytes: 200,
    cardPreviewBytes: 4_000,
    store: {
      write(entry) {
        const path = `memory://spill/${entry.callId}.txt`
        spilled.set(path, entry)
        return path
      },
    },
  },
}

export const SpilledResult: Story = {
  args: { scenario: spillScenario },
  play: async ({ canvasElement }) => {
    await cardOf(canvasElement, 'terminal')
    await expect(region(canvasElement, 'content')).toHaveTextContent(
      'Output too large for the context (108,907 bytes). The whole output is saved at: memory://spill/demo-call.txt',
    )
    await expect(region(canvasElement, 'intent')).toHaveTextContent('"path": "memory://spill/demo-call.txt"')
  },
}

// --- A third-party tool with no presentResult: the generic card ---------------------------------------

const weather = defineTool<{ city: string }, { city: string; celsius: number; sky: string }>({
  name: 'lookup_weather',
  output: {
    schema: {
      type: 'object',
      required: ['city', 'celsius', 'sky'],
      properties: { city: { type: 'string' }, celsius: { type: 'number' }, sky: { type: 'string' } },
    },
    render: (_a, v) => [{ type: 'text', text: `${v.city}: ${v.celsius} °C, ${v.sky}` }],
  },
  execute: (args) => ({ city: args.city, celsius: 21.5, sky: 'clear' }),
})

export const GenericFallback: Story = {
  args: { scenario: { tools: [weather], call: { name: 'lookup_weather', args: { city: 'Lisbon' } } } },
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement, 'generic')
    await expect(card).toHaveTextContent('lookup_weather')
    await expect(region(canvasElement, 'intent')).toHaveTextContent('"card": "generic"')
    await expect(region(canvasElement, 'content')).toHaveTextContent('Lisbon: 21.5 °C, clear')
  },
}

// --- What the registry catches ---------------------------------------------------------------------

let renders = 0
const impure = defineTool<{ name: string }, { name: string }>({
  name: 'greet_impure',
  output: {
    schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    // Not pure: a counter outside the function leaks into the text. The guard runs it twice and reports it.
    render: (_a, v) => [{ type: 'text', text: `Hello, ${v.name} (render #${++renders})` }],
  },
  execute: (args) => ({ name: args.name }),
  // Not a valid intent: `terminal` needs `command`. The registry falls back to the generic card.
  presentResult: (_a, v) => ({ card: 'terminal', title: v.name }) as never,
})

export const ImpureRenderAndInvalidIntent: Story = {
  args: { scenario: { tools: [impure], call: { name: 'greet_impure', args: { name: 'Ada' } } } },
  play: async ({ canvasElement }) => {
    await cardOf(canvasElement, 'generic')
    const problems = lightPane(canvasElement).querySelector('[data-slot="contract-problems"]')!
    await expect(problems).toHaveTextContent('render of tool "greet_impure" is not pure')
    await expect(problems).toHaveTextContent('returned an invalid intent ($.command: is required (string))')
  },
}
