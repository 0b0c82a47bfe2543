export type { SessionViewProps } from './SessionView'
export { ESTIMATED_CARD_HEIGHT, SessionView } from './SessionView'
export { useSessionEvents, useSessionStore } from './useSession'
