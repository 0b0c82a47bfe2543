// The diff card's Copy, loaded on the first click (import()): see docs/architecture.md, "A small first load".
export { formatFileViews } from '../../text/diff/formatViews'
