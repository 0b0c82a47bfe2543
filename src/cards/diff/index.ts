export type { DiffCardProps, DiffView } from './DiffCard'
export { DiffCard } from './DiffCard'
