export type { TerminalCardProps } from './TerminalCard'
export { TerminalCard } from './TerminalCard'
