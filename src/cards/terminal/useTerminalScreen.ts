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
    fed.screen.write(detach(output.slice(fed.text.length)))
    fed.text = output
  }
  return fed.screen
}

/**
 * A copy of `s` that does not keep a larger string alive. The screen keeps slices of what it is given
 * (lazy lines keep their input); a suffix sliced from each new `output` would otherwise keep every
 * version of a streamed output in memory. (V8 flattens the concatenation into a new string.)
 */
function detach(s: string): string {
  return s.length < 16 ? s : ` ${s}`.slice(1)
}
