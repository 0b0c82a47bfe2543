export type { SearchCardProps } from './SearchCard'
export { SearchCard } from './SearchCard'
