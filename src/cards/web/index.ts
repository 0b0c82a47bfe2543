export { WebCard } from './WebCard'
export type { WebCardProps } from './WebCard'
