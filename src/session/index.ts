export type { FoldOptions, SessionProblem, SessionProblemKind, SessionState } from './fold'
export { applyEvent, applyEvents, emptySession, foldSession, MAX_KEPT_PROBLEMS } from './fold'
export type { LogLineProblem, SessionLogReader, SessionLogReaderOptions } from './log'
export {
  createSessionLogReader,
  formatSessionLogLine,
  MAX_KEPT_LINE_PROBLEMS,
  readSessionLog,
  streamSessionLog,
  writeSessionLog,
} from './log'
export type { SessionPlayer, SessionPlayerOptions } from './player'
export { playSession } from './player'
export type { SessionStore } from './store'
export { createSessionStore } from './store'
