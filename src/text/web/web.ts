import { formatBytes } from '../../format'
import { judgeUrl } from '../url'

/** What kind of outcome an HTTP status or a fetch error is. */
export type WebOutcomeKind =
  | 'ok'
  | 'redirect'
  | 'informational'
  | 'not-found'
  | 'client-error'
  | 'server-error'
  | 'dns'
  | 'timeout'
  | 'refused'
  | 'tls'
  | 'network'
  | 'unknown'

export interface WebOutcome {
  kind: WebOutcomeKind
  /** Short, for a badge: "200 OK", "404 Not Found", "DNS failure". */
  label: string
  /** What it means, in a sentence. */
  meaning: string
  /** The fetch did not give the page. */
  failed: boolean
}

/** Reason phrases and meanings of the statuses a fetch commonly meets (RFC 9110 and friends). */
const STATUS: Record<number, readonly [phrase: string, meaning: string]> = {
  100: ['Continue', 'The server is waiting for the rest of the request.'],
  101: ['Switching Protocols', 'The server switched protocols.'],
  200: ['OK', 'The page was fetched.'],
  201: ['Created', 'The request created a resource.'],
  202: ['Accepted', 'The request was accepted for later processing.'],
  203: ['Non-Authoritative Information', 'A proxy changed the response.'],
  204: ['No Content', 'The request worked; there is no body.'],
  206: ['Partial Content', 'Only part of the body was sent.'],
  301: ['Moved Permanently', 'The page has moved for good.'],
  302: ['Found', 'The page is temporarily elsewhere.'],
  303: ['See Other', 'The answer is at another URL.'],
  304: ['Not Modified', 'The cached copy is still good.'],
  307: ['Temporary Redirect', 'The page is temporarily elsewhere.'],
  308: ['Permanent Redirect', 'The page has moved for good.'],
  400: ['Bad Request', 'The server could not understand the request.'],
  401: ['Unauthorized', 'The page needs a login.'],
  402: ['Payment Required', 'The page needs payment.'],
  403: ['Forbidden', 'The server refused access.'],
  404: ['Not Found', 'There is no page at this URL.'],
  405: ['Method Not Allowed', 'The server does not allow this method here.'],
  406: ['Not Acceptable', 'The server has no version the client accepts.'],
  408: ['Request Timeout', 'The server gave up waiting for the request.'],
  409: ['Conflict', 'The request conflicts with the current state.'],
  410: ['Gone', 'The page was removed for good.'],
  413: ['Content Too Large', 'The request was too large.'],
  414: ['URI Too Long', 'The URL was too long.'],
  415: ['Unsupported Media Type', 'The server does not take this content type.'],
  418: ["I'm a teapot", 'The server refuses to brew coffee.'],
  422: ['Unprocessable Content', 'The request was understood but not valid.'],
  429: ['Too Many Requests', 'Rate limited: too many requests.'],
  451: ['Unavailable For Legal Reasons', 'Blocked for legal reasons.'],
  500: ['Internal Server Error', 'The server failed.'],
  501: ['Not Implemented', 'The server does not support this.'],
  502: ['Bad Gateway', 'A proxy got a bad answer from upstream.'],
  503: ['Service Unavailable', 'The server is down or overloaded.'],
  504: ['Gateway Timeout', 'A proxy timed out waiting for upstream.'],
}

const CLASS_MEANING: Record<number, readonly [WebOutcomeKind, string, boolean]> = {
  1: ['informational', 'An interim response.', false],
  2: ['ok', 'The request worked.', false],
  3: ['redirect', 'The page is elsewhere.', false],
  4: ['client-error', 'The server refused the request.', true],
  5: ['server-error', 'The server failed.', true],
}

/** Whether `describeStatus` knows this status's own meaning (else it gives its class's). */
export function isKnownStatus(status: number): boolean {
  return Object.hasOwn(STATUS, status)
}

/** The meaning of an HTTP status; `statusText` from the host wins over the standard phrase for the label. */
export function describeStatus(status: number, statusText?: string): WebOutcome {
  if (!Number.isInteger(status) || status < 100 || status > 599) {
    return {
      kind: 'unknown',
      label: `status ${String(status)}`,
      meaning: 'Not an HTTP status.',
      failed: true,
    }
  }
  const known = STATUS[status]
  const cls = CLASS_MEANING[Math.floor(status / 100)] as readonly [WebOutcomeKind, string, boolean]
  const kind: WebOutcomeKind = status === 404 || status === 410 ? 'not-found' : cls[0]
  const phrase = statusText?.trim() || known?.[0] || ''
  return {
    kind,
    label: phrase ? `${status} ${phrase}` : String(status),
    meaning: known?.[1] ?? cls[1],
    failed: cls[2],
  }
}

