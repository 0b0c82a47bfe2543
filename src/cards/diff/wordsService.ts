// What diff cards load for word marks (`import()` in useDiffHighlight.ts): a module of its own, so the
// word differ stays out of the cards' first load.
export { wordDiff } from '../../text/diff/words'
