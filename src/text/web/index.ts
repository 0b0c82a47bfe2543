export type { ContentType, ImageDecision, LinkDecision, WebOutcome, WebOutcomeKind } from './web'
export {
  decideImage,
  decideLink,
  describeFetchError,
  describeOutcome,
  describeStatus,
  EXCERPT_COLLAPSE_CHARS,
  formatBytes,
  isKnownStatus,
  MARKDOWN_MAX_CHARS,
  markdownUrlTransform,
  parseContentType,
} from './web'
