export { loadWebCard, WebCard } from './LazyWebCard'
export type { WebCardProps } from './WebCard'
