export { SearchCard } from './SearchCard'
export type { SearchCardProps } from './SearchCard'
