// The highlighting worker of the CSP page (loaded from 'self', like any script).
import type { MessageEndpoint } from '../../../src/text/highlight/remote'
import { serveHighlighter } from '../../../src/text/highlight/serve'

serveHighlighter(self as unknown as MessageEndpoint)
