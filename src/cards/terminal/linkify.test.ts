import { fc, test as propTest } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { findUrls, LINKIFY_MAX_LINE, LINKIFY_MAX_URLS } from './linkify'

const urls = (text: string) => findUrls(text).map(([a, b]) => text.slice(a, b))

describe('findUrls', () => {
  it('finds plain http and https URLs, without the sentence punctuation after them', () => {
    expect(urls('  ➜  Local:   http://localhost:5173/')).toEqual(['http://localhost:5173/'])
    expect(urls('see https://example.com/a?b=1#c, then https://x.org.')).toEqual([
      'https://example.com/a?b=1#c',
      'https://x.org',
    ])
    expect(urls('(docs: https://vitest.dev/api)')).toEqual(['https://vitest.dev/api'])
    expect(urls('wiki https://en.wikipedia.org/wiki/Foo_(bar) ok')).toEqual([
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ])
    expect(urls('"https://quoted.example/x"')).toEqual(['https://quoted.example/x'])
  })

  it('leaves other schemes and bare hosts alone (SafeLink judges what is found anyway)', () => {
    expect(urls('javascript:alert(1) file:///etc/passwd ftp://x example.com https:// http://')).toEqual([])
    expect(urls('data:text/html,<b>x</b>')).toEqual([])
  })

  it('is bounded: long lines are not scanned, and at most 50 URLs per line', () => {
    expect(findUrls(`https://a.example/ ${'x'.repeat(LINKIFY_MAX_LINE)}`)).toEqual([])
    const many = Array.from({ length: 80 }, (_, i) => `https://h${i}.example/`).join(' ')
    expect(findUrls(many)).toHaveLength(LINKIFY_MAX_URLS)
  })

  propTest.prop([fc.string({ maxLength: 400 }), fc.webUrl(), fc.string({ maxLength: 40 })])(
    'ranges are in order, inside the text, start with http, and hold no space',
    (before, url, after) => {
      const text = `${before} ${url} ${after}`
      let last = 0
      for (const [a, b] of findUrls(text)) {
        expect(a).toBeGreaterThanOrEqual(last)
        expect(b).toBeGreaterThan(a)
        expect(b).toBeLessThanOrEqual(text.length)
        const found = text.slice(a, b)
        expect(found).toMatch(/^https?:\/\/\S+$/)
        last = b
      }
    },
  )

  propTest.prop([fc.webUrl({ withQueryParameters: true, withFragments: true })])(
    'a URL alone on a line is found, whole or without trailing punctuation',
    (url) => {
      // quotes and angle brackets end a URL in terminal text (they are rare inside one)
      if (!/^https?:/.test(url) || /['"<>`]/.test(url)) return
      const found = urls(url)
      expect(found).toHaveLength(1)
      expect(url.startsWith(found[0]!)).toBe(true)
      expect(url.slice(found[0]!.length)).toMatch(/^[.,;:!?'")\]}>]*$/)
    },
  )
})
