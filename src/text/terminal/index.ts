export type { TerminalLine, TerminalRun, TerminalScreen, TerminalScreenOptions } from './screen'
export { createTerminalScreen } from './screen'
export type { TerminalColor, TerminalLink, TerminalStyle } from './style'
