import { describe, expect, it } from 'vitest'
import {
  decideImage,
  decideLink,
  describeFetchError,
  describeOutcome,
  describeStatus,
  formatBytes,
  markdownUrlTransform,
  parseContentType,
} from './index'

describe('describeStatus', () => {
  it('gives the standard phrase and meaning', () => {
    expect(describeStatus(200)).toMatchObject({ kind: 'ok', label: '200 OK', failed: false })
    expect(describeStatus(404)).toMatchObject({ kind: 'not-found', label: '404 Not Found', failed: true })
    expect(describeStatus(404).meaning).toBe('There is no page at this URL.')
    expect(describeStatus(500)).toMatchObject({
      kind: 'server-error',
      label: '500 Internal Server Error',
      failed: true,
    })
    expect(describeStatus(301)).toMatchObject({
      kind: 'redirect',
      label: '301 Moved Permanently',
      failed: false,
    })
  })
  it('falls back to the class for an unlisted status and to "unknown" for nonsense', () => {
    expect(describeStatus(299)).toMatchObject({ kind: 'ok', label: '299', meaning: 'The request worked.' })
    expect(describeStatus(599)).toMatchObject({ kind: 'server-error', failed: true })
    expect(describeStatus(42)).toMatchObject({ kind: 'unknown', failed: true })
    expect(describeStatus(Number.NaN)).toMatchObject({ kind: 'unknown' })
  })
  it("uses the host's status text for the label", () => {
    expect(describeStatus(200, 'Alright').label).toBe('200 Alright')
  })
})

describe('describeFetchError', () => {
  it.each([
    ['getaddrinfo ENOTFOUND nowhere.invalid', 'dns'],
    ['net::ERR_NAME_NOT_RESOLVED', 'dns'],
    ['Request timed out after 30000ms', 'timeout'],
    ['connect ETIMEDOUT 10.0.0.1:443', 'timeout'],
    ['connect ECONNREFUSED 127.0.0.1:80', 'refused'],
    ['unable to verify the first certificate', 'tls'],
    ['socket hang up', 'network'],
    ['something odd', 'unknown'],
  ])('%s -> %s', (message, kind) => {
    expect(describeFetchError(message).kind).toBe(kind)
    expect(describeFetchError(message).failed).toBe(true)
  })
  it('prefers a recognised error over the status, and the status over an unrecognised error', () => {
    expect(describeOutcome({ status: 200, error: 'timeout' })?.kind).toBe('timeout')
    expect(describeOutcome({ status: 404, error: 'Request failed' })?.kind).toBe('not-found')
    expect(describeOutcome({ error: 'Request failed' })?.kind).toBe('unknown')
    expect(describeOutcome({})).toBeUndefined()
  })
})

describe('formatBytes and parseContentType', () => {
  it('formats sizes in binary units, the same in every locale', () => {
    expect([0, 1023, 1024, 1536, 274387, 1048576, 5.5 * 2 ** 30, -1].map((n) => formatBytes(n))).toEqual([
      '0 B',
      '1,023 B',
      '1 KB',
      '1.5 KB',
      '268 KB',
      '1 MB',
      '5.5 GB',
      '',
    ])
  })
  it('parses a content type loosely', () => {
    expect(parseContentType('text/html; charset="UTF-8"')).toEqual({
      essence: 'text/html',
      charset: 'utf-8',
      label: 'HTML',
    })
    expect(parseContentType('application/vnd.x+json')).toEqual({
      essence: 'application/vnd.x+json',
      label: 'application/vnd.x+json',
    })
    expect(parseContentType('')).toEqual({ essence: '', label: 'unknown type' })
    expect(parseContentType('constructor').label).toBe('constructor')
  })
})

describe('markdown link policy (BAD-INPUTS row 20)', () => {
  it('keeps http, https and mailto links, normalized by the URL parser', () => {
    expect(decideLink('https://Example.com/a')).toEqual({
      kind: 'link',
      href: 'https://example.com/a',
      suspiciousHost: false,
    })
    expect(decideLink('mailto:a@example.com')).toMatchObject({ kind: 'link' })
    expect(markdownUrlTransform('http://example.com')).toBe('http://example.com/')
  })
  it.each([
    'javascript:alert(1)',
    'java\tscript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,x',
    '//evil.example',
    '#top',
    'relative',
  ])('turns %j into text', (url) => {
    expect(decideLink(url).kind).toBe('text')
    expect(markdownUrlTransform(url)).toBe('')
  })
  it('loads remote images only when the host allows them, and never data: images', () => {
    expect(decideImage('https://example.com/a.png', false)).toMatchObject({ kind: 'placeholder' })
    expect(decideImage('https://example.com/a.png', true)).toEqual({
      kind: 'image',
      src: 'https://example.com/a.png',
    })
    expect(decideImage('data:image/svg+xml,<svg onload=alert(1)>', true)).toMatchObject({
      kind: 'placeholder',
    })
    expect(decideImage('mailto:a@example.com', true)).toMatchObject({ kind: 'placeholder' })
  })
})
