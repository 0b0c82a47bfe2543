import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { CardRenderer } from '../src/cards/CardRenderer'
import type {
  CardModel,
  DiffIntent,
  ReadIntent,
  SearchIntent,
  TerminalIntent,
  WebIntent,
} from '../src/protocol'

const terminal: TerminalIntent = {
  card: 'terminal',
  command: 'npm test -- --run',
  cwd: '~/projects/shop',
  output: [
    '\u001b[1m\u001b[46m RUN \u001b[49m\u001b[22m \u001b[36mv4.1.12 \u001b[39m\u001b[90m~/projects/shop\u001b[39m',
    '',
    ' \u001b[32m✓\u001b[39m src/cart.test.ts \u001b[2m(12 tests)\u001b[22m\u001b[32m 18\u001b[2mms\u001b[22m\u001b[39m',
    ' \u001b[31m×\u001b[39m src/checkout.test.ts \u001b[2m(4 tests | \u001b[22m\u001b[31m1 failed\u001b[39m\u001b[2m)\u001b[22m',
    '   \u001b[31m×\u001b[39m applies the discount code',
    '     \u001b[31mAssertionError: expected 90 to be 81\u001b[39m',
    '',
    '\u001b[2m Test Files \u001b[22m \u001b[1m\u001b[31m1 failed\u001b[39m\u001b[22m | \u001b[1m\u001b[32m1 passed\u001b[39m\u001b[22m (2)',
  ].join('\n'),
  exitCode: 1,
  durationMs: 2310,
}

const diff: DiffIntent = {
  card: 'diff',
  files: [
    {
      path: 'src/checkout.ts',
      patch: [
        '@@ -10,6 +10,6 @@ export function applyDiscount(total: number, code: string): number {',
        '   const rule = DISCOUNTS[code]',
        '   if (!rule) return total',
        '-  return total - rule.percent',
        '+  return total * (1 - rule.percent / 100)',
        ' }',
        ' ',
        ' export function shipping(total: number): number {',
      ].join('\n'),
    },
  ],
}

const read: ReadIntent = {
  card: 'read',
  path: 'src/discounts.ts',
  startLine: 1,
  totalLines: 40,
  content: [
    'export type Rule = { percent: number; expires?: string }',
    '',
    'export const DISCOUNTS: Record<string, Rule> = {',
    '  WELCOME10: { percent: 10 },',
    "  SPRING25: { percent: 25, expires: '2026-06-01' },",
    '}',
  ].join('\n'),
}

const search: SearchIntent = {
  card: 'search',
  query: 'applyDiscount',
  mode: 'content',
  path: 'src',
  matches: [
    {
      path: 'src/checkout.ts',
      line: 10,
      text: 'export function applyDiscount(total: number, code: string): number {',
      ranges: [[16, 29]],
    },
    {
      path: 'src/cart.ts',
      line: 42,
      text: '  const total = applyDiscount(subtotal, code)',
      ranges: [[16, 29]],
    },
    {
      path: 'src/checkout.test.ts',
      line: 7,
      text: "    expect(applyDiscount(100, 'WELCOME10')).toBe(90)",
      ranges: [[11, 24]],
    },
  ],
}

const web: WebIntent = {
  card: 'web',
  url: 'https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Math/round',
  status: 200,
  contentType: 'text/html; charset=utf-8',
  bytes: 48_213,
  pageTitle: 'Math.round() - JavaScript | MDN',
  excerptFormat: 'markdown',
  excerpt:
    'The **`Math.round()`** static method returns the value of a number rounded to the nearest integer.\n\n```js\nMath.round(0.9) // 1\nMath.round(5.5) // 6\n```',
}

const models: CardModel[] = [
  { id: 'sc-1', toolName: 'run', args: {}, status: 'completed', durationMs: 2310, intent: terminal },
  { id: 'sc-2', toolName: 'search', args: {}, status: 'completed', durationMs: 120, intent: search },
  { id: 'sc-3', toolName: 'read', args: {}, status: 'completed', durationMs: 8, intent: read },
  { id: 'sc-4', toolName: 'edit', args: {}, status: 'completed', durationMs: 15, intent: diff },
  { id: 'sc-5', toolName: 'fetch', args: {}, status: 'completed', durationMs: 640, intent: web },
  {
    id: 'sc-6',
    toolName: 'create_ticket',
    args: { project: 'SHOP', title: 'Discount applied as an amount', labels: ['bug', 'checkout'] },
    status: 'running',
  },
]

function Showcase() {
  return (
    <div style={{ maxWidth: 860 }}>
      {models.map((m) => (
        <CardRenderer key={m.id} model={m} />
      ))}
    </div>
  )
}

const meta = {
  title: 'Overview/All cards',
  component: Showcase,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Showcase>

export default meta
type Story = StoryObj<typeof meta>

/** One card of each kind, as a session would show them. */
export const AllCards: Story = {
  play: async ({ canvasElement }) => {
    const pane = canvasElement.querySelector('[data-theme="light"]')!
    for (const kind of ['terminal', 'search', 'read', 'diff', 'web', 'generic']) {
      await expect(pane.querySelector(`[data-card="${kind}"]`)).not.toBeNull()
    }
  },
}
