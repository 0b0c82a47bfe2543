export { ReadCard } from './ReadCard'
export type { ReadCardProps } from './ReadCard'
