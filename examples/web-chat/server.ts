// The example chat's server: `npx tsx examples/web-chat/server.ts` (from the repository root). One port
// serves the page (Vite, in middleware mode) and POST /api/chat, where `streamText` runs the scripted model
// with the example tools. Listens on 127.0.0.1 only.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { convertToModelMessages, isStepCount, streamText, type UIMessage } from 'ai'
import { createServer as createVite, type ViteDevServer } from 'vite'
import { scriptedModel } from './model'
import { webChatTools } from './tools'

export interface WebChatOptions {
  /** Default 5178; 0 picks a free port. */
  port?: number
  /** Milliseconds between streamed pieces, and added to each tool call. Default 30 and 400. */
  streamDelayMs?: number
  toolDelayMs?: number
}

export interface WebChat {
  url: string
  close(): Promise<void>
}

const HERE = import.meta.dirname

export async function startWebChat(options: WebChatOptions = {}): Promise<WebChat> {
  const vite: ViteDevServer = await createVite({
    root: HERE,
    configFile: false,
    plugins: [react()],
    appType: 'spa',
    logLevel: 'warn',
    server: { middlewareMode: true, hmr: false, fs: { allow: [resolve(HERE, '../..')] } },
    optimizeDeps: {
      include: ['react', 'react/jsx-dev-runtime', 'react-dom/client', '@ai-sdk/react', 'ai'],
      exclude: ['shiki', '@shikijs/langs', '@shikijs/themes', '@shikijs/core', '@shikijs/engine-javascript'],
    },
  })
  const { tools } = webChatTools({ delayMs: options.toolDelayMs ?? 400 })
  const model = scriptedModel({ delayMs: options.streamDelayMs ?? 30 })

  const server: Server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/api/chat') {
      chat(req)
        .then((result) => result.pipeUIMessageStreamToResponse(res))
        .catch((error: unknown) => {
          res.writeHead(400, { 'content-type': 'text/plain' })
          res.end(error instanceof Error ? error.message : 'bad request')
        })
      return
    }
    vite.middlewares(req, res)
  })

  async function chat(req: IncomingMessage) {
    const body = JSON.parse(await readBody(req)) as { messages?: UIMessage[] }
    if (!Array.isArray(body.messages)) throw new Error('expected { messages: [...] }')
    return streamText({
      model,
      tools,
      system: 'You are a coding agent working on a small TypeScript project.',
      messages: await convertToModelMessages(body.messages, { tools }),
      stopWhen: isStepCount(12),
    })
  }

  await new Promise<void>((ok) => server.listen(options.port ?? 5178, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      await new Promise<void>((ok) => server.close(() => ok()))
      await vite.close()
    },
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((ok, fail) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > 10_000_000) {
        fail(new Error('request too large'))
        req.destroy()
      } else chunks.push(c)
    })
    req.on('end', () => ok(Buffer.concat(chunks).toString('utf8')))
    req.on('error', fail)
  })
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(HERE, 'server.ts')) {
  const number = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined)
  const chat = await startWebChat({
    port: number('PORT') ?? 5178,
    ...(number('STREAM_DELAY_MS') !== undefined ? { streamDelayMs: number('STREAM_DELAY_MS') } : {}),
    ...(number('TOOL_DELAY_MS') !== undefined ? { toolDelayMs: number('TOOL_DELAY_MS') } : {}),
  })
  console.log(`web chat on ${chat.url}`)
}
