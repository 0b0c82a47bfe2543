// Issue 18: cards whose envelopes (the CardModel around the intent) are wrong in each way a host or a log
// gets them wrong, next to good cards. Every wrong field is a problem shown on its own card; nothing throws.
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { CardRenderer } from '../src/cards/CardRenderer'
import { CardErrorBoundary } from '../src/cards/frame/CardErrorBoundary'
import { ToolcardsProvider } from '../src/cards/host'
import { SessionView } from '../src/cards/session'
import type { CardModel } from '../src/protocol'
import type { SessionState } from '../src/session'
import { inLight, lightPane } from './_shared/panes'
import { oneLineFix } from './fixtures/diff'
import { smallTs } from './fixtures/read'
import { smallGrep } from './fixtures/search'
import { failingBuild, passingTests } from './fixtures/terminal'
import { docsPage } from './fixtures/web'

const meta = {
  title: 'Robustness/Bad envelopes',
  parameters: { layout: 'padded' },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** A model as an untyped host builds it (the fields below are wrong on purpose). */
const loose = (model: Record<string, unknown>) => model as unknown as CardModel

const good: CardModel = {
  id: 'good-1',
  toolName: 'shell',
  args: { command: 'npm test' },
  status: 'completed',
  durationMs: 4210,
  intent: passingTests,
}

const goodDiff: CardModel = {
  id: 'good-2',
  toolName: 'apply_patch',
  args: { files: 1 },
  status: 'completed',
  intent: oneLineFix,
}

/** Cards in a list, keyed by position: some of these envelopes have no usable id. */
function List({ models }: { models: unknown[] }) {
  return (
    <ToolcardsProvider onCopy={() => {}}>
      {models.map((model, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list whose ids are part of what is wrong
        <CardRenderer key={i} model={model as CardModel} />
      ))}
    </ToolcardsProvider>
  )
}

function cardNamed(canvasElement: HTMLElement, name: string | RegExp): HTMLElement {
  return inLight(canvasElement).getByRole('article', { name })
}

function problemsOf(card: HTMLElement): string[] {
  return [...card.querySelectorAll('[data-slot="envelope-problems"] li')].map((li) => li.textContent ?? '')
}

function caught(message: string): Error {
  try {
    throw new TypeError(message)
  } catch (e) {
    return e as Error
  }
}

/** `catch (e) { update({ ...model, status: 'failed', error: e }) }`: the host code that once took the page down. */
export const ErrorObjects: Story = {
  render: () => (
    <List
      models={[
        good,
        loose({
          ...good,
          id: 'e1',
          status: 'failed',
          intent: failingBuild,
          error: caught('spawn tsc ENOENT'),
        }),
        loose({
          id: 'e2',
          toolName: 'db_query',
          args: { sql: 'select 1' },
          status: 'failed',
          error: { message: 'connection refused', code: 'ECONNREFUSED' },
        }),
        loose({
          id: 'e3',
          toolName: 'deploy',
          args: {},
          status: 'failed',
          error: { code: 'E_DENIED', retry: false },
        }),
        loose({ id: 'e4', toolName: 'exit_code', args: {}, status: 'failed', error: 137 }),
        goodDiff,
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const light = inLight(canvasElement)
    await expect(light.getAllByRole('article')).toHaveLength(6)
    await expect(light.getByText('spawn tsc ENOENT')).toBeVisible()
    await expect(light.getByText('connection refused')).toBeVisible()
    await expect(light.getByText('{"code":"E_DENIED","retry":false}')).toBeVisible()
    const deploy = cardNamed(canvasElement, 'deploy')
    await expect(problemsOf(deploy)).toEqual(['$.error: expected a string, got an object'])
    await expect(deploy).toHaveAttribute('data-status', 'failed')
  },
}

/** Statuses this version does not know read as unknown: never as a success, never as running. */
export const UnknownStatuses: Story = {
  render: () => (
    <List
      models={[
        good,
        loose({ ...good, id: 's1', toolName: 'done_tool', status: 'done', intent: undefined }),
        loose({ ...good, id: 's2', toolName: 'http_200', status: 200, intent: undefined }),
        loose({ ...good, id: 's3', toolName: 'no_status', status: undefined, intent: smallGrep }),
        loose({ ...good, id: 's4', toolName: 'Completed', status: 'Completed', intent: undefined }),
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const light = lightPane(canvasElement)
    const unknown = light.querySelectorAll('article[data-status="unknown"]')
    await expect(unknown).toHaveLength(4)
    for (const card of unknown) {
      await expect(within(card as HTMLElement).getByText('Unknown')).toBeVisible()
      await expect(
        within(card as HTMLElement).queryByText('Completed', { selector: '.tc-status-label' }),
      ).toBeNull()
    }
    await expect(problemsOf(cardNamed(canvasElement, 'done_tool'))[0]).toMatch(
      /^\$\.status: unknown status "done"/,
    )
  },
}

/** Durations that are not durations: NaN, negative, infinite, a string. Left out of the header. */
export const BadNumbers: Story = {
  render: () => (
    <List
      models={[
        loose({ ...good, id: 'n1', toolName: 'nan_ms', durationMs: Number.NaN, intent: undefined }),
        loose({ ...good, id: 'n2', toolName: 'negative_ms', durationMs: -40, intent: undefined }),
        loose({
          ...good,
          id: 'n3',
          toolName: 'infinite_ms',
          durationMs: Number.POSITIVE_INFINITY,
          intent: undefined,
        }),
        loose({ ...good, id: 'n4', toolName: 'string_ms', durationMs: '1500', intent: undefined }),
        good,
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(problemsOf(cardNamed(canvasElement, 'nan_ms'))).toEqual([
      '$.durationMs: expected a number >= 0, got NaN',
    ])
    await expect(problemsOf(cardNamed(canvasElement, 'negative_ms'))).toEqual([
      '$.durationMs: expected a number >= 0, got -40',
    ])
    await expect(cardNamed(canvasElement, 'nan_ms').querySelector('[title="Duration"]')).toBeNull()
  },
}

/** Empty and huge strings: a blank tool name gets a title; long ids and names are cut; a long error folds. */
export const HugeAndEmptyStrings: Story = {
  render: () => (
    <List
      models={[
        loose({ id: '', toolName: '', args: {}, status: 'completed' }),
        loose({
          id: 'h1',
          toolName: `long_${'n'.repeat(3000)}`,
          args: { q: 'x'.repeat(10_000) },
          status: 'failed',
          error: `Traceback:\n${'  at frame\n'.repeat(5000)}`,
        }),
        loose({ ...good, id: 'h2', toolName: 'empty_error', status: 'failed', error: '', intent: undefined }),
        good,
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const unnamed = cardNamed(canvasElement, '(unnamed tool)')
    await expect(problemsOf(unnamed)).toEqual(['$.toolName: is blank; shown as "(unnamed tool)"'])
    const long = cardNamed(canvasElement, /^long_n+$/)
    await expect(problemsOf(long)[0]).toBe('$.toolName: 3,005 characters, cut to the first 1,024')
    await expect(within(long).getByRole('button', { name: 'Show all 55,011 characters' })).toBeVisible()
  },
}

/** Control and bidi characters in the envelope: shown as markers, never acted on. */
export const ControlAndBidi: Story = {
  render: () => (
    <List
      models={[
        loose({
          id: 'c1',
          toolName: 'ls\u202e\u2066txt.exe',
          args: { path: 'a\u0000b' },
          status: 'failed',
          error: 'denied\u001b[2J\u0007\ud800',
          sidechain: 'sub\u200bagent',
        }),
        good,
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const light = lightPane(canvasElement)
    await expect(light.textContent).not.toMatch(/[\u202e\u2066\u0000\u0007\u200b]/)
    await expect(light.textContent).toContain('<U+202E>')
    await expect(light.textContent).toContain('<U+001B>')
  },
}

/** Wrong types and arrays where objects belong; arguments JSON cannot hold; not a model at all. */
export const WrongTypes: Story = {
  render: () => {
    const cyclic: Record<string, unknown> = { name: 'loop' }
    cyclic.self = cyclic
    return (
      <List
        models={[
          loose({ id: 7, toolName: 'numeric_id', args: null, status: 'completed' }),
          loose({ id: 'w1', toolName: ['array', 'name'], args: {}, status: 'completed' }),
          loose({
            id: 'w2',
            toolName: 'array_error',
            args: {},
            status: 'failed',
            error: ['first', 'second'],
          }),
          loose({ id: 'w3', toolName: 'cyclic_args', args: cyclic, status: 'completed' }),
          loose({
            id: 'w4',
            toolName: 'nan_args',
            args: { ratio: Number.NaN, when: new Date(0) },
            status: 'completed',
          }),
          loose({
            id: 'w5',
            toolName: 'intent_array',
            args: {},
            status: 'completed',
            intent: [passingTests],
          }),
          loose({
            id: 'w6',
            toolName: 'sidechain_true',
            args: {},
            status: 'completed',
            sidechain: true,
            intent: smallTs,
          }),
          loose({
            id: 'w7',
            toolName: 'approval_without_options',
            args: {},
            status: 'awaiting-approval',
            approval: { options: [] },
          }),
          [good],
          null,
          goodDiff,
        ]}
      />
    )
  },
  play: async ({ canvasElement }) => {
    const light = inLight(canvasElement)
    await expect(light.getAllByRole('article')).toHaveLength(11)
    const approval = cardNamed(canvasElement, 'approval_without_options')
    await expect(problemsOf(approval)).toEqual(['$.approval.options: expected an array of 1 to 16 options'])
    await expect(within(approval).queryAllByRole('button', { name: /allow|reject/i })).toHaveLength(0)
    await expect(problemsOf(cardNamed(canvasElement, 'numeric_id'))).toEqual([
      '$.id: expected a string, got a number',
    ])
    await expect(problemsOf(cardNamed(canvasElement, 'cyclic_args'))).toEqual([
      '$.args.self: the value refers to itself (a cycle), which JSON cannot hold',
    ])
    const all = [...lightPane(canvasElement).querySelectorAll<HTMLElement>('article')]
    const sidechain = all.find((card) =>
      problemsOf(card).includes('$.sidechain: expected a string, got a boolean'),
    )
    await expect(sidechain).toHaveAttribute('data-card', 'read')
    const notModels = all.filter((card) =>
      /^\$: expected an object, got (an array|null)$/.test(problemsOf(card)[0] ?? ''),
    )
    await expect(notModels).toHaveLength(2)
  },
}

function Thrower(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'hunks')")
}

/**
 * A card that throws while rendering: its error card keeps the header (title, status, duration), shows
 * the raw arguments, the error and a "Copy error" button. Its neighbours render.
 */
export const CrashedCard: Story = {
  render: () => (
    <ToolcardsProvider onCopy={() => {}}>
      <CardRenderer model={good} />
      <CardErrorBoundary
        cardId="crash-1"
        label="apply_patch"
        kind="diff"
        model={{
          id: 'crash-1',
          toolName: 'apply_patch',
          args: { path: 'src/app.ts', dryRun: false },
          status: 'failed',
          durationMs: 1200,
          error: 'exit 2',
        }}
      >
        <Thrower />
      </CardErrorBoundary>
      <CardRenderer model={goodDiff} />
    </ToolcardsProvider>
  ),
  play: async ({ canvasElement }) => {
    // the error card's code loads when a card first fails: a plain notice says what failed meanwhile
    const crashed = await inLight(canvasElement).findByRole('article', { name: 'apply_patch' })
    await expect(crashed).toHaveAttribute('data-crashed', '')
    await expect(within(crashed).getByRole('alert')).toHaveTextContent(
      "Cannot read properties of undefined (reading 'hunks')",
    )
    await expect(within(crashed).getByRole('button', { name: 'Copy error' })).toBeVisible()
    await expect(within(crashed).getByText('"src/app.ts"')).toBeVisible()
  },
}

/** A session state a host made itself: duplicate ids, a null card, an Error as error, a web card. */
export const SessionOfBadCards: Story = {
  render: () => {
    const state = {
      cards: [
        good,
        { ...good, toolName: 'same_id_again' },
        null,
        loose({
          id: 'x1',
          toolName: 'fetch',
          args: {},
          status: 'failed',
          error: caught('fetch failed'),
          intent: docsPage,
        }),
        goodDiff,
      ],
      problems: [
        { index: 2, kind: 'invalid-event', path: '$.type', message: 'unknown event type' },
        'not a problem',
      ],
      problemCount: 2,
      eventCount: 7,
    } as unknown as SessionState
    return (
      <ToolcardsProvider onCopy={() => {}}>
        <SessionView state={state} virtualize={false} style={{ height: 'auto' }} />
      </ToolcardsProvider>
    )
  },
  play: async ({ canvasElement }) => {
    const light = lightPane(canvasElement)
    await expect(light.querySelectorAll('article[data-card]')).toHaveLength(5)
    await expect(within(light).getByText('fetch failed')).toBeVisible()
  },
}
