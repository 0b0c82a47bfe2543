/** The schemes a card may turn into a clickable link. */
export const SAFE_SCHEMES = ['http:', 'https:', 'mailto:'] as const

export type UrlJudgement =
  | {
      ok: true
      /** The normalized URL to open (from the URL parser, never the raw text). */
      href: string
      /** Scheme + host as the parser gives it: an internationalized host shows in punycode. */
      origin: string
      /** What to show for the rest (path, query, fragment). */
      rest: string
      /**
       * Flag it to the user: the host is internationalized (punycode, so possibly a look-alike), or the URL
       * carries user info (`https://trusted.example@evil.example/` reads as if it went to the first host).
       */
      suspiciousHost: boolean
    }
  | { ok: false; reason: string }

/**
 * The scheme as the URL parser reads it: after leading C0 controls and spaces, tabs and newlines inside
 * it (which the parser takes out) matched here and taken out of the match only, so that no link is
 * copied whole. Only to refuse a scheme without parsing (an `ls --hyperlink` listing is thousands of
 * `file:` links); what is not refused here is judged on the parsed URL.
 */
const SCHEME = /^[\0- ]*([a-z][a-z\d+.\t\n\r-]*):/i

/**
 * Judges an untrusted URL on the parsed result, never on the raw string: `java\tscript:`,
 * `JaVaScRiPt:`, `\u0001 javascript:` are all parsed as `javascript:` and refused. Relative and
 * protocol-relative URLs (`//evil.example`) are refused: there is no base to resolve them against.
 */
export function judgeUrl(raw: unknown): UrlJudgement {
  if (typeof raw !== 'string') return { ok: false, reason: 'not a string' }
  if (raw.length > 8192) return { ok: false, reason: 'longer than 8,192 characters' }
  // a scheme that is not allowed is refused before the parser (which costs 5-10 us a URL, cold)
  const early = SCHEME.exec(raw)?.[1]
    ?.replace(/[\t\n\r]/g, '')
    .toLowerCase()
  if (early && !(SAFE_SCHEMES as readonly string[]).includes(`${early}:`)) {
    return { ok: false, reason: `the ${early}: scheme is not allowed` }
  }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, reason: 'not an absolute URL' }
  }
  const scheme = url.protocol.toLowerCase()
  if (!(SAFE_SCHEMES as readonly string[]).includes(scheme)) {
    return { ok: false, reason: `the ${scheme} scheme is not allowed` }
  }
  if (scheme === 'mailto:') {
    return { ok: true, href: url.href, origin: 'mailto:', rest: url.pathname, suspiciousHost: false }
  }
  if (!url.hostname) return { ok: false, reason: 'no host' }
  const suspiciousHost =
    url.hostname.split('.').some((label) => label.startsWith('xn--')) ||
    url.username !== '' ||
    url.password !== ''
  const origin = `${url.protocol}//${url.username ? `${url.username}@` : ''}${url.host}`
  // From the parts, not by slicing `href`: with a password in the URL, `origin` is not a prefix of `href`.
  return { ok: true, href: url.href, origin, rest: `${url.pathname}${url.search}${url.hash}`, suspiciousHost }
}

/** True when the URL may become a link. */
export function isSafeUrl(raw: unknown): boolean {
  return judgeUrl(raw).ok
}
