import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { chromium } from 'playwright'
import { createServer } from 'vite'

const variant = process.argv[2] ?? 'diffcard-patch'
const server = await createServer({
  root: resolve('/work/main/bench/diff'),
  configFile: false,
  mode: 'production',
  logLevel: 'error',
  plugins: [react()],
  define: { 'process.env.NODE_ENV': '"production"' },
  server: { port: 0, host: '127.0.0.1' },
})
await server.listen()
const a = server.httpServer?.address()
const port = typeof a === 'object' && a ? a.port : 0
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
const page = await browser.newPage()
await page.goto(`http://127.0.0.1:${port}/`)
await page.waitForFunction(() => (window as any).__ready === true, undefined, { timeout: 180000 })
await page.goto(`http://127.0.0.1:${port}/`)
await page.waitForFunction(() => (window as any).__ready === true, undefined, { timeout: 180000 })
await browser.startTracing(page, { categories: ['devtools.timeline'] })
const r = await page.evaluate((v) => (window as any).__bench(v), variant)
const buf = await browser.stopTracing()
const ev = JSON.parse(buf.toString()).traceEvents as any[]
console.log(JSON.stringify({ paint: r.firstPaintMs, tasks: r.longTasks }))
const agg = new Map<string, number>()
for (const e of ev) if (e.ph === 'X' && e.dur) agg.set(e.name, (agg.get(e.name) ?? 0) + e.dur / 1000)
console.log(
  [...agg.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([k, v]) => `${v.toFixed(1)}ms ${k}`)
    .join('\n'),
)
for (const e of ev)
  if ((e.name === 'Layout' || e.name === 'UpdateLayoutTree') && e.dur > 10000)
    console.log(e.name, (e.dur / 1000).toFixed(1), JSON.stringify(e.args).slice(0, 300))
await browser.close()
await server.close()
