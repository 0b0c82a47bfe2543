import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** A real command output from the corpus (test/fixtures/corpus), with where it came from. */
export interface CorpusOutput {
  name: string
  output: string
}

const root = join(import.meta.dirname, '..', 'fixtures', 'corpus')

function jsonl(path: string): unknown[] {
  return readFileSync(join(root, path), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as unknown)
}

function obj(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
}

/**
 * Every terminal output in the corpus: Claude Code Bash results (`toolUseResult.stdout`/`stderr`),
 * Codex `exec_command_end` stdout/stderr, OpenHands `run` observations, SWE-agent observations.
 */
export function corpusOutputs(): CorpusOutput[] {
  const out: CorpusOutput[] = []
  const add = (name: string, v: unknown) => {
    if (typeof v === 'string' && v !== '') out.push({ name, output: v })
  }
  for (const file of ['8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl', 'subagent.jsonl', 'tool_heavy.jsonl']) {
    jsonl(`claude-code/${file}`).forEach((line, i) => {
      const r = obj(obj(line)?.toolUseResult)
      if (r && 'stdout' in r) {
        add(`claude-code/${file}:${i + 1} stdout`, r.stdout)
        add(`claude-code/${file}:${i + 1} stderr`, r.stderr)
      }
    })
  }
  jsonl('codex/binary-size-log.events.jsonl').forEach((line, i) => {
    const msg = obj(obj(obj(line)?.payload)?.msg)
    if (msg?.type === 'exec_command_end') {
      add(`codex:${i + 1} stdout`, msg.stdout)
      add(`codex:${i + 1} stderr`, msg.stderr)
    }
  })
  for (const file of ['basic.json', 'basic_gui_mode.json']) {
    const events = JSON.parse(readFileSync(join(root, 'openhands', file), 'utf8')) as unknown[]
    events.forEach((e, i) => {
      const ev = obj(e)
      if (ev?.observation === 'run') add(`openhands/${file}[${i}]`, ev.content)
    })
  }
  const traj = obj(JSON.parse(readFileSync(join(root, 'swe-agent', 'pydicom__pydicom-1458.traj'), 'utf8')))
  const steps = Array.isArray(traj?.trajectory) ? traj.trajectory : []
  steps.forEach((s: unknown, i: number) => {
    add(`swe-agent/pydicom__pydicom-1458.traj trajectory[${i}]`, obj(s)?.observation)
  })
  return out
}
