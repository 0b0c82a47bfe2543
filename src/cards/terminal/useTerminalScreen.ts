import { useRef } from 'react'
import { createTerminalScreen, type TerminalScreen, type TerminalScreenOptions } from '../../text/terminal'

interface Fed {
  screen: TerminalScreen
  /** The output fed so far. */
  text: string
  options: TerminalScreenOptions | undefined
}

/**
 * A terminal screen for one card instance, fed with `output`. When `output` grows (streaming: the new
 * string starts with the old one) only the new suffix is written: nothing before it is parsed again.
 * Any other change starts a new screen. Idempotent within a render: feeding the same string twice
 * writes nothing.
 */
export function useTerminalScreen(output: string, options?: TerminalScreenOptions): TerminalScreen {
  const ref = useRef<Fed | null>(null)
  let fed = ref.current
  if (fed === null || fed.options !== options || !output.startsWith(fed.text)) {
    fed = { screen: createTerminalScreen(options), text: '', options }
    ref.current = fed
  }
  if (output.length > fed.text.length) {
    fed.screen.write(output.slice(fed.text.length))
    fed.text = output
  }
  return fed.screen
}
