// The highlighting worker of the benchmark page: the default highlighter, served over messages.
import { type MessageEndpoint, serveHighlighter } from '../../src/text/highlight/remote'

serveHighlighter(self as unknown as MessageEndpoint)
