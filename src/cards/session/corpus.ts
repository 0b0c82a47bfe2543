// Real sessions for stories: the Claude Code sessions of test/fixtures/corpus/claude-code/ (see its
// SOURCES.md: marot/spotter, MIT) converted to session events by `fromClaudeCode`. Stories only: the
// library itself never imports adapters.

import corpusLong from '../../../test/fixtures/corpus/claude-code/8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl?raw'
import corpusSubagent from '../../../test/fixtures/corpus/claude-code/subagent.jsonl?raw'
import corpusToolHeavy from '../../../test/fixtures/corpus/claude-code/tool_heavy.jsonl?raw'
import { fromClaudeCode } from '../../adapters'
import type { SessionEvent } from '../../protocol'

/** A real 72-minute session: 196 calls (terminal, read, search, diff, generic), with its timestamps. */
export function realSessionEvents(): SessionEvent[] {
  return fromClaudeCode(corpusLong)
}

/**
 * `n` calls from real sessions: the three corpus sessions one after another, repeated with fresh ids
 * (`<id>#<round>`), cut at `n` calls. The benchmark uses the same construction.
 */
export function realSessionOf(n: number): SessionEvent[] {
  const sessions = [corpusLong, corpusSubagent, corpusToolHeavy].map((text) => fromClaudeCode(text))
  const out: SessionEvent[] = []
  const started = new Set<string>()
  for (let round = 0; started.size < n; round++) {
    for (const events of sessions) {
      for (const e of events) {
        const id = `${e.id}#${round}`
        if (e.type === 'call') {
          if (started.size >= n) continue
          started.add(id)
        } else if (!started.has(id)) continue
        out.push({ ...e, id })
      }
    }
  }
  return out
}
