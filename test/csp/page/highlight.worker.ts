// The highlighting worker of the CSP page (loaded from 'self', like any script).
import { type MessageEndpoint, serveHighlighter } from '../../../src/text/highlight/remote'

serveHighlighter(self as unknown as MessageEndpoint)
