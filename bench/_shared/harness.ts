// What the bench runners share (bench/_shared is not an area: scripts/bench.mjs skips folders starting
// with "_").
import react from '@vitejs/plugin-react'
import { createServer, type ViteDevServer } from 'vite'

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2
}

/**
 * A bench page served by Vite in production mode on a free port of 127.0.0.1, with no HMR and no watching
 * (other work in the tree must not reload the page mid-measurement).
 */
export async function servePage(root: string): Promise<{ server: ViteDevServer; url: string }> {
  const server = await createServer({
    root,
    configFile: false,
    mode: 'production',
    logLevel: 'error',
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    server: { port: 0, host: '127.0.0.1', hmr: false, watch: null },
  })
  await server.listen()
  const address = server.httpServer?.address()
  const port = typeof address === 'object' && address ? address.port : 5173
  return { server, url: `http://127.0.0.1:${port}/` }
}
