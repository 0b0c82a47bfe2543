// A page that renders read cards with the default highlighter; served under a strict CSP by csp.test.ts.
// With no `engine`, the kit's default: its own worker when the page can start one, else the main thread.
// `?engine=worker` is a host-made worker; `?engine=main` a main-thread highlighter given by the host;
// `?engine=oniguruma` uses the WebAssembly engine instead (the control: it must be blocked).
import { createRoot } from 'react-dom/client'
import '../../../src/styles.css'
import { CardRenderer } from '../../../src/cards/CardRenderer'
import { ToolcardsProvider } from '../../../src/cards/host'
import { defaultHighlighterPath } from '../../../src/cards/shared/highlight/startHighlighter'
import { createRemoteHighlighter, type MessageEndpoint } from '../../../src/text/highlight/remote'
import { createHighlighter } from '../../../src/text/highlight/shiki'

const content = `import { readFile } from 'node:fs/promises'

/** Reads a JSON file; the result is typed by the caller. */
export async function readJson<T>(path: string): Promise<T> {
  const text = await readFile(path, 'utf8') // UTF-8 only
  return JSON.parse(text) as T
}
`
const py = 'def greet(name: str) -> str:\n    return f"hello {name}"  # 挨拶\n'

const engine = new URLSearchParams(location.search).get('engine')
;(window as unknown as { __highlighterPath: () => string | null }).__highlighterPath = defaultHighlighterPath
const highlighter =
  engine === 'oniguruma'
    ? createHighlighter({ engine: 'oniguruma' })
    : engine === 'main'
      ? createHighlighter()
      : engine === 'worker'
        ? createRemoteHighlighter(
            new Worker(new URL('./highlight.worker.ts', import.meta.url), {
              type: 'module',
            }) as MessageEndpoint,
          )
        : undefined

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <ToolcardsProvider {...(highlighter ? { highlighter } : {})}>
      <CardRenderer
        model={{
          id: 'ts',
          toolName: 'read',
          args: {},
          status: 'completed',
          intent: { card: 'read', path: 'src/readJson.ts', content },
        }}
      />
      <CardRenderer
        model={{
          id: 'py',
          toolName: 'read',
          args: {},
          status: 'completed',
          intent: { card: 'read', path: 'greet.py', content: py, startLine: 10, totalLines: 40 },
        }}
      />
    </ToolcardsProvider>,
  )
}
