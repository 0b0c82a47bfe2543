// @vitest-environment node
// Three real sessions of 2025 (jnarowski/agentcmd's test fixtures, MIT; test/fixtures/corpus/SOURCES.md)
// that a sweep of 19 unseen logs found read wrong: a coloured error line, a Codex rollout's file reads as
// terminals, a Gemini write of a new file not marked new.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fromAny } from '../../src/adapters/detect'
import type { CardModel, RenderIntent } from '../../src/protocol'
import { foldSession } from '../../src/session'

const CORPUS = resolve(import.meta.dirname, '../fixtures/corpus')

function cards(file: string): CardModel[] {
  const { events } = fromAny(readFileSync(resolve(CORPUS, file), 'utf8'))
  return [...foldSession(events).cards]
}

/** The raw JSON objects of a JSONL file (or the one object of a JSON file). */
function values(file: string): unknown[] {
  const text = readFileSync(resolve(CORPUS, file), 'utf8')
  try {
    return [JSON.parse(text)]
  } catch {
    return text
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l))
  }
}

describe('Claude Code 2.0.27: a failed call whose output starts with colour codes', () => {
  const all = cards('claude-code/agentcmd-full-session-four-2.0.27.jsonl')

  it('its error is the first line without the escape sequences', () => {
    const failed = all.find((c) => c.id === 'toolu_014AvpKjF3DqduwTCfYMxBas')!
    const intent = failed.intent as RenderIntent
    expect(failed.status).toBe('failed')
    expect(failed.error).toBe('⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯')
    // the terminal output keeps its colours: the terminal card draws them
    expect(intent.card === 'terminal' && intent.output).toContain('\u001b[31m')
  })

  it.each([
    'claude-code/agentcmd-full-session-four-2.0.27.jsonl',
    'codex/rollout-0.40-agentcmd.jsonl',
    'gemini-cli/session-agentcmd-2025-10-27.json',
    'codex/rollout-0.125-codemie-code.jsonl',
  ])('%s: no error line holds an escape character', (file) => {
    for (const c of cards(file)) expect(c.error ?? '', c.id).not.toMatch(/[\u001b\u009b]/)
  })
})

describe('Codex 0.40 rollout: a command that only prints a file', () => {
  const all = cards('codex/rollout-0.40-agentcmd.jsonl')
  /** Each shell call's script and its output's text, from the raw log. */
  const calls = new Map<string, { script: string; output?: string; exit?: number }>()
  for (const v of values('codex/rollout-0.40-agentcmd.jsonl')) {
    const p = (v as { payload?: Record<string, unknown> }).payload
    if (p?.type === 'function_call' && p.name === 'shell') {
      const argv = JSON.parse(p.arguments as string).command as string[]
      calls.set(p.call_id as string, { script: argv[argv.length - 1]! })
    }
    if (p?.type === 'function_call_output') {
      const out = JSON.parse(p.output as string) as { output: string; metadata: { exit_code: number } }
      const c = calls.get(p.call_id as string)
      if (c) Object.assign(c, { output: out.output, exit: out.metadata.exit_code })
    }
  }
  const reads = [...calls].filter(
    ([, c]) => /^(sed -n '\d+,\d+p'|cat) [\w./@+-]+$/.test(c.script) && c.exit === 0,
  )

  it('is a read card with the file, its first line and the text printed, as in a TUI log', () => {
    expect(reads.length).toBeGreaterThan(10)
    for (const [id, c] of reads) {
      const intent = all.find((k) => k.id === id)!.intent as RenderIntent
      expect(intent.card, c.script).toBe('read')
      if (intent.card !== 'read') continue
      const m = /^(?:sed -n '(\d+),\d+p'|cat) (\S+)$/.exec(c.script)!
      expect(intent.path).toBe(m[2])
      expect(intent.startLine).toBe(m[1] ? Number(m[1]) : 1)
      expect(`${intent.content}\n`).toBe(c.output!.endsWith('\n') ? c.output : `${c.output}\n`)
    }
  })

  it('any other command stays a terminal card', () => {
    const others = [...calls].filter(([id]) => !reads.some(([r]) => r === id))
    expect(others.length).toBeGreaterThan(0)
    for (const [id] of others)
      expect((all.find((k) => k.id === id)!.intent as RenderIntent).card).toBe('terminal')
  })
})

describe('Gemini CLI, October 2025: write_file with no display', () => {
  it('a file the tool says it created is an added file', () => {
    const all = cards('gemini-cli/session-agentcmd-2025-10-27.json')
    const created = all.find((c) => c.id === 'write_file-1761594968137-411814d91ea37')!
    const intent = created.intent as RenderIntent
    expect(intent.card).toBe('diff')
    if (intent.card !== 'diff') return
    expect(intent.files[0]).toMatchObject({ oldText: null, status: 'added' })
    expect(intent.files[0]!.newText).toContain('def main():')
  })
})
