export type { ReadCardProps } from './ReadCard'
export { ReadCard } from './ReadCard'
