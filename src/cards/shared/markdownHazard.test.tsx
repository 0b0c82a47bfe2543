import { render, screen } from '@testing-library/react'
import fc from 'fast-check'
import { renderToString } from 'react-dom/server'
import Markdown from 'react-markdown'
import { beforeAll, describe, expect, it } from 'vitest'
import { webModel } from '../../../stories/fixtures/web'
import {
  MARKDOWN_LONG_LIST,
  MARKDOWN_MAX_BLOCK,
  MARKDOWN_MAX_DEPTH,
  markdownChunks,
  markdownHazard,
} from '../../text/web/chunks'
import { CardRenderer } from '../CardRenderer'
import { loadWebCard } from '../web'
import { loadMarkdown } from './LazyMarkdown'
import { MARKDOWN_FIRST_PIECE_CHARS, MARKDOWN_PIECE_CHARS } from './SafeMarkdown'

// Markdown that the parser (micromark, mdast, hast) takes seconds on, or overflows the stack with, within
// MARKDOWN_MAX_CHARS (found by a hostile-input sweep): shown as plain text with a note, never parsed.

beforeAll(() => Promise.all([loadMarkdown(), loadWebCard()]))

const hazardOf = (text: string) =>
  markdownHazard(text, markdownChunks(text, MARKDOWN_PIECE_CHARS, MARKDOWN_FIRST_PIECE_CHARS).chunks)

const HOSTILE: Array<[string, string, string]> = [
  ['5,000 nested quotes', `${'>'.repeat(5000)} deep`, 'depth'],
  ['quote and list, 2,000 deep', `${'> - '.repeat(2000)}x`, 'depth'],
  [
    '500 list levels by indentation',
    Array.from({ length: 500 }, (_, i) => `${' '.repeat(2 * i)}- x`).join('\n'),
    'depth',
  ],
  ['33 ordered list levels', `${'1. '.repeat(33)}x`, 'depth'],
  ['emphasis marks around a word', `${'*_'.repeat(5000)}x${'_*'.repeat(5000)}`, 'block'],
  ['1,600 marks in 3.4 KB', `${'*_'.repeat(8)}x${'_*'.repeat(8)} `.repeat(100), 'marks'],
  ['images nested in links', `${'!['.repeat(200)}x${'](y)'.repeat(200)}`, 'brackets'],
  ['one 80 KB paragraph', '*a* '.repeat(20000), 'block'],
]

describe('markdownHazard', () => {
  it.each(HOSTILE)('%s: %#', (_name, text, kind) => {
    expect(hazardOf(text)?.kind).toBe(kind)
  })

  it('passes ordinary markdown: headings, lists 32 deep, code indented 100 columns, a rule of 200 marks, a form line', () => {
    for (const text of [
      '# Title\n\nSome **bold** and _it_ text, [a link](https://x.y) and `code`.\n\n- a\n- b\n  - c\n\n> quote\n',
      `${'> '.repeat(MARKDOWN_MAX_DEPTH)}the limit`,
      `\`\`\`\n${' '.repeat(100)}deep code\n\`\`\`\n`,
      `${'*'.repeat(200)}\n\ntext`,
      `Name: ${'_'.repeat(40)}`,
      Array.from({ length: 20_000 }, (_, i) => `- item ${i}`).join('\n'),
    ])
      expect(hazardOf(text)).toBeNull()
  })

  it('is found in any place of a long page', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), (at) => {
        const paragraphs = Array.from({ length: 200 }, (_, i) => `Paragraph ${i}, *fine*.`)
        paragraphs.splice(at, 0, `${'>'.repeat(100)} deep`)
        expect(hazardOf(paragraphs.join('\n\n'))?.kind).toBe('depth')
      }),
      { numRuns: 30 },
    )
  })
})

describe('a long list', () => {
  it('is cut between items into pieces the parser reads fast, and renders every item, numbered as before', () => {
    const items = Array.from({ length: 5_000 }, (_, i) => `${i + 1}. item **${i}**`)
    const text = items.join('\n')
    const { chunks } = markdownChunks(text, MARKDOWN_PIECE_CHARS, MARKDOWN_FIRST_PIECE_CHARS)
    expect(chunks.join('')).toBe(text)
    expect(chunks.length).toBeGreaterThan(20)
    for (const c of chunks) expect(c.length).toBeLessThan(MARKDOWN_LONG_LIST + 200)
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(MARKDOWN_MAX_BLOCK)
    const html = chunks.map((c) => renderToString(<Markdown>{c}</Markdown>)).join('')
    expect(html.match(/<li>/g)).toHaveLength(5_000)
    // each piece's list starts at its first item's number
    const starts = [...html.matchAll(/<ol(?: start="(\d+)")?>/g)].map((m) => Number(m[1] ?? 1))
    let n = 1
    for (const [k, c] of chunks.entries()) {
      expect(starts[k]).toBe(n)
      n += c.split('\n').filter((l) => /^\d+\. /.test(l)).length
    }
  })
})

describe('a web card with such an excerpt', () => {
  it.each(HOSTILE)(
    '%s: the excerpt as plain text after a note; no error; the same on a server',
    (_n, text) => {
      const model = webModel('w', {
        card: 'web',
        url: 'https://example.com',
        excerpt: text,
        excerptFormat: 'markdown',
      })
      render(<CardRenderer model={model} />)
      expect(screen.getByRole('note', { name: undefined, hidden: false }).textContent).toMatch(
        /^Shown as plain text, not as markdown: .+ \(the limit is [\d,]+\)\.$/,
      )
      expect(document.querySelector('[data-slot="card-render-error"], [data-slot="render-error"]')).toBeNull()
      expect(document.querySelector('[data-plain]')).not.toBeNull()
      expect(() => renderToString(<CardRenderer model={model} />)).not.toThrow()
    },
  )
})
