export type { DiffCardProps } from './DiffCard'
export { DiffCard } from './DiffCard'
