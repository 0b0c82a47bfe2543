// toolcards/text: pure text engines (no React, no DOM). Each engine adds its own named exports below.
export { isSafeUrl, judgeUrl, SAFE_SCHEMES } from './url'
export type { UrlJudgement } from './url'
