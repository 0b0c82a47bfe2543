// The workspace the real-editor test opens: a real Claude Code session from the corpus (subagent.jsonl:
// cards of all six kinds), its paths moved from the author's machine into the workspace, and the files its
// read cards show, so that a click on a line number has a file to open.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fromAny } from '../../src/adapters'
import { foldSession } from '../../src/session'

export const CORPUS_SESSION = resolve(import.meta.dirname, '../fixtures/corpus/claude-code/subagent.jsonl')
const AUTHOR_ROOT = '/home/marco/projects/spotter'

export interface Workspace {
  dir: string
  session: string
  /** Read cards' files, written into the workspace: absolute path -> text. */
  files: Map<string, string>
}

export function makeWorkspace(): Workspace {
  const dir = join(mkdtempSync(join(tmpdir(), 'toolcards-ws-')), 'spotter')
  mkdirSync(join(dir, 'sessions'), { recursive: true })
  const text = readFileSync(CORPUS_SESSION, 'utf8').split(AUTHOR_ROOT).join(dir)
  const session = join(dir, 'sessions', 'subagent.jsonl')
  writeFileSync(session, text)
  const files = new Map<string, string>()
  for (const card of foldSession(fromAny(text).events).cards) {
    const intent = card.intent as { card?: string; path?: string; content?: string } | undefined
    if (intent?.card !== 'read' || !intent.path?.startsWith(dir) || files.has(intent.path)) continue
    files.set(intent.path, intent.content ?? '')
    mkdirSync(dirname(intent.path), { recursive: true })
    writeFileSync(intent.path, intent.content ?? '')
  }
  writeFileSync(join(dir, 'notes.md'), '# Notes\n\nA file to switch to, so the session panel is hidden.\n')
  return { dir, session, files }
}
