// The highlighting worker of the benchmark page: the default highlighter, served over messages.
import type { MessageEndpoint } from '../../src/text/highlight/remote'
import { serveHighlighter } from '../../src/text/highlight/serve'

serveHighlighter(self as unknown as MessageEndpoint)
