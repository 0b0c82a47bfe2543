export { DiffCard } from './DiffCard'
export type { DiffCardProps } from './DiffCard'
