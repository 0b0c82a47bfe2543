// A host app as a user writes it, against the installed package: one read card, default highlighter.
// bundlers.test.ts builds it with Vite (and serves it with Vite's dev server) and checks that the code is
// coloured by the package's highlighting worker.
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { CardRenderer } from 'toolcards'
import 'toolcards/styles.css'

const content = `import { readFile } from 'node:fs/promises'

/** Reads a JSON file. */
export async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8'))
}
`

createRoot(document.getElementById('root')).render(
  createElement(CardRenderer, {
    model: {
      id: 'read-1',
      toolName: 'read',
      args: {},
      status: 'completed',
      intent: { card: 'read', path: 'src/readJson.ts', content },
    },
  }),
)
