// The one place that says how tests and benchmarks start Chromium: Debian's (or $CHROMIUM_PATH), headless,
// and with the flags that keep it off the network (this machine has none; without them Chromium keeps
// trying to reach Google's hosts).
import { type Browser, chromium } from 'playwright'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** $CHROMIUM_PATH, else /usr/bin/chromium. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
}

/** Launches Chromium with the standard flags plus any extra ones. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...extraArgs] })
}
