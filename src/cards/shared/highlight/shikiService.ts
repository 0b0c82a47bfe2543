// What the default highlighter loads with its first `highlight` call (`import()` in useHighlightedLines):
// a module of its own, so the namespace the bundler makes for a dynamic import holds only this, and the
// highlighting code stays out of the cards' first load.
export { createHighlighter } from '../../../text/highlight/shiki'
