export { TerminalCard } from './TerminalCard'
export type { TerminalCardProps } from './TerminalCard'