const ERROR_KINDS: ReadonlyArray<readonly [RegExp, WebOutcomeKind, string, string]> = [
  [
    /ENOTFOUND|EAI_AGAIN|getaddrinfo|NAME_NOT_RESOLVED|\bDNS\b|could not resolve|name resolution/i,
    'dns',
    'DNS failure',
    'The host name could not be resolved.',
  ],
  [/ETIMEDOUT|timed? ?out|timeout|deadline exceeded/i, 'timeout', 'Timed out', 'No answer in time.'],
  [
    /ECONNREFUSED|connection refused|CONNECTION_REFUSED/i,
    'refused',
    'Connection refused',
    'Nothing listens there.',
  ],
  [/certificate|\bTLS\b|\bSSL\b|CERT_/i, 'tls', 'TLS failure', 'The secure connection could not be made.'],
  [
    /ECONNRESET|socket hang up|network|EHOSTUNREACH|ENETUNREACH/i,
    'network',
    'Network error',
    'The connection failed.',
  ],
]

/**
 * Classifies a fetch error message (DNS failure, timeout, refused, TLS, network). The message is only
 * matched against fixed, linear patterns; it is shown as text elsewhere.
 */
export function describeFetchError(error: string): WebOutcome {
  const text = error.slice(0, 2000)
  for (const [re, kind, label, meaning] of ERROR_KINDS) {
    if (re.test(text)) return { kind, label, meaning, failed: true }
  }
  return { kind: 'unknown', label: 'Failed', meaning: 'The fetch failed.', failed: true }
}

/** The outcome of a fetch: the error when there is one, else the status, else undefined (not known). */
export function describeOutcome(input: {
  status?: number | undefined
  statusText?: string | undefined
  error?: string | undefined
}): WebOutcome | undefined {
  if (typeof input.error === 'string' && input.error.trim()) {
    const e = describeFetchError(input.error)
    if (e.kind !== 'unknown' || input.status === undefined) return e
  }
  if (typeof input.status === 'number') return describeStatus(input.status, input.statusText)
  return undefined
}

export { formatBytes }

export interface ContentType {
  /** `text/html` (lower case, no parameters); empty when missing. */
  essence: string
  charset?: string
  /** Short for a badge: `HTML`, `JSON`, `PDF`..., else the essence. */
  label: string
}

const TYPE_LABELS: Record<string, string> = {
  'text/html': 'HTML',
  'application/xhtml+xml': 'XHTML',
  'text/plain': 'text',
  'text/markdown': 'Markdown',
  'application/json': 'JSON',
  'application/pdf': 'PDF',
  'application/xml': 'XML',
  'text/xml': 'XML',
  'text/css': 'CSS',
  'text/javascript': 'JavaScript',
  'application/javascript': 'JavaScript',
  'text/csv': 'CSV',
}

/** Parses a Content-Type header value loosely (never throws). */
export function parseContentType(raw: string): ContentType {
  const [head = '', ...params] = raw.slice(0, 500).split(';')
  const essence = head.trim().toLowerCase()
  let charset: string | undefined
  for (const p of params) {
    const [k, v] = p.split('=')
    if (k?.trim().toLowerCase() === 'charset' && v) charset = v.trim().replace(/^"|"$/g, '').toLowerCase()
  }
  const label = Object.hasOwn(TYPE_LABELS, essence)
    ? (TYPE_LABELS[essence] as string)
    : essence || 'unknown type'
  return charset ? { essence, charset, label } : { essence, label }
}

/** What a markdown link may become. */
export type LinkDecision =
  | { kind: 'link'; href: string; suspiciousHost: boolean }
  | { kind: 'text'; reason: string }

/**
 * The link policy for markdown and results: only `http:`, `https:` and `mailto:` URLs, judged on the
 * parsed URL by `judgeUrl`, become links; everything else stays text.
 */
export function decideLink(url: unknown): LinkDecision {
  const j = judgeUrl(url)
  return j.ok
    ? { kind: 'link', href: j.href, suspiciousHost: j.suspiciousHost }
    : { kind: 'text', reason: j.reason }
}

/** What a markdown image may become: loaded only when the host allows remote images and the URL is http(s). */
export type ImageDecision = { kind: 'image'; src: string } | { kind: 'placeholder'; reason: string }

export function decideImage(src: unknown, allowRemoteImages: boolean): ImageDecision {
  const j = judgeUrl(src)
  if (!j.ok) return { kind: 'placeholder', reason: j.reason }
  if (!j.href.startsWith('https:') && !j.href.startsWith('http:'))
    return { kind: 'placeholder', reason: 'not an image URL' }
  if (!allowRemoteImages) return { kind: 'placeholder', reason: 'remote images are off' }
  return { kind: 'image', src: j.href }
}

/**
 * The `urlTransform` to give react-markdown: the parsed, normalized URL for allowed schemes, else the
 * empty string (the renderer then shows the label as text). Never returns the raw input.
 */
export function markdownUrlTransform(url: string): string {
  const j = judgeUrl(url)
  return j.ok ? j.href : ''
}

/** Excerpts longer than this start collapsed, showing only a preview. */
export const EXCERPT_COLLAPSE_CHARS = 20_000
/** Markdown longer than this is shown as plain text (parsing it would block the page). */
export const MARKDOWN_MAX_CHARS = 200_000
