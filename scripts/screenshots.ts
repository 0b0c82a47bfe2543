// `npm run screenshots`: the README's pictures of the overview, taken in Chromium (Debian's, or
// $CHROMIUM_PATH) from scripts/screenshots/ served by Vite: docs/screenshot-1280.png (light and dark side by
// side at 1280 px), docs/screenshot-420.png (a 420 px chat column) and docs/screenshot-zh-420.png (the same
// in Simplified Chinese; needs CJK fonts, e.g. Debian's fonts-noto-cjk).
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { createServer } from 'vite'
import { launchChromium } from '../test/chromium'

const root = resolve(import.meta.dirname, '..')

const SHOTS = [
  { file: 'docs/screenshot-1280.png', width: 1280, query: 'themes=light,dark' },
  { file: 'docs/screenshot-420.png', width: 420, query: 'themes=light' },
  { file: 'docs/screenshot-zh-420.png', width: 420, query: 'themes=light&locale=zh-CN' },
] as const

const server = await createServer({
  configFile: false,
  root: resolve(root, 'scripts/screenshots'),
  plugins: [react()],
  logLevel: 'warn',
  server: { port: 0, host: '127.0.0.1', fs: { allow: [root] } },
})
await server.listen()
const address = server.httpServer?.address()
const port = typeof address === 'object' && address ? address.port : 0
const browser = await launchChromium()
try {
  for (const shot of SHOTS) {
    const page = await browser.newPage({ viewport: { width: shot.width, height: 900 }, deviceScaleFactor: 2 })
    await page.goto(`http://127.0.0.1:${port}/?${shot.query}`)
    await page.waitForSelector('article[data-card="generic"]')
    // syntax colours arrive after the first paint
    await page.waitForSelector('[data-tk]', { timeout: 15_000 }).catch(() => {})
    await page.waitForTimeout(500)
    await page.screenshot({ path: resolve(root, shot.file), fullPage: true, animations: 'disabled' })
    console.log(`wrote ${shot.file}`)
    await page.close()
  }
} finally {
  await browser.close()
  await server.close()
}
