import { type CSSProperties, useEffect, useState } from 'react'
import { CardRenderer } from '../../src/cards/CardRenderer'
import {
  type AnyToolDefinition,
  type ContentBlock,
  createToolRegistry,
  type PostToolPlugin,
  type RegistryProblem,
  type SpillOptions,
  type ToolRunResult,
} from '../../src/contract'
import type { CardModel, JsonValue } from '../../src/protocol'
import { foldSession } from '../../src/session'

/** One run of the pipeline, as a story shows it. Keep scenarios at module level: they are effect deps. */
export interface Scenario {
  readonly tools: readonly AnyToolDefinition[]
  readonly call: { readonly name: string; readonly args: JsonValue; readonly parentId?: string }
  readonly plugins?: readonly PostToolPlugin[]
  readonly spill?: SpillOptions
}

interface Run {
  result: ToolRunResult
  model: CardModel | undefined
  problems: RegistryProblem[]
}

/**
 * Runs a tool through `createToolRegistry` in the browser and shows each stage side by side:
 * the canonical value → the model's content → the render intent → the card (folded from the session events).
 */
export function ContractDemo({ scenario }: { scenario: Scenario }) {
  const [run, setRun] = useState<Run | null>(null)
  useEffect(() => {
    let live = true
    const problems: RegistryProblem[] = []
    const registry = createToolRegistry({
      tools: scenario.tools,
      ...(scenario.plugins ? { plugins: scenario.plugins } : {}),
      ...(scenario.spill ? { spill: scenario.spill } : {}),
      dev: true,
      logger: { warn: (p) => problems.push(p) },
      now: () => 0,
    })
    registry.run({ id: 'demo-call', ...scenario.call }).then((result) => {
      if (live) setRun({ result, model: foldSession(result.events).cards[0], problems })
    })
    return () => {
      live = false
    }
  }, [scenario])

  if (!run) return <p role="status">Running {scenario.call.name}…</p>
  const { result, model, problems } = run
  return (
    <div data-slot="contract-demo" style={grid}>
      <Panel title="1. Value (execute, schema-checked)">
        <Code stage="value">
          {result.value === undefined ? '(none: the call failed)' : pretty(result.value)}
        </Code>
      </Panel>
      <Panel title={`2. Model content${result.isError ? ' (isError)' : ''}`}>
        <Code stage="content">{modelText(result.content)}</Code>
      </Panel>
      <Panel title="3. Render intent">
        <Code stage="intent">{pretty(result.intent)}</Code>
        <p style={small}>
          Events: {result.events.map((e) => e.type).join(' → ')}
          {result.meta !== undefined ? `; meta: ${JSON.stringify(result.meta)}` : ''}
        </p>
      </Panel>
      <Panel title="4. Card" wide>
        {model ? <CardRenderer model={model} /> : <p>No card.</p>}
      </Panel>
      {problems.length > 0 && (
        <Panel title="Problems the registry reported" wide>
          <ul data-slot="contract-problems" style={{ margin: 0, paddingInlineStart: 20 }}>
            {problems.map((p) => (
              <li key={`${p.kind}:${p.message}`}>
                <strong>{p.kind}</strong>: {p.message}
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </div>
  )
}

function Panel({ title, wide, children }: { title: string; wide?: boolean; children: React.ReactNode }) {
  // A figure, not a section: the story renders twice (light and dark), and landmarks must be unique.
  return (
    <figure style={wide ? { ...panel, gridColumn: '1 / -1' } : panel}>
      <figcaption style={heading}>{title}</figcaption>
      {children}
    </figure>
  )
}

function Code({ stage, children }: { stage: string; children: string }) {
  return (
    // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
    <pre tabIndex={0} data-stage={stage} style={code}>
      {children}
    </pre>
  )
}

/** JSON for reading: strings over 300 characters are shown cut, with what was cut. */
function pretty(value: unknown): string {
  const text = JSON.stringify(
    value,
    (_key, v: unknown) =>
      typeof v === 'string' && v.length > 300 ? `${v.slice(0, 300)}… (${v.length - 300} more characters)` : v,
    2,
  )
  return text ?? ''
}

function modelText(content: ContentBlock[]): string {
  return content
    .map((b) => {
      if (b.type === 'text') return b.text
      if (b.type === 'resource') return `[resource ${b.resource.uri}]`
      if (b.type === 'resource_link') return `[link ${b.uri}]`
      return `[${b.type} ${b.mimeType}]`
    })
    .join('\n')
}

const grid: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
  gap: 'var(--tc-space-3)',
  fontFamily: 'var(--tc-font-sans)',
  fontSize: 'var(--tc-font-size)',
  color: 'var(--tc-fg)',
}
const panel: CSSProperties = {
  margin: 0,
  minWidth: 0,
  border: '1px solid var(--tc-border)',
  borderRadius: 'var(--tc-radius)',
  padding: 'var(--tc-space-2)',
  background: 'var(--tc-surface)',
}
const heading: CSSProperties = { margin: '0 0 var(--tc-space-2)', fontWeight: 600 }
const code: CSSProperties = {
  margin: 0,
  maxHeight: 280,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontFamily: 'var(--tc-font-mono)',
  fontSize: 'var(--tc-code-font-size)',
  background: 'var(--tc-surface-sunken)',
  color: 'var(--tc-fg)',
  padding: 'var(--tc-space-2)',
  borderRadius: 'var(--tc-radius)',
}
const small: CSSProperties = { margin: 'var(--tc-space-2) 0 0', color: 'var(--tc-fg-muted)' }
