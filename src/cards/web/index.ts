export type { WebCardProps } from './WebCard'
export { WebCard } from './WebCard'
