// Syntax highlighting off the page's thread: the first use of a language compiles its grammar in one block
// (a second or more on a loaded machine), which would otherwise freeze the chat while calls stream in.
import { serveHighlighter } from '../../../src/text'

serveHighlighter(self)
