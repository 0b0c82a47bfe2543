import type { Labels, WebLabelKey } from '../labels'

/**
 * The web card's English (and its markdown's): what it shows where its labels leave a text empty, as the
 * cards' default table does, so that a page without a web card carries none of it (this module loads
 * with the web card). `LABELS_EN` has the same texts (a test holds them the same).
 */
export const WEB_LABELS_EN: Pick<Labels, WebLabelKey> = {
  searchUrl: 'Search URL',
  redirectedTo: 'Redirected to',
  outcome: {
    dns: 'DNS failure',
    timeout: 'Timed out',
    refused: 'Connection refused',
    tls: 'TLS failure',
    network: 'Network error',
    unknown: 'Failed',
  },
  notALinkReason: '(not a link: {reason})',
  userNameBeforeHost: 'user name before the host',
  userNameBeforeHostTitle: 'The part before "@" is a user name; the host is {host}',
  internationalizedHostTitle:
    'The host has internationalized labels, shown in punycode: it may imitate another host',
  noResults: 'No results.',
  showingCharacters: {
    one: 'Showing {shown} of {n} character.',
    other: 'Showing {shown} of {n} characters.',
  },
  wholeExcerptPlain: 'The whole excerpt shows as plain text.',
  excerptLines: { one: 'Excerpt, {n} line', other: 'Excerpt, {n} lines' },
  pageText: 'Text from the page',
  pageExcerpt: 'Page excerpt',
  pageTextNote: 'written by the page, not by this tool',
  markdownPlain: 'Shown as plain text, not as markdown: {what} (the limit is {limit}).',
  markdownPlainWhat: {
    depth: 'nested {n} levels deep',
    brackets: '{n} brackets open at once',
    marks: '{n} emphasis marks in one block',
    block: 'one block of {n} characters',
  },
  linkRemoved: 'Link removed: not an http, https or mailto URL',
  imageNotLoaded: 'Image not loaded: {reason}',
  imageAlt: '[image: {alt}]',
}
