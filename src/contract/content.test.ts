import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { checkContent, contentText, cutUtf8, utf8Bytes } from './content'

// Differential: Node's own UTF-8 encoder is the trusted peer (it also encodes a lone surrogate as U+FFFD, 3 bytes).
const anyString = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.string())

describe('utf8Bytes', () => {
  test.prop([anyString])('equals Buffer.byteLength', (s) => {
    expect(utf8Bytes(s)).toBe(Buffer.byteLength(s, 'utf8'))
  })

  it('counts lone surrogates as 3 bytes, pairs as 4', () => {
    expect(utf8Bytes('\ud83d')).toBe(3)
    expect(utf8Bytes('\ude00x')).toBe(4)
    expect(utf8Bytes('😀')).toBe(4)
    expect(utf8Bytes('é€')).toBe(5)
  })
})

describe('cutUtf8', () => {
  test.prop([anyString, fc.nat({ max: 64 })])(
    'gives the longest whole-character prefix within the budget',
    (s, max) => {
      const { text, bytes } = cutUtf8(s, max)
      expect(s.startsWith(text)).toBe(true)
      expect(bytes).toBe(Buffer.byteLength(text, 'utf8'))
      expect(bytes).toBeLessThanOrEqual(max)
      // Never splits a surrogate pair.
      const last = text.charCodeAt(text.length - 1)
      const next = s.charCodeAt(text.length)
      expect(last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff).toBe(false)
      // Longest: the next whole character would not fit.
      if (text.length < s.length) {
        const cp = s.codePointAt(text.length)!
        const nextChar = String.fromCodePoint(cp)
        const width =
          cp > 0xffff && s.slice(text.length, text.length + 2) === nextChar ? nextChar : s[text.length]!
        expect(bytes + Buffer.byteLength(width, 'utf8')).toBeGreaterThan(max)
      }
    },
  )
})

describe('checkContent', () => {
  it('accepts the MCP block shapes', () => {
    expect(
      checkContent([
        { type: 'text', text: 'hi' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///a', name: 'a', mimeType: 'text/plain' },
        { type: 'resource', resource: { uri: 'file:///a', text: 'x' } },
        { type: 'resource', resource: { uri: 'file:///b', blob: 'AAAA', mimeType: 'application/pdf' } },
      ]),
    ).toEqual([])
  })

  it('names what is wrong and where', () => {
    expect(checkContent('text')).toEqual([
      { path: '$', message: 'expected an array of content blocks, got a string' },
    ])
    expect(
      checkContent([
        null,
        { type: 'image', data: 'x' },
        { type: 'resource', resource: { uri: 1 } },
        { type: 'html', html: '<b>' },
        { type: 'resource_link', uri: 'u', name: 'n', title: 5 },
      ]),
    ).toEqual([
      { path: '$[0]', message: 'expected a content block, got null' },
      { path: '$[1].mimeType', message: 'expected a string, got nothing' },
      { path: '$[2].resource.uri', message: 'expected a string, got a number' },
      { path: '$[2].resource', message: 'expected `text` or `blob` (a string)' },
      {
        path: '$[3].type',
        message: 'expected one of text, image, audio, resource_link, resource, got "html"',
      },
      { path: '$[4].title', message: 'expected a string, got a number' },
    ])
  })
})

describe('contentText', () => {
  it('joins text blocks and text resources with newlines, skipping binary blocks', () => {
    expect(
      contentText([
        { type: 'text', text: 'a' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'u', text: 'b' } },
        { type: 'resource', resource: { uri: 'u', blob: 'AAAA' } },
        { type: 'text', text: 'c' },
      ]),
    ).toBe('a\nb\nc')
  })
})
